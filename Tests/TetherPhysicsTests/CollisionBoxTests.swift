import Testing
import TetherTestSupport
@testable import TetherPhysics

/// Helpers shared by the collision tests.
enum CollisionCheck {
    static func near(_ a: Vec2, _ b: Vec2, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    static func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance
    }

    /// The manifold's points ordered by (x, y), so tests need not depend on clipping order.
    static func sortedPoints(_ m: ContactManifold) -> [ManifoldPoint] {
        m.points.sorted { ($0.point.x, $0.point.y) < ($1.point.x, $1.point.y) }
    }

    /// True when every point of `m` is at one of `expected` (same count, any order).
    static func pointsMatch(_ m: ContactManifold, _ expected: [Vec2], _ tolerance: Double = 1e-9) -> Bool {
        let got = sortedPoints(m).map(\.point)
        let want = expected.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        return got.count == want.count && zip(got, want).allSatisfy { near($0, $1, tolerance) }
    }

    static func ids(_ m: ContactManifold) -> [UInt32] { m.points.map(\.id).sorted() }
}

@Suite struct CollisionBoxTests {
    let square = BoxShape(halfExtents: Vec2(50, 50))

    /// A = [−50, 50]², B = [−30, 70] × [48, 148]: A's bottom face overlaps B's top by 2 pt.
    @Test func faceToFaceOverlap() {
        let xfA = Transform(position: .zero)
        let xfB = Transform(position: Vec2(20, 98))
        let m = collideBoxes(square, xfA, square, xfB)
        #expect(m.pointCount == 2)
        #expect(CollisionCheck.near(m.normal, Vec2(0, 1)))
        #expect(CollisionCheck.pointsMatch(m, [Vec2(-30, 49), Vec2(50, 49)]))
        for p in m.points {
            #expect(CollisionCheck.near(p.separation, -2))
            #expect(CollisionCheck.near(p.anchorA, p.point - xfA.position))
            #expect(CollisionCheck.near(p.anchorB, p.point - xfB.position))
        }
        // B's top-left corner rests on A's bottom face; A's bottom-right corner cuts B's top edge.
        let features = Set(m.points.map(\.feature))
        #expect(features == [
            ContactFeature(indexA: 2, typeA: .face, indexB: 0, typeB: .vertex),
            ContactFeature(indexA: 2, typeA: .vertex, indexB: 0, typeB: .face),
        ])
    }

    @Test func separatedWithinTheSpeculativeDistance() {
        let m = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(20, 101)))
        #expect(m.pointCount == 2)
        #expect(CollisionCheck.near(m.normal, Vec2(0, 1)))
        #expect(CollisionCheck.pointsMatch(m, [Vec2(-30, 50.5), Vec2(50, 50.5)]))
        #expect(m.points.allSatisfy { CollisionCheck.near($0.separation, 1) })
    }

    @Test func separatedBeyondTheSpeculativeDistance() {
        let m = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(20, 105)))
        #expect(m.pointCount == 0)
        let sideways = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(102.5, 0)))
        #expect(sideways.pointCount == 0)
        #expect(collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(20, 105)),
                             speculativeDistance: 6).pointCount == 2)
    }

    /// A square turned 45° with its bottom corner 0.5 pt into a wide floor box.
    @Test func cornerDownOnAFace() {
        let floor = BoxShape(halfExtents: Vec2(100, 10))
        let diamond = BoxShape(halfExtents: Vec2(10, 10))
        let half = 0.5.squareRoot()
        let corner = 10 * 2.0.squareRoot()
        let xfB = Transform(position: Vec2(3, -10 - corner + 0.5), rotation: Rotation(c: half, s: half))
        let m = collideBoxes(floor, Transform(position: .zero), diamond, xfB)
        #expect(m.pointCount == 1)
        #expect(CollisionCheck.near(m.normal, Vec2(0, -1)))
        #expect(CollisionCheck.near(m[0].point, Vec2(3, -9.75)))
        #expect(CollisionCheck.near(m[0].separation, -0.5))
        #expect(CollisionCheck.near(m[0].anchorB, Vec2(0, corner - 0.25)))
        // Vertex 2, local (10, 10), is the one turned straight down.
        #expect(m[0].feature == ContactFeature(indexA: 0, typeA: .face, indexB: 2, typeB: .vertex))
    }

    /// Both boxes turned 90°: a 120×40 bar becomes vertical, a 20×60 bar horizontal, and the
    /// horizontal one pokes 5 pt into the vertical one's right side.
    @Test func rotatedFramesByHand() {
        let quarter = Rotation(c: 0, s: 1)
        let a = BoxShape(halfExtents: Vec2(60, 20))   // x ∈ [−20, 20], y ∈ [−60, 60] once turned
        let b = BoxShape(halfExtents: Vec2(10, 30))   // x ∈ [15, 75], y ∈ [−10, 10] at (45, 0)
        let m = collideBoxes(a, Transform(position: .zero, rotation: quarter),
                             b, Transform(position: Vec2(45, 0), rotation: quarter))
        #expect(m.pointCount == 2)
        #expect(CollisionCheck.near(m.normal, Vec2(1, 0)))
        #expect(CollisionCheck.pointsMatch(m, [Vec2(17.5, -10), Vec2(17.5, 10)]))
        #expect(m.points.allSatisfy { CollisionCheck.near($0.separation, -5) })
    }

    /// The face-to-face scene turned by 0.3 rad and moved far away gives the turned and moved result.
    @Test func rigidMotionOfTheWholeScene() {
        let r = Rotation(angle: 0.3)
        let shift = Vec2(1000, -500)
        func place(_ p: Vec2) -> Vec2 { r.rotate(p) + shift }
        let m = collideBoxes(square, Transform(position: place(.zero), rotation: r),
                             square, Transform(position: place(Vec2(20, 98)), rotation: r))
        #expect(m.pointCount == 2)
        #expect(CollisionCheck.near(m.normal, r.rotate(Vec2(0, 1)), 1e-12))
        #expect(CollisionCheck.pointsMatch(m, [place(Vec2(-30, 49)), place(Vec2(50, 49))], 1e-9))
        #expect(m.points.allSatisfy { CollisionCheck.near($0.separation, -2, 1e-9) })
        #expect(m.points.allSatisfy { CollisionCheck.near($0.anchorB, $0.point - place(Vec2(20, 98)), 1e-9) })
    }

    /// Swapping A and B negates the normal and keeps the points and separations.
    @Test(arguments: [
        (Vec2(20, 78), 0.0),     // face to face
        (Vec2(88, 30), 0.0),     // side by side
        (Vec2(10, 86), 0.2),     // B tilted under A's bottom face
        (Vec2(0, -94), -0.5),    // B tilted the other way, above A
        (Vec2(91, 81), 0.0),     // corner to corner, speculative
    ])
    func swappingTheBodiesFlipsTheNormal(offset: Vec2, angle: Double) {
        let b = BoxShape(halfExtents: Vec2(40, 30))
        let xfA = Transform(position: Vec2(300, 200))
        let xfB = Transform(position: Vec2(300, 200) + offset, rotation: Rotation(angle: angle))
        let ab = collideBoxes(square, xfA, b, xfB)
        let ba = collideBoxes(b, xfB, square, xfA)
        #expect(ab.pointCount > 0)
        #expect(ab.pointCount == ba.pointCount)
        #expect(CollisionCheck.near(ab.normal, -ba.normal, 1e-12))
        let pa = CollisionCheck.sortedPoints(ab), pb = CollisionCheck.sortedPoints(ba)
        for (p, q) in zip(pa, pb) {
            #expect(CollisionCheck.near(p.point, q.point, 1e-9))
            #expect(CollisionCheck.near(p.separation, q.separation, 1e-9))
            #expect(CollisionCheck.near(p.anchorA, q.anchorB, 1e-9))
        }
    }

    @Test func featureIdsAreStableUnderSmallMotion() {
        let base = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(20, 98)))
        for nudge in [Vec2(0.01, 0), Vec2(-0.01, 0.01), Vec2(0, -0.01), Vec2(0.01, 0.01)] {
            let moved = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(20, 98) + nudge))
            #expect(CollisionCheck.ids(moved) == CollisionCheck.ids(base))
        }
        let tilted = collideBoxes(square, Transform(position: .zero),
                                  square, Transform(position: Vec2(20, 98), rotation: Rotation(angle: 0.0001)))
        #expect(CollisionCheck.ids(tilted) == CollisionCheck.ids(base))
        // B against A's right face instead of its bottom face.
        let side = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(98, 20)))
        #expect(side.pointCount == 2)
        #expect(Set(CollisionCheck.ids(side)).isDisjoint(with: CollisionCheck.ids(base)))
    }

    /// Two ids for two points, and the ids of one manifold differ from each other.
    @Test func pointsOfOneManifoldHaveDistinctIds() {
        let m = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(0, 99)))
        #expect(m.pointCount == 2)
        #expect(m[0].id != m[1].id)
    }

    /// Corner facing corner 1 pt apart on both axes: one speculative point between the corners.
    @Test func cornerToCornerSpeculativePoint() {
        let m = collideBoxes(square, Transform(position: .zero), square, Transform(position: Vec2(101, 101)))
        #expect(m.pointCount == 1)
        let d = 0.5.squareRoot()
        #expect(CollisionCheck.near(m.normal, Vec2(d, d), 1e-12))
        #expect(CollisionCheck.near(m[0].point, Vec2(50.5, 50.5)))
        #expect(CollisionCheck.near(m[0].separation, 2.0.squareRoot()))
        #expect(m[0].feature == ContactFeature(indexA: 2, typeA: .vertex, indexB: 0, typeB: .vertex))
    }

    /// Two equal boxes one above the other, apart: their facing edges line up exactly, so every
    /// point of them is a closest point. The face is clipped to two points, not taken for a
    /// corner facing a corner (one point at a corner would tip a flat landing over).
    @Test(arguments: [1.0, 16.0])
    func equalBoxesApartInAColumnGetTwoPoints(gap: Double) {
        let m = collideBoxes(
            square, Transform(position: .zero), square, Transform(position: Vec2(0, 100 + gap)), speculativeDistance: 20)
        #expect(m.pointCount == 2)
        #expect(CollisionCheck.near(m.normal, Vec2(0, 1)))
        #expect(CollisionCheck.pointsMatch(m, [Vec2(-50, 50 + gap / 2), Vec2(50, 50 + gap / 2)]))
        #expect(m.points.allSatisfy { CollisionCheck.near($0.separation, gap) })
    }

    /// The same when only one side lines up (a narrower box flush left or right on a wider one,
    /// above or below it).
    @Test(arguments: [-20.0, 20.0])
    func boxesFlushOnOneSideGetTwoPoints(offset: Double) {
        let narrow = BoxShape(halfExtents: Vec2(30, 50))
        for (top, bottom, topX) in [(narrow, square, offset), (square, narrow, -offset)] {
            let m = collideBoxes(top, Transform(position: Vec2(topX, -101)), bottom, Transform(position: .zero))
            #expect(m.pointCount == 2)
            // The stretch both bottom and top edges cover.
            let left = max(topX - top.halfExtents.x, -bottom.halfExtents.x)
            let right = min(topX + top.halfExtents.x, bottom.halfExtents.x)
            #expect(CollisionCheck.pointsMatch(m, [Vec2(left, -50.5), Vec2(right, -50.5)]))
            #expect(m.points.allSatisfy { CollisionCheck.near($0.separation, 1) })
        }
    }

    /// A box centered on a wider one, far from the origin: the clipped points' lever arms are
    /// mirror images to the last bit, so nothing starts a spin.
    @Test func clippedPointsOfACenteredBoxAreExactMirrorImages() {
        let x = 104.73367734194176
        let narrow = BoxShape(size: Vec2(27, 43)), wide = BoxShape(size: Vec2(89, 26))
        for (a, b, yB) in [(narrow, wide, 766.478977238601), (wide, narrow, 832.478977238601)] {
            let m = collideBoxes(a, Transform(position: Vec2(x, 798.978977238601)), b, Transform(position: Vec2(x, yB)),
                                 speculativeDistance: 40)
            #expect(m.pointCount == 2)
            guard m.pointCount == 2 else { continue }
            #expect(m[0].anchorA.x == -m[1].anchorA.x)
            #expect(m[0].anchorB.x == -m[1].anchorB.x)
            #expect(abs(m[0].anchorA.x) == 13.5)
            #expect(m[0].separation == m[1].separation)
        }
    }

    /// Ids name features of A and B, not reference and incident: seen from the other side the
    /// same contacts carry the same features, so a reference-face flip keeps warm starting.
    @Test func idsDescribeTheSameFeaturesFromEitherSide() {
        let xfA = Transform(position: .zero), xfB = Transform(position: Vec2(20, 98))
        let ab = collideBoxes(square, xfA, square, xfB)
        let ba = collideBoxes(square, xfB, square, xfA).flipped()
        #expect(ab.pointCount == 2)
        #expect(CollisionCheck.ids(ab) == CollisionCheck.ids(ba))
        #expect(CollisionCheck.pointsMatch(ab, ba.points.map(\.point)))
        #expect(CollisionCheck.near(ab.normal, ba.normal))
    }
}

