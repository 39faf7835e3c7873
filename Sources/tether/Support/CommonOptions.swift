import TetherJSON
import TetherScenario

/// Options several commands share.
enum CommonOptions {
    static let setHelp = """
          --set PATH=VALUE        Override a scenario value before it is validated (repeatable),
                                  e.g. --set dynamics.spring.damping=0.5 --set frames=600.
        """

    static let maxWorkHelp = """
          --max-work N            Refuse scenarios asking for more than N item-steps: frames × steps
                                  per frame × (items + pairs of colliding items). Default 4e9.
        """

    /// Every `--set PATH=VALUE`, parsed.
    static func overrides(_ arguments: inout ArgumentList) throws(CommandError) -> [ScenarioOverride] {
        var result: [ScenarioOverride] = []
        for text in try arguments.options("--set") {
            do {
                result.append(try ScenarioOverride(parsing: text))
            } catch {
                throw .usage("invalid --set '\(text)': \(error.message)", command: arguments.command)
            }
        }
        return result
    }

    /// `--max-work N` (a whole number ≥ 1; `4e9` notation accepted), or the standard budget.
    static func budget(_ arguments: inout ArgumentList) throws(CommandError) -> WorkBudget {
        let limit = try arguments.option("--max-work", { (text: String) -> Int? in
            guard let value = Double(text), value >= 1, value < 9.2e18, value.rounded() == value else { return nil }
            return Int(value)
        }, expected: "a whole number of item-steps ≥ 1, e.g. 2e10")
        return limit.map(WorkBudget.init(limit:)) ?? .standard
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
