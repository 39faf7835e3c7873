import Testing
import TetherTestSupport
@testable import TetherPhysics

/// The dedicated segment–box routine against the general polygon routine it shortcuts: over
/// many seeded poses both must give the same manifold to the bit (count, normal, points,
/// separations, anchors and feature ids), so replacing one by the other changes no output.
@Suite struct CollisionSegmentBoxTests {
    /// The bits of every value of a manifold, for an exact comparison (`==` on doubles would
    /// let a −0 pass for a 0). A manifold without points is only its count: its normal is never
    /// read (the general routine turns the zero normal of `.empty` into the world, which may
    /// sign its zeros; the dedicated one returns `.empty` as it is).
    static func bits(_ m: ContactManifold) -> [UInt64] {
        if m.pointCount == 0 { return [0] }
        var out: [UInt64] = [UInt64(m.pointCount), m.normal.x.bitPattern, m.normal.y.bitPattern]
        for p in m.points {
            out += [
                p.point.x.bitPattern, p.point.y.bitPattern, p.separation.bitPattern, p.anchorA.x.bitPattern,
                p.anchorA.y.bitPattern, p.anchorB.x.bitPattern, p.anchorB.y.bitPattern, UInt64(p.id),
            ]
        }
        return out
    }

    /// What the comparisons went through, so the test fails if the poses stop reaching a case.
    struct Coverage {
        var empty = 0, onePoint = 0, twoPoints = 0
        /// Manifolds whose normal is not the segment's face normal (a box face or a corner chose it).
        var otherNormal = 0

        mutating func count(_ m: ContactManifold, segment: SegmentShape) {
            switch m.pointCount {
            case 0: empty += 1
            case 1: onePoint += 1
            default: twoPoints += 1
            }
            if m.pointCount > 0 && abs(abs(m.normal.dot(segment.normal)) - 1) > 1e-12 { otherNormal += 1 }
        }
    }

    static func compare(
        _ segment: SegmentShape, _ box: BoxShape, _ xf: Transform, margin: Double, _ coverage: inout Coverage
    ) {
        let fast = collideSegmentBox(segment, box, xf, speculativeDistance: margin)
        let general = collideSegmentBoxAsPolygons(segment, box, xf, speculativeDistance: margin)
        #expect(bits(fast) == bits(general), "segment \(segment), box \(box.halfExtents), at \(xf), margin \(margin)")
        coverage.count(general, segment: segment)
    }

    /// Turned boxes anywhere near a floor, a wall and a slanted segment, ends included, with
    /// speculative margins from the default to a fast body's.
    @Test(arguments: [41 as UInt64, 42, 43])
    func sameBitsAsThePolygonRoutineOnRandomPoses(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let segments = [
            SegmentShape(a: Vec2(0, 1000), b: Vec2(1000, 1000)),
            SegmentShape(a: Vec2(1000, 1000), b: Vec2(1000, 0)),
            SegmentShape(a: Vec2(0, 0), b: Vec2(0, 1000)),
            SegmentShape(a: Vec2(-30, 410), b: Vec2(170, 330)),
        ]
        var coverage = Coverage()
        for _ in 0..<4000 {
            let segment = segments[Int(rng.unit() * Double(segments.count))]
            let box = BoxShape(halfExtents: Vec2(2 + 40 * rng.unit(), 2 + 40 * rng.unit()))
            // A point of the segment's line a little beyond its ends, then an offset along its
            // normal of up to the box's size on either side.
            let t = 1.2 * rng.unit() - 0.1
            let along = segment.a + t * (segment.b - segment.a)
            let offset = (2.2 * rng.unit() - 1.1) * (box.halfExtents.length + 4)
            let xf = Transform(position: along + offset * segment.normal, rotation: Rotation(angle: 6.3 * rng.unit()))
            let margin = CollisionConstants.speculativeDistance + (rng.unit() < 0.5 ? 0 : 30 * rng.unit())
            Self.compare(segment, box, xf, margin: margin, &coverage)
        }
        #expect(coverage.empty > 100)
        #expect(coverage.onePoint > 100)
        #expect(coverage.twoPoints > 100)
        #expect(coverage.otherNormal > 100)
    }

    /// Boxes as a pile leaves them: upright (or turned by quarter turns) and resting on the
    /// floor or against a wall within a point, where faces tie exactly and the reference face
    /// is decided by the tolerance, including at the segment's ends.
    @Test(arguments: [51 as UInt64, 52])
    func sameBitsForUprightBoxesAtRest(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let floor = SegmentShape(a: Vec2(0, 1000), b: Vec2(1000, 1000))
        let wall = SegmentShape(a: Vec2(1000, 1000), b: Vec2(1000, 0))
        let quarterTurns = [Rotation.identity, Rotation(c: 0, s: 1), Rotation(c: -1, s: 0), Rotation(c: 0, s: -1)]
        var coverage = Coverage()
        for _ in 0..<3000 {
            let box = BoxShape(halfExtents: Vec2(10, 10 + 10 * rng.unit().rounded()))
            let rotation = quarterTurns[Int(rng.unit() * 4)]
            // Nearly upright sometimes: a tilt of up to a thousandth of a radian.
            let tilted = rng.unit() < 0.3
            let turn = tilted ? rotation.then(Rotation(angle: 0.002 * rng.unit() - 0.001)) : rotation
            let gap = 4 * rng.unit() - 2
            let x = rng.unit() < 0.2 ? 1000 - 30 * rng.unit() : 1000 * rng.unit()
            let onFloor = rng.unit() < 0.6
            let xf: Transform
            if onFloor {
                xf = Transform(position: Vec2(x, 1000 - box.halfExtents.y - gap), rotation: turn)
            } else {
                xf = Transform(position: Vec2(1000 - box.halfExtents.x - gap, x), rotation: turn)
            }
            Self.compare(onFloor ? floor : wall, box, xf, margin: CollisionConstants.speculativeDistance, &coverage)
        }
        #expect(coverage.twoPoints > 500)
        #expect(coverage.empty > 100)
    }

    /// Degenerate and non-finite inputs take the same way out as the polygon routine.
    @Test func degenerateInputs() {
        var coverage = Coverage()
        let floor = SegmentShape(a: Vec2(0, 100), b: Vec2(200, 100))
        let point = SegmentShape(a: Vec2(50, 100), b: Vec2(50, 100))
        for segment in [floor, point] {
            for box in [BoxShape(halfExtents: Vec2(0, 10)), BoxShape(halfExtents: Vec2(10, 0)), BoxShape(halfExtents: .zero)] {
                for y in [89.0, 90, 91, 100] {
                    Self.compare(segment, box, Transform(position: Vec2(50, y)), margin: 2, &coverage)
                }
            }
        }
        let box = BoxShape(halfExtents: Vec2(10, 10))
        for bad in [Double.nan, .infinity, -.infinity] {
            Self.compare(floor, box, Transform(position: Vec2(bad, 95)), margin: 2, &coverage)
            Self.compare(floor, box, Transform(position: Vec2(50, bad)), margin: 2, &coverage)
        }
        #expect(coverage.twoPoints + coverage.onePoint > 0)
    }
}