extension CollisionBoxTests {
    /// Seeded random pairs of turned boxes: whatever the configuration, the manifold is well formed,
    /// overlapping boxes always touch, and the same input gives the same bits.
    @Test(arguments: [21 as UInt64, 22, 23])
    func randomPairsGiveWellFormedManifolds(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var contacts = 0
        var nearTies = 0
        for _ in 0..<2000 {
            let a = BoxShape(halfExtents: Vec2(5 + 60 * rng.unit(), 5 + 60 * rng.unit()))
            let b = BoxShape(halfExtents: Vec2(5 + 60 * rng.unit(), 5 + 60 * rng.unit()))
            let xfA = Transform(position: Vec2(500 * rng.unit(), 500 * rng.unit()), rotation: Rotation(angle: 6.3 * rng.unit()))
            let xfB = Transform(position: xfA.position + Vec2(160 * rng.unit() - 80, 160 * rng.unit() - 80),
                                rotation: Rotation(angle: 6.3 * rng.unit()))
            let m = collideBoxes(a, xfA, b, xfB)
            #expect(m == collideBoxes(a, xfA, b, xfB))
            // B's center inside A (or A's inside B) means the boxes overlap.
            let bInA = xfA.inverseApply(xfB.position), aInB = xfB.inverseApply(xfA.position)
            if (abs(bInA.x) < a.halfExtents.x && abs(bInA.y) < a.halfExtents.y)
                || (abs(aInB.x) < b.halfExtents.x && abs(aInB.y) < b.halfExtents.y) {
                #expect(m.pointCount > 0)
            }
            guard m.pointCount > 0 else { continue }
            contacts += 1
            #expect(abs(m.normal.length - 1) < 1e-12)
            for p in m.points {
                #expect(p.separation <= CollisionConstants.speculativeDistance)
                #expect(CollisionCheck.near(p.anchorA, p.point - xfA.position, 1e-9))
                #expect(CollisionCheck.near(p.anchorB, p.point - xfB.position, 1e-9))
            }
            if m.pointCount == 2 { #expect(m[0].id != m[1].id) }
            // Seen from B the normal is reversed, unless the two boxes' best axes separate equally
            // (within the reference-face tolerance) so that each order keeps its own A's face;
            // then both manifolds are equally deep.
            let flipped = collideBoxes(b, xfB, a, xfA)
            #expect(flipped.pointCount > 0)
            if flipped.pointCount > 0 && m.normal.dot(flipped.normal) > -0.99 {
                let deepest = m.points.map(\.separation).min()!
                let deepestFlipped = flipped.points.map(\.separation).min()!
                #expect(abs(deepest - deepestFlipped) < CollisionConstants.referenceFaceTolerance)
                nearTies += 1
            }
        }
        #expect(nearTies < 20)
        #expect(contacts > 200)
    }
}

extension CollisionBoxTests {
    /// The box–box routine takes shortcuts (SAT from half extents, only the four vertices it
    /// clips); the general polygon routine does not. On seeded random pairs both must give the
    /// same manifold: same points and feature ids, values equal to round-off.
    @Test(arguments: [31 as UInt64, 32, 33])
    func boxShortcutsAgreeWithTheGeneralPolygonRoutine(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var compared = 0
        for _ in 0..<3000 {
            let a = BoxShape(halfExtents: Vec2(2 + 40 * rng.unit(), 2 + 40 * rng.unit()))
            let b = BoxShape(halfExtents: Vec2(2 + 40 * rng.unit(), 2 + 40 * rng.unit()))
            let xfA = Transform(position: Vec2(400 * rng.unit(), 400 * rng.unit()), rotation: Rotation(angle: 6.3 * rng.unit()))
            // Half the pairs are axis-aligned, as in a settled pile, where faces tie exactly.
            let aligned = rng.unit() < 0.5
            let xfB = Transform(
                position: xfA.position + Vec2(100 * rng.unit() - 50, 100 * rng.unit() - 50),
                rotation: aligned ? xfA.rotation : Rotation(angle: 6.3 * rng.unit()))
            let fast = collideBoxes(a, xfA, b, xfB)
            let bInA = xfA.relative(xfB)
            let general = collidePolygons(
                CollisionPolygon(a, .identity), CollisionPolygon(b, bInA),
                speculativeDistance: CollisionConstants.speculativeDistance
            ).mapped(from: xfA, centerA: .zero, centerB: bInA.position)
            #expect(fast.pointCount == general.pointCount)
            guard fast.pointCount == general.pointCount, fast.pointCount > 0 else { continue }
            compared += 1
            #expect(CollisionCheck.near(fast.normal, general.normal, 1e-12))
            for (p, q) in zip(fast.points, general.points) {
                #expect(p.id == q.id)
                #expect(abs(p.separation - q.separation) < 1e-9)
                #expect(CollisionCheck.near(p.point, q.point, 1e-9))
            }
        }
        #expect(compared > 500, "enough touching pairs: \(compared)")
    }
}

extension CollisionBoxTests {
    /// The box routines skip placing a box by the identity transform; the shortcuts must give the
    /// identity's bits (zeros of either sign included) and its incident edges.
    @Test func identityShortcutsMatchTheIdentityToTheBit() {
        var rng = SplitMix64(seed: 61)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -20, 1e-300, -1e300]
        for _ in 0..<200 { values.append(200 * rng.unit() - 100) }
        for x in values {
            for y in values.prefix(20) {
                let v = Vec2(x, y)
                let placed = placedByIdentity(v), identity = Transform.identity.apply(v)
                #expect(placed.x.bitPattern == identity.x.bitPattern && placed.y.bitPattern == identity.y.bitPattern)
            }
        }
        for i in 0..<4 {
            let turned = Rotation.identity.rotate(BoxShape.faceNormal(i))
            #expect(turned.x.bitPattern == BoxShape.faceNormal(i).x.bitPattern)
            #expect(turned.y.bitPattern == BoxShape.faceNormal(i).y.bitPattern)
        }
        var normals = (0..<4).map { BoxShape.faceNormal($0) } + (0..<4).map { -BoxShape.faceNormal($0) }
        for _ in 0..<500 { normals.append(Rotation(angle: 6.3 * rng.unit()).rotate(Vec2(1, 0))) }
        for n in normals {
            #expect(incidentBoxEdge(against: n) == incidentBoxEdge(against: n, .identity))
            #expect(incidentBoxEdge(against: n) == CollisionPolygon(BoxShape(halfExtents: Vec2(3, 4)), .identity).incidentEdge(against: n))
        }
    }
}
