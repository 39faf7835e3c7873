import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// A fling into the end of a springy list: the overscroll reaches the springs like any other
/// change of the content offset.
@Suite struct FlingBounceReplayTests {
    /// The list (40 rows of 100 pt, largest offset 3432) flung at 3000 pt/s from 3000,
    /// with springs on every row so slack (0.001 Hz) that for a second they barely pull.
    static func slackList() throws -> Scenario {
        let text = """
            {"name": "t", "frames": 60, "viewport": {"width": 320, "height": 568},
             "contentOffset": {"x": 0, "y": 3000},
             "layout": {"type": "flow", "sections": [40], "itemSize": {"width": 320, "height": 100}, "minimumLineSpacing": 0},
             "dynamics": {"type": "springy", "spring": {"length": 0, "damping": 0, "frequency": 0.001},
                          "resistance": 1, "tilePadding": null},
             "events": [{"frame": 0, "type": "fling", "velocity": {"x": 0, "y": 3000}}]}
            """
        return try ScenarioLoader.decode(try JSONParser.parse(text), file: "t.json")
    }

    /// Every row is far from the touch location (0, 0), so each frame's offset change Δ moves it by
    /// the whole Δ: a row sits at its layout place plus everything the offset has moved, past the
    /// edge and back, to within the slack springs' pull (≤ 0.01 pt in a second).
    @Test func springyRowsFollowTheOverscroll() throws {
        var replay = Replay(try Self.slackList())
        let layout = replay.frameRecord(items: .all).rows.filter { $0.kind == .cell }
        #expect(layout.count == 40)
        var deepest = 0.0
        while !replay.isFinished {
            try replay.advance()
            let offset = replay.scroll.contentOffset.y
            deepest = max(deepest, offset - 3432)
            let rows = replay.frameRecord(items: .all).rows.filter { $0.kind == .cell }
            for (row, rest) in zip(rows, layout) {
                #expect(abs(row.center.y - (rest.center.y + offset - 3000)) < 0.01, "frame \(replay.frame) row \(row.item)")
            }
        }
        #expect(deepest > 45, "the list went past its end: \(deepest) pt")
        #expect(replay.scroll.contentOffset.y == 3432, "and came back to it")
    }
}
