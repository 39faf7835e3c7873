import Foundation
import Testing

/// Errors say what happens: one line for usage errors too, the exit code the README lists, a
/// golden that is a folder or holds `nan` called what it is, `--vary` bounds near the largest
/// double read as numbers.
@Suite struct ErrorWordingEndToEndTests {
    static let scenario = TetherProcess.packageRoot.appendingPathComponent("scenarios/vv-list.json").path

    @Test(arguments: [
        ([], "tether: error: missing command (see 'tether --help')"),
        (["frobnicate"], "tether: error: unknown command 'frobnicate' (see 'tether --help')"),
        (["run"], "tether: error: missing scenario file (see 'tether run --help')"),
        (["run", "scenarios/vv-list.json", "--bogus"], "tether: error: unknown option '--bogus' (see 'tether run --help')"),
        (["check", "--record", "--report", "x.html"], "tether: error: --report cannot be used with --record (see 'tether check --help')"),
        (["validate", "scenarios/vv-list.json", "--max-work", "-5"],
         "tether: error: invalid value '-5' for '--max-work': expected a whole number of item-steps ≥ 1, e.g. 2e10 (see 'tether validate --help')"),
    ])
    func usageErrorsAreOneLine(arguments: [String], line: String) throws {
        let result = try TetherProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == line + "\n")
        #expect(result.stdout.isEmpty)
    }

    /// The size limit is one of the scenario limits (exit 65), as the README lists it; a missing
    /// file stays 66. The file is sparse: no 64 MiB are written.
    @Test func aFileOverTheSizeLimitIsAnInvalidScenario() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let big = folder.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: big, contents: Data("{".utf8)))
        #expect(truncate(big, 64 << 20 + 1) == 0)
        let result = try TetherProcess.run(["validate", big])
        #expect(result.status == 65)
        #expect(result.stderr == "tether: error: \(big): is larger than 64 MiB, the limit for scenario files\n")
        let missing = try TetherProcess.run(["validate", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasSuffix("none.json: no such file\n"))
    }

    /// A golden that is a folder is not "missing": it is reported as what it is (exit 66).
    @Test func aGoldenThatIsAFolderIsReportedAsOne() throws {
        let folder = try TetherProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("vv-list.csv"), withIntermediateDirectories: false)
        let result = try TetherProcess.run(["check", Self.scenario, "--golden", folder.path])
        #expect(result.status == 66)
        #expect(!result.stdoutText.contains("MISSING"))
        #expect(result.stderr == "tether: error: \(folder.path)/vv-list.csv: is a directory\n")
    }

    /// A golden holding `nan` differs from the run, and the summary does not claim a largest
    /// difference of 0.
    @Test func aGoldenHoldingNaNIsCountedNotMeasured() throws {
        let folder = try TetherProcess.temporaryDirectory()
        let golden = TetherProcess.packageRoot.appendingPathComponent("golden/vv-list.csv")
        var lines = try String(contentsOf: golden, encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[100].components(separatedBy: ",")
        fields[6] = "nan"
        lines[100] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("vv-list.csv"), atomically: true, encoding: .utf8)
        let result = try TetherProcess.run(["check", Self.scenario, "--golden", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("center_y: expected nan, actual"), "\(result.stderr)")
        #expect(result.stderr.contains("1 row differs, 0 missing, 0 extra; 1 value is not a number on one side (no size)"))
        #expect(!result.stderr.contains("largest difference 0"))
    }

    /// `--vary` bounds near ±1e308 give their three values (which then make the scenario
    /// invalid, exit 65), not a bogus "more than 100000 values".
    @Test func varyBoundsNearTheLargestDoubleAreNumbers() throws {
        let result = try TetherProcess.run(["sweep", Self.scenario, "--vary", "dynamics.spring.damping=-1e308:1e308:1e308"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("tether: error: combination 0 (dynamics.spring.damping=-1e+308) makes the scenario invalid"), "\(result.stderr)")
    }
}
