import TetherJSON
import TetherRender
import TetherScenario

/// `tether render SCENARIO -o FILE.html|FILE.svg`: a picture of a replay.
struct RenderCommand: TetherCommand {
    static let name = "render"
    static let abstract = "Draw a replay: an HTML player or an animated SVG."

    enum Format: String {
        case html
        case svg
    }

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let output = CommonOptions.output(value: "FILE.html|FILE.svg")
        static let format = Option<Format>(
            "--format", value: "html|svg", help: "The picture (default: from FILE's extension, else html).",
            expected: "html or svg", parse: { Format(rawValue: $0) })
        static let items = Option<Scenario.ItemSelection>(
            "--items", value: "visible|all", help: "Draw the elements that intersect the viewport (default), or all.",
            expected: "visible or all", parse: { Scenario.ItemSelection(rawValue: $0) })
        static let every = Option<Int>(
            "--every", value: "N",
            help: """
                Record frame 0 and every N-th frame (smaller files; plays at the
                same speed).
                """,
            expected: "a whole number ≥ 1", parse: OptionValue.wholeNumber(in: 1...Int.max))
        static let startFrame = Option<Int>(
            "--start-frame", value: "N", help: "HTML: open paused at recorded frame N instead of playing.",
            expected: "a whole number ≥ 0", parse: OptionValue.wholeNumber(in: 0...Int.max))
        static let tolerance = Option<Double>(
            "--tolerance", value: "PT",
            help: """
                SVG: how far a drawn position may be from the recorded one, in
                points (default 0.25); larger makes smaller files.
                """,
            expected: "a number ≥ 0", parse: OptionValue.nonNegative)
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            HTML: one self-contained page (no network) that plays the run at the scenario's clock:
            the viewport and content offset, the cells (coloured by section, labelled with their item),
            springs to their anchors, the finger; play/pause, a frame slider, speed 0.25×–2×,
            ← / → to step a frame, space to play or pause. Open FILE.html#frame=N to start at frame N.
            SVG: an animated picture (SMIL, no script) of the same run, small enough for a README.
            World scenes: the reference bounds as the stage, items labelled with their ids,
            boundaries, attachments and snaps as lines, and a dot where a contact began.
            """,
        lead: "<scenario.json>", arguments: [("<scenario.json>", "The scenario file.")],
        options: [
            Options.output.declaration, Options.format.declaration, Options.items.declaration, Options.every.declaration, Options.startFrame.declaration,
            Options.tolerance.declaration,
        ] + CommonOptions.scenarioOptions)

    var file: String
    var outputPath: String?
    /// --format; nil to take the format from the output's name.
    var requestedFormat: Format?
    var items: Scenario.ItemSelection
    var every: Int
    var startFrame: Int?
    var tolerance: Double
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(_ arguments: ParsedArguments) throws(CommandError) {
        outputPath = try arguments.value(Options.output)
        requestedFormat = try arguments.value(Options.format)
        items = try arguments.value(Options.items) ?? .visible
        every = try arguments.value(Options.every) ?? 1
        startFrame = try arguments.value(Options.startFrame)
        tolerance = try arguments.value(Options.tolerance) ?? 0.25
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        file = try CommonOptions.scenarioFile(arguments)
    }

    /// The picture to draw: --format, else the output's extension (.svg, else HTML).
    var format: Format {
        requestedFormat ?? (outputPath?.lowercased().hasSuffix(".svg") == true ? .svg : .html)
    }

    /// Without --format, the output must be named .html, .htm or .svg (or be standard output).
    func validate() throws(CommandError) {
        guard requestedFormat == nil, let outputPath, outputPath != "-" else { return }
        let name = outputPath.lowercased()
        if !name.hasSuffix(".svg") && !name.hasSuffix(".html") && !name.hasSuffix(".htm") {
            throw .usage("cannot tell the format from '\(MessageText.plain(outputPath))': name it .html or .svg, or give --format", command: Self.name)
        }
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        try files.input(file, role: "the scenario")
        let target = try files.output(outputPath, option: "-o")
        let scenario = try CommonOptions.load(file, overrides: overrides, budget: budget)
        try files.inputs(namedBy: scenario.namedFiles)
        let recording: RenderRecording
        do {
            recording = try RenderRecording.record(scenario, items: items, every: every)
        } catch {
            throw .replay(file: file, error)
        }
        let bytes: [UInt8] = switch format {
        case .html: HTMLPlayer.document(PlayerScene(recording: recording, startFrame: startFrame))
        case .svg: AnimatedSVG.document(recording, options: AnimatedSVG.Options(tolerance: tolerance))
        }
        return try Self.write(bytes, to: target)
    }

    /// Writes a whole picture to its target; a closed pipe ends quietly.
    static func write(_ bytes: [UInt8], to target: OutputTarget) throws(CommandError) -> ExitCode {
        do {
            try OutputFile.write(bytes, to: target)
        } catch {
            if case .brokenPipe = error { return .success }
            throw .output(error)
        }
        return .success
    }
}
