import TetherRender
import TetherScenario

/// `tether render SCENARIO -o FILE.html|FILE.svg`: a picture of a replay.
struct RenderCommand: TetherCommand {
    static let name = "render"
    static let abstract = "Draw a replay: an HTML player or an animated SVG."
    static let usage = "tether render <scenario.json> -o FILE.html|FILE.svg [--format html|svg] [--items visible|all] [--every N] [--start-frame N] [--tolerance PT] [--set PATH=VALUE ...]"
    static var help: String {
        """
        OVERVIEW: \(abstract)
        HTML: one self-contained page (no network) that plays the run at the scenario's clock:
        the viewport and content offset, the cells (coloured by section, labelled with their item),
        springs to their anchors, the finger; play/pause, a frame slider, speed 0.25×–2×,
        ← / → to step a frame, space to play or pause. Open FILE.html#frame=N to start at frame N.
        SVG: an animated picture (SMIL, no script) of the same run, small enough for a README.
        World scenes: the reference bounds as the stage, items labelled with their ids,
        boundaries, attachments and snaps as lines, and a dot where a contact began.

        USAGE: \(usage)

        ARGUMENTS:
          <scenario.json>         The scenario file.

        OPTIONS:
          -o, --output FILE       Write to FILE (a file through a temporary file and a rename; see
                                  README); without it, or with -, to standard output.
          --format html|svg       The picture (default: from FILE's extension, else html).
          --items visible|all     Draw the elements that intersect the viewport (default), or all.
          --every N               Record frame 0 and every N-th frame (smaller files; plays at the
                                  same speed).
          --start-frame N         HTML: open paused at recorded frame N instead of playing.
          --tolerance PT          SVG: how far a drawn position may be from the recorded one, in
                                  points (default 0.25); larger makes smaller files.
        \(CommonOptions.setHelp)
        \(CommonOptions.maxWorkHelp)
          -h, --help              Show help information.

        \(Tether.exitCodeHelp)
        """
    }

    enum Format: String {
        case html
        case svg
    }

    var file: String
    var outputPath: String?
    var format: Format
    var items: Scenario.ItemSelection
    var every: Int
    var startFrame: Int?
    var tolerance: Double
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        outputPath = try arguments.option("-o", "--output")
        let explicit = try arguments.option("--format", Format.init(rawValue:), expected: "html or svg")
        items = try arguments.option("--items", Scenario.ItemSelection.init(rawValue:), expected: "visible or all") ?? .visible
        every = try arguments.option("--every", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }, expected: "a whole number ≥ 1") ?? 1
        startFrame = try arguments.option("--start-frame", { Int($0).flatMap { $0 >= 0 ? $0 : nil } }, expected: "a whole number ≥ 0")
        tolerance = try arguments.option("--tolerance", { Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } }, expected: "a number ≥ 0") ?? 0.25
        overrides = try CommonOptions.overrides(&arguments)
        budget = try CommonOptions.budget(&arguments)
        let files = try arguments.positionals()
        guard files.count == 1 else {
            throw .usage(files.isEmpty ? "missing scenario file" : "expected one scenario file, got \(files.count)", command: Self.name)
        }
        file = files[0]
        if let explicit {
            format = explicit
        } else if let outputPath, outputPath.lowercased().hasSuffix(".svg") {
            format = .svg
        } else if let outputPath, outputPath != "-", !outputPath.lowercased().hasSuffix(".html") && !outputPath.lowercased().hasSuffix(".htm") {
            throw .usage("cannot tell the format from '\(outputPath)': name it .html or .svg, or give --format", command: Self.name)
        } else {
            format = .html
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
