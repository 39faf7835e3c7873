import Foundation
import TetherRender
import TetherScenario
import TetherTuning

/// `tether tune SCENARIO --vary PATH=… [--vary PATH=…] -o FILE.html`: a page holding a replay
/// for every point of a small grid, with sliders, a metric heatmap and A/B comparison.
struct TuneCommand: TetherCommand {
    static let name = "tune"
    static let abstract = "Write a page that replays every point of a small grid, to pick a spring by eye."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let output = CommonOptions.output(value: "FILE.html")
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            One self-contained HTML page (no network; open it from disk) holding a replay of the cells
            in view for every combination of one or two --vary parameters (at most 12 values each):
            one slider per parameter switches the replay at once, mid-play; a heatmap of any metric
            'tether sweep' measures (click a cell to select it); pin a point as A and compare it with
            the current one side by side or as a ghost on the same clock; the chosen setting as --set
            flags, as a scenario snippet, in the spring vocabularies of 'tether spring', and as the
            'tether run' command that prints its exact CSV. Layout scenes only.
            """,
        lead: "<scenario.json>", arguments: [("<scenario.json>", "The scenario file (a layout scene).")],
        options: [GridOptions.vary.declaration, Options.output.declaration, GridOptions.jobs.declaration, GridOptions.settleDistance.declaration, GridOptions.settleSpeed.declaration]
            + CommonOptions.scenarioOptions,
        notes: [
            """
            A progress line (runs done, runs/s, ETA) appears on standard error while the grid runs,
            when it is a terminal.
            """,
        ])

    var file: String
    var axes: [SweepAxis]
    /// Built once, by `validate()`.
    var grid: SweepGrid?
    var overrides: [ScenarioOverride]
    var criteria: SettleCriteria
    var jobs: Int
    var outputPath: String?
    var budget: WorkBudget

    init(_ arguments: ParsedArguments) throws(CommandError) {
        axes = try arguments.values(GridOptions.vary)
        criteria = SettleCriteria(
            distance: try arguments.value(GridOptions.settleDistance) ?? 0.5, speed: try arguments.value(GridOptions.settleSpeed) ?? 1)
        jobs = try arguments.value(GridOptions.jobs) ?? 1
        outputPath = try arguments.value(Options.output)
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        file = try CommonOptions.scenarioFile(arguments)
    }

    /// One or two --vary parameters of at most 12 values each: builds the grid once.
    mutating func validate() throws(CommandError) {
        func usage(_ message: String) -> CommandError { .usage(message, command: Self.name) }
        guard !axes.isEmpty else { throw usage("nothing to tune: give one or two --vary PATH=START:STOP:STEP or PATH=V1,V2,…") }
        let grid: SweepGrid
        do {
            grid = try SweepGrid(axes)
        } catch {
            throw usage(error.message)
        }
        do {
            try TunePage.check(grid)
        } catch {
            throw usage(error.message)
        }
        self.grid = grid
    }

    func run() throws(CommandError) -> ExitCode {
        guard let grid else { preconditionFailure("validate() builds the grid before run()") }
        var files = CommandFiles(command: Self.name)
        try files.input(file, role: "the scenario")
        let target = try files.output(outputPath, option: "-o")
        let progress = ProgressLine.onTerminal(label: "tune", total: grid.count)
        var report: (@Sendable (Int) -> Void)?
        if let progress { report = { done in progress.update(done) } }
        let runs: [TuneRun]
        let plan: SweepPlan
        do throws(SweepError) {
            plan = try SweepPlan.load(file: file, baseOverrides: overrides, grid: grid, criteria: criteria, budget: budget)
            runs = try plan.run(Array(0..<grid.count), jobs: jobs, progress: report) { [plan] index throws(SweepError) in
                try TuneRun.record(plan, at: index)
            }
        } catch {
            progress?.finish()
            if case .worldScene = error {
                throw .failure("\(file) is a world scene; 'tune' draws layout scenes only ('tether render' draws world scenes)", .usage)
            }
            throw .failure(error.message, error.exitCode)
        }
        progress?.finish()
        try files.inputs(namedBy: plan.namedFiles)
        let page: [UInt8]
        do {
            page = try TunePage.document(plan: plan, runs: runs)
        } catch {
            throw .failure(error.message, .usage)
        }
        let status = try RenderCommand.write(page, to: target)
        let never = runs.filter { $0.metrics.settle == nil }.count
        if never > 0 {
            Console.error("tether: note: \(never) of \(runs.count) runs never settle within the scenario's frames (the heatmap of settle reads never); lengthen them with --set frames=N")
        }
        return status
    }
}
