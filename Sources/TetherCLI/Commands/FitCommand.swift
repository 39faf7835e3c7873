import Foundation
import TetherJSON
import TetherPhysics
import TetherRender
import TetherScenario
import TetherTuning

/// `tether fit SCENARIO --vary PATH=LOW:HIGH … --to REFERENCE`: the parameter values whose
/// replay moves most like a reference (a `run` CSV, a curve, a designer's spring) or reaches
/// sweep targets. Parses, runs `FitSearch` and prints what it returns.
struct FitCommand: TetherCommand {
    static let name = "fit"
    static let abstract = "Find the parameter values whose replay moves most like a reference."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let vary = Option<FitParameter>(
            "--vary", value: "PATH=LOW:HIGH", repeats: true, required: true,
            help: "A numeric scenario value to search between LOW and HIGH (1 to 4 of them)."
        ) { (text: String) throws(OptionValueError) -> FitParameter in
            do throws(SweepSpecError) {
                return try FitParameter(parsing: text)
            } catch {
                throw .message("invalid --vary '\(text)': \(error.message)")
            }
        }
        static let to = Option<String>(
            "--to", value: "FILE.csv",
            help: """
                The reference: the CSV of 'tether run' (its header has frame, kind,
                center_x, center_y), or a curve: time (s) and one value column.
                """)
        static let toSpring = Option<SpringReferenceSpec>(
            "--to-spring", value: "'VOCABULARY NAME=V ...'",
            help: """
                The step response of a spring: uikit frequency= damping=; swiftui
                response= dampingFraction= (or duration= bounce=); coreanimation
                stiffness= damping= [mass=]; origami tension= friction=; rebound
                bounciness= speed= (or tension= friction=); any: initialVelocity=.
                """
        ) { (text: String) throws(OptionValueError) -> SpringReferenceSpec in
            do throws(SweepSpecError) {
                return try SpringReferenceSpec(parsing: text)
            } catch {
                throw .message("invalid --to-spring '\(text)': \(error.message)")
            }
        }
        static let target = Option<String>(
            "--target", value: "M=V,...", repeats: true,
            help: "Reach sweep metrics instead: minimize Σ ((metric − V)/scale)² ('sweep' ranking).")
        static let scale = Option<String>("--scale", value: "M=S,...", repeats: true, help: "The ranking's scales (see 'tether sweep --help').")
        static let element = Option<FitSelection.Path>(
            "--element", value: "SECTION,ITEM", repeats: true,
            help: "Compare only these elements (a curve: the one element it describes)."
        ) { (text: String) throws(OptionValueError) -> FitSelection.Path in
            do throws(SweepSpecError) {
                return try FitSelection.Path(parsing: text)
            } catch {
                throw .message("invalid --element '\(text)': \(error.message)")
            }
        }
        static let kind = Option<RowKind>(
            "--kind", value: "KIND", repeats: true, help: "Compare only elements of this kind: header, cell, footer, decoration, item."
        ) { (text: String) throws(OptionValueError) -> RowKind in
            do throws(SweepSpecError) {
                return try FitSelection.kind(named: text)
            } catch {
                throw .message("invalid --kind '\(text)': \(error.message)")
            }
        }
        static let column = Option<String>("--column", value: "NAME", help: "A curve's value column (default: its one column besides time).")
        static let curveValue = Option<CurveReference.Value>(
            "--curve-value", value: "displacement|position",
            help: """
                A curve's values: the displacement from the layout position (default),
                or the center in content coordinates, along the scroll axis.
                """,
            expected: "displacement or position", parse: { CurveReference.Value(rawValue: $0) })
        static let timeShift = Option<Double>(
            "--time-shift", value: "S", help: "A curve's time t is the scenario's time t + S (default 0).",
            expected: "a number", parse: { Double($0).flatMap { $0.isFinite ? $0 : nil } })
        static let maxRuns = Option<Int>(
            "--max-runs", value: "N", help: "At most N replays in all (default \(FitSearch.defaultMaxRuns)).",
            expected: "a whole number from 1 to 1000000", parse: OptionValue.wholeNumber(in: 1...1_000_000))
        static let grid = Option<Int>(
            "--grid", value: "N",
            help: """
                Points per parameter of the coarse grid (default 15, 8, 5, 4 for 1 to 4
                parameters, fewer when the grid would take over half of --max-runs).
                """,
            expected: "a whole number from 2 to 100", parse: OptionValue.wholeNumber(in: 2...100))
        static let plot = Option<String>(
            "--plot", value: "FILE.svg", help: "Draw the reference (dashed) and the fitted replay (solid) over time.")
    }

    static let help: CommandHelp = {
        let references = [Options.to.declaration, Options.toSpring.declaration, Options.target.declaration, Options.scale.declaration]
        let selection = [
            Options.element.declaration, Options.kind.declaration, Options.column.declaration, Options.curveValue.declaration,
            Options.timeShift.declaration,
        ]
        let search = [Options.vary.declaration, Options.maxRuns.declaration, Options.grid.declaration, GridOptions.jobs.declaration]
        let measure = [GridOptions.settleDistance.declaration, GridOptions.settleSpeed.declaration]
        let output = [Options.plot.declaration] + CommonOptions.scenarioOptions
        let optional = [Options.scale.declaration] + search.dropFirst() + selection + measure + output
        return CommandHelp(
            overview: """
                \(abstract)
                Replays the scenario (with the --set overrides, then the candidate values, as --set would)
                many times: a coarse grid over the --vary box, then Nelder–Mead from the lowest grid points of
                the deepest valleys, in box coordinates, bounded by --max-runs. Prints the best values (to a
                hundred-thousandth of each range, and replayed once more at exactly those), the RMS and largest
                difference in points over the compared frames and elements, the replays it took, the residual
                a step of 2 % of each range either side (how sharply the reference pins each parameter), the
                spring in the vocabularies of 'tether spring', and the 'tether run' line that replays it.
                The same bytes for any --jobs. Stage lines on standard error. See docs/fit.md.
                """,
            usages: [
                .init(
                    "<scenario.json>",
                    [.option(Options.vary.declaration), .oneOf([[Options.to.declaration], [Options.toSpring.declaration], [Options.target.declaration]])]
                        + optional.map(CommandHelp.Usage.Item.option)),
            ],
            sections: [
                .init("ARGUMENTS", [.row("<scenario.json>", "The scenario file.")]),
                .init("REFERENCE (exactly one of --to, --to-spring, --target)", options: references),
                .init("WHAT IS COMPARED", selection.map(CommandHelp.Entry.option) + [
                    .text("A run CSV: each selected row with the same element at the same frame (center distance)."),
                    .text("A curve: linear interpolation at each frame time within its time range."),
                    .text("--to-spring: from the release frame R, each element displaced ≥ 0.5 pt at R"),
                    .text("against uₑ(R)·d((f − R + 1)/hz)/d(1/hz), d = 1 − the unit step response."),
                ]),
                .init("SEARCH", options: search + measure),
                .init("OUTPUT", options: output + [CommonOptions.help.declaration]),
            ])
    }()

    // MARK: - Values

    var file: String
    var parameters: [FitParameter]
    var referencePath: String?
    var spring: SpringReferenceSpec?
    var ranking: Ranking?
    var selection: FitSelection
    var column: String?
    var curveValue: CurveReference.Value?
    var timeShift: Double?
    var search: FitSearch
    var criteria: SettleCriteria
    var plotPath: String?
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(_ arguments: ParsedArguments) throws(CommandError) {
        parameters = try arguments.values(Options.vary)
        referencePath = try arguments.value(Options.to)
        spring = try arguments.value(Options.toSpring)
        let targets = try arguments.values(Options.target)
        let scales = try arguments.values(Options.scale)
        if !targets.isEmpty {
            do throws(SweepSpecError) {
                ranking = try Ranking(targets: targets.joined(separator: ","), scales: scales)
            } catch {
                throw arguments.usageError("--target: \(error.message)")
            }
        } else if !scales.isEmpty {
            throw arguments.usageError("--scale needs --target")
        }
        selection = FitSelection(kinds: try arguments.values(Options.kind), paths: try arguments.values(Options.element))
        column = try arguments.value(Options.column)
        curveValue = try arguments.value(Options.curveValue)
        timeShift = try arguments.value(Options.timeShift)
        search = FitSearch(
            maxRuns: try arguments.value(Options.maxRuns) ?? FitSearch.defaultMaxRuns, jobs: try arguments.value(GridOptions.jobs) ?? 1,
            gridPoints: try arguments.value(Options.grid))
        criteria = SettleCriteria(
            distance: try arguments.value(GridOptions.settleDistance) ?? 0.5, speed: try arguments.value(GridOptions.settleSpeed) ?? 1)
        plotPath = try arguments.value(Options.plot)
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        file = try CommonOptions.scenarioFile(arguments)
    }

    func validate() throws(CommandError) {
        func usage(_ message: String) -> CommandError { .usage(message, command: Self.name) }
        guard !parameters.isEmpty else { throw usage("nothing to fit: give one to four --vary PATH=LOW:HIGH") }
        guard parameters.count <= FitPlan.maximumParameters else {
            throw usage("fit varies at most \(FitPlan.maximumParameters) parameters, got \(parameters.count)")
        }
        let given = [(referencePath != nil, "--to"), (spring != nil, "--to-spring"), (ranking != nil, "--target")].filter(\.0).map(\.1)
        guard given.count == 1 else {
            throw usage(given.isEmpty ? "no reference: give --to FILE.csv, --to-spring 'VOCABULARY NAME=V …' or --target M=V" : "give one reference, not \(given.joined(separator: " and "))")
        }
        if ranking != nil && !(selection.kinds.isEmpty && selection.paths.isEmpty) {
            throw usage("--element and --kind choose what a reference is compared with; --target measures every sprung element as 'sweep' does")
        }
        if plotPath != nil && ranking != nil { throw usage("--plot draws a reference and the fitted motion; --target has no reference motion") }
        if referencePath == nil, let option = [(column != nil, "--column"), (curveValue != nil, "--curve-value"), (timeShift != nil, "--time-shift")].first(where: \.0)?.1 {
            throw usage("\(option) applies to a curve given with --to")
        }
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        try files.input(file, role: "the scenario")
        if let referencePath { try files.input(referencePath, role: "the reference") }
        let plotTarget = try plotPath.map { (path) throws(CommandError) in try files.output(path, option: "--plot") }
        let reference = try readReference()
        let result: FitResult
        let plan: FitPlan
        do throws(FitError) {
            plan = try FitPlan.load(
                file: file, baseOverrides: overrides, parameters: parameters, reference: reference, criteria: criteria, budget: budget)
            var search = search
            search.overlay = plotTarget != nil
            result = try search.run(plan) { Console.error("tether: fit: \($0)") }
        } catch {
            throw .failure(error.message, error.exitCode)
        }
        try files.inputs(namedBy: plan.namedFiles)
        Console.output(report(result, plan: plan))
        if let plotTarget, let overlay = result.comparison.overlay {
            let plot = FitPlot.plot(overlay, scenario: plan.baseScenario, title: "\(plan.baseScenario.name): fitted (solid) to \(Self.shortReference(reference)) (dashed)")
            return try RenderCommand.write(plot.svg(), to: plotTarget)
        }
        return .success
    }

    /// The reference the options name; a `--to` file is a Tether CSV when its header has the
    /// `run` columns, else a curve.
    private func readReference() throws(CommandError) -> FitReference {
        if let spring { return .spring(SpringReference(spec: spring, selection: selection)) }
        if let ranking { return .targets(ranking) }
        guard let referencePath else { preconditionFailure("validate() requires one reference") }
        let text: String
        do {
            text = String(decoding: try InputFile.read(referencePath, limit: ScenarioLoader.maxFileSize), as: UTF8.self)
        } catch {
            throw .input(error)
        }
        let header = text.prefix { $0 != "\n" && $0 != "\r\n" }.split(separator: ",").map(String.init)
        do throws(FitError) {
            if ["frame", "kind", "center_x", "center_y"].allSatisfy(header.contains) {
                if let option = [(column != nil, "--column"), (curveValue != nil, "--curve-value"), (timeShift != nil, "--time-shift")].first(where: \.0)?.1 {
                    throw FitError("\(option) applies to a curve; \(referencePath) is a CSV of 'tether run' (see 'tether fit --help')", kind: .usage)
                }
                return .trajectory(try TrajectoryReference(file: referencePath, text: text, selection: selection))
            }
            guard selection.paths.count == 1, selection.kinds.count <= 1 else {
                throw FitError("\(referencePath) is a curve of one element: name it with one --element SECTION,ITEM (and --kind if it is not a cell) (see 'tether fit --help')", kind: .usage)
            }
            let path = selection.paths[0]
            let element = FitElementKey(kind: selection.kinds.first ?? .cell, section: path.section, item: path.item)
            return .curve(try CurveReference(
                file: referencePath, text: text, column: column, element: element, value: curveValue ?? .displacement, shift: timeShift ?? 0))
        } catch {
            throw .failure(error.message, error.exitCode)
        }
    }

    static func shortReference(_ reference: FitReference) -> String {
        switch reference {
        case .trajectory(let r): r.file
        case .curve(let r): r.file
        case .spring(let r): r.spec.text
        case .targets: "targets"
        }
    }

    // MARK: - Output

    func report(_ result: FitResult, plan: FitPlan) -> String {
        let names = plan.parameters.map(\.name)
        let width = names.map(\.count).max() ?? 0
        func pad(_ text: String, _ n: Int) -> String { text + String(repeating: " ", count: max(0, n - text.count)) }
        func pt(_ x: Double) -> String { FixedText.format(x, decimals: 4) + " pt" }
        func measure(_ comparison: FitComparison) -> String {
            if let residual = comparison.residual { return "RMS " + pt(residual.rms) }
            return comparison.objective.isFinite ? "score " + FixedText.format(comparison.objective, decimals: 4) : "no score"
        }
        var lines = ["fit: \(file)", "reference: \(plan.reference.summary)", "", "best:"]
        for (parameter, value) in zip(plan.parameters, result.values) {
            lines.append("  \(pad(parameter.name, width))  \(pad(parameter.text(value), 12))  (searched \(FitParameter.number(parameter.low)) … \(FitParameter.number(parameter.high)))")
        }
        let comparison = result.comparison
        if let residual = comparison.residual {
            lines.append(
                "residual: RMS \(pt(residual.rms)), max \(pt(residual.largest)) over \(residual.points) points "
                    + "(\(residual.frames) frame\(residual.frames == 1 ? "" : "s"), \(residual.elements) element\(residual.elements == 1 ? "" : "s"))")
        }
        if let metrics = comparison.metrics, case .targets(let ranking) = plan.reference {
            lines.append("metrics (target, scale):")
            let metricWidth = ranking.terms.map(\.metric.rawValue.count).max() ?? 0
            for term in ranking.terms {
                let value = metrics.value(of: term.metric).map { FixedText.format($0, decimals: term.metric.decimals) + " " + term.metric.unit } ?? "never"
                lines.append("  \(pad(term.metric.rawValue, metricWidth))  \(pad(value, 12))  (\(FitParameter.number(term.target)), \(FitParameter.number(term.scale)))")
            }
            lines.append("score: \(comparison.objective.isFinite ? FixedText.format(comparison.objective, decimals: 4) : "none (a targeted metric is missing)")")
        }
        let r = result.replays
        let grid = Array(repeating: String(result.gridPoints), count: plan.parameters.count).joined(separator: " × ")
        lines.append(
            "replays: \(r.total) of at most \(search.maxRuns): grid \(grid) = \(r.grid), Nelder–Mead \(r.local) from \(result.starts) start\(result.starts == 1 ? "" : "s") "
                + "(\(result.converged) converged), best 1, sharpness \(r.sharpness)")
        lines += ["", "sharpness (\(comparison.residual == nil ? "score" : "RMS") a step of 2 % of the range either side, the others held):"]
        for entry in result.sharpness {
            let parameter = plan.parameters[entry.parameter]
            func side(_ s: FitSharpness.Side?) -> String {
                guard let s else { return pad("(on the bound)", 30) }
                return pad("\(parameter.text(s.value)): \(measure(s.comparison))", 30)
            }
            lines.append("  \(pad(parameter.name, width))  − \(side(entry.lower))  + \(side(entry.upper))")
        }
        if let spring = plan.spring(at: result.values) {
            let table = SpringCommand.table(spring, input: .uikit).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            lines += ["", "spring (the scenario's, per unit mass, as 'tether spring' prints it):"] + table.map { "  " + $0 }
        }
        let sets = plan.baseOverrides.map { "--set " + Self.shellWord("\($0.path)=\(SweepAxis.label($0.value))") }
            + zip(plan.parameters, result.values).map { "--set " + Self.shellWord("\($0.name)=\($0.text($1))") }
        lines += ["", "replay: tether run \(Self.shellWord(file)) \(sets.joined(separator: " "))"]
        return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    /// A word as a shell reads it back: bare when it is plain, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || "._/=:,+-@%".contains($0) } && text.allSatisfy(\.isASCII)
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
