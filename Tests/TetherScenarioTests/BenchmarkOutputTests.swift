import Testing
@testable import TetherScenario

/// `tether bench --format` times the output in one run and the rows alone in another
/// (`RowBuildingWriter`): the second must build the same rows the same way, whole frames or
/// parts as the writer it stands in for takes them.
@Suite struct BenchmarkOutputTests {
    /// Every frame of `name` written through `SceneReplay.write` to `writer`.
    func writeEveryFrame(_ name: String, to writer: inout any FrameWriter) throws -> (frames: Int, rows: Int) {
        var replay = makeReplay(try CustomLayoutFixtures.bundled(name))
        var record = FrameRecord()
        var frames = 0
        var rows = 0
        while true {
            try replay.write(to: &writer, items: .all, record: &record)
            rows += replay.frameRecord(items: .all).rows.count
            frames += 1
            if replay.isFinished { break }
            try replay.advance()
        }
        return (frames, rows)
    }

    @Test(arguments: ["vv-list", "pinned-headers", "pile-50"], OutputFormat.allCases)
    func theRowsRunReceivesEveryRowAsTheWriterWould(name: String, format: OutputFormat) throws {
        let writer = makeFrameWriter(format, sink: OutputSink.discarding())
        var standIn: any FrameWriter = RowBuildingWriter(standingInFor: writer)
        #expect(standIn.readsRows == writer.readsRows && standIn.writesFramesInParts == writer.writesFramesInParts)
        let (frames, rows) = try writeEveryFrame(name, to: &standIn)
        #expect(frames > 1)
        // A writer that drops the rows lets the replay skip building them.
        #expect((standIn as! RowBuildingWriter).rows == (writer.readsRows ? rows : 0))
    }

    @Test func aBenchOfTheOutputTimesEveryRepeatAndCountsTheBytesOfARun() throws {
        let scenario = try CustomLayoutFixtures.bundled("vv-list")
        let result = try Benchmark.output(scenario, format: .csv, repeats: 3)
        #expect(result.seconds.count == 3 && result.rowSeconds.count == 3)
        #expect(result.seconds.allSatisfy { $0 > 0 } && result.rowSeconds.allSatisfy { $0 > 0 })
        // The bytes are those of writing every frame, as `run --items all` does (pausing off).
        var noPause = scenario
        noPause.allowsPause = false
        let sink = OutputSink.discarding()
        var writer = makeFrameWriter(.csv, sink: sink)
        var replay = makeReplay(noPause)
        var record = FrameRecord()
        try writer.begin(OutputHeader(scenario: scenario.name, hz: scenario.clock.hz, metadata: []))
        while true {
            try replay.write(to: &writer, items: .all, record: &record)
            if replay.isFinished { break }
            try replay.advance()
        }
        try writer.finish(trailer: [("restingSince", "null")])
        try sink.flush()
        #expect(result.bytes == sink.bytesWritten && result.bytes > 0)
    }
}
