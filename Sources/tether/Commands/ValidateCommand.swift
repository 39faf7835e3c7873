import TetherScenario

/// `tether validate SCENARIO…`: loads and checks scenario files without running them.
struct ValidateCommand: TetherCommand {
    static let name = "validate"
    static let abstract = "Check scenario files without running them."
    static let usage = "tether validate <scenario.json> ... [--set PATH=VALUE ...]"
    static var help: String {
        """
        OVERVIEW: \(abstract) Prints "ok FILE" for each valid file; each problem is
        one line on standard error naming the file, the JSON path and the reason.

        USAGE: \(usage)

        OPTIONS:
        \(CommonOptions.setHelp)
        \(CommonOptions.maxWorkHelp)
          -h, --help              Show help information.

        \(Tether.exitCodeHelp)
        """
    }

    var files: [String]
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        overrides = try CommonOptions.overrides(&arguments)
        budget = try CommonOptions.budget(&arguments)
        files = try arguments.positionals()
        if files.isEmpty { throw .usage("missing scenario file", command: Self.name) }
    }

    func run() throws(CommandError) -> ExitCode {
        var worst = ExitCode.success
        for file in files {
            do {
                _ = try CommonOptions.load(file, overrides: overrides, budget: budget)
                Console.output("ok \(file)")
            } catch {
                Console.error("tether: error: \(error.message)")
                if worst == .success || error.exitCode == .inputMissing { worst = error.exitCode }
            }
        }
        return worst
    }
}
