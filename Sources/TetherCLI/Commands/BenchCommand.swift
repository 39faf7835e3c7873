import TetherPhysics
import TetherScenario

/// `tether bench SCENARIO`: times the replay's steps (no output), median of several repeats;
/// with `--format`, also the output's formatting on its own.
struct BenchCommand: TetherCommand {
    static let name = "bench"
    static let abstract = "Time the stepping loop of a scenario (use a release build)."

    /// Every option, declared once: usage, help and parsing read these.
    enum Options {
        static let repeats = Option<Int>(
            "--repeat", value: "N", help: "Number of timed runs (default 5).",
            expected: "a whole number from 1 to 1000", parse: OptionValue.wholeNumber(in: 1...1000))
        static let format = Option<OutputFormat>(
            "--format", value: "csv|json|jsonl",
            help: """
                Also time the output on its own, in runs of their own: every frame's
                rows (every element, as run --items all) formatted by that writer into
                a sink that drops them. Prints MB per run and MB/s, and the time
                building the rows takes, timed in runs that only build them.
                """,
            expected: "csv, json or jsonl", parse: { $0 == "none" ? nil : OutputFormat(rawValue: $0) })
    }

    static let help = CommandHelp(
        overview: """
            \(abstract)
            Runs the scenario N times without writing frames and prints the median wall time of the
            steps (events and physics; nothing else is timed), frames/s and item-frames/s (bodies
            stepped × frames, per second), and for world scenes the contacts and contact points per
            frame, and how long loading the scenario took once (reading, parsing and checking it, with
            a custom layout's elements file). Pausing at rest is off, so every frame is stepped. Build
            with `swift build -c release` (or `swift run -c release tether bench …`): debug builds are
            10–50× slower.
            """,
        lead: "<scenario.json>", options: [Options.repeats.declaration, Options.format.declaration, CommonOptions.threads.declaration]
            + CommonOptions.scenarioOptions)

    var file: String
    var repeats: Int
    var outputFormat: OutputFormat?
    var overrides: [ScenarioOverride]
    var budget: WorkBudget
    var threads: Int

    init(_ arguments: ParsedArguments) throws(CommandError) {
        repeats = try arguments.value(Options.repeats) ?? 5
        outputFormat = try arguments.value(Options.format)
        overrides = try arguments.values(CommonOptions.set)
        budget = try arguments.value(CommonOptions.maxWork) ?? .standard
        threads = try arguments.value(CommonOptions.threads) ?? 1
        file = try CommonOptions.scenarioFile(arguments)
    }

    func run() throws(CommandError) -> ExitCode {
        var scenario: Scenario
        let loadSeconds: Double
        do {
            (scenario, loadSeconds) = try Benchmark.load(file, overrides: overrides, budget: budget)
        } catch {
            throw .scenario(error)
        }
        scenario.workers = StepWorkers(threads: threads)
        #if DEBUG
            Console.error("tether: warning: this is a debug build; quote figures from `swift run -c release tether bench`")
        #endif
        let result = try replaying { try Benchmark.run(scenario, repeats: repeats) }
        let runs = result.seconds.map { String(format3($0 * 1000)) + " ms" }.joined(separator: ", ")
        Console.output("""
            scenario:          \(scenario.name)
            load:              \(format3(loadSeconds * 1000)) ms (read, parse and check the file, once)
            frames:            \(result.frames) (\(scenario.clock.hz) Hz × \(scenario.clock.substeps) substeps)
            threads:           \(threads)
            item-frames:       \(result.itemFrames)
            runs:              \(runs)
            median:            \(format3(result.medianSeconds * 1000)) ms
            frames/s:          \(format3(result.framesPerSecond))
            item-frames/s:     \(format3(result.itemFramesPerSecond / 1e6)) M
            """)
        if result.contactFrames > 0 {
            let frames = Double(result.frames)
            let contacts = format3(Double(result.contactFrames) / frames)
            let points = format3(Double(result.contactPointFrames) / frames)
            Console.output("contacts/frame:    \(contacts) (\(points) points)")
        }
        if let report = scenario.workers.helperReport, report.splitSteps > 0 {
            let share = format3(100 * report.shareWithHelpers)
            Console.output(
                "helpers:           in \(share) % of \(report.splitSteps) steps with work for them (\(report.stalls) stalls, "
                    + "\(report.switches) switches, \(report.probesPassed) probes let pass with no processor free)")
        }
        if let outputFormat {
            let output = try replaying { try Benchmark.output(scenario, format: outputFormat, repeats: repeats) }
            Console.output("""
                output:            \(format3(Double(output.bytes) / 1e6)) MB of \(outputFormat.rawValue) per run (every frame, every element)
                output median:     \(format3(output.medianSeconds * 1000)) ms
                output MB/s:       \(format3(output.bytesPerSecond / 1e6))
                output rows:       \(format3(output.medianRowSeconds * 1000)) ms building the frames' rows (median of runs that only build them)
                """)
        }
        return .success
    }

    /// A timed replay; its failures as `run` reports them.
    private func replaying<Result>(_ body: () throws -> Result) throws(CommandError) -> Result {
        do {
            return try body()
        } catch let error as ReplayError {
            throw .replay(file: file, error)
        } catch {
            throw .failure("\(file): \(error)", .simulationFailure)
        }
    }

    private func format3(_ x: Double) -> String { FixedDecimal.text(x, decimals: 3) }
}
