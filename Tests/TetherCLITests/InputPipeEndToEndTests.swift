import Foundation
import Testing

/// Inputs that are pipes: read as streams while something writes to them, refused at once when
/// nothing does (a named pipe with no writer used to block `run` and `validate` in `open`,
/// silently, forever).
@Suite struct InputPipeEndToEndTests {
    static let tether = TetherProcess.executable.path

    /// A named pipe with no writer, as the scenario or as its elements file, is exit 66 with one
    /// line, at once (the budget of 20 s is for a loaded machine; it takes milliseconds).
    @Test func aNamedPipeWithNoWriterIsRefusedAtOnce() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(FileNodes.makeFIFO(fifo))
        for command in ["validate", "run"] {
            let result = try #require(try TetherProcess.run([command, fifo], within: 20), "\(command) waited for a writer")
            #expect(result.status == 66)
            #expect(result.stderr == "tether: error: \(fifo): is a named pipe with no writer (start its writer first)\n")
        }
        let scenario = folder.appendingPathComponent("s.json")
        try Data(#"{"name": "s", "frames": 1, "viewport": {"width": 320, "height": 568}, "layout": {"type": "custom", "elementsFile": "pipe.json"}}"#.utf8)
            .write(to: scenario)
        let result = try #require(try TetherProcess.run(["validate", scenario.path], within: 20), "validate waited for a writer")
        #expect(result.status == 66)
        #expect(result.stderr == "tether: error: \(scenario.path): layout.elementsFile: \(fifo): is a named pipe with no writer (start its writer first)\n")
    }

    /// With a writer the pipe is read to its end: the shell's process substitution, and a named
    /// pipe whose writer was started first.
    @Test func aPipeWithAWriterIsReadAsAStream() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let bundled = TetherProcess.packageRoot.appendingPathComponent("scenarios/vv-list.json").path
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "\"$0\" run <(cat \"$1\") --items all | cmp - <(\"$0\" run \"$1\" --items all) && echo same", Self.tether, bundled]
        let out = Pipe()
        bash.standardOutput = out
        try bash.run()
        bash.waitUntilExit()
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "same\n")
        // A named elements file whose writer waits in `open` for its reader.
        let layout = TetherProcess.packageRoot.appendingPathComponent("scenarios/layouts/waterfall-frame-30.csv").path
        let fifo = folder.appendingPathComponent("layout.csv").path
        #expect(FileNodes.makeFIFO(fifo))
        let scenario = folder.appendingPathComponent("s.json")
        try Data(#"{"name": "s", "frames": 1, "viewport": {"width": 320, "height": 568}, "layout": {"type": "custom", "elementsFile": "layout.csv", "frame": 30}}"#.utf8)
            .write(to: scenario)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/bash")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", layout, fifo]
        try writer.run()
        Thread.sleep(forTimeInterval: 0.5)  // the writer is waiting in open(2) for a reader by now
        let result = try #require(try TetherProcess.run(["validate", scenario.path], within: 60))
        writer.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
    }
}
