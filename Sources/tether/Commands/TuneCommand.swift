import Foundation
import TetherRender
import TetherScenario
import TetherTuning

/// `tether tune SCENARIO --vary PATH=… [--vary PATH=…] -o FILE.html`: a page holding a replay
/// for every point of a small grid, with sliders, a metric heatmap and A/B comparison.
struct TuneCommand: TetherCommand {
    static let name = "tune"
    static let abstract = "Write a page that replays every point of a small grid, to pick a spring by eye."
    static let usage = "tether tune <scenario.json> --vary PATH=START:STOP:STEP|PATH=V1,V2,... [--vary ...] -o FILE.html [--jobs N] [--set PATH=VALUE ...]"
    static var help: String {
        """
        OVERVIEW: \(abstract)
        One self-contained HTML page (no network; open it from disk) holding a replay of the cells
        in view for every combination of one or two --vary parameters (at most 12 values each):
        one slider per parameter switches the replay at once, mid-play; a heatmap of any metric
        'tether sweep' measures (click a cell to select it); pin a point as A and compare it with
        the current one side by side or as a ghost on the same clock; the chosen setting as --set
        flags, as a scenario snippet, in the spring vocabularies of 'tether spring', and as the
        'tether run' command that prints its exact CSV. Layout scenes only.

        USAGE: \(usage)

        ARGUMENTS:
          <scenario.json>         The scenario file (a layout scene).

        OPTIONS:
          --vary PATH=START:STOP:STEP
                                  Values START + i·STEP up to STOP inclusive, as in 'tether sweep'.
          --vary PATH=V1,V2,...   A list of values, each read like a --set VALUE.
          -o, --output FILE       Write the page to FILE (atomically); without it, to standard output.
          --jobs N                Replay N combinations at a time (default 1); the page is the same.
          --settle-distance PT    The settle metric's distance from rest (default 0.5).
          --settle-speed PT/S     ...and speed (default 1).
        \(CommonOptions.setHelp)
        \(CommonOptions.maxWorkHelp)
          -h, --help              Show help information.

        A progress line (runs done, runs/s, ETA) appears on standard error while the grid runs,
        when it is a terminal.

        \(Tether.exitCodeHelp)
        """
    }

    var file: String
    var grid: SweepGrid
    var overrides: [ScenarioOverride]
    var criteria: SettleCriteria
    var jobs: Int
    var outputPath: String?
    var budget: WorkBudget

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        func usage(_ message: String) -> CommandError { .usage(message, command: Self.name) }
        var axes: [SweepAxis] = []
        for text in try arguments.options("--vary") {
            do {
                axes.append(try SweepAxis(parsing: text))
            } catch {
                throw usage("invalid --vary '\(text)': \(error.message)")
            }
        }
        let distance = try arguments.option("--settle-distance", Self.positive, expected: "a number > 0")
        let speed = try arguments.option("--settle-speed", Self.positive, expected: "a number > 0")
        criteria = SettleCriteria(distance: distance ?? 0.5, speed: speed ?? 1)
        jobs = try arguments.option("--jobs", { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } }, expected: "a whole number from 1 to 256") ?? 1
        outputPath = try arguments.option("-o", "--output")
        overrides = try CommonOptions.overrides(&arguments)
        budget = try CommonOptions.budget(&arguments)
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw usage(positionals.isEmpty ? "missing scenario file" : "expected one scenario file, got \(positionals.count)")
        }
        file = positionals[0]
        guard !axes.isEmpty else { throw usage("nothing to tune: give one or two --vary PATH=START:STOP:STEP or PATH=V1,V2,…") }
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
    }

    private static func positive(_ text: String) -> Double? {
        Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    func run() throws(CommandError) -> ExitCode {
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
            throw .failure(error.message, ExitCode(rawValue: error.exitCode) ?? .invalidScenario)
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
