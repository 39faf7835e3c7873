import Testing
@testable import TetherLayout
import TetherPhysics

/// The springy rule (the format reference, docs/scenario-format.md §Dynamics): shift Δ·min(d/resistance, 1), anchors fixed, tiling.
@Suite struct SpringyDynamicsTests {
    /// A 1-column list of 300×44 rows, 10 pt apart, in a 320×568 viewport.
    static let layout = FlowLayout(
        viewportSize: Size(width: 320, height: 568), sections: [200], itemSize: Size(width: 300, height: 44),
        minimumLineSpacing: 10)
    static let viewport = Rect(x: 0, y: 0, width: 320, height: 568)

    func springy(_ configuration: SpringyConfiguration) -> SpringyDynamics {
        var dynamics = SpringyDynamics(layout: Self.layout, configuration: configuration)
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: Self.viewport)
        return dynamics
    }

    @Test func shiftGrowsWithDistanceFromTheTouchAndIsClamped() {
        var dynamics = springy(SpringyConfiguration(resistance: 1000, distance: .axis, tilePadding: 100))
        let touch = Vec2(160, 22)  // on row 0's center
        let delta = 30.0
        dynamics.contentOffsetDidChange(by: Vec2(0, delta), touchLocation: touch, visibleRect: Self.viewport.offsetBy(Vec2(0, delta)))
        for row in [0, 3, 9] {
            let i = row  // one section, cells only: element index = row
            let anchorY = Self.layout.attributes[i].center.y
            let d = abs(touch.y - anchorY)
            let expected = anchorY + delta * min(d / 1000, 1)
            #expect(abs(dynamics.currentAttributes(at: i).center.y - expected) < 1e-12, "row \(row)")
        }
        // Far beyond the resistance the item moves by exactly Δ, never more.
        var far = springy(SpringyConfiguration(resistance: 10, distance: .axis, tilePadding: 100))
        far.contentOffsetDidChange(by: Vec2(0, delta), touchLocation: touch, visibleRect: Self.viewport)
        #expect(far.currentAttributes(at: 9).center.y == Self.layout.attributes[9].center.y + delta)
    }

    @Test func manhattanDistanceCountsBothAxes() {
        var dynamics = springy(SpringyConfiguration(resistance: 1000, distance: .manhattan, tilePadding: 100))
        let touch = Vec2(60, 22)
        dynamics.contentOffsetDidChange(by: Vec2(0, -20), touchLocation: touch, visibleRect: Self.viewport)
        let anchor = Self.layout.attributes[2].center
        let d = abs(touch.x - anchor.x) + abs(touch.y - anchor.y)
        #expect(abs(dynamics.currentAttributes(at: 2).center.y - (anchor.y - 20 * d / 1000)) < 1e-12)
        #expect(dynamics.currentAttributes(at: 2).center.x == anchor.x, "only the scroll axis moves")
    }

    @Test func springsAreTiledToThePaddedVisibleRect() {
        var dynamics = springy(SpringyConfiguration(tilePadding: 100))
        // Rows whose frames intersect y ∈ (−100, 668): rows 0…12 (row 12 starts at 648).
        #expect(dynamics.sprungIndices == Array(0...12))
        #expect(dynamics.world.bodyCount == 13)
        let moved = Self.viewport.offsetBy(Vec2(0, 540))
        dynamics.contentOffsetDidChange(by: Vec2(0, 540), touchLocation: nil, visibleRect: moved)
        // Now y ∈ (440, 1208): rows 8 (starts at 432, ends 476) … 22 (starts at 1188).
        #expect(dynamics.sprungIndices == Array(8...22))
        #expect(dynamics.world.bodyCount == 15)
        // Rows that lost their spring are back at their layout attributes.
        #expect(dynamics.currentAttributes(at: 0) == Self.layout.attributes[0])
    }

    @Test func newlyVisibleItemsArePreOffsetOnlyOnceAFingerTouched() {
        var untouched = springy(SpringyConfiguration(resistance: 1000, distance: .axis, tilePadding: 0))
        untouched.contentOffsetDidChange(by: Vec2(0, 60), touchLocation: nil, visibleRect: Self.viewport.offsetBy(Vec2(0, 60)))
        // Row 11 (starts at 594) became visible: no pre-offset without a touch location.
        #expect(untouched.currentAttributes(at: 11).center == Self.layout.attributes[11].center)

        var touched = springy(SpringyConfiguration(resistance: 1000, distance: .axis, tilePadding: 0))
        let touch = Vec2(160, 100)
        touched.contentOffsetDidChange(by: Vec2(0, 60), touchLocation: touch, visibleRect: Self.viewport.offsetBy(Vec2(0, 60)))
        let anchor = Self.layout.attributes[11].center
        let expected = anchor.y + 60 * min(abs(touch.y - anchor.y) / 1000, 1)
        #expect(abs(touched.currentAttributes(at: 11).center.y - expected) < 1e-12)
    }

    @Test func everyCellHasASpringWithoutTiling() {
        let dynamics = springy(SpringyConfiguration(tilePadding: nil))
        #expect(dynamics.world.bodyCount == 200)
        #expect(dynamics.world.jointCount == 200)
    }

    @Test func shiftedItemsSpringBackToTheirAnchors() {
        var dynamics = springy(SpringyPreset.ash.configuration)
        dynamics.contentOffsetDidChange(by: Vec2(0, 50), touchLocation: Vec2(0, 0), visibleRect: Self.viewport)
        #expect(dynamics.currentAttributes(at: 5).center != Self.layout.attributes[5].center)
        for _ in 0..<600 { dynamics.step(timeStep: 1.0 / 60, substeps: 4) }
        let error = (dynamics.currentAttributes(at: 5).center - Self.layout.attributes[5].center).length
        #expect(error < 0.01, "after 10 s at ζ 0.8 the row is home, off by \(error)")
    }

    @Test func nearRestDampingSwitchesTheDampingRatio() {
        var dynamics = springy(SpringyPreset.thspringy.configuration)
        dynamics.contentOffsetDidChange(by: Vec2(0, 40), touchLocation: Vec2(0, 0), visibleRect: Self.viewport)
        var plain = springy(SpringyConfiguration(length: 0, dampingRatio: 0.6, frequency: 1, resistance: 600, distance: .axis))
        plain.contentOffsetDidChange(by: Vec2(0, 40), touchLocation: Vec2(0, 0), visibleRect: Self.viewport)
        // Row 5 (anchor y 292) is pushed 40·292/600 ≈ 19.5 pt; ζ = 0.6 swings back past home
        // by e^(−πζ/√(1−ζ²)) ≈ 9.5 % (≈ 1.85 pt) half a damped period (0.625 s) later.
        for _ in 0..<37 {
            dynamics.step(timeStep: 1.0 / 60, substeps: 4)
            plain.step(timeStep: 1.0 / 60, substeps: 4)
        }
        // The near-rest jump to ζ = 100 freezes the row within a point of home instead.
        let home = Self.layout.attributes[5].center.y
        #expect(abs(dynamics.currentAttributes(at: 5).center.y - home) <= 1)
        #expect(abs(dynamics.currentAttributes(at: 5).center.y - home) > 0, "frozen short of home, not snapped")
        #expect(plain.currentAttributes(at: 5).center.y - home < -1.5, "the plain spring has swung past")
    }

    @Test func aChangeReachesEveryExistingSpring() throws {
        var dynamics = springy(SpringyPreset.ash.configuration)
        dynamics.apply(.springDampingRatio(0.1))
        dynamics.apply(.springFrequency(2))
        #expect(dynamics.configuration.dampingRatio == 0.1 && dynamics.configuration.frequency == 2)
        #expect(!dynamics.sprungIndices.isEmpty)
        for i in dynamics.sprungIndices {
            let spring = try #require(dynamics.spring(ofElement: i).flatMap { dynamics.world.spring(of: $0) })
            #expect(spring.dampingRatio == 0.1 && spring.frequency == 2 && spring.length == 0)
        }
        // A change of the springs' length reaches them too; one of the shift leaves them as they are.
        dynamics.apply(.springLength(3))
        dynamics.apply(.resistance(50))
        #expect(dynamics.configuration.resistance == 50)
        for i in dynamics.sprungIndices {
            let spring = try #require(dynamics.spring(ofElement: i).flatMap { dynamics.world.spring(of: $0) })
            #expect(spring.dampingRatio == 0.1 && spring.frequency == 2 && spring.length == 3)
        }
    }
}
