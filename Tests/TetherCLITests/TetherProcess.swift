import Foundation

/// Runs the built `tether` binary the way a user would and captures what it prints.
struct TetherProcess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The package root (this file is Tests/TetherCLITests/TetherProcess.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `tether` executable next to the test bundle in the build products folder.
    static var executable: URL {
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent("tether")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tether")
    }

    /// Runs `tether arguments…` in `directory` (the package root by default).
    /// `input`, when given, is written to its standard input, which is then closed.
    static func run(_ arguments: [String], in directory: URL = packageRoot, input: Data? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, in: directory, input: input)
        // Read both pipes concurrently so a large output cannot fill one and block the child.
        nonisolated(unsafe) var stdoutData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            stdoutData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: stdoutData, stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Runs `tether arguments…` like `run`, but ends it (SIGTERM) when it is still going after
    /// `seconds` and returns nil then: for tests whose failure would otherwise be a run of hours.
    static func run(_ arguments: [String], within seconds: Double, in directory: URL = packageRoot) throws -> Result? {
        let (process, out, err) = try start(arguments, in: directory)
        nonisolated(unsafe) var stdoutData = Data()
        nonisolated(unsafe) var stderrData = Data()
        let group = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                if isOut { stdoutData = data } else { stderrData = data }
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let finished = !process.isRunning
        if !finished { process.terminate() }
        process.waitUntilExit()
        group.wait()
        guard finished else { return nil }
        return Result(status: process.terminationStatus, stdout: stdoutData, stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Starts `tether arguments…` without waiting (for tests that interrupt it); its output goes
    /// to the returned pipes.
    static func start(_ arguments: [String], in directory: URL = packageRoot, input: Data? = nil) throws -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        return (process, out, err)
    }

    /// Runs `tether arguments…` (paths must be absolute: it runs in the current folder) with
    /// stdout and stderr going to `log`, and returns its exit status and its peak resident memory
    /// in KiB. The figure comes from GNU time (`ExternalTools.gnuTime`; `.ci/run` installs it when missing), which forks tether from its own small process:
    /// Linux carries the high-water mark of the memory a process replaces at exec into its
    /// `ru_maxrss`, and a child spawned straight from this test process (glibc's posix_spawn
    /// shares the parent's memory until exec) would report the whole test runner's size.
    static func peakMemory(_ arguments: [String], log: String) throws -> (status: Int32, kilobytes: Int) {
        guard let gnuTime = ExternalTools.gnuTime else { throw CocoaError(.executableNotLoadable) }
        let memory = log + ".peak-kib"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuTime)
        process.arguments = ["--quiet", "--format=%M", "--output=\(memory)", executable.path] + arguments
        if !FileManager.default.fileExists(atPath: log) && !FileManager.default.createFile(atPath: log, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log])
        }
        let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        defer { try? logHandle.close() }
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOfFile: memory, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: memory)
        return (process.terminationStatus, Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1)
    }

    /// A fresh temporary folder for one test; `shortPath` puts it in /tmp with a short name.
    /// A file in the test's `folder` that takes a child process's output nobody reads (tests
    /// never hand a child the machine's /dev/null).
    static func discardedOutput(in folder: URL) throws -> FileHandle {
        let file = folder.appendingPathComponent("discarded-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        return try FileHandle(forWritingTo: file)
    }

    /// A pipe whose writing end is closed: a child reading it gets end of file at once.
    static func emptyInput() throws -> Pipe {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.close()
        return pipe
    }

    static func temporaryDirectory(shortPath: Bool = false) throws -> URL {
        let url = shortPath
            ? URL(fileURLWithPath: "/tmp/tt-" + UUID().uuidString.prefix(8))
            : FileManager.default.temporaryDirectory.appendingPathComponent("tether-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
