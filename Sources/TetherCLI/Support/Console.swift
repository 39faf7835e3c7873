import Foundation

/// Human-facing text on stdout and stderr (frames go through `OutputSink` instead).
enum Console {
    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
