import TetherScenario

/// Options several commands share.
enum CommonOptions {
    static let setHelp = """
          --set PATH=VALUE        Override a scenario value before it is validated (repeatable),
                                  e.g. --set dynamics.spring.damping=0.5 --set frames=600.
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

    /// Loads a scenario that must be a layout scene (for the commands that draw collection views).
    static func loadLayout(_ file: String, overrides: [ScenarioOverride], command: String) throws(CommandError) -> Scenario {
        let scenario = try load(file, overrides: overrides)
        guard scenario.layoutScene != nil else {
            throw .usage("\(file) is a world scene; '\(command)' draws layout scenes only ('tether render' draws world scenes)", command: command)
        }
        return scenario
    }

    static func load(_ file: String, overrides: [ScenarioOverride]) throws(CommandError) -> Scenario {
        do {
            return try ScenarioLoader.load(file, overrides: overrides)
        } catch {
            throw .scenario(error)
        }
    }
}
