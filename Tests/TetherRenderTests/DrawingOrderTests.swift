import Testing
import TetherJSON
import TetherLayout
import TetherPhysics
import TetherRender
import TetherScenario

/// Players draw elements in table order, so the table follows zIndex: section backgrounds under
/// cells, pinned headers over them.
@Suite struct DrawingOrderTests {
    @Test func backgroundsFirstPinnedHeadersLastAndEveryPlacementWhereTheCSVPutsIt() throws {
        let scenario = try RenderFixtures.scenario("pinned-headers")
        let recording = try RenderRecording.record(scenario)
        let kinds = recording.elements.map(\.kind)
        let firstCell = try #require(kinds.firstIndex(of: .cell))
        let firstHeader = try #require(kinds.firstIndex(of: .header))
        #expect(kinds[..<firstCell].allSatisfy { $0 == .decoration } && firstCell > 0)
        #expect(kinds[firstHeader...].allSatisfy { $0 == .header })
        #expect(!kinds[firstCell..<firstHeader].contains(.decoration))
        // Renumbering kept every placement on its own element: same centers as `tether run`.
        var expected: [String: (Double, Double)] = [:]
        for row in try RenderFixtures.csvRows(scenario) where row.frame == 100 { expected[row.key] = (row.x, row.y) }
        let frame = try #require(recording.frames.first { $0.index == 100 })
        #expect(frame.placements.count == expected.count)
        for p in frame.placements {
            let key = recording.elements[p.element].key
            let want = try #require(expected[key], "\(key) drawn but not in the CSV")
            #expect(abs(p.center.x - want.0) < 0.001 && abs(p.center.y - want.1) < 0.001, "\(key)")
        }
    }

    @Test func withEveryZIndexZeroTheTableKeepsFirstAppearanceOrder() throws {
        let recording = try RenderRecording.record(try RenderFixtures.scenario("vv-list"))
        // vv-list's cells appear in index order as the list scrolls down.
        let items = recording.elements.map(\.item)
        #expect(items == items.sorted())
        #expect(recording.elements.allSatisfy { $0.kind == .cell })
    }

    /// A custom layout's elements: decorations under everything whatever their zIndex (UIKit draws
    /// decoration views behind cells), then cells and supplementary views by zIndex.
    @Test func customLayoutsDrawDecorationsFirstThenTheRestByZIndex() throws {
        func element(_ kind: String, _ item: Int, _ y: Int, zIndex: Int) -> String {
            #"{"section": 0, "item": \#(item), "kind": "\#(kind)", "frame": {"x": 10, "y": \#(y), "width": 100, "height": 40}, "zIndex": \#(zIndex)}"#
        }
        let elements = [
            element("cell", 0, 0, zIndex: 2), element("cell", 1, 50, zIndex: 0), element("header", 0, 100, zIndex: 3),
            element("footer", 0, 150, zIndex: -2), element("decoration", 0, 200, zIndex: 7), element("decoration", 1, 250, zIndex: -5),
        ]
        let text = #"{"name": "z", "frames": 2, "viewport": {"width": 320, "height": 568}, "layout": {"type": "custom", "elements": [\#(elements.joined(separator: ", "))]}}"#
        let scenario = try ScenarioLoader.decode(try JSONParser.parse(text), file: "z.json")
        let recording = try RenderRecording.record(scenario)
        #expect(recording.elements.map(\.key) == [
            "decoration 0.1", "decoration 0.0", "footer 0.0", "cell 0.1", "cell 0.0", "header 0.0",
        ])
    }
}
