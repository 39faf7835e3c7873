import TetherPhysics

/// Times the replay loop (events, scrolling, dynamics and physics steps) without output, and
/// on request the output on its own: every frame's rows formatted by a writer.
///
/// Wall-clock time only measures; it never reaches the simulated numbers.
public struct Benchmark: Sendable {
    public struct Result: Sendable {
        /// Seconds of each repeat, in run order.
        public var seconds: [Double]
        public var frames: Int
        /// Σ over steps actually taken of the bodies stepped.
        public var itemFrames: Int
        /// Σ over frames of the contacts (pairs with at least one manifold point) and of their
        /// points, from the last repeat: how much work the contact solver had.
        public var contactFrames = 0
        public var contactPointFrames = 0

        public var medianSeconds: Double { median(seconds) }

        public var framesPerSecond: Double { Double(frames) / medianSeconds }
        public var itemFramesPerSecond: Double { Double(itemFrames) / medianSeconds }
    }

    /// The time a writer took over a whole replay's frames.
    public struct OutputResult: Sendable {
        public var format: OutputFormat
        /// Seconds of each repeat, in run order.
        public var seconds: [Double]
        /// Seconds of each repeat's second run, which only builds the same frames' rows
        /// (`record(into:items:)`, or `fillRows` a part of a frame at a time): a figure beside
        /// `seconds`, not a share of it.
        public var rowSeconds: [Double]
        /// Bytes of one run (every run writes the same).
        public var bytes: Int

        public var medianSeconds: Double { median(seconds) }
        public var medianRowSeconds: Double { median(rowSeconds) }
        public var bytesPerSecond: Double { Double(bytes) / medianSeconds }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Loads a scenario file (reading, parsing, validation, and any elements file it names) and
    /// times it once: the figure `tether bench` prints as the load time.
    public static func load(
        _ file: String, overrides: [ScenarioOverride], budget: WorkBudget = .standard
    ) throws(ScenarioLoadError) -> (scenario: Scenario, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let scenario = try ScenarioLoader.load(file, overrides: overrides, budget: budget)
        return (scenario, (clock.now - start).inSeconds)
    }

    /// Times `repeats` runs. Pausing at rest is off unless `allowsPause`, so every frame is stepped
    /// (as in the reference engines' figures, which ran with sleeping off).
    public static func run(_ scenario: Scenario, repeats: Int, allowsPause: Bool = false) throws -> Result {
        var scenario = scenario
        scenario.allowsPause = allowsPause
        var seconds: [Double] = []
        var itemFrames = 0
        var contactFrames = 0
        var contactPointFrames = 0
        let clock = ContinuousClock()
        for _ in 0..<repeats {
            var replay = makeReplay(scenario)
            var contacts = 0
            var points = 0
            // Only the stepping is timed (as in the reference engines' figures); counting the
            // contacts for the report happens between the timed calls.
            var elapsed = Duration.zero
            while !replay.isFinished {
                let start = clock.now
                try replay.advance()
                elapsed += clock.now - start
                contacts += replay.world.contactCount
                points += replay.world.contactPointCount
            }
            // Steps of a paused world do nothing and are not counted.
            itemFrames = replay.world.bodyStepCount
            seconds.append(elapsed.inSeconds)
            contactFrames = contacts
            contactPointFrames = points
        }
        return Result(
            seconds: seconds, frames: scenario.frames, itemFrames: itemFrames,
            contactFrames: contactFrames, contactPointFrames: contactPointFrames)
    }

    /// Times `repeats` runs of the output alone: building every frame's rows (all elements, as
    /// `run --items all`, a part at a time where `run` does so) and formatting them into a sink
    /// that drops the bytes. The steps between frames are not timed. Pausing at rest is off, as
    /// for the steps.
    ///
    /// The rows' share is timed in a second run of each repeat, which builds the same frames'
    /// rows the same way (each after its step, a part at a time when the writer takes parts)
    /// and writes nothing (`RowBuildingWriter`). Timing each part inside the output's run took
    /// two clock reads a part, counted in the output's time and the rows'; both runs now read
    /// the clock twice a frame.
    public static func output(_ scenario: Scenario, format: OutputFormat, repeats: Int) throws -> OutputResult {
        var scenario = scenario
        scenario.allowsPause = false
        var seconds: [Double] = []
        var rowSeconds: [Double] = []
        var bytes = 0
        for _ in 0..<repeats {
            let sink = OutputSink.discarding()
            var writer = makeFrameWriter(format, sink: sink)
            var rowsOnly: any FrameWriter = RowBuildingWriter(standingInFor: writer)
            seconds.append(try timeFrames(of: scenario, writer: &writer, sink: sink))
            rowSeconds.append(try timeFrames(of: scenario, writer: &rowsOnly, sink: nil))
            bytes = sink.bytesWritten
        }
        return OutputResult(format: format, seconds: seconds, rowSeconds: rowSeconds, bytes: bytes)
    }

    /// Seconds `writer` took over a replay of `scenario`'s frames, as `tether run` writes them
    /// (rows built a part at a time and each part written at once where the writer takes
    /// parts), each frame timed whole; the steps between frames are not timed.
    private static func timeFrames(of scenario: Scenario, writer: inout any FrameWriter, sink: OutputSink?) throws -> Double {
        let clock = ContinuousClock()
        var replay = makeReplay(scenario)
        var record = FrameRecord()
        var elapsed = Duration.zero
        var start = clock.now
        try writer.begin(OutputHeader(scenario: scenario.name, hz: scenario.clock.hz, metadata: []))
        elapsed += clock.now - start
        while true {
            start = clock.now
            try replay.write(to: &writer, items: .all, record: &record)
            elapsed += clock.now - start
            if replay.isFinished { break }
            try replay.advance()
        }
        start = clock.now
        try writer.finish(trailer: [("restingSince", "null")])
        try sink?.flush()
        elapsed += clock.now - start
        return elapsed.inSeconds
    }
}
