import Testing
@testable import TetherLayout
import TetherPhysics

/// Data-source updates in the dynamics: state follows elements, anchors move, the drop-in list's constants.
@Suite struct LivingDynamicsTests {
    static let layout = FlowLayout(
        viewportSize: Size(width: 320, height: 568), sections: [20], itemSize: Size(width: 300, height: 44),
        minimumLineSpacing: 10)
    static let viewport = Rect(x: 0, y: 0, width: 320, height: 568)

    func springy() -> SpringyDynamics {
        var dynamics = SpringyDynamics(
            layout: Self.layout, configuration: SpringyConfiguration(distance: .axis, tilePadding: nil))
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: Self.viewport)
        return dynamics
    }

    func update(_ dynamics: inout SpringyDynamics, _ batch: BatchUpdate) throws -> FlowLayout {
        let result = try batch.apply(to: Self.layout.sections)
        let layout = try Self.layout.applying(batch)
        dynamics.performUpdate(result, layout: layout, touchLocation: nil, visibleRect: Self.viewport)
        return layout
    }

    @Test func aDisplacedCellKeepsItsDisplacementAfterAnInsertBeforeIt() throws {
        var dynamics = springy()
        let body = try #require(dynamics.body(ofElement: 5))
        dynamics.world.translate(body, by: Vec2(0, 30))
        dynamics.world.setVelocity(Vec2(0, -12), of: body)
        let before = dynamics.world.position(of: body)

        let layout = try update(&dynamics, .insert(ItemPath(section: 0, item: 0)))

        // The same body now belongs to item 6, with the same position and velocity…
        #expect(dynamics.body(ofElement: 6) == body)
        #expect(dynamics.world.position(of: body) == before)
        #expect(dynamics.world.velocity(of: body) == Vec2(0, -12))
        // …and its spring is anchored at item 6's new layout center, one row (54 pt) lower.
        let spring6 = try #require(dynamics.spring(ofElement: 6))
        let anchor = try #require(dynamics.world.anchorPoints(of: spring6)).a
        #expect(anchor == layout.attributes[6].center)
        #expect(anchor.y == Self.layout.attributes[5].center.y + 54)
        #expect(dynamics.currentAttributes(at: 6).center.y == Self.layout.attributes[5].center.y + 30)
    }

    @Test func neighboursSpringToTheirShiftedPlacesInsteadOfJumping() throws {
        var dynamics = springy()
        let layout = try update(&dynamics, .insert(ItemPath(section: 0, item: 0)))
        // Item 3 (was 2) is still where item 2 was: 54 pt above its new place, at rest.
        #expect(dynamics.currentAttributes(at: 3).center == Self.layout.attributes[2].center)
        // The inserted item has a body at its own layout center.
        let inserted = try #require(dynamics.body(ofElement: 0))
        #expect(dynamics.world.position(of: inserted) == layout.attributes[0].center)
        for _ in 0..<240 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        #expect(abs(dynamics.currentAttributes(at: 3).center.y - layout.attributes[3].center.y) < 0.5)
    }

    @Test func aDeletedCellLosesItsBodyAndTheRestFollow() throws {
        var dynamics = springy()
        let survivor = try #require(dynamics.body(ofElement: 4))
        let deleted = try #require(dynamics.body(ofElement: 3))
        let layout = try update(&dynamics, .delete(ItemPath(section: 0, item: 3)))
        #expect(!dynamics.world.contains(deleted))
        #expect(dynamics.body(ofElement: 3) == survivor)
        #expect(dynamics.layoutAttributes.count == 19)
        let spring3 = try #require(dynamics.spring(ofElement: 3))
        #expect(dynamics.world.anchorPoints(of: spring3)?.a == layout.attributes[3].center)
    }

    @Test func itemSizesFollowTheirItems() throws {
        var layout = Self.layout
        layout.sections = [3]
        layout.itemSizes = [[Size(width: 300, height: 10), Size(width: 300, height: 20), Size(width: 300, height: 30)]]
        let moved = try layout.applying(BatchUpdate(inserts: [ItemPath(section: 0, item: 1)], moves: [.init(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))]))
        #expect(moved.sections == [4])
        #expect(moved.itemSizes?[0].map(\.height) == [30, 44, 10, 20])
    }

    // MARK: Drop-in list (ASHNewtonianCollectionViewLayout)

    func gravityList(_ configuration: GravityConfiguration = GravityConfiguration()) -> (GravityDynamics, FlowLayout) {
        var layout = Self.layout
        layout.sections = [0]
        return (GravityDynamics(sections: 1, viewport: Size(width: 320, height: 568), configuration: configuration), layout)
    }

    @Test func anInsertedItemStartsOffScreenRightOnAThreeHundredPointRope() throws {
        var (dynamics, layout) = gravityList()
        let batch = BatchUpdate.insert(ItemPath(section: 0, item: 0))
        layout = try layout.applying(batch)
        dynamics.performUpdate(try batch.apply(to: [0]), layout: layout, touchLocation: nil, visibleRect: Self.viewport)
        // Frame origin (viewport maxX + itemSize, 300) = (420, 300): center (470, 350), 100×100.
        let a = dynamics.currentAttributes(at: 0)
        #expect(a.center == Vec2(470, 350))
        #expect(a.frame.size == Size(width: 100, height: 100))
        let rope = try #require(dynamics.rope(ofElement: 0))
        let spring = try #require(dynamics.world.spring(of: rope))
        #expect(spring.length == 300)
        #expect(spring.frequency == 1)
        #expect(spring.dampingRatio == 0.4)
        #expect(dynamics.world.anchorPoints(of: rope)?.a == Vec2(160, 64))
        #expect(dynamics.world.mass(of: dynamics.body(ofElement: 0)) == 1)
    }

    @Test func aDetachedItemFallsAtAThousandPointsPerSecondSquared() throws {
        var (dynamics, layout) = gravityList()
        let batch = BatchUpdate.insert(ItemPath(section: 0, item: 0))
        layout = try layout.applying(batch)
        dynamics.performUpdate(try batch.apply(to: [0]), layout: layout, touchLocation: nil, visibleRect: Self.viewport)
        dynamics.detach(ItemPath(section: 0, item: 0))
        #expect(dynamics.rope(ofElement: 0) == nil)
        for _ in 0..<60 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        let center = dynamics.currentAttributes(at: 0).center
        #expect(abs(center.y - 850) < 1e-6)  // 350 + ½·1000·1²
        #expect(center.x == 470)
    }

    @Test func customAnchorAndEntry() throws {
        var (dynamics, layout) = gravityList(GravityConfiguration(
            itemSize: 50, anchor: Vec2(100, 10), ropeLength: 120, entry: Vec2(-60, 200)))
        let batch = BatchUpdate.insert(ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1))
        layout = try layout.applying(batch)
        dynamics.performUpdate(try batch.apply(to: [0]), layout: layout, touchLocation: nil, visibleRect: Self.viewport)
        #expect(dynamics.currentAttributes(at: 1).center == Vec2(-35, 225))
        let rope = try #require(dynamics.rope(ofElement: 1))
        #expect(dynamics.world.anchorPoints(of: rope)?.a == Vec2(100, 10))
        #expect(dynamics.world.spring(of: rope)?.length == 120)
    }

    // MARK: Drag to reorder

    @Test func theLiftedCellFollowsTheFingerAndOthersMakeRoom() throws {
        var dynamics = springy()
        let attributes = Self.layout.attributes
        dynamics.beginInteractiveMove(item: ItemPath(section: 0, item: 2), finger: attributes[2].center, visibleRect: Self.viewport)
        #expect(dynamics.currentAttributes(at: 2).zIndex == 1)
        #expect(dynamics.currentAttributes(at: 3).zIndex == 0)
        dynamics.updateInteractiveMove(finger: attributes[6].center + Vec2(0, 5))
        #expect(dynamics.interactiveMove?.target == ItemPath(section: 0, item: 6))
        // Items 3…6 are anchored one slot up, item 7 stays.
        for i in 3...6 {
            #expect(dynamics.anchor(of: i) == attributes[i - 1].center)
        }
        #expect(dynamics.anchor(of: 7) == attributes[7].center)
        #expect(dynamics.world.anchorPoints(of: dynamics.spring(ofElement: 2)!)?.a == attributes[6].center + Vec2(0, 5))
        dynamics.endInteractiveMove()
        #expect(dynamics.interactiveMove == nil)
        #expect(dynamics.anchor(of: 4) == attributes[4].center)
        #expect(dynamics.world.spring(of: dynamics.spring(ofElement: 2)!)?.frequency == 1)
        #expect(dynamics.currentAttributes(at: 2).zIndex == 0)
    }

    @Test func theNearestSlotIsChosenByLayoutCenter() {
        let attributes = Self.layout.attributes
        // Rows are 54 pt apart: 26 pt below row 4's center is still row 4, 28 pt is row 5.
        #expect(InteractiveMove.nearestSlot(to: attributes[4].center + Vec2(0, 26), section: 0, in: attributes)?.item == 4)
        #expect(InteractiveMove.nearestSlot(to: attributes[4].center + Vec2(0, 28), section: 0, in: attributes)?.item == 5)
        #expect(InteractiveMove.nearestSlot(to: Vec2(160, -500), section: 0, in: attributes)?.item == 0)
    }
}
