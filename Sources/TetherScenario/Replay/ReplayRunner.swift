/// Runs a replay to the end, handing every selected frame to a writer (streaming: frames are
/// never kept in memory).
public enum ReplayRunner {
    /// Writes frame 0 and every `every`-th frame after it.
    public static func run(
        _ scenario: Scenario, items: Scenario.ItemSelection, every: Int, writer: inout any FrameWriter
    ) throws {
        var replay = Replay(scenario)
        try writer.begin(OutputHeader(scenario: scenario.name, hz: scenario.clock.hz, metadata: []))
        try writer.write(replay.frameRecord(items: items))
        while !replay.isFinished {
            try replay.advance()
            if replay.frame % every == 0 { try writer.write(replay.frameRecord(items: items)) }
        }
        try writer.finish()
    }
}
