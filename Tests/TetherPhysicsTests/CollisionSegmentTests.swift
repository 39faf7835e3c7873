import Testing
@testable import TetherPhysics

@Suite struct CollisionSegmentTests {
    typealias Check = CollisionCheck

    /// A floor at y = 100 drawn left to right: face 0's normal points up the screen.
    let floor = SegmentShape(a: Vec2(-200, 100), b: Vec2(200, 100))
    let box = BoxShape(halfExtents: Vec2(50, 25))

    @Test func boxRestingOnASegment() {
        #expect(floor.normal == Vec2(0, -1))
        let m = collideSegmentBox(floor, box, Transform(position: Vec2(10, 76)))
        #expect(m.pointCount == 2)
        #expect(Check.near(m.normal, Vec2(0, -1)))
        #expect(Check.pointsMatch(m, [Vec2(-40, 100.5), Vec2(60, 100.5)]))
        for p in m.points {
            #expect(Check.near(p.separation, -1))
            #expect(Check.near(p.anchorA, p.point))
            #expect(Check.near(p.anchorB, p.point - Vec2(10, 76)))
        }
        // The box's bottom corners (vertices 2 and 3) on the segment's face 0.
        #expect(Set(m.points.map(\.feature)) == [
            ContactFeature(indexA: 0, typeA: .face, indexB: 2, typeB: .vertex),
            ContactFeature(indexA: 0, typeA: .face, indexB: 3, typeB: .vertex),
        ])
    }

    @Test func boxHoveringWithinTheSpeculativeDistance() {
        let m = collideSegmentBox(floor, box, Transform(position: Vec2(10, 73.5)))
        #expect(m.pointCount == 2)
        #expect(m.points.allSatisfy { Check.near($0.separation, 1.5) })
        #expect(collideSegmentBox(floor, box, Transform(position: Vec2(10, 70))).pointCount == 0)
    }

    /// A box hovering above the floor with its side flush with the floor's end (a box in the
    /// corner of the reference bounds): the edges overlap, so the face gets two points.
    @Test(arguments: [-150.0, 150.0])
    func boxFlushWithTheSegmentEndGetsTwoPoints(x: Double) {
        let m = collideSegmentBox(floor, box, Transform(position: Vec2(x, 74)))
        #expect(m.pointCount == 2)
        #expect(Check.near(m.normal, Vec2(0, -1)))
        #expect(Check.pointsMatch(m, [Vec2(x - 50, 99.5), Vec2(x + 50, 99.5)]))
        #expect(m.points.allSatisfy { Check.near($0.separation, 1) })
    }

    /// Sliding along the floor keeps the same two features.
    @Test func slidingKeepsTheFeatureIds() {
        let start = collideSegmentBox(floor, box, Transform(position: Vec2(-100, 75.2)))
        for x in stride(from: -99.0, through: 100, by: 7.3) {
            let m = collideSegmentBox(floor, box, Transform(position: Vec2(x, 75.2)))
            #expect(m.pointCount == 2)
            #expect(Check.ids(m) == Check.ids(start))
        }
    }

    /// The segment is two-sided: a box below it is pushed down through face 1.
    @Test func boxOnTheOtherSide() {
        let m = collideSegmentBox(floor, box, Transform(position: Vec2(0, 124)))
        #expect(m.pointCount == 2)
        #expect(Check.near(m.normal, Vec2(0, 1)))
        #expect(Check.pointsMatch(m, [Vec2(-50, 99.5), Vec2(50, 99.5)]))
        #expect(m.points.allSatisfy { $0.feature.typeA == .face && $0.feature.indexA == 1 })
    }

    /// A box hanging half off the floor's end rests on the part that is there.
    @Test func boxOverTheSegmentEnd() {
        let m = collideSegmentBox(floor, box, Transform(position: Vec2(190, 76)))
        #expect(m.pointCount == 2)
        #expect(Check.pointsMatch(m, [Vec2(140, 100.5), Vec2(200, 100.5)]))
    }

    /// A 20×20 box moving left into the end (100, 0) of a floor: its left face is the better
    /// axis, so the box is pushed back right instead of through or down.
    @Test func boxHittingTheSegmentEndSideways() {
        let ledge = SegmentShape(a: Vec2(0, 0), b: Vec2(100, 0))
        let small = BoxShape(halfExtents: Vec2(10, 10))
        let m = collideSegmentBox(ledge, small, Transform(position: Vec2(108, -5)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(1, 0)))
        #expect(Check.near(m[0].point, Vec2(99, 0)))
        #expect(Check.near(m[0].separation, -2))
        #expect(m[0].feature == ContactFeature(indexA: 1, typeA: .vertex, indexB: 3, typeB: .face))
    }

    /// Falling onto the end with the box mostly past it: speculative points before contact.
    @Test func boxFallingOntoTheSegmentEnd() {
        let ledge = SegmentShape(a: Vec2(0, 0), b: Vec2(100, 0))
        let small = BoxShape(halfExtents: Vec2(10, 10))
        let m = collideSegmentBox(ledge, small, Transform(position: Vec2(105, -11.5)))
        #expect(m.pointCount == 2)
        #expect(Check.near(m.normal, Vec2(0, -1)))
        #expect(Check.pointsMatch(m, [Vec2(95, -0.75), Vec2(100, -0.75)]))
        #expect(m.points.allSatisfy { Check.near($0.separation, 1.5) })
    }

    /// A diamond's corner coming down beside the end, 1 pt off it diagonally: one point.
    @Test func cornerNearTheSegmentEnd() {
        let ledge = SegmentShape(a: Vec2(0, 0), b: Vec2(100, 0))
        let half = 0.5.squareRoot()
        let diamond = BoxShape(halfExtents: Vec2(10, 10))
        let r = 10 * 2.0.squareRoot()
        // The diamond's left corner at (101, −1): 1 pt right of and above the end.
        let m = collideSegmentBox(ledge, diamond, Transform(position: Vec2(101 + r, -1), rotation: Rotation(c: half, s: half)))
        #expect(m.pointCount == 1)
        #expect(m[0].separation > 0 && m[0].separation <= CollisionConstants.speculativeDistance)
        #expect(Check.near(m[0].point, Vec2(100.5, -0.5), 1e-9))
    }

    @Test func circleOnASegment() {
        let line = SegmentShape(a: Vec2(0, 100), b: Vec2(200, 100))
        let circle = CircleShape(radius: 10)
        let m = collideSegmentCircle(line, circle, Transform(position: Vec2(50, 92)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(0, -1)))
        #expect(Check.near(m[0].point, Vec2(50, 101)))
        #expect(Check.near(m[0].separation, -2))
        #expect(Check.near(m[0].anchorB, Vec2(0, 9)))
        #expect(m[0].feature == ContactFeature(indexA: 0, typeA: .face, indexB: 0, typeB: .vertex))
        #expect(collideSegmentCircle(line, circle, Transform(position: Vec2(50, 85))).pointCount == 0)

        let below = collideSegmentCircle(line, circle, Transform(position: Vec2(50, 108)))
        #expect(Check.near(below.normal, Vec2(0, 1)))
        #expect(below[0].feature.indexA == 1)
    }

    /// Past the end (200, 100) the normal runs from the end to the center.
    @Test func circleAtASegmentEnd() {
        let line = SegmentShape(a: Vec2(0, 100), b: Vec2(200, 100))
        let m = collideSegmentCircle(line, CircleShape(radius: 10), Transform(position: Vec2(206, 92)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(0.6, -0.8)))
        #expect(Check.near(m[0].separation, 0))
        #expect(Check.near(m[0].point, Vec2(200, 100)))
        #expect(m[0].feature == ContactFeature(indexA: 1, typeA: .vertex, indexB: 0, typeB: .vertex))
    }

    @Test func dispatchOnTheBodyShape() {
        let m = collide(floor, .box(box), Transform(position: Vec2(10, 76)))
        #expect(m.pointCount == 2)
        let c = collide(floor, .circle(CircleShape(radius: 10)), Transform(position: Vec2(0, 91)))
        #expect(c.pointCount == 1)
        #expect(Check.near(c[0].separation, -1))
    }
}
