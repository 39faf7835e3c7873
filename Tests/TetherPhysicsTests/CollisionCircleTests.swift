import Testing
@testable import TetherPhysics

@Suite struct CollisionCircleTests {
    typealias Check = CollisionCheck

    /// Radii 10 and 5, centers 15 apart along the 3-4-5 direction: touching at (8, 6).
    @Test func touchingCircles() {
        let m = collideCircles(CircleShape(radius: 10), Transform(position: .zero),
                               CircleShape(radius: 5), Transform(position: Vec2(12, 9)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(0.8, 0.6)))
        #expect(Check.near(m[0].point, Vec2(8, 6)))
        #expect(Check.near(m[0].separation, 0))
        #expect(Check.near(m[0].anchorB, Vec2(-4, -3)))
    }

    /// Centers 10 apart: A's surface at (8, 6), B's at (4, 3), overlap 5, point midway.
    @Test func overlappingCircles() {
        let m = collideCircles(CircleShape(radius: 10), Transform(position: Vec2(100, 100)),
                               CircleShape(radius: 5), Transform(position: Vec2(108, 106)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(0.8, 0.6)))
        #expect(Check.near(m[0].point, Vec2(106, 104.5)))
        #expect(Check.near(m[0].separation, -5))
        #expect(Check.near(m[0].anchorA, Vec2(6, 4.5)))
    }

    @Test func speculativeAndDistantCircles() {
        let a = CircleShape(radius: 10), b = CircleShape(radius: 5)
        let near = collideCircles(a, Transform(position: .zero), b, Transform(position: Vec2(16, 0)))
        #expect(near.pointCount == 1)
        #expect(Check.near(near[0].separation, 1))
        #expect(Check.near(near[0].point, Vec2(10.5, 0)))
        #expect(collideCircles(a, Transform(position: .zero), b, Transform(position: Vec2(30, 0))).pointCount == 0)
    }

    @Test func concentricCirclesHaveADefinedNormal() {
        let m = collideCircles(CircleShape(radius: 10), Transform(position: Vec2(5, 5)),
                               CircleShape(radius: 4), Transform(position: Vec2(5, 5)))
        #expect(m.pointCount == 1)
        #expect(m.normal == Vec2(0, -1))
        #expect(Check.near(m[0].separation, -14))
    }

    /// Box 100×40 at (100, 100); a radius-10 circle whose top is 3 pt into the bottom face.
    @Test func circleOnABoxFace() {
        let box = BoxShape(halfExtents: Vec2(50, 20))
        let m = collideBoxCircle(box, Transform(position: Vec2(100, 100)),
                                 CircleShape(radius: 10), Transform(position: Vec2(120, 127)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(0, 1)))
        #expect(Check.near(m[0].point, Vec2(120, 118.5)))
        #expect(Check.near(m[0].separation, -3))
        #expect(Check.near(m[0].anchorA, Vec2(20, 18.5)))
        #expect(Check.near(m[0].anchorB, Vec2(0, -8.5)))
        #expect(m[0].feature == ContactFeature(indexA: 2, typeA: .face, indexB: 0, typeB: .vertex))
    }

    /// The center (53, 24) is past the bottom-right corner (50, 20), 5 pt away along (0.6, 0.8).
    @Test func circleAtABoxCorner() {
        let box = BoxShape(halfExtents: Vec2(50, 20))
        let m = collideBoxCircle(box, Transform(position: .zero),
                                 CircleShape(radius: 10), Transform(position: Vec2(53, 24)))
        #expect(m.pointCount == 1)
        #expect(Check.near(m.normal, Vec2(0.6, 0.8)))
        #expect(Check.near(m[0].separation, -5))
        #expect(Check.near(m[0].point, Vec2(48.5, 18)))
        #expect(m[0].feature == ContactFeature(indexA: 2, typeA: .vertex, indexB: 0, typeB: .vertex))
        // Moved 1.5 pt farther along the diagonal than touching: a speculative point.
        let apart = collideBoxCircle(box, Transform(position: .zero),
                                     CircleShape(radius: 10), Transform(position: Vec2(50 + 6.9, 20 + 9.2)))
        #expect(apart.pointCount == 1)
        #expect(Check.near(apart[0].separation, 1.5))
        let far = collideBoxCircle(box, Transform(position: .zero),
                                   CircleShape(radius: 10), Transform(position: Vec2(50 + 7.5, 20 + 10)))
        #expect(far.pointCount == 0)
    }

    /// A center inside the box is pushed out through the nearest face.
    @Test func circleCenterInsideTheBox() {
        let m = collideBoxCircle(BoxShape(halfExtents: Vec2(50, 50)), Transform(position: .zero),
                                 CircleShape(radius: 5), Transform(position: Vec2(0, 45)))
        #expect(Check.near(m.normal, Vec2(0, 1)))
        #expect(Check.near(m[0].separation, -10))
        #expect(Check.near(m[0].point, Vec2(0, 45)))
    }

    /// The box turned 90° puts its long side vertical: the circle meets its right face.
    @Test func circleOnARotatedBox() {
        let box = BoxShape(halfExtents: Vec2(50, 20))   // x ∈ [−20, 20] once turned
        let m = collideBoxCircle(box, Transform(position: .zero, rotation: Rotation(c: 0, s: 1)),
                                 CircleShape(radius: 10), Transform(position: Vec2(29, 7)))
        #expect(Check.near(m.normal, Vec2(1, 0)))
        #expect(Check.near(m[0].separation, -1))
        #expect(Check.near(m[0].point, Vec2(19.5, 7)))
    }

    /// `collide` on circle–box is box–circle seen from the other side.
    @Test func dispatchFlipsCircleBox() {
        let box = Shape.box(BoxShape(halfExtents: Vec2(50, 20)))
        let circle = Shape.circle(CircleShape(radius: 10))
        let xfBox = Transform(position: .zero), xfCircle = Transform(position: Vec2(53, 24))
        let boxFirst = collide(box, xfBox, circle, xfCircle)
        let circleFirst = collide(circle, xfCircle, box, xfBox)
        #expect(circleFirst.pointCount == 1)
        #expect(Check.near(circleFirst.normal, Vec2(-0.6, -0.8)))
        #expect(Check.near(circleFirst[0].point, boxFirst[0].point))
        #expect(Check.near(circleFirst[0].anchorA, Vec2(48.5, 18) - Vec2(53, 24)))
        #expect(circleFirst[0].feature == ContactFeature(indexA: 0, typeA: .vertex, indexB: 2, typeB: .vertex))
        #expect(collide(circle, xfCircle, circle, Transform(position: Vec2(53, 40))).pointCount == 1)
    }
}
