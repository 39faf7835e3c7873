import Foundation
import TetherJSON

/// Human-facing text on stdout and stderr (frames go through `OutputSink` instead).
enum Console {
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// "tether: error: MESSAGE" as one line: messages quote input through `MessageText`, and
    /// this is the last guard for any line break that reached one another way (a file name).
    static func failure(_ message: String) {
        error("tether: error: " + MessageText.oneLine(message))
    }
}
