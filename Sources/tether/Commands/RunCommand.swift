import TetherScenario

/// `tether run SCENARIO`: replays a scenario and writes every frame's attributes.
struct RunCommand: TetherCommand {
    static let name = "run"
    static let abstract = "Replay a scenario and print every frame's attributes."
    static let usage = "tether run <scenario.json> [--format csv|json|jsonl|none] [-o FILE] [--items visible|all] [--every N] [--until-rest] [--contacts FILE] [--set PATH=VALUE ...]"
    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: \(usage)

        ARGUMENTS:
          <scenario.json>         The scenario file.

        OPTIONS:
          --format FORMAT         csv (default), json, jsonl, or none (run only: exit status and timing).
          -o, --output FILE       Write to FILE instead of standard output (- is standard output).
                                  A file is written to a temporary file and renamed on success;
                                  a device, FIFO or socket is written in place (see README).
          --items visible|all     Elements that intersect the viewport (default), or every element.
                                  Overrides the scenario's "output.items".
          --every N               Print frame 0 and every N-th frame after it. Overrides "output.every".
          --contacts FILE         Also write UIKit's collision callbacks (contact began/ended) as JSON
                                  Lines: frame, the two items or the item and boundary id, the point.
          --until-rest            Stop at the first frame where the scene is at rest (the world paused,
                                  the content offset still) and no event is left; that frame is printed.
        \(CommonOptions.setHelp)
        \(CommonOptions.maxWorkHelp)
          -h, --help              Show help information.

        \(Tether.exitCodeHelp)
        """
    }

    var file: String
    var format: OutputFormat
    var outputPath: String?
    var items: Scenario.ItemSelection?
    var every: Int?
    var untilRest: Bool
    var contactsPath: String?
    var overrides: [ScenarioOverride]
    var budget: WorkBudget

    init(parsing arguments: inout ArgumentList) throws(CommandError) {
        format = try arguments.option("--format", OutputFormat.init(rawValue:), expected: "csv, json, jsonl or none") ?? .csv
        outputPath = try arguments.option("-o", "--output")
        items = try arguments.option("--items", Scenario.ItemSelection.init(rawValue:), expected: "visible or all")
        every = try arguments.option("--every", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }, expected: "a whole number ≥ 1")
        untilRest = arguments.flag("--until-rest")
        contactsPath = try arguments.option("--contacts")
        overrides = try CommonOptions.overrides(&arguments)
        budget = try CommonOptions.budget(&arguments)
        let files = try arguments.positionals()
        guard files.count == 1 else {
            throw .usage(files.isEmpty ? "missing scenario file" : "expected one scenario file, got \(files.count)", command: Self.name)
        }
        file = files[0]
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        try files.input(file, role: "the scenario")
        let framesTarget = try files.output(outputPath, option: "-o")
        let contactsTarget = try contactsPath.map { (path) throws(CommandError) in try files.output(path, option: "--contacts") }
        let scenario = try CommonOptions.load(file, overrides: overrides, budget: budget)
        try files.inputs(namedBy: scenario.namedFiles)
        // Files are written to temporary names and renamed only when the whole run succeeded.
        var opened: [OutputFile] = []
        do {
            let frames = try OutputFile(framesTarget)
            opened.append(frames)
            let contacts = try contactsTarget.map { (target) throws(OutputError) in try OutputFile(target) }
            if let contacts { opened.append(contacts) }
            try write(scenario, to: frames.sink, contacts: contacts?.sink)
            for output in opened { try output.commit() }
        } catch let error as ReplayError {
            for output in opened { output.abandon() }
            throw .replay(file: file, error)
        } catch let error as OutputError {
            for output in opened { output.abandon() }
            if case .brokenPipe = error { return .success }
            throw .output(error)
        } catch {
            for output in opened { output.abandon() }
            throw .failure("\(file): \(error)", .simulationFailure)
        }
        return .success
    }

    private func write(_ scenario: Scenario, to sink: OutputSink, contacts: OutputSink?) throws {
        var writer = makeFrameWriter(format, sink: sink)
        let summary = try ReplayRunner.run(
            scenario, items: items ?? scenario.output.items, every: every ?? scenario.output.every,
            untilRest: untilRest, writer: &writer, contacts: contacts)
        try sink.flush()
        if let frame = summary.restingSince {
            Console.error("tether: \(scenario.name): at rest from frame \(frame) (the world paused)")
        }
    }
}
