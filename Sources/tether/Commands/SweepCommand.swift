import Foundation
import TetherJSON
import TetherScenario
import TetherTuning

/// `tether sweep SCENARIO --vary PATH=…`: replays a scenario for every combination of parameter
/// values and prints settle/overshoot metrics per run; ranks, shards, merges and draws heatmaps.
struct SweepCommand: TetherCommand {
    static let name = "sweep"
    static let abstract = "Replay a scenario over a grid of parameter values and measure each run."
    static let usage = "tether sweep <scenario.json> --vary PATH=START:STOP:STEP|PATH=V1,V2,... [--vary ...] [--metric M,...] [--target M=V,...] [--top N] [--jobs N] [--shard I/N] [--heatmap FILE.svg] [--format csv|json] [-o FILE]"
    static var help: String {
        """
        OVERVIEW: \(abstract)
        Each combination is a full deterministic replay of the scenario with the --set overrides and
        then the combination's values applied (as --set would), validated like any scenario. The grid
        is the product of the --vary lists; the first --vary varies slowest. Output: one row per
        combination in grid order, the parameters then the metrics; the same bytes for any --jobs.

        USAGE: \(usage)
               tether sweep --merge <shard.csv> ... [--target/--top/--heatmap/--format/-o as above]

        ARGUMENTS:
          <scenario.json>         The scenario file.

        GRID:
          --vary PATH=START:STOP:STEP
                                  Values START + i·STEP up to STOP inclusive (within round-off),
                                  rounded to the decimals the three numbers are written with.
          --vary PATH=V1,V2,...   A list of values, each read like a --set VALUE.
        \(CommonOptions.setHelp)
        \(CommonOptions.maxWorkHelp)
        METRICS (per run, over the elements that have springs; see README "Tuning"):
          settle (s)              From the release frame (after the last scroll event, or when the
                                  content offset last moved if later) until every element stays within
                                  --settle-distance of rest and slower than --settle-speed. Empty (null)
                                  if the run ends first.
          overshoot (pt)          Largest swing past rest, opposite to the initial displacement, along
                                  the scroll axis. overshootPercent: as % of displacement.
          lag (pt)                Largest displacement along the scroll axis while a finger is down.
          peakSpeed (pt/s)        Largest element speed after the release.
          oscillations            Swings of the most displaced element beyond ±settle-distance (sign
                                  changes), halved and rounded down.
          finalError (pt)         Largest distance from rest at the last frame.
          displacement (pt)       Largest displacement along the scroll axis at the release frame.
          --metric M,...          The metric columns to print, in order (default: all of them).
          --settle-distance PT    Settled means within PT points of rest (default 0.5).
          --settle-speed PT/S     ...and slower than PT/S points per second (default 1).

        RANKING:
          --target M=V,...        Rank runs by Σ ((metric − V)/scale)², best first; adds rank, index
                                  and score columns. Runs without a targeted value rank last.
          --scale M=S,...         Scales (defaults: settle 0.1, overshoot 1, overshootPercent 1, lag 1,
                                  peakSpeed 10, oscillations 1, finalError 0.1, displacement 1).
          --top N                 Print only the best N runs (needs --target).

        RUNNING:
          --jobs N                Replay N combinations at a time (default 1); output is identical.
          --shard I/N             Run only the combinations k with k mod N = I (I from 0) and write a
                                  shard file (CSV with the grid index) for --merge.
          --merge FILE...         Join shard files into exactly the output of a single run.
          --timing                Print the number of runs, the time and runs/s on stderr.
          A progress line (runs done, runs/s, ETA) appears on stderr when it is a terminal.

        OUTPUT:
          --format csv|json       Output format (default csv).
          -o, --output FILE       Write to FILE instead of standard output (a file through a
                                  temporary file and a rename; see README).
          --heatmap FILE.svg      For two --vary parameters: an SVG colour grid of one metric, best
                                  cell outlined (rank 1 with --target, else the smallest value).
          --heatmap-metric M      The heatmap's metric (default settle).
          -h, --help              Show help information.

        \(Tether.exitCodeHelp)
        """
    }

