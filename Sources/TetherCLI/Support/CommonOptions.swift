import TetherJSON
import TetherScenario

/// The options several commands share, declared once, and the scenario loading they lead to.
enum CommonOptions {
    static let help = Flag("-h", "--help", help: "Show help information.")

    static let set = Option<ScenarioOverride>(
        "--set", value: "PATH=VALUE", repeats: true,
        help: """
            Override a scenario value before it is validated (repeatable),
            e.g. --set dynamics.spring.damping=0.5 --set frames=600.
            """
    ) { (text: String) throws(OptionValueError) -> ScenarioOverride in
        do throws(ValidationError) {
            return try ScenarioOverride(parsing: text)
        } catch {
            throw .message("invalid --set '\(MessageText.plain(text))': \(error.message)")
        }
    }

    /// `--max-work N` (a whole number ≥ 1; `4e9` notation accepted).
    static let maxWork = Option<WorkBudget>(
        "--max-work", value: "N",
        help: """
            Refuse scenarios asking for more than N item-steps: frames × steps
            per frame × (items + 50 × neighbours of colliding items). Default 4e9.
            """,
        expected: "a whole number of item-steps ≥ 1, e.g. 2e10"
    ) { text in
        guard let value = Double(text), value >= 1, value < 9.2e18, value.rounded() == value else { return nil }
        return WorkBudget(limit: Int(value))
    }

    /// `--threads N` of the commands that step scenes for their output or timing (run, bench).
    static let threads = Option<Int>(
        "--threads", value: "N",
        help: """
            Split the stepping of large scenes across N threads (default 1).
            The output is the same, byte for byte, for every N.
            """,
        expected: "a whole number from 1 to 64", parse: OptionValue.wholeNumber(in: 1...64))

    /// `-o, --output` of every command that writes one file, standard output by default: the one
    /// declaration of it (each command names only what it writes, `value`).
    static func output(value: String) -> Option<String> {
        Option(
            "-o", "--output", value: value,
            help: """
                Write to FILE instead of standard output (- is standard output).
                A file is written to a temporary file and renamed on success;
                a device, FIFO or socket is written in place (see docs/cli.md).
                """)
    }

    /// `--set` and `--max-work`: the last options of every command that loads scenarios.
    static let scenarioOptions = [set.declaration, maxWork.declaration]

    /// The one scenario file of a command that takes one.
    static func scenarioFile(_ arguments: ParsedArguments) throws(CommandError) -> String {
        let files = arguments.positionals
        guard files.count == 1 else {
            throw arguments.usageError(files.isEmpty ? "missing scenario file" : "expected one scenario file, got \(files.count)")
        }
        return files[0]
    }

    /// Loads a scenario that must be a layout scene (for the commands that draw collection views).
    static func loadLayout(_ file: String, overrides: [ScenarioOverride], budget: WorkBudget, command: String) throws(CommandError) -> Scenario {
        let scenario = try load(file, overrides: overrides, budget: budget)
        guard scenario.layoutScene != nil else {
            throw .usage("\(file) is a world scene; '\(command)' draws layout scenes only ('tether render' draws world scenes)", command: command)
        }
        return scenario
    }

    static func load(_ file: String, overrides: [ScenarioOverride], budget: WorkBudget) throws(CommandError) -> Scenario {
        do {
            return try ScenarioLoader.load(file, overrides: overrides, budget: budget)
        } catch {
            throw .scenario(error)
        }
    }
}
