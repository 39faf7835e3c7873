import TetherPhysics
import TetherScenario

/// `tether run SCENARIO`: replays a scenario and writes every frame's attributes.
struct RunCommand: TetherCommand {
    static let name = "run"
    static let abstract = "Replay a scenario and print every frame's attributes."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let format = Option<OutputFormat>(
            "--format", value: "FORMAT", help: "csv (default), json, jsonl, or none (run only: exit status and timing).",
            expected: "csv, json, jsonl or none", parse: { OutputFormat(rawValue: $0) })
        static let output = CommonOptions.output(value: "FILE")
        static let items = Option<Scenario.ItemSelection>(
            "--items", value: "visible|all",
            help: """
                Elements that intersect the viewport (default), or every element.
                Overrides the scenario's "output.items".
                """,
            expected: "visible or all", parse: { Scenario.ItemSelection(rawValue: $0) })
        static let every = Option<Int>(
            "--every", value: "N", help: "Print frame 0 and every N-th frame after it. Overrides \"output.every\".",
            expected: "a whole number ≥ 1", parse: OptionValue.wholeNumber(in: 1...Int.max))
        static let contacts = Option<String>(
            "--contacts", value: "FILE",
            help: """
                Also write UIKit's collision callbacks (contact began/ended) as JSON
                Lines: frame, the two items or the item and boundary id, the point.
                """)
        static let untilRest = Flag(
            "--until-rest",
            help: """
                Stop at the first frame where the scene is at rest (the world paused,
                the content offset still) and no event is left; that frame is printed.
                """)
    }

    static let help = CommandHelp(
        overview: abstract, lead: "<scenario.json>", arguments: [("<scenario.json>", "The scenario file.")],
        options: [
            Options.format.declaration, Options.output.declaration, Options.items.declaration, Options.every.declaration, Options.contacts.declaration,
            Options.untilRest.declaration, CommonOptions.threads.declaration,
        ] + CommonOptions.scenarioOptions)

    var file: String
    var format: OutputFormat
    var outputPath: String?
    var items: Scenario.ItemSelection?
    var every: Int?
    var untilRest: Bool
    var contactsPath: String?
    var overrides: [ScenarioOverride]
    var budget: WorkBudget
    var threads: Int

    init(_ arguments: ParsedArguments) throws(CommandError) {
        format = try arguments.value(Options.format) ?? .csv
        outputPath = try arguments.value(Options.output)
        items = try arguments.value(Options.items)
        every = try arguments.value(Options.every)
        untilRest = arguments.isSet(Options.untilRest)
        contactsPath = try arguments.value(Options.contacts)
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        threads = try arguments.value(CommonOptions.threads) ?? 1
        file = try CommonOptions.scenarioFile(arguments)
    }

    func run() throws(CommandError) -> ExitCode {
        var files = CommandFiles(command: Self.name)
        try files.input(file, role: "the scenario")
        let framesTarget = try files.output(outputPath, option: "-o")
        let contactsTarget = try contactsPath.map { (path) throws(CommandError) in try files.output(path, option: "--contacts") }
        var scenario = try CommonOptions.load(file, overrides: overrides, budget: budget)
        scenario.workers = StepWorkers(threads: threads)
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
