import Testing
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// A replay writes a frame's rows a part at a time when it can (`SceneReplay.write(to:items:record:)`):
/// the frames a writer receives must be those of `record(into:items:)`, whatever the part size,
/// and frames that cannot be built in parts (pinned headers, cells fading in or out, world
/// scenes, visible items only) must still arrive whole.
@Suite struct ReplayRowPartsTests {
    /// Keeps every frame it is given, whole or in parts, and counts the frames given in parts.
    struct CollectingWriter: FrameWriter {
        var frames: [FrameRecord] = []
        var framesInParts = 0
        var parts = 0
        private var open: FrameRecord?

        mutating func begin(_ header: OutputHeader) throws {}
        mutating func write(_ frame: FrameRecord) throws { frames.append(frame) }
        mutating func finish(trailer: [(key: String, json: String)]) throws {}

        var writesFramesInParts: Bool { true }
        mutating func beginFrame(_ frame: FrameRecord) throws {
            #expect(open == nil)
            open = frame
            open?.rows = []
        }
        mutating func writeRows(_ rows: UnsafeBufferPointer<ElementRow>) throws {
            parts += 1
            open?.rows.append(contentsOf: rows)
        }
        mutating func endFrame() throws {
            frames.append(try #require(open))
            framesInParts += 1
            open = nil
        }
    }

    /// The frames of a run written through `SceneReplay.write` with parts of `rowsPerPart`
    /// rows, and the same frames recorded whole.
    func frames(
        _ name: String, overrides: [String] = [], items: Scenario.ItemSelection = .all, rowsPerPart: Int
    ) throws -> (written: CollectingWriter, whole: [FrameRecord]) {
        let scenario = try CustomLayoutFixtures.bundled(name, overrides: overrides)
        var replay = makeReplay(scenario)
        var writer: any FrameWriter = CollectingWriter()
        var record = FrameRecord()
        var whole: [FrameRecord] = []
        while true {
            try replay.write(to: &writer, items: items, record: &record, rowsPerPart: rowsPerPart)
            whole.append(replay.frameRecord(items: items))
            if replay.isFinished { break }
            try replay.advance()
        }
        return (writer as! CollectingWriter, whole)
    }

    func expectSame(_ written: [FrameRecord], _ whole: [FrameRecord]) {
        #expect(written.count == whole.count)
        for (a, b) in zip(written, whole) {
            #expect(a.index == b.index && a.time == b.time && a.contentOffset == b.contentOffset)
            #expect(a.itemIDs == b.itemIDs)
            #expect(a.rows == b.rows, "frame \(b.index)")
        }
    }

    @Test(arguments: [1, 7, 50, 51, 52, 128, 1000])
    func aSpringyListsFramesArriveInPartsWithTheRowsOfAWholeRecord(rowsPerPart: Int) throws {
        // 50 cells and the viewport: 51 rows, so the sizes around it end a frame on a part's
        // end, one row past it and one row short of it.
        let (written, whole) = try frames("vv-list", rowsPerPart: rowsPerPart)
        expectSame(written.frames, whole)
        #expect(written.framesInParts == whole.count)
        #expect(written.parts == whole.count * ((51 + rowsPerPart - 1) / rowsPerPart))
    }

    @Test func aLongListArrivesInPartsOfTheDefaultSize() throws {
        // 2000 cells and a finger scrolling them: parts of the default size, many per frame.
        let (written, whole) = try frames("list-2000-end-to-end", rowsPerPart: defaultRowsPerPart)
        expectSame(written.frames, whole)
        #expect(written.framesInParts == whole.count)
        #expect(written.parts == whole.count * ((2001 + defaultRowsPerPart - 1) / defaultRowsPerPart))
    }

    /// Springy lists build their rows from the dynamics' places and runs: every frame's rows
    /// must be the viewport's and then each element's `currentAttributes(at:)` read one by one.
    @Test(arguments: ["vv-list", "reorder-2-to-9", "list-2000-end-to-end"])
    func aSpringyListsRowsAreItsElementsCurrentAttributes(name: String) throws {
        var replay = Replay(try CustomLayoutFixtures.bundled(name))
        var record = FrameRecord()
        var framesChecked = 0
        while true {
            if replay.recordInParts(into: &record, items: .all) != nil {
                replay.record(into: &record, items: .all)
                let dynamics = replay.dynamics
                #expect(record.rows.count == dynamics.layoutAttributes.count + 1)
                #expect(record.rows.first?.kind == .viewport)
                for (i, row) in record.rows.dropFirst().enumerated() {
                    let a = dynamics.currentAttributes(at: i)
                    let expected = ElementRow(
                        section: a.key.section, item: a.key.item, kind: RowKind(a.key.kind), center: a.center,
                        size: a.frame.size, angle: a.angle, alpha: a.alpha, zIndex: a.zIndex)
                    guard row == expected else {
                        Issue.record("frame \(replay.frame), row \(i + 1): \(row) is not \(expected)")
                        return
                    }
                }
                framesChecked += 1
            }
            if replay.isFinished { break }
            try replay.advance()
        }
        #expect(framesChecked > 10)
    }

    @Test func aLiftedCellsRowsArriveInParts() throws {
        // Drag to reorder: the lifted row is drawn above the others (its z-index changes),
        // and the data order changes when it is dropped.
        let (written, whole) = try frames("reorder-2-to-9", rowsPerPart: 4)
        expectSame(written.frames, whole)
        #expect(written.framesInParts > 0)
    }

    @Test(arguments: ["pinned-headers", "drop-in-list", "batch-with-moves", "springy-live-updates", "pile-50"])
    func framesThatCannotBeBuiltInPartsArriveWhole(name: String) throws {
        let (written, whole) = try frames(name, rowsPerPart: 3)
        expectSame(written.frames, whole)
        #expect(written.framesInParts < whole.count, "some frames are built whole")
        if name == "pile-50" { #expect(written.framesInParts == 0) }
    }

    @Test func visibleItemsArriveWhole() throws {
        let (written, whole) = try frames("vv-list", items: .visible, rowsPerPart: 3)
        expectSame(written.frames, whole)
        #expect(written.framesInParts == 0)
    }
}
