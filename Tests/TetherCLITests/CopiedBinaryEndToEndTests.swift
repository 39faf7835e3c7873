import Foundation
import Testing

/// `tether` needs nothing beside it: a copy of the built binary in a folder of its own, run from
/// yet another folder, writes the same pages and the same output as the one in the build
/// folder (the pages' scripts are compiled in; nothing is looked up next to the executable).
@Suite struct CopiedBinaryEndToEndTests {
    @Test func aCopiedBinaryWorksFromAnyFolder() throws {
        let root = try TetherProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("bin")
        let work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        let copy = bin.appendingPathComponent("tether")
        try FileManager.default.copyItem(at: TetherProcess.executable, to: copy)
        let scenario = TetherProcess.packageRoot.appendingPathComponent("scenarios/vv-list.json").path

        func runCopy(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = copy
            process.arguments = arguments
            process.currentDirectoryURL = work
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = try TetherProcess.discardedOutput(in: work)
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, stderr)
        }

        for (arguments, file) in [
            (["render", scenario, "-o", "page.html"], "page.html"),
            (["tune", scenario, "--vary", "dynamics.spring.damping=0.3,0.6", "-o", "tune.html"], "tune.html"),
            (["run", scenario, "-o", "frames.csv"], "frames.csv"),
        ] {
            let copied = try runCopy(arguments)
            #expect(copied.status == 0, "\(arguments): \(copied.stderr)")
            let original = try TetherProcess.run(arguments.map { $0 == file ? "-" : $0 })
            #expect(original.status == 0)
            #expect(try Data(contentsOf: work.appendingPathComponent(file)) == original.stdout, "\(file)")
        }
        let page = try String(contentsOf: work.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.contains("const tetherSVG = (function () {"))
    }
}
