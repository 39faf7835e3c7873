import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
@testable import TetherScenario

/// Waterfall layouts, pinned headers and section backgrounds through the decoder and the replay.
@Suite struct LayoutSourceScenarioTests {
    static func scenario(layout: String, events: String = "[]", items: String = "visible") throws -> Scenario {
        let text = """
            {"name": "t", "frames": 5, "viewport": {"width": 320, "height": 100}, "layout": \(layout),
             "events": \(events), "output": {"items": "\(items)"}}
            """
        return try ScenarioLoader.decode(try JSONParser.parse(text), file: "t.json")
    }

    /// Three sections of four 50 pt rows under a 30 pt pinned header: section s spans 230·s … 230·s + 230.
    static let pinnedList = #"{"type": "flow", "sections": [4, 4, 4], "itemSize": {"width": 320, "height": 50}, "minimumLineSpacing": 0, "headerSize": {"width": 0, "height": 30}, "pinHeaders": true}"#

    @Test func aWaterfallDecodesWithItsDefaults() throws {
        let scenario = try Self.scenario(layout: #"{"type": "waterfall", "sections": [3], "itemHeights": [[120, 80, 40]]}"#)
        let layout = try #require(scenario.layoutScene?.layout as? WaterfallLayout)
        // Defaults: 2 columns, spacing 10 → (320 − 10) / 2 = 155; item 2 under item 1 (80 < 120).
        #expect(layout.columns == 2 && layout.columnSpacing == 10 && layout.lineSpacing == 10)
        #expect(layout.attributes.map(\.frame) == [
            Rect(x: 0, y: 0, width: 155, height: 120), Rect(x: 165, y: 0, width: 155, height: 80),
            Rect(x: 165, y: 90, width: 155, height: 40),
        ])
        #expect(layout.contentSize.height == 130)
    }

    @Test func theReplayPrintsPinnedHeaders() throws {
        // Jump to 300 at frame 0: from frame 1 header 1 sits at the top (y 300…330, center 315),
        // its layout frame (230…260) being off screen; header 0 (0…230 section) is off screen.
        let scenario = try Self.scenario(
            layout: Self.pinnedList, events: #"[{"frame": 0, "type": "scrollTo", "offset": {"x": 0, "y": 300}}, {"frame": 1, "type": "scrollTo", "offset": {"x": 0, "y": 440}}]"#)
        var replay = Replay(scenario)
        try replay.advance()
        let headers = replay.frameRecord(items: .visible).rows.filter { $0.kind == .header }
        #expect(headers.map(\.section) == [1])
        #expect(headers.first?.center == Vec2(160, 315))
        #expect(headers.first?.zIndex == 1024)
        // At 440 the next header (460) pushes header 1 up to 430…460 (center 445); header 2 at rest
        // (460…490, center 475); header 0 stays at the end of its section, 200…230 (center 215).
        try replay.advance()
        let pushed = replay.frameRecord(items: .all).rows.filter { $0.kind == .header }
        #expect(pushed.map(\.center.y) == [215, 445, 475])
        // Visible (440…540), in output order: header 1, row 1.3 (410…460), header 2, row 2.0
        // (490…540); row 2.1 starts at 540 and only touches the edge.
        let rows = replay.frameRecord(items: .visible).rows
        #expect(rows.map(\.kind) == [.viewport, .header, .cell, .header, .cell])
        #expect(rows.map(\.section) == [0, 1, 1, 2, 2])
        #expect(rows.map(\.item) == [0, 0, 3, 0, 0])
    }

    @Test func sectionBackgroundsAreDecorationRows() throws {
        let scenario = try Self.scenario(
            layout: #"{"type": "waterfall", "sections": [2], "itemHeights": [[20, 30]], "sectionInset": {"top": 5, "bottom": 5}, "sectionBackground": true}"#,
            items: "all")
        let replay = Replay(scenario)
        let rows = replay.frameRecord(items: .all).rows
        // Band 0 … 5 + 30 + 5 = 40, the whole width: center (160, 20), zIndex −1, after the cells.
        #expect(rows.map(\.kind) == [.viewport, .cell, .cell, .decoration])
        #expect(rows.last?.center == Vec2(160, 20))
        #expect(rows.last?.size == Size(width: 320, height: 40))
        #expect(rows.last?.zIndex == -1)
    }
}
