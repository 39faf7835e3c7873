import Foundation
import TetherRender
import TetherGolden
import TetherScenario

/// `tether check [SCENARIO…]`: replays scenarios and compares them with their golden CSVs.
struct CheckCommand: TetherCommand {
    static let name = "check"
    static let abstract = "Compare scenarios with their golden files, or record new goldens."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let golden = Option<String>("--golden", value: "DIR", help: "Folder of golden files (default: golden).")
        static let record = Flag(
            "--record",
            help: """
                Write the goldens instead (each through a temporary file and a
                rename; DIR must exist) and say of each what it replaced: "(new)",
                "(unchanged)", or "(was: 3 rows differ, largest difference 0.004)".
                """)
        static let tolerance = Option<Double>(
            "--tolerance", value: "X",
            help: """
                Largest absolute difference allowed in numeric columns (default 0:
                byte-exact, which is what deterministic replays promise).
                """,
            expected: "a number ≥ 0", parse: OptionValue.nonNegative)
        static let report = Option<String>(
            "--report", value: "FILE.html",
            help: """
                Also write a page showing each failed scenario: the golden and the
                new run overlaid, differing elements outlined, the largest
                difference over time.
                """)
        static let junit = Option<String>(
            "--junit", value: "FILE.xml",
            help: """
                Also write the results as JUnit XML (one testcase per scenario,
                with its time; a mismatch or missing golden is a failure), for
                CI servers to show.
                """)
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            Each scenario is replayed with its own "output" settings and compared with DIR/NAME.csv
            (NAME is the scenario's "name"). With no files, every scenarios/*.json is checked.
            A difference exits 1 and reports the first differing frame, element and column with the
            expected and actual values, and how many rows differ.
            """,
        lead: "[<scenario.json> ...]",
        options: [Options.golden.declaration, Options.record.declaration, Options.tolerance.declaration, Options.report.declaration, Options.junit.declaration]
            + CommonOptions.scenarioOptions)

    var files: [String]
    var goldenDirectory: String
    var record: Bool
    var tolerance: Double
    var overrides: [ScenarioOverride]
    var budget: WorkBudget
    var reportPath: String?
    var junitPath: String?

    init(_ arguments: ParsedArguments) throws(CommandError) {
        goldenDirectory = try arguments.value(Options.golden) ?? "golden"
        record = arguments.isSet(Options.record)
        tolerance = try arguments.value(Options.tolerance) ?? 0
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        reportPath = try arguments.value(Options.report)
        junitPath = try arguments.value(Options.junit)
        files = arguments.positionals
    }

    mutating func validate() throws(CommandError) {
        if record && reportPath != nil { throw .usage("--report cannot be used with --record", command: Self.name) }
        if record && junitPath != nil { throw .usage("--junit cannot be used with --record", command: Self.name) }
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
        var paths = CommandFiles(command: Self.name)
        for file in files { try paths.input(file, role: "the scenario") }
        let reportTarget = try reportPath.map { (path) throws(CommandError) in try paths.output(path, option: "--report") }
        let junitTarget = try junitPath.map { (path) throws(CommandError) in try paths.output(path, option: "--junit") }
        var failed = 0
        var worst = ExitCode.success
        var reported: [Scenario] = []
        var junit = JUnitReport()
        var unmatched: [String] = []  // scenarios whose golden differs or is missing
        for file in files {
            let start = ContinuousClock.now
            var testCase = JUnitReport.TestCase(name: file, file: file, seconds: 0, problem: nil)
            do {
                let scenario = try CommonOptions.load(file, overrides: overrides, budget: budget)
                try paths.inputs(namedBy: scenario.namedFiles)
                testCase.name = scenario.name
                let golden = GoldenCheck.goldenPath(for: scenario, directory: goldenDirectory)
                if record {
                    testCase.problem = try recordGolden(scenario, to: try paths.output(golden, option: "--record"))
                } else {
                    try paths.input(golden, role: "the golden")
                    testCase.problem = try checkGolden(scenario, file: file)
                    if testCase.problem != nil { unmatched.append(file) }
                }
                if testCase.problem != nil {
                    // The report draws layout scenes; world scenes are listed by the text report only.
                    if reportPath != nil && scenario.layoutScene != nil { reported.append(scenario) }
                    failed += 1
                    if worst == .success { worst = .mismatch }
                }
            } catch {
                // An output naming an input stops everything before it is written.
                if case .usage = error { throw error }
                failed += 1
                Console.failure(error.message)
                testCase.problem = .error(message: error.message)
                if worst == .success || worst == .mismatch { worst = error.exitCode }
            }
            testCase.seconds = start.duration(to: .now).inSeconds
            junit.cases.append(testCase)
        }
        let verb = record ? "recorded" : "checked"
        Console.output("\(files.count) scenario\(files.count == 1 ? "" : "s") \(verb): \(files.count - failed) ok, \(failed) failed")
        if unmatched.count > 1 { Console.error("tether: to record every golden that failed: \(recordCommand(unmatched))") }
        if let reportTarget {
            do {
                let failures = try reported.map { try CheckReport.failure($0, goldenDirectory: goldenDirectory, tolerance: tolerance) }
                try OutputFile.write(try CheckReport.document(failures), to: reportTarget)
            } catch {
                let e = Self.commandError(error, file: reportTarget.name)
                Console.failure(e.message)
                return worst == .success ? e.exitCode : worst
            }
            Console.output("report: \(reportTarget.name)")
        }
        if let junitTarget {
            do {
                try OutputFile.write(Array(junit.xml.utf8), to: junitTarget)
            } catch {
                Console.failure(CommandError.output(error).message)
                return worst == .success ? .cannotWrite : worst
            }
            Console.output("junit: \(junitTarget.name)")
        }
        return worst
    }

    /// Checks one scenario against its golden and prints the outcome; nil when it matches.
    private func checkGolden(_ scenario: Scenario, file: String) throws(CommandError) -> JUnitReport.Problem? {
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
            return nil
        case .missing:
            let message = "\(path) does not exist; record it with: \(recordCommand([file]))"
            Console.output("MISSING \(scenario.name)")
            Console.error("tether: \(message)")
            return .failure(type: "missing golden", message: message, details: message)
        case .mismatch(let comparison):
            let text = describe(comparison, scenario: scenario.name, goldenPath: path)
                + "\nif the change is meant, record it with: \(recordCommand([file]))"
            Console.output("FAIL    \(scenario.name)")
            Console.error(text)
            // The first line names the golden; the message carries the first difference and the counts.
            let message = text.split(separator: "\n").dropFirst().joined(separator: "; ")
            return .failure(type: "golden mismatch", message: message, details: text)
        }
    }

    /// The command that records the goldens of `files`, as a user would type it: `--golden` only
    /// when it is not the default, words quoted for the shell only when they need it.
    private func recordCommand(_ files: [String]) -> String {
        let golden = goldenDirectory == "golden" ? [] : ["--golden", goldenDirectory]
        return (["tether", "check", "--record"] + files + golden).map(ShellWord.quoted).joined(separator: " ")
    }

    /// Records one golden and prints what changed; never a failure (errors throw).
    private func recordGolden(_ scenario: Scenario, to target: OutputTarget) throws(CommandError) -> JUnitReport.Problem? {
        let path = target.name
        do {
            Console.output("recorded \(path) \(describe(try GoldenCheck.record(scenario, to: target)))")
        } catch {
            throw Self.commandError(error, file: path)
        }
        return nil
    }

    static func commandError(_ error: any Error, file: String) -> CommandError {
        switch error {
        case let e as ReplayError: .replay(file: file, e)
        case let e as OutputError: .output(e)
        case let e as InputFileError: .input(e)
        default: .failure("\(file): \(error)", .cannotWrite)
        }
    }
}
