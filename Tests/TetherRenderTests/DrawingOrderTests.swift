import Testing
import TetherLayout
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
}
