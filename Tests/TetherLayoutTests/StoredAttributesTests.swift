import Testing
@testable import TetherLayout
import TetherPhysics

/// The output reads every element's attributes a run at a time (`storeCurrentAttributes`): each
/// must be what `currentAttributes(at:)` answers for that element alone, bit for bit, whatever
/// run it is read in, for every kind of dynamics.
@Suite struct StoredAttributesTests {
    static let viewport = Rect(x: 0, y: 0, width: 320, height: 568)

    func expectStoredAttributesMatch(_ dynamics: some LayoutDynamics, sourceLocation: SourceLocation = #_sourceLocation) {
        let count = dynamics.layoutAttributes.count
        let ranges = [0..<count, 0..<0, 1..<count, 2..<5, count / 2..<count / 2 + 1, count - 1..<count]
        for range in ranges where range.lowerBound >= 0 && range.upperBound <= count {
            let stored = [LayoutAttributes](unsafeUninitializedCapacity: max(range.count, 1)) { buffer, initialized in
                dynamics.storeCurrentAttributes(in: range, to: buffer.baseAddress!)
                initialized = range.count
            }
            #expect(stored == range.map(dynamics.currentAttributes(at:)), "\(range)", sourceLocation: sourceLocation)
        }
    }

    @Test func aSpringyListsSprungAndRestingCellsAndTheLiftedOne() {
        // 200 rows; springs are tiled to the visible rect, so most rows have none.
        let layout = FlowLayout(
            viewportSize: Size(width: 320, height: 568), sections: [200], itemSize: Size(width: 300, height: 44),
            minimumLineSpacing: 10)
        var dynamics = SpringyDynamics(layout: layout, configuration: SpringyConfiguration(tilePadding: 100))
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: Self.viewport)
        #expect(!dynamics.sprungIndices.isEmpty && dynamics.sprungIndices.count < 200)
        dynamics.contentOffsetDidChange(by: Vec2(0, 30), touchLocation: Vec2(160, 22), visibleRect: Self.viewport.offsetBy(Vec2(0, 30)))
        for _ in 0..<5 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        expectStoredAttributesMatch(dynamics)
        // A lifted cell is drawn above the others (its z-index changes).
        dynamics.beginInteractiveMove(item: ItemPath(section: 0, item: 3), finger: layout.attributes[3].center, visibleRect: Self.viewport)
        dynamics.updateInteractiveMove(finger: layout.attributes[6].center + Vec2(7, 5))
        for _ in 0..<5 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        #expect(dynamics.currentAttributes(at: 3).zIndex != layout.attributes[3].zIndex)
        expectStoredAttributesMatch(dynamics)
    }

    @Test func aDropInListsFallingAndTurningItems() throws {
        var layout = FlowLayout(
            viewportSize: Size(width: 320, height: 568), sections: [0], itemSize: Size(width: 300, height: 44),
            minimumLineSpacing: 10)
        var dynamics = GravityDynamics(sections: 1, viewport: Size(width: 320, height: 568), configuration: GravityConfiguration())
        for _ in 0..<3 {
            let batch = BatchUpdate.insert(ItemPath(section: 0, item: 0))
            let result = try batch.apply(to: layout.sections)
            layout = try layout.applying(batch)
            dynamics.performUpdate(result, layout: layout, touchLocation: nil, visibleRect: Self.viewport)
            for _ in 0..<20 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        }
        expectStoredAttributesMatch(dynamics)
    }

    @Test func staticDynamicsReadOneByOne() {
        let layout = FlowLayout(
            viewportSize: Size(width: 320, height: 568), sections: [3, 4], itemSize: Size(width: 100, height: 44),
            minimumLineSpacing: 10)
        expectStoredAttributesMatch(StaticDynamics(layout: layout))
    }
}
