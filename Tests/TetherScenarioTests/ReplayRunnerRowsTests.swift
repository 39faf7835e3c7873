import Testing
import TetherPhysics
@testable import TetherScenario

/// The runner builds a frame's rows only for a writer that reads them: `--format none` costs what
/// the replay costs, and ends the same way as a run that writes.
@Suite struct ReplayRunnerRowsTests {
    /// Counts the frames it is given and the rows they hold.
    struct CountingWriter: FrameWriter {
        let readsRows: Bool
        var frames = 0
        var rows = 0
        mutating func begin(_ header: OutputHeader) throws {}
        mutating func write(_ frame: FrameRecord) throws {
            frames += 1
            rows += frame.rows.count
        }
        mutating func finish(trailer: [(key: String, json: String)]) throws {}
    }

    func run(_ name: String, readsRows: Bool) throws -> (ReplayRunner.Summary, CountingWriter) {
        let scenario = try CustomLayoutFixtures.bundled(name)
        var writer: any FrameWriter = CountingWriter(readsRows: readsRows)
        let summary = try ReplayRunner.run(scenario, items: .all, every: 1, untilRest: true, writer: &writer)
        return (summary, writer as! CountingWriter)
    }

    @Test(arguments: ["vv-list", "pile-50"])
    func aWriterThatDropsRowsGetsNoneAndTheRunEndsAlike(name: String) throws {
        let (written, reading) = try run(name, readsRows: true)
        let (skipped, dropping) = try run(name, readsRows: false)
        #expect(reading.frames == written.lastFrame + 1)
        #expect(reading.rows >= reading.frames)  // every frame has rows (a layout's viewport row at least)
        #expect(dropping.frames == reading.frames)
        #expect(dropping.rows == 0)
        #expect(skipped == written)
    }

    @Test func theDiscardingWriterReadsNoRowsAndTheOthersDo() {
        #expect(!DiscardingFrameWriter().readsRows)
        for format in [OutputFormat.csv, .json, .jsonl] {
            #expect(makeFrameWriter(format, sink: .inMemory()).readsRows, "\(format)")
        }
    }
}
