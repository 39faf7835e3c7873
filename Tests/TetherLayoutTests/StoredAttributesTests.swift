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

    /// `storeCurrentPlaces` with its runs must tell each element's `currentAttributes(at:)`:
    /// the run's key with the item counted, size, angle (plus the body's turn), alpha and
    /// z-index, and the place's center, bit for bit.
    func expectStoredPlacesMatch(_ dynamics: some LayoutDynamics, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let count = dynamics.layoutAttributes.count
        let ranges = [0..<count, 0..<0, 1..<count, 2..<5, count / 2..<count / 2 + 1, count - 1..<count]
        for range in ranges where range.lowerBound >= 0 && range.upperBound <= count {
            var runs: AttributesRuns?
            let places = [ElementPlace](unsafeUninitializedCapacity: max(range.count, 1)) { buffer, initialized in
                runs = dynamics.storeCurrentPlaces(in: range, to: buffer.baseAddress!)
                initialized = range.count
            }
            let told = try #require(runs, sourceLocation: sourceLocation)
            #expect(told.centers.count == count, sourceLocation: sourceLocation)
            for (offset, i) in range.enumerated() {
                let run = told.runs[told.runIndex(containing: i)]
                #expect(run.elements.contains(i), sourceLocation: sourceLocation)
                let current = dynamics.currentAttributes(at: i)
                var key = run.first.key
                key.item += i - run.elements.lowerBound
                #expect(key == current.key, "\(i)", sourceLocation: sourceLocation)
                #expect(places[offset].center.x.bitPattern == current.center.x.bitPattern, "\(i)", sourceLocation: sourceLocation)
                #expect(places[offset].center.y.bitPattern == current.center.y.bitPattern, "\(i)", sourceLocation: sourceLocation)
                #expect(places[offset].angle.bitPattern == current.angle.bitPattern, "\(i)", sourceLocation: sourceLocation)
                #expect(run.first.frame.size == current.frame.size, "\(i)", sourceLocation: sourceLocation)
                #expect(run.first.alpha.bitPattern == current.alpha.bitPattern && run.first.zIndex == current.zIndex, "\(i)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aSpringyListsSprungAndRestingCellsAndTheLiftedOne() throws {
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
        try expectStoredPlacesMatch(dynamics)
        // A spring at the center turns no cell; a body turned by hand is drawn turned.
        let turned = try #require(dynamics.body(ofElement: dynamics.sprungIndices[1]))
        dynamics.world.setRotation(Rotation(angle: 0.25), of: turned)
        #expect(dynamics.currentAttributes(at: dynamics.sprungIndices[1]).angle != 0)
        expectStoredAttributesMatch(dynamics)
        try expectStoredPlacesMatch(dynamics)
        // A lifted cell is drawn above the others (its z-index changes).
        dynamics.beginInteractiveMove(item: ItemPath(section: 0, item: 3), finger: layout.attributes[3].center, visibleRect: Self.viewport)
        dynamics.updateInteractiveMove(finger: layout.attributes[6].center + Vec2(7, 5))
        for _ in 0..<5 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        #expect(dynamics.currentAttributes(at: 3).zIndex != layout.attributes[3].zIndex)
        expectStoredAttributesMatch(dynamics)
        try expectStoredPlacesMatch(dynamics)
        // Dropped, the cell leaves its raised run.
        dynamics.endInteractiveMove()
        #expect(dynamics.currentAttributes(at: 3).zIndex == layout.attributes[3].zIndex)
        try expectStoredPlacesMatch(dynamics)
    }

    @Test func aSpringyGridWithHeadersFootersAndSizesOfItsOwn() throws {
        // Sections with headers and footers, and a section whose sizes change: many runs, and
        // parts that start and end inside them.
        let sizes = [[Size]](arrayLiteral: [], (0..<9).map { Size(width: 60 + Double($0 % 3) * 20, height: 44) }, [])
        let layout = FlowLayout(
            viewportSize: Size(width: 320, height: 568), sections: [7, 9, 12], itemSize: Size(width: 90, height: 60),
            itemSizes: sizes, sectionInset: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5),
            headerSize: Size(width: 320, height: 30), footerSize: Size(width: 320, height: 20))
        var dynamics = SpringyDynamics(layout: layout, configuration: SpringyConfiguration(tilePadding: 50))
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: Self.viewport)
        dynamics.contentOffsetDidChange(by: Vec2(0, 40), touchLocation: Vec2(100, 50), visibleRect: Self.viewport.offsetBy(Vec2(0, 40)))
        for _ in 0..<4 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        var unused = ElementPlace(center: .zero, angle: 0)
        let runs = try #require(dynamics.storeCurrentPlaces(in: 0..<0, to: &unused))
        #expect(runs.runs.count > 6 && runs.runs.count < layout.attributes.count)
        try expectStoredPlacesMatch(dynamics)
    }

    @Test func runsCoverEveryElementOnceAndSplitWhereAnyValueDiffers() {
        var attributes = (0..<6).map { LayoutAttributes(key: .cell(0, $0), frame: Rect(x: 0, y: Double($0) * 50, width: 40, height: 40)) }
        attributes[2].alpha = 0.5
        attributes[4].angle = -0.0  // the same number as 0, other bits: other text
        attributes.append(LayoutAttributes(key: .cell(1, 0), frame: Rect(x: 0, y: 400, width: 40, height: 40)))
        attributes.append(LayoutAttributes(key: .cell(1, 2), frame: Rect(x: 0, y: 450, width: 40, height: 40)))
        let runs = AttributesRuns(attributes)
        #expect(runs.runs.map(\.elements) == [0..<2, 2..<3, 3..<4, 4..<5, 5..<6, 6..<7, 7..<8])
        #expect(runs.centers == attributes.map(\.center))
        for i in attributes.indices { #expect(runs.runs[runs.runIndex(containing: i)].elements.contains(i)) }
        let one = AttributesRuns(Array(attributes[0..<2]) + [LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 9, y: 9, width: 40, height: 40))])
        #expect(one.runs.map(\.elements) == [0..<3])
    }

    @Test func otherDynamicsKeepNoRuns() {
        let layout = FlowLayout(viewportSize: Size(width: 320, height: 568), sections: [3], itemSize: Size(width: 100, height: 44))
        var place = ElementPlace(center: .zero, angle: 0)
        #expect(StaticDynamics(layout: layout).storeCurrentPlaces(in: 0..<1, to: &place) == nil)
        #expect(place == ElementPlace(center: .zero, angle: 0), "nothing stored")
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
