import Foundation
import Testing

/// The GNU parallel recipe of docs/tuning.md for sweep shards, run as written: its merged output must be
/// the bytes of the same sweep run in one process.
@Suite struct BatchRecipeEndToEndTests {
    /// Where GNU parallel is, if it is installed (moreutils has another program of that name).
    static let parallel: String? = ExternalTools.gnuParallel

    /// The sweep the recipe shards; the recipe's block must contain exactly these options.
    static let grid = [
        "scenarios/vv-list.json", "--vary", "dynamics.spring.damping=0.3:0.9:0.1",
        "--vary", "dynamics.spring.frequency=0.5:2:0.5", "--set", "frames=300",
    ]

    /// The fenced block after `<!-- recipe: NAME -->` in docs/tuning.md.
    static func recipe(_ name: String) throws -> String {
        let page = try String(contentsOf: TetherProcess.packageRoot.appendingPathComponent("docs/tuning.md"), encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let marker = try #require(lines.firstIndex(of: "<!-- recipe: \(name) -->"), "no recipe \(name) in docs/tuning.md")
        let start = marker + 2
        try #require(lines[marker + 1] == "```sh")
        let end = try #require(lines[start...].firstIndex(of: "```"))
        return lines[start..<end].joined(separator: "\n") + "\n"
    }

    @Test func theRecipeShardsTheDocumentedGridFromZero() throws {
        let block = try Self.recipe("gnu-parallel")
        let words = block.replacingOccurrences(of: "\\\n", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("tether sweep " + Self.grid.joined(separator: " ") + " --shard {}/4"))
        #expect(words.contains("::: 0 1 2 3"))
        #expect(words.contains("tether sweep --merge shard-*.csv > sweep.csv"))
    }

    @Test(.enabled(if: parallel != nil, "GNU parallel is not installed (.ci/run installs Debian's parallel package)"))
    func theGNUParallelRecipeMergesToTheSingleRunsBytes() throws {
        let directory = try TetherProcess.temporaryDirectory()
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("scenarios"), withDestinationURL: TetherProcess.packageRoot.appendingPathComponent("scenarios"))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-euo", "pipefail", "-c", try Self.recipe("gnu-parallel")]
        shell.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = TetherProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = directory.path  // parallel keeps its state in ~/.parallel
        shell.environment = environment
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(stderr)")

        let shards = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("shard-") }.sorted()
        #expect(shards == ["shard-0.csv", "shard-1.csv", "shard-2.csv", "shard-3.csv"])
        let first = try String(contentsOf: directory.appendingPathComponent("shard-0.csv"), encoding: .utf8)
        #expect(first.hasPrefix("# tether sweep shard 0/4 "))
        let single = try TetherProcess.run(["sweep"] + Self.grid)
        #expect(single.status == 0, "\(single.stderr)")
        let merged = try Data(contentsOf: directory.appendingPathComponent("sweep.csv"))
        #expect(merged == single.stdout)
        #expect(single.stdoutText.split(separator: "\n").count == 1 + 7 * 4)
    }
}
