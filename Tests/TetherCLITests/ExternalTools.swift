import Foundation

/// Programs some tests run besides tether, found by what they can do rather than where they are:
/// the GNU and util-linux tools these tests use share their names with BSD tools (macOS's `time`
/// and `script`) that take other options.
enum ExternalTools {
    /// GNU time (`--format`, `--output`), under the name `time` (Debian's `time` package) or
    /// `gtime` (Homebrew's `gnu-time`); nil when there is none.
    static let gnuTime: String? = firstProgram(named: ["time", "gtime"], whoseVersionMentions: "GNU")

    /// util-linux `script` (`-qec COMMAND`); macOS's BSD `script` takes other options.
    static let utilLinuxScript: String? = firstProgram(named: ["script"], whoseVersionMentions: "util-linux")

    /// GNU parallel (its `--version` says so; moreutils installs another `parallel`).
    static let gnuParallel: String? = firstProgram(named: ["parallel"], whoseVersionMentions: "GNU parallel")

    /// The first executable of these names on `PATH` (then in /usr/bin) whose `--version` output
    /// contains `marker`.
    static func firstProgram(named names: [String], whoseVersionMentions marker: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        for name in names {
            for folder in folders {
                let candidate = folder + "/" + name
                guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
                if let version = versionText(candidate), version.contains(marker) { return candidate }
            }
        }
        return nil
    }

    /// What `program --version` prints on stdout and stderr, or nil when it cannot be started.
    static func versionText(_ program: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            process.standardInput = try TetherProcess.emptyInput()
            try process.run()
        } catch {
            return nil
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: bytes, as: UTF8.self)
    }
}