    var file: String?
    var mergeFiles: [String]
    var axes: [SweepAxis]
    var overrides: [ScenarioOverride]
    var budget: WorkBudget
    var metrics: [SweepMetric]
    var criteria: SettleCriteria
    var ranking: Ranking?
    var top: Int?
    var jobs: Int
    var shard: Shard?
    var format: SweepTable.Format
    var outputPath: String?
    var heatmapPath: String?
    var heatmapMetric: SweepMetric
    var timing: Bool

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        func spec<T>(_ option: String, _ parse: () throws(SweepSpecError) -> T) throws(CommandError) -> T {
            do {
                return try parse()
            } catch {
                throw .usage("\(option): \(error.message)", command: Self.name)
            }
        }
        let merge = arguments.flag("--merge")
        timing = arguments.flag("--timing")
        let varyTexts = try arguments.options("--vary")
        var parsedAxes: [SweepAxis] = []
        for text in varyTexts {
            parsedAxes.append(try spec("invalid --vary '\(text)'") { () throws(SweepSpecError) in try SweepAxis(parsing: text) })
        }
        axes = parsedAxes
        let metricTexts = try arguments.options("--metric")
        metrics = metricTexts.isEmpty
            ? SweepMetric.allCases : try spec("--metric") { () throws(SweepSpecError) in try SweepMetric.parseList(metricTexts) }
        let distance = try arguments.option("--settle-distance", Self.positive, expected: "a number > 0")
        let speed = try arguments.option("--settle-speed", Self.positive, expected: "a number > 0")
        criteria = SettleCriteria(distance: distance ?? 0.5, speed: speed ?? 1)
        let targetText = try arguments.option("--target")
        let scaleTexts = try arguments.options("--scale")
        if let targetText {
            ranking = try spec("--target") { () throws(SweepSpecError) in try Ranking(targets: targetText, scales: scaleTexts) }
        } else if !scaleTexts.isEmpty {
            throw .usage("--scale needs --target", command: Self.name)
        }
        top = try arguments.option("--top", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }, expected: "a whole number ≥ 1")
        let jobsOption = try arguments.option("--jobs", { Int($0).flatMap { (1...256).contains($0) ? $0 : nil } }, expected: "a whole number from 1 to 256")
        jobs = jobsOption ?? 1
        let shardText = try arguments.option("--shard")
        shard = try shardText.map { text throws(CommandError) in
            try spec("invalid --shard '\(text)'") { () throws(SweepSpecError) in try Shard(parsing: text) }
        }
        let formatOption = try arguments.option("--format", SweepTable.Format.init(rawValue:), expected: "csv or json")
        format = formatOption ?? .csv
        outputPath = try arguments.option("-o", "--output")
        heatmapPath = try arguments.option("--heatmap")
        let heatmapMetricText = try arguments.option("--heatmap-metric")
        heatmapMetric = try heatmapMetricText.map { text throws(CommandError) in
            try spec("--heatmap-metric") { () throws(SweepSpecError) in try SweepMetric.named(text) }
        } ?? .settle
        overrides = try CommonOptions.overrides(&arguments)
        budget = try CommonOptions.budget(&arguments)
        let positionals = try arguments.positionals()

        // What goes together.
        func usage(_ message: String) -> CommandError { .usage(message, command: Self.name) }
        if merge {
            let notForMerge: [(Bool, String)] = [
                (!varyTexts.isEmpty, "--vary"), (!overrides.isEmpty, "--set"), (jobsOption != nil, "--jobs"),
                (shardText != nil, "--shard"), (distance != nil, "--settle-distance"), (speed != nil, "--settle-speed"),
                (timing, "--timing"), (!metricTexts.isEmpty, "--metric"), (budget != .standard, "--max-work"),
            ]
            if let (_, option) = notForMerge.first(where: { $0.0 }) {
                throw usage("\(option) does not apply to --merge (the shard files already hold the runs)")
            }
            guard !positionals.isEmpty else { throw usage("--merge needs the shard files to join") }
            file = nil
            mergeFiles = positionals
        } else {
            guard positionals.count == 1 else {
                throw usage(positionals.isEmpty ? "missing scenario file" : "expected one scenario file, got \(positionals.count)")
            }
            guard !axes.isEmpty else {
                throw usage("nothing to sweep: give at least one --vary PATH=START:STOP:STEP or PATH=V1,V2,…")
            }
            file = positionals[0]
            mergeFiles = []
        }
        if shard != nil {
            let notForShard: [(Bool, String)] = [
                (ranking != nil, "--target"), (top != nil, "--top"), (heatmapPath != nil, "--heatmap"),
                (format != .csv, "--format json"),
            ]
            if let (_, option) = notForShard.first(where: { $0.0 }) {
                throw usage("\(option) does not apply to a shard: pass it to 'tether sweep --merge'")
            }
        }
        if top != nil && ranking == nil { throw usage("--top needs --target (it prints the best N runs)") }
        if heatmapMetricText != nil && heatmapPath == nil { throw usage("--heatmap-metric needs --heatmap FILE.svg") }
        if !merge { try Self.checkColumns(metrics, ranking: ranking, heatmapMetric: heatmapPath == nil ? nil : heatmapMetric) }
        if heatmapPath != nil && !merge && axes.count != 2 {
            throw usage("--heatmap needs exactly two --vary parameters, got \(axes.count)")
        }
        if !merge {
            _ = try spec("--vary") { () throws(SweepSpecError) in try SweepGrid(axes) }
        }
    }

    /// Targets and the heatmap metric must be printed columns (merging reads them back).
    static func checkColumns(_ metrics: [SweepMetric], ranking: Ranking?, heatmapMetric: SweepMetric?) throws(CommandError) {
        if let ranking, let missing = ranking.terms.first(where: { !metrics.contains($0.metric) }) {
            throw .usage("--target \(missing.metric.rawValue): \(missing.metric.rawValue) is not among the --metric columns", command: name)
        }
        if let heatmapMetric, !metrics.contains(heatmapMetric) {
            throw .usage("--heatmap-metric \(heatmapMetric.rawValue): \(heatmapMetric.rawValue) is not among the --metric columns", command: name)
        }
    }

    private static func positive(_ text: String) -> Double? {
        Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        if let file { try files.input(file, role: "the scenario") }
        for shard in mergeFiles { try files.input(shard, role: "the shard") }
        let outputTarget = try files.output(outputPath, option: "-o")
        let heatmapTarget = try heatmapPath.map { (path) throws(CommandError) in try files.output(path, option: "--heatmap") }
        let table: SweepTable
        if let file { table = try sweep(file, files: &files) } else { table = try mergeShards() }
        let text: String
        if let shard {
            text = table.shardCSV(shard)
        } else {
            if file == nil {
                try Self.checkColumns(table.metrics, ranking: ranking, heatmapMetric: heatmapPath == nil ? nil : heatmapMetric)
            }
            text = table.render(format, ranking: ranking, top: top)
        }
        guard try write(text, to: outputTarget) else { return .success }
        if let heatmapTarget { try writeHeatmap(table, to: heatmapTarget) }
        if let column = table.metrics.firstIndex(of: .settle) {
            let never = table.rows.filter { $0.cells[column].isEmpty }.count
            if never > 0 {
                Console.error("tether: note: \(never) of \(table.rows.count) run\(table.rows.count == 1 ? "" : "s") never settle within the scenario's frames (settle is empty\(format == .json ? "/null" : "")); lengthen them with --set frames=N")
            }
        }
        return .success
    }

    // MARK: - Running

    private func sweep(_ file: String, files: inout CommandFiles) throws(CommandError) -> SweepTable {
        let grid: SweepGrid
        do {
            grid = try SweepGrid(axes)
        } catch {
            throw .usage(error.message, command: Self.name)
        }
        let indices = shard?.combinations(of: grid.count) ?? Array(0..<grid.count)
        let start = DispatchTime.now().uptimeNanoseconds
        let progress = ProgressLine.onTerminal(label: "sweep", total: indices.count)
        let results: [RunMetrics]
        var report: (@Sendable (Int) -> Void)?
        if let progress { report = { done in progress.update(done) } }
        let plan: SweepPlan
        do throws(SweepError) {
            plan = try SweepPlan.load(
                file: file, baseOverrides: overrides, grid: grid, criteria: criteria, first: indices.first ?? 0, budget: budget)
        } catch {
            progress?.finish()
            throw .failure(error.message, ExitCode(rawValue: error.exitCode) ?? .invalidScenario)
        }
        do {
            try files.inputs(namedBy: plan.namedFiles)
        } catch {
            progress?.finish()
            throw error
        }
        do throws(SweepError) {
            results = try plan.run(indices, jobs: jobs, progress: report)
        } catch {
            progress?.finish()
            throw .failure(error.message, ExitCode(rawValue: error.exitCode) ?? .invalidScenario)
        }
        progress?.finish()
        if timing {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let rate = seconds > 0 ? Double(indices.count) / seconds : 0
            Console.error("tether: sweep: \(indices.count) runs in \(FixedText.format(seconds, decimals: 3)) s (\(FixedText.format(rate, decimals: 1)) runs/s, \(jobs) job\(jobs == 1 ? "" : "s"))")
        }
        let moving = results.filter { $0.releaseFrame == $0.lastFrame && $0.lastFrame > 0 }.count
        if moving > 0 {
            Console.error("tether: note: in \(moving) of \(results.count) run\(results.count == 1 ? "" : "s") the content is still moving at the last frame, so the metrics after the release cover that frame only; lengthen them with --set frames=N")
        }
        return SweepTable(grid: grid, metrics: metrics, indices: indices, results: results)
    }

    private func mergeShards() throws(CommandError) -> SweepTable {
        var files: [(name: String, text: String)] = []
        for path in mergeFiles {
            do {
                files.append((path, String(decoding: try InputFile.read(path), as: UTF8.self)))
            } catch {
                throw .input(error)
            }
        }
        do {
            return try SweepTable.merge(files)
        } catch {
            throw .failure(error.message, .invalidScenario)
        }
    }

    // MARK: - Output

    /// Writes the output; false when standard output's pipe closed (a quiet end).
    private func write(_ text: String, to target: OutputTarget) throws(CommandError) -> Bool {
        do {
            try OutputFile.write(Array(text.utf8), to: target)
        } catch {
            if case .brokenPipe = error { return false }
            throw .output(error)
        }
        return true
    }

    private func writeHeatmap(_ table: SweepTable, to target: OutputTarget) throws(CommandError) {
        guard table.shape.count == 2 else {
            throw .usage("--heatmap needs exactly two --vary parameters, the shards have \(table.shape.count)", command: Self.name)
        }
        let best: Int?
        let note: String
        if let ranking {
            best = ranking.order(table).first?.row
            let targets = ranking.terms.map { "\($0.metric.rawValue)=\(JSONValue.number($0.target).serialized())" }.joined(separator: ",")
            note = "outlined: rank 1 for --target \(targets)"
        } else {
            var found: (row: Int, value: Double)?
            for r in table.rows.indices {
                if let v = table.value(r, heatmapMetric), found == nil || v < found!.value { found = (r, v) }
            }
            best = found?.row
            note = found == nil ? "no values" : "outlined: smallest \(heatmapMetric.rawValue)"
        }
        var fullNote = note
        if let best {
            let row = table.rows[best]
            fullNote += " (" + zip(table.parameters, row.parameters).map { "\($0)=\($1)" }.joined(separator: ", ") + ")"
        }
        do {
            let svg = try Heatmap.svg(table, metric: heatmapMetric, best: best, bestNote: fullNote)
            try OutputFile.write(Array(svg.utf8), to: target)
        } catch let error as SweepSpecError {
            throw .usage(error.message, command: Self.name)
        } catch let error as OutputError {
            throw .output(error)
        } catch {
            throw .failure("\(target.name): \(error)", .cannotWrite)
        }
    }
}
