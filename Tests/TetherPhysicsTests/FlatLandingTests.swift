import Testing
import TetherTestSupport
@testable import TetherPhysics

/// Boxes dropped flat, one above the other, land flat and stay where they fell: nothing in such
/// a scene pushes sideways or turns anything, so any sideways motion or turn is the solver's.
/// The bounds the issue asks for: at most 0.5 pt sideways and 0.002 rad at every frame.
@Suite struct FlatLandingTests {
    static let sidewaysBound = 0.5
    static let turnBound = 0.002

    /// A box to drop: its center and size.
    struct Drop {
        var center: Vec2
        var size: Vec2
    }

    /// How far the boxes strayed: the largest sideways move and turn over every frame.
    struct Stray {
        var sideways = 0.0
        var turn = 0.0
    }

    /// Drops `boxes` under UIKit gravity (1000 pt/s² down) inside walls and a floor (the
    /// reference bounds `width` × `height` as boundaries, as `boundsAsBoundary` makes them) on the
    /// default clock (60 Hz, 4 substeps). Returns the stray and the world at the end.
    static func drop(
        _ boxes: [Drop], elasticity: Double, friction: Double, width: Double = 320, height: Double = 568,
        frames: Int = 600
    ) -> (stray: Stray, world: World, ids: [BodyID]) {
        var world = World()
        let corners = [Vec2(0, 0), Vec2(width, 0), Vec2(width, height), Vec2(0, height)]
        for k in 0..<4 { world.createBoundary(from: corners[k], to: corners[(k + 1) % 4], group: 0) }
        let ids = boxes.map { box in
            let id = world.createBody(
                BodyDefinition(position: box.center, size: box.size, elasticity: elasticity, friction: friction))
            world.setCollisionGroups(items: 1, boundaries: 1, of: id)
            world.setAcceleration(Vec2(0, 1000), of: id)
            return id
        }
        var stray = Stray()
        for _ in 0..<frames {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            for (box, id) in zip(boxes, ids) {
                stray.sideways = max(stray.sideways, abs(world.position(of: id).x - box.center.x))
                stray.turn = max(stray.turn, abs(world.rotation(of: id).angle))
            }
        }
        return (stray, world, ids)
    }

    /// The issue's scene: two equal 44 pt boxes 16 pt apart in a column, elasticity 0.2, no
    /// friction. They used to slide off each other and end against the walls.
    @Test func twoEqualBoxesInAColumnLandOneOnTheOther() {
        let size = Vec2(44, 44)
        let (stray, world, ids) = Self.drop(
            [Drop(center: Vec2(100, 110), size: size), Drop(center: Vec2(100, 50), size: size)],
            elasticity: 0.2, friction: 0)
        #expect(stray.sideways <= Self.sidewaysBound, "sideways \(stray.sideways) pt")
        #expect(stray.turn <= Self.turnBound, "turned \(stray.turn) rad")
        // At rest, the lower one on the floor and the upper one on it (within the 0.5 pt slop).
        #expect(abs(world.position(of: ids[0]).y - (568 - 22)) < 0.5)
        #expect(abs(world.position(of: ids[1]).y - (568 - 66)) < 0.5)
        #expect(world.isPaused)
    }

    /// Two rows of five (x = 40 + 60·i, y = 50 and 110), friction 0.2: they used to end 3 to
    /// 18 pt to the side, one turned by 22°. Box2D 2.3 shifts them 0.08 pt.
    @Test func twoRowsOfFiveLandInPlace() {
        let boxes = [50.0, 110].flatMap { y in
            (0..<5).map { i in Drop(center: Vec2(40 + 60 * Double(i), y), size: Vec2(44, 44)) }
        }
        let (stray, world, ids) = Self.drop(boxes, elasticity: 0.2, friction: 0.2)
        #expect(stray.sideways <= Self.sidewaysBound, "sideways \(stray.sideways) pt")
        #expect(stray.turn <= Self.turnBound, "turned \(stray.turn) rad")
        for (k, id) in ids.enumerated() {
            let restingY = k < 5 ? 568.0 - 66 : 568 - 22
            #expect(abs(world.position(of: id).y - restingY) < 0.5, "box \(k) rests at \(world.position(of: id).y)")
        }
    }

    /// A column of one to five boxes centered on one x: equal widths, or every box its own width.
    static func randomColumn(_ rng: inout SplitMix64, floor: Double) -> [Drop] {
        let count = 1 + rng.below(5)
        let equalWidths = rng.below(2) == 0
        let firstWidth = rng.whole(20, 150)
        let sizes = (0..<count).map { _ in Vec2(equalWidths ? firstWidth : rng.whole(20, 150), rng.whole(20, 90)) }
        let half = 0.5 * sizes.map(\.x).max()!
        // Whole and fractional positions: whole ones make edges meet exactly.
        let x = rng.below(2) == 0 ? rng.whole(Int(half) + 1, Int(320 - half) - 1) : rng.uniform(half + 1, 319 - half)
        // The lowest box from resting on the floor up to 500 pt above it; the others from touching
        // the box below up to 80 pt above it.
        var bottom = rng.below(4) == 0 ? floor : floor - rng.uniform(0, 500)
        return sizes.map { size in
            defer { bottom -= size.y + (rng.below(3) == 0 ? 0 : rng.uniform(0, 80)) }
            return Drop(center: Vec2(x, bottom - 0.5 * size.y), size: size)
        }
    }

    /// A seeded grid of aligned drops: columns of one to five boxes of equal or unequal widths,
    /// elasticity and friction from 0 to 1 (both ends included), from resting to 500 pt high.
    @Test(arguments: [131 as UInt64, 132, 133])
    func seededAlignedDropsLandFlat(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for drop in 0..<16 {
            let column = Self.randomColumn(&rng, floor: 1000)
            let materials = [0, 1, rng.unit()]
            let elasticity = materials[rng.below(3)], friction = materials[rng.below(3)]
            let stray = Self.drop(column, elasticity: elasticity, friction: friction, height: 1000).stray
            let scene = "drop \(drop): \(column.map { "\($0.size.x)×\($0.size.y) at \($0.center)" }), e \(elasticity), μ \(friction)"
            #expect(stray.sideways <= Self.sidewaysBound, "\(scene): sideways \(stray.sideways) pt")
            #expect(stray.turn <= Self.turnBound, "\(scene): turned \(stray.turn) rad")
        }
    }

    /// An aligned stack stays aligned to the last bit: centered columns far from the origin,
    /// bouncing with elasticity 1, keep every box at its x exactly and unturned. The contact
    /// rows of a box on a box are mirror images (points, lever arms, impulses), so no spin can
    /// start from round-off and be amplified by the bounces.
    @Test func anAlignedStackStaysExactlyAligned() {
        let x = 104.73367734194176
        let column = [Vec2(36, 59), Vec2(107, 64), Vec2(27, 43), Vec2(89, 26)]
        var bottom = 940.0
        let boxes = column.map { size in
            defer { bottom -= size.y + 30 }
            return Drop(center: Vec2(x, bottom - 0.5 * size.y), size: size)
        }
        let (stray, world, ids) = Self.drop(boxes, elasticity: 1, friction: 0.5, height: 1000)
        #expect(stray.sideways == 0)
        #expect(stray.turn == 0)
        for id in ids {
            #expect(world.position(of: id).x == x)
            #expect(world.rotation(of: id) == .identity)
        }
    }
}
