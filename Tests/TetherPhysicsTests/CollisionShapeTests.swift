import Testing
@testable import TetherPhysics

@Suite struct CollisionShapeTests {
    typealias Check = CollisionCheck

    /// Vertices in positive-area order, normals outward and perpendicular to their edges.
    @Test func boxVerticesAndNormals() {
        let box = BoxShape(size: Vec2(40, 20))
        #expect(box.vertex(0) == Vec2(-20, -10))
        #expect(box.vertex(2) == Vec2(20, 10))
        for i in 0..<4 {
            let edge = box.vertex(i + 1) - box.vertex(i)
            #expect(edge.cross(box.vertex(i + 2) - box.vertex(i + 1)) > 0)
            #expect(box.normal(i).dot(edge) == 0)
            #expect(box.normal(i) == Vec2(edge.y, -edge.x).normalizedWithLength.direction)
            #expect(box.normal(i).dot(box.vertex(i)) > 0)
        }
    }

    @Test func shapesFromBodyShapes() {
        #expect(Shape(.rectangle, size: Vec2(30, 10)) == .box(BoxShape(halfExtents: Vec2(15, 5))))
        #expect(Shape(.ellipse, size: Vec2(30, 10)) == .circle(CircleShape(radius: 5)))
    }

    @Test func boundsOfShapes() {
        let half = 0.5.squareRoot()
        let diamond = AABB.of(.box(BoxShape(halfExtents: Vec2(10, 10))),
                              Transform(position: Vec2(100, 50), rotation: Rotation(c: half, s: half)))
        let r = 10 * 2.0.squareRoot()
        #expect(Check.near(diamond.lower, Vec2(100 - r, 50 - r)))
        #expect(Check.near(diamond.upper, Vec2(100 + r, 50 + r)))

        let bar = AABB.of(.box(BoxShape(halfExtents: Vec2(30, 5))),
                          Transform(position: .zero, rotation: Rotation(c: 0, s: 1)), margin: 2)
        #expect(bar == AABB(lower: Vec2(-7, -32), upper: Vec2(7, 32)))

        let disc = AABB.of(.circle(CircleShape(radius: 4)), Transform(position: Vec2(1, 2), rotation: Rotation(angle: 1)))
        #expect(disc == AABB(lower: Vec2(-3, -2), upper: Vec2(5, 6)))

        let segment = AABB.of(SegmentShape(a: Vec2(10, 0), b: Vec2(0, 5)), margin: 1)
        #expect(segment == AABB(lower: Vec2(-1, -1), upper: Vec2(11, 6)))
    }

    @Test func overlapAndUnion() {
        let a = AABB(lower: Vec2(0, 0), upper: Vec2(10, 10))
        let touching = AABB(lower: Vec2(10, 10), upper: Vec2(20, 20))
        let apart = AABB(lower: Vec2(10.5, 0), upper: Vec2(20, 10))
        #expect(a.overlaps(touching) && touching.overlaps(a))
        #expect(!a.overlaps(apart) && !apart.overlaps(a))
        #expect(a.fattened(by: 0.5).overlaps(apart))
        #expect(a.union(apart) == AABB(lower: Vec2(0, 0), upper: Vec2(20, 10)))
    }

    @Test func manifoldStorage() {
        var m = ContactManifold(normal: Vec2(0, 1))
        #expect(m.pointCount == 0 && m == ContactManifold(normal: Vec2(0, 1)))
        let p = ManifoldPoint(point: Vec2(1, 2), separation: -1, anchorA: Vec2(1, 0), anchorB: Vec2(0, 1),
                              id: ContactFeature(indexA: 3, typeA: .face, indexB: 1, typeB: .vertex).id)
        m.append(p)
        #expect(m.pointCount == 1 && m[0] == p)
        let f = m.flipped()
        #expect(f.normal == Vec2(0, -1))
        #expect(f[0].anchorA == p.anchorB && f[0].anchorB == p.anchorA)
        #expect(f[0].feature == ContactFeature(indexA: 1, typeA: .vertex, indexB: 3, typeB: .face))
        #expect(f.flipped() == m)
        #expect(ContactFeature(id: p.id).id == p.id)
        #expect(p.id == 0x0001_0103)
    }
}
