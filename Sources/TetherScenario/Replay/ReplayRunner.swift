/// Runs a replay to the end, handing every selected frame to a writer (streaming: frames are
/// never kept in memory).
public enum ReplayRunner {
    /// What a finished run knows that the frames do not say.
    public struct Summary: Sendable, Hashable {
        /// The frame at which the scene came to rest and stayed at rest to the end, if it did.
        public var restingSince: Int?
        /// The last frame simulated.
        public var lastFrame: Int
    }

    /// The CSV `tether run` prints for the scenario with its own output settings (what its
    /// golden holds), built in memory.
    public static func csv(for scenario: Scenario) throws -> [UInt8] {
        let sink = OutputSink.inMemory()
        var writer = makeFrameWriter(.csv, sink: sink)
        try run(scenario, items: scenario.output.items, every: scenario.output.every, writer: &writer)
        try sink.flush()
        return sink.collectedBytes
    }

    /// Writes frame 0 and every `every`-th frame after it. With `untilRest` the run ends at the
    /// first frame where the scene is at rest and no event is left (that frame is written).
    /// Rows are built only for a writer that reads them (`FrameWriter.readsRows`), a part at a
    /// time when they can be (`SceneReplay.write(to:items:record:)`).
    @discardableResult
    public static func run(
        _ scenario: Scenario, items: Scenario.ItemSelection, every: Int, untilRest: Bool = false,
        writer: inout any FrameWriter, contacts: OutputSink? = nil
    ) throws -> Summary {
        var replay = makeReplay(scenario)
        // One record for the whole run: each frame's rows overwrite the last's in place.
        var record = FrameRecord()
        try writer.begin(OutputHeader(scenario: scenario.name, hz: scenario.clock.hz, metadata: []))
        try replay.write(to: &writer, items: items, record: &record)
        while !replay.isFinished {
            try replay.advance()
            if let contacts {
                for record in replay.contactRecords { try contacts.write(record.jsonLine) }
            }
            let stop = untilRest && replay.restingSince != nil && !replay.hasPendingEvents
            if replay.frame % every == 0 || stop {
                try replay.write(to: &writer, items: items, record: &record)
            }
            if stop { break }
        }
        let summary = Summary(restingSince: replay.restingSince, lastFrame: replay.frame)
        try writer.finish(trailer: [("restingSince", summary.restingSince.map(String.init) ?? "null")])
        try contacts?.flush()
        return summary
    }
}
