import Foundation
import TetherRender
import TetherScenario

/// `tether check [SCENARIO…]`: replays scenarios and compares them with their golden CSVs.
struct CheckCommand: TetherCommand {
    static let name = "check"
    static let abstract = "Compare scenarios with their golden files, or record new goldens."
    static let usage = "tether check [<scenario.json> ...] [--golden DIR] [--record] [--tolerance X] [--report FILE.html] [--set PATH=VALUE ...]"
    static var help: String {
        """
        OVERVIEW: \(abstract)
        Each scenario is replayed with its own "output" settings and compared with DIR/NAME.csv
        (NAME is the scenario's "name"). With no files, every scenarios/*.json is checked.
        A difference exits 1 and reports the first differing frame, element and column with the
        expected and actual values, and how many rows differ.

        USAGE: \(usage)

        OPTIONS:
          --golden DIR            Folder of golden files (default: golden).
          --record                Write the goldens instead (atomically) and list what changed.
          --tolerance X           Largest absolute difference allowed in numeric columns (default 0:
                                  byte-exact, which is what deterministic replays promise).
          --report FILE.html      Also write a page showing each failed scenario: the golden and the
                                  new run overlaid, differing elements outlined, the largest
                                  difference over time.
        \(CommonOptions.setHelp)
          -h, --help              Show help information.

        \(Tether.exitCodeHelp)
        """
    }

    var files: [String]
    var goldenDirectory: String
    var record: Bool
    var tolerance: Double
    var overrides: [ScenarioOverride]
    var reportPath: String?

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        goldenDirectory = try arguments.option("--golden") ?? "golden"
        record = arguments.flag("--record")
        tolerance = try arguments.option("--tolerance", { Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } }, expected: "a number ≥ 0") ?? 0
        overrides = try CommonOptions.overrides(&arguments)
        reportPath = try arguments.option("--report")
        if record && reportPath != nil { throw .usage("--report cannot be used with --record", command: Self.name) }
        files = try arguments.positionals()
        if files.isEmpty { files = try Self.bundledScenarios() }
    }

    static func bundledScenarios() throws(CommandError) -> [String] {
        let folder = "scenarios"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .failure("no scenario files given and no \(folder)/ folder here", .inputMissing)
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        if files.isEmpty { throw .failure("no scenario files in \(folder)/", .inputMissing) }
        return files
    }

    func run() throws(CommandError) -> ExitCode {
        var failed = 0
        var worst = ExitCode.success
        var reported: [Scenario] = []
        for file in files {
            do {
                let scenario = try CommonOptions.load(file, overrides: overrides)
                let ok = try record ? recordGolden(scenario) : checkGolden(scenario, file: file)
                if !ok {
                    // The report draws layout scenes; world scenes are listed by the text report only.
                    if reportPath != nil && scenario.layoutScene != nil { reported.append(scenario) }
                    failed += 1
                    if worst == .success { worst = .mismatch }
                }
            } catch {
                failed += 1
                Console.error("tether: error: \(error.message)")
                if worst == .success || worst == .mismatch { worst = error.exitCode }
            }
        }
        let verb = record ? "recorded" : "checked"
        Console.output("\(files.count) scenario\(files.count == 1 ? "" : "s") \(verb): \(files.count - failed) ok, \(failed) failed")
        if let reportPath {
            do {
                let failures = try reported.map { try CheckReport.failure($0, goldenDirectory: goldenDirectory, tolerance: tolerance) }
                try AtomicFileOutput.write(try CheckReport.document(failures), to: reportPath)
            } catch {
                let e = Self.commandError(error, file: reportPath)
                Console.error("tether: error: \(e.message)")
                return worst == .success ? e.exitCode : worst
            }
            Console.output("report: \(reportPath)")
        }
        return worst
    }

    private func checkGolden(_ scenario: Scenario, file: String) throws(CommandError) -> Bool {
        let path = GoldenCheck.goldenPath(for: scenario, directory: goldenDirectory)
        let outcome: GoldenCheck.Outcome
        do {
            outcome = try GoldenCheck.check(scenario, directory: goldenDirectory, tolerance: tolerance)
        } catch {
            throw Self.commandError(error, file: file)
        }
        switch outcome {
        case .match:
            Console.output("ok      \(scenario.name)")
            return true
        case .missing:
            Console.output("MISSING \(scenario.name)")
            Console.error("tether: \(path) does not exist; record it with: tether check --record \(file)")
            return false
        case .mismatch(let comparison):
            Console.output("FAIL    \(scenario.name)")
            Console.error(describe(comparison, scenario: scenario.name, goldenPath: path))
            return false
        }
    }

    private func recordGolden(_ scenario: Scenario) throws(CommandError) -> Bool {
        let path = GoldenCheck.goldenPath(for: scenario, directory: goldenDirectory)
        do {
            switch try GoldenCheck.record(scenario, directory: goldenDirectory) {
            case .created: Console.output("new       \(path)")
            case .unchanged: Console.output("unchanged \(path)")
            case .updated(let c):
                Console.output("updated   \(path): \(c.differingRows) rows differ, \(c.missingRows) removed, \(c.extraRows) added")
            }
        } catch {
            throw Self.commandError(error, file: path)
        }
        return true
    }

    static func commandError(_ error: any Error, file: String) -> CommandError {
        switch error {
        case let e as ReplayError: .replay(file: file, e)
        case let e as OutputError: .output(e)
        default: .failure("\(file): \(error)", .cannotWrite)
        }
    }
}
