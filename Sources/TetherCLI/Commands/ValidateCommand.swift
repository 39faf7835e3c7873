import TetherScenario

/// `tether validate SCENARIO…`: loads and checks scenario files without running them.
struct ValidateCommand: TetherCommand {
    static let name = "validate"
    static let abstract = "Check scenario files without running them."

    static let help = CommandHelp(
        overview: """
            \(abstract) Prints "ok FILE" for each valid file; each problem is
            one line on standard error naming the file, the JSON path and the reason.
            """,
        lead: "<scenario.json> ...", options: CommonOptions.scenarioOptions)

    var files: [String]
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(_ arguments: ParsedArguments) throws(CommandError) {
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        files = arguments.positionals
    }

    func validate() throws(CommandError) {
        if files.isEmpty { throw .usage("missing scenario file", command: Self.name) }
    }

    func run() throws(CommandError) -> ExitCode {
        var worst = ExitCode.success
        for file in files {
            do {
                _ = try CommonOptions.load(file, overrides: overrides, budget: budget)
                Console.output("ok \(file)")
            } catch {
                Console.failure(error.message)
                if worst == .success || error.exitCode == .inputMissing { worst = error.exitCode }
            }
        }
        return worst
    }
}
