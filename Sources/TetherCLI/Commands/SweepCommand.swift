import Foundation
import TetherJSON
import TetherScenario
import TetherTuning

/// `tether sweep SCENARIO --vary PATH=…`: replays a scenario for every combination of parameter
/// values and prints settle/overshoot metrics per run; ranks, shards, merges and draws heatmaps.
struct SweepCommand: TetherCommand {
    static let name = "sweep"
    static let abstract = "Replay a scenario over a grid of parameter values and measure each run."

    // MARK: - Options

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let metric = Option<String>(
            "--metric", value: "M,...", repeats: true, help: "The metric columns to print, in order (default: all of them).")
        static let target = Option<String>(
            "--target", value: "M=V,...",
            help: """
                Rank runs by Σ ((metric − V)/scale)², best first; adds rank, index
                and score columns. Runs without a targeted value rank last.
                """)
        static let scale = Option<String>(
            "--scale", value: "M=S,...", repeats: true,
            help: """
                Scales (defaults: settle 0.1, overshoot 1, overshootPercent 1, lag 1,
                peakSpeed 10, oscillations 1, finalError 0.1, displacement 1).
                """)
        static let top = Option<Int>(
            "--top", value: "N", help: "Print only the best N runs (needs --target).",
            expected: "a whole number ≥ 1", parse: OptionValue.wholeNumber(in: 1...Int.max))
        static let shard = Option<Shard>(
            "--shard", value: "I/N",
            help: """
                Run only the combinations k with k mod N = I (I from 0) and write a
                shard file (CSV with the grid index) for --merge.
                """
        ) { (text: String) throws(OptionValueError) -> Shard in
            do throws(SweepSpecError) {
                return try Shard(parsing: text)
            } catch {
                throw .message("invalid --shard '\(MessageText.plain(text))': \(error.message)")
            }
        }
        static let merge = Flag(
            "--merge", help: "Join the shard files given (instead of a scenario) into exactly the\noutput of a single run.")
        static let timing = Flag("--timing", help: "Print the number of runs, the time and runs/s on stderr.")
        static let format = Option<SweepTable.Format>(
            "--format", value: "csv|json", help: "Output format (default csv).",
            expected: "csv or json", parse: { SweepTable.Format(rawValue: $0) })
        static let output = CommonOptions.output(value: "FILE")
        static let heatmap = Option<String>(
            "--heatmap", value: "FILE.svg",
            help: """
                For two --vary parameters: an SVG colour grid of one metric, best
                cell outlined (rank 1 with --target, else the smallest value).
                """)
        static let heatmapMetric = Option<SweepMetric>(
            "--heatmap-metric", value: "M", help: "The heatmap's metric (default settle)."
        ) { (text: String) throws(OptionValueError) -> SweepMetric in
            do throws(SweepSpecError) {
                return try SweepMetric.named(text)
            } catch {
                throw .message("--heatmap-metric: \(error.message)")
            }
        }
    }

    /// What the shard files of `--merge` already hold: options of the runs themselves.
    static let notForMerge = [
        GridOptions.vary.declaration, CommonOptions.set.declaration, GridOptions.jobs.declaration, Options.shard.declaration, GridOptions.settleDistance.declaration,
        GridOptions.settleSpeed.declaration, Options.timing.declaration, Options.metric.declaration, CommonOptions.maxWork.declaration,
    ]

    static let help: CommandHelp = {
        let grid = [GridOptions.vary.declaration] + CommonOptions.scenarioOptions
        let metrics = [Options.metric.declaration, GridOptions.settleDistance.declaration, GridOptions.settleSpeed.declaration]
        let ranking = [Options.target.declaration, Options.scale.declaration, Options.top.declaration]
        let running = [GridOptions.jobs.declaration, Options.shard.declaration, Options.merge.declaration, Options.timing.declaration]
        let output = [Options.format.declaration, Options.output.declaration, Options.heatmap.declaration, Options.heatmapMetric.declaration]
        let all = grid + metrics + ranking + running + output
        return CommandHelp(
            overview: """
                \(abstract)
                Each combination is a full deterministic replay of the scenario with the --set overrides and
                then the combination's values applied (as --set would), validated like any scenario. The grid
                is the product of the --vary lists; the first --vary varies slowest. Output: one row per
                combination in grid order, the parameters then the metrics; the same bytes for any --jobs.
                """,
            usages: [
                .init("<scenario.json>", options: all.filter { $0 != Options.merge.declaration }),
                .init("--merge <shard.csv> ...", options: all.filter { $0 != Options.merge.declaration && !notForMerge.contains($0) }),
            ],
            sections: [
                .init("ARGUMENTS", [
                    .row("<scenario.json>", "The scenario file."),
                    .row("<shard.csv>", "With --merge: the shard files to join."),
                ]),
                .init("GRID", options: grid),
                .init("METRICS (per run, over the elements that have springs; see docs/tuning.md)", [
                    .row("settle (s)", """
                        From the release frame (after the last scroll event, or when the
                        content offset last moved if later) until every element stays within
                        --settle-distance of rest and slower than --settle-speed. Empty (null)
                        if the run ends first.
                        """),
                    .row("overshoot (pt)", """
                        Largest swing past rest, opposite to the initial displacement, along
                        the scroll axis. overshootPercent: as % of displacement.
                        """),
                    .row("lag (pt)", "Largest displacement along the scroll axis while a finger is down."),
                    .row("peakSpeed (pt/s)", "Largest element speed after the release."),
                    .row("oscillations", """
                        Swings of the most displaced element beyond ±settle-distance (sign
                        changes), halved and rounded down.
                        """),
                    .row("finalError (pt)", "Largest distance from rest at the last frame."),
                    .row("displacement (pt)", "Largest displacement along the scroll axis at the release frame."),
                ] + metrics.map(CommandHelp.Entry.option)),
                .init("RANKING", options: ranking),
                .init("RUNNING", running.map(CommandHelp.Entry.option) + [
                    .text("A progress line (runs done, runs/s, ETA) appears on stderr when it is a terminal."),
                ]),
                .init("OUTPUT", options: output + [CommonOptions.help.declaration]),
            ])
    }()

    // MARK: - Values

    /// The scenario, or nil when merging shard files.
    var file: String?
    var mergeFiles: [String]
    var positionals: [String]
    /// The options on the command line, for what does not apply to --merge.
    var given: [OptionDeclaration]
    var isMerge: Bool
    var axes: [SweepAxis]
    /// Built once, by `validate()` (not when merging).
    var grid: SweepGrid?
    var overrides: [ScenarioOverride]
    var budget: WorkBudget?
    var metrics: [SweepMetric]?
    var settleDistance: Double?
    var settleSpeed: Double?
    var ranking: Ranking?
    var top: Int?
    var jobs: Int?
    var shard: Shard?
    var format: SweepTable.Format
    var outputPath: String?
    var heatmapPath: String?
    var heatmapMetric: SweepMetric?
    var timing: Bool

    var criteria: SettleCriteria { SettleCriteria(distance: settleDistance ?? 0.5, speed: settleSpeed ?? 1) }
    /// The metric columns: --metric, or all of them.
    var columns: [SweepMetric] { metrics ?? SweepMetric.allCases }

    init(_ arguments: ParsedArguments) throws(CommandError) {
        func spec<T>(_ option: String, _ parse: () throws(SweepSpecError) -> T) throws(CommandError) -> T {
            do {
                return try parse()
            } catch {
                throw arguments.usageError("\(option): \(error.message)")
            }
        }
        isMerge = arguments.isSet(Options.merge)
        timing = arguments.isSet(Options.timing)
        axes = try arguments.values(GridOptions.vary)
        let metricTexts = try arguments.values(Options.metric)
        metrics = metricTexts.isEmpty ? nil : try spec("--metric") { () throws(SweepSpecError) in try SweepMetric.parseList(metricTexts) }
        settleDistance = try arguments.value(GridOptions.settleDistance)
        settleSpeed = try arguments.value(GridOptions.settleSpeed)
        let targetText = try arguments.value(Options.target)
        let scaleTexts = try arguments.values(Options.scale)
        if let targetText {
            ranking = try spec("--target") { () throws(SweepSpecError) in try Ranking(targets: targetText, scales: scaleTexts) }
        } else if !scaleTexts.isEmpty {
            throw arguments.usageError("--scale needs --target")
        }
        top = try arguments.value(Options.top)
        jobs = try arguments.value(GridOptions.jobs)
        shard = try arguments.value(Options.shard)
        format = try arguments.value(Options.format) ?? .csv
        outputPath = try arguments.value(Options.output)
        heatmapPath = try arguments.value(Options.heatmap)
        heatmapMetric = try arguments.value(Options.heatmapMetric)
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork)
        positionals = arguments.positionals
        given = arguments.givenOptions
        file = isMerge ? nil : positionals.first
        mergeFiles = isMerge ? positionals : []
    }

    /// What goes together; builds the grid once.
    mutating func validate() throws(CommandError) {
        func usage(_ message: String) -> CommandError { .usage(message, command: Self.name) }
        if isMerge {
            if let option = Self.notForMerge.first(where: given.contains) {
                throw usage("\(option.name) does not apply to --merge (the shard files already hold the runs)")
            }
            guard !positionals.isEmpty else { throw usage("--merge needs the shard files to join") }
        } else {
            guard positionals.count == 1 else {
                throw usage(positionals.isEmpty ? "missing scenario file" : "expected one scenario file, got \(positionals.count)")
            }
            guard !axes.isEmpty else {
                throw usage("nothing to sweep: give at least one --vary PATH=START:STOP:STEP or PATH=V1,V2,…")
            }
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
        if heatmapMetric != nil && heatmapPath == nil { throw usage("--heatmap-metric needs --heatmap FILE.svg") }
        guard !isMerge else { return }
        try Self.checkColumns(columns, ranking: ranking, heatmapMetric: heatmapPath == nil ? nil : heatmapMetric ?? .settle)
        if heatmapPath != nil && axes.count != 2 {
            throw usage("--heatmap needs exactly two --vary parameters, got \(axes.count)")
        }
        do {
            grid = try SweepGrid(axes)
        } catch {
            throw usage("--vary: \(error.message)")
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

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        if let file { try files.input(file, role: "the scenario") }
        for shard in mergeFiles { try files.input(shard, role: "the shard") }
        let outputTarget = try files.output(outputPath, option: "-o")
        let heatmapTarget = try heatmapPath.map { (path) throws(CommandError) in try files.output(path, option: "--heatmap") }
        let table: SweepTable
        if let file {
            guard let grid else { preconditionFailure("validate() builds the grid before run()") }
            table = try sweep(file, grid: grid, files: &files)
        } else {
            table = try mergeShards()
        }
        let text: String
        if let shard {
            text = table.shardCSV(shard)
        } else {
            if file == nil {
                try Self.checkColumns(table.metrics, ranking: ranking, heatmapMetric: heatmapPath == nil ? nil : heatmapMetric ?? .settle)
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

    private func sweep(_ file: String, grid: SweepGrid, files: inout CommandFiles) throws(CommandError) -> SweepTable {
        let jobs = jobs ?? 1
        let indices = shard?.combinations(of: grid.count) ?? Array(0..<grid.count)
        let start = DispatchTime.now().uptimeNanoseconds
        let progress = ProgressLine.onTerminal(label: "sweep", total: indices.count)
        let results: [RunMetrics]
        var report: (@Sendable (Int) -> Void)?
        if let progress { report = { done in progress.update(done) } }
        let plan: SweepPlan
        do throws(SweepError) {
            plan = try SweepPlan.load(
                file: file, baseOverrides: overrides, grid: grid, criteria: criteria, first: indices.first ?? 0,
                budget: budget ?? .standard)
        } catch {
            progress?.finish()
            throw .failure(error.message, error.exitCode)
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
            throw .failure(error.message, error.exitCode)
        }
        progress?.finish()
        if timing {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let rate = seconds > 0 ? Double(indices.count) / seconds : 0
            Console.error("tether: sweep: \(indices.count) runs in \(FixedDecimal.text(seconds, decimals: 3)) s (\(FixedDecimal.text(rate, decimals: 1)) runs/s, \(jobs) job\(jobs == 1 ? "" : "s"))")
        }
        let moving = results.filter { $0.releaseFrame == $0.lastFrame && $0.lastFrame > 0 }.count
        if moving > 0 {
            Console.error("tether: note: in \(moving) of \(results.count) run\(results.count == 1 ? "" : "s") the content is still moving at the last frame, so the metrics after the release cover that frame only; lengthen them with --set frames=N")
        }
        return SweepTable(grid: grid, metrics: columns, indices: indices, results: results)
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
        let heatmapMetric = heatmapMetric ?? .settle
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
