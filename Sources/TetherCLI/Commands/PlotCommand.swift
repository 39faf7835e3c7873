import TetherLayout
import TetherRender
import TetherScenario

/// `tether plot SCENARIO -o FILE.svg`: elements' displacement from rest over time.
struct PlotCommand: TetherCommand {
    static let name = "plot"
    static let abstract = "Chart elements' displacement from their layout position over time (SVG)."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let output = CommonOptions.output(value: "FILE.svg")
        static let items = Option<[ElementKey]>(
            "--items", value: "LIST",
            help: """
                Cells to plot, comma-separated: ITEM (section 0) or SECTION.ITEM
                (default: four cells spread over those visible at frame 0).
                """,
            expected: "ITEM or SECTION.ITEM numbers separated by commas, e.g. 0,5,1.2", parse: parseItems)
        static let column = Option<DisplacementPlot.Column>(
            "--column", value: "NAME", help: "center_x, center_y (pt) or angle (°); default: the scroll axis.",
            expected: "center_x, center_y or angle", parse: { DisplacementPlot.Column(rawValue: $0) })
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            One line per element: its column minus its resting (layout) value at every frame, with the
            scenario's events marked on the time axis.
            """,
        lead: "<scenario.json>", arguments: [("<scenario.json>", "The scenario file.")],
        options: [Options.output.declaration, Options.items.declaration, Options.column.declaration] + CommonOptions.scenarioOptions)

    var file: String
    var outputPath: String?
    var keys: [ElementKey]?
    var column: DisplacementPlot.Column?
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(_ arguments: ParsedArguments) throws(CommandError) {
        outputPath = try arguments.value(Options.output)
        keys = try arguments.value(Options.items)
        column = try arguments.value(Options.column)
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        file = try CommonOptions.scenarioFile(arguments)
    }

    /// "0,5,1.2" → cells 0.0, 0.5, 1.2.
    static func parseItems(_ text: String) -> [ElementKey]? {
        var keys: [ElementKey] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let numbers = part.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            switch numbers.count {
            case 1: guard let item = numbers[0], item >= 0 else { return nil }
                keys.append(.cell(0, item))
            case 2: guard let section = numbers[0], let item = numbers[1], section >= 0, item >= 0 else { return nil }
                keys.append(.cell(section, item))
            default: return nil
            }
        }
        return keys.isEmpty ? nil : keys
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        try files.input(file, role: "the scenario")
        let target = try files.output(outputPath, option: "-o")
        let scenario = try CommonOptions.loadLayout(file, overrides: overrides, budget: budget, command: Self.name)
        try files.inputs(namedBy: scenario.namedFiles)
        let column = column ?? (scenario.layoutScene?.layout.scrollDirection == .horizontal ? .centerX : .centerY)
        let plot: Plot
        do {
            plot = try DisplacementPlot.plot(scenario, keys: keys ?? DisplacementPlot.defaultSelection(scenario), column: column)
        } catch let error as ReplayError {
            throw .replay(file: file, error)
        } catch DisplacementPlot.SelectionError.noSuchElement(let key) {
            throw .usage("\(file): --items: the layout has no \(key)", command: Self.name)
        } catch {
            throw .failure("\(file): \(error)", .simulationFailure)
        }
        return try RenderCommand.write(plot.svg(), to: target)
    }
}
