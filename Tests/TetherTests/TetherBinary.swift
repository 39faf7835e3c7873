import Foundation

/// The built `tether` command, run as a user would run it, to compare the library with it.
enum TetherBinary {
    /// The package root (this file is Tests/TetherTests/TetherBinary.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the package, e.g. "scenarios/circle-layout.json".
    static func url(_ path: String) -> URL { packageRoot.appendingPathComponent(path) }

    /// The `tether` executable in the build products folder, next to the test bundle.
    static var executable: URL {
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent("tether")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tether")
    }

    /// Runs `tether arguments…` in the package root: its standard output, standard error and status.
    static func run(_ arguments: [String]) throws -> (stdout: Data, stderr: String, status: Int32) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        // Files rather than pipes: nothing to drain concurrently, whatever the output's size.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tether-binary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
        for file in [out, err] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (try Data(contentsOf: out), String(decoding: try Data(contentsOf: err), as: UTF8.self), process.terminationStatus)
    }

    /// The bundled scenarios, by file name.
    static func bundledScenarios() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url("scenarios").path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// A fresh folder under the temporary directory, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tether-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
