import Testing
import TetherTestSupport

@testable import TetherPhysics

/// Box2D 2.3's contact pipeline on the UIKit clock (`UIKitClock/`): flat landings, continuous
/// collision, callbacks. The frame-by-frame comparison with Box2D 2.3 itself is in
/// `TetherScenarioTests/UIKitBox2D23Tests`.
@Suite struct UIKitContactTests {
    /// A drop of boxes centered one above the other on the floor of the 320×568 bounds.
    static func drop(
        widths: [Double], heights: [Double], x: Double, bottom: Double, gap: Double, elasticity: Double, friction: Double
    ) -> (World, [BodyID]) {
        var world = World()
        world.solverKind = .uikit
        let corners = [Vec2(0, 0), Vec2(320, 0), Vec2(320, 568), Vec2(0, 568)]
        for k in 0..<4 { world.createBoundary(from: corners[k], to: corners[(k + 1) % 4], group: 0) }
        var bodies: [BodyID] = []
        var top = bottom
        for (w, h) in zip(widths, heights) {
            let body = world.createBody(BodyDefinition(
                position: Vec2(x, top - 0.5 * h), size: Vec2(w, h), elasticity: elasticity, friction: friction))
            world.setCollisionGroups(items: 1, boundaries: 1, of: body)
            world.setAcceleration(Vec2(0, 1000), of: body)
            bodies.append(body)
            top -= h + gap
        }
        return (world, bodies)
    }

    /// Whether Box2D 2.3's discrete contacts have lost a box of an aligned column: two boxes sank
    /// into each other within a step deeper than across, so the SAT parted them along a side face
    /// (a manifold between two bodies whose normal is not vertical; the boxes are unturned up to
    /// then). 2.3 has no time of impact between two moving bodies; it does the same
    /// (`UIKitBox2D23Tests.losesABoxWhereBox2D23Does`).
    static func partedAlongASideFace(_ world: World) -> Bool {
        var c = world.uikitContacts.graph.head
        while c >= 0 {
            let contact = world.uikitContacts.graph[c]
            if contact.bodyA != 0 && contact.bodyB != 0 && contact.manifold.pointCount > 0
                && contact.manifold.localNormal.x != 0
            {
                return true
            }
            c = world.uikitContacts.graph.after(c)
        }
        return false
    }

    /// Aligned drops land flat, as physics says (no horizontal force, no torque about the
    /// centers): a seeded grid of columns of 1 to 5 boxes of equal or unequal widths, elasticity
    /// and friction 0…1 (both ends included), from low and high. Every box keeps its x to the last
    /// bit and its rotation the identity at every frame over 6 s, so part 2's bound (0.5 pt
    /// sideways, 0.002 rad) holds with room to spare and no tilt can start from round-off for
    /// elastic bounces to amplify. The contacts of a box centered on another are mirror images:
    /// see `mirrorImagePairsGetMirrorImageArms`. The one exception is 2.3's own: from the frame in
    /// which its discrete contacts lose a box (`partedAlongASideFace`), nothing is checked.
    @Test(arguments: Array(UInt64(1)...12))
    func alignedDropsLandFlat(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<6 {
            let count = 1 + Int(random.next() % 5)
            let equal = random.next() % 2 == 0
            let base = 30 + 50 * random.unit()
            let widths = (0..<count).map { _ in equal ? base : 20 + 80 * random.unit() }
            let heights = (0..<count).map { _ in 20 + 40 * random.unit() }
            let x = 60 + 200 * random.unit()
            let bottom = 568 - 300 * random.unit()
            let gap = 60 * random.unit()
            let elasticity = [0, 1, random.unit()][random.below(3)]
            let friction = [0, 1, random.unit()][random.below(3)]
            var (world, bodies) = Self.drop(
                widths: widths, heights: heights, x: x, bottom: bottom, gap: gap, elasticity: elasticity, friction: friction)
            let scene = "x \(x), bottom \(bottom), gap \(gap), widths \(widths), heights \(heights), e \(elasticity), f \(friction)"
            var landed = false
            var checking = true
            for frame in 1...360 {
                world.step(timeStep: 1.0 / 60, substeps: 4)
                landed = landed || world.contactEvents.contains { event in
                    if case .boundary = event.partner { return event.body == bodies[0] && event.phase == .began }
                    return false
                }
                if checking && Self.partedAlongASideFace(world) { checking = false }
                guard checking else { continue }
                let strays = bodies.filter { world.position(of: $0).x != x || world.rotation(of: $0) != .identity }
                if !strays.isEmpty {
                    Issue.record("frame \(frame): \(strays.count) boxes off the column's axis or turned; \(scene)")
                    checking = false
                }
            }
            // They did land: the bottom box touched the floor.
            #expect(landed, "\(scene)")
        }
    }

    /// The README's elastic column: five 30.5 pt wide boxes up to 56 pt tall, elasticity 0.98,
    /// which bounce for seconds. It used to topple after about 3 s from a tilt of 10⁻¹⁴ rad that
    /// the bounces amplified tenfold every 20 frames; it now stays exactly aligned, still
    /// bouncing at 4 s.
    @Test func anElasticColumnStaysAligned() {
        let x = 195.6223585503004
        var (world, bodies) = Self.drop(
            widths: Array(repeating: 30.535484002016585, count: 5),
            heights: [56.08377451161186, 28.92391398605048, 51.72307166049305, 26.752527398500586, 20.328756488828375],
            x: x, bottom: 316.3571000766183, gap: 26.171460655078004, elasticity: 0.98, friction: 0.85)
        var fastestLate = 0.0
        var stray: Int?
        for frame in 1...360 {
            world.step(timeStep: 1.0 / 60, substeps: 1)
            if stray == nil && bodies.contains(where: { world.position(of: $0).x != x || world.rotation(of: $0) != .identity }) {
                stray = frame
            }
            if frame >= 240 { fastestLate = max(fastestLate, bodies.map { abs(world.velocity(of: $0).y) }.max()!) }
        }
        #expect(stray == nil)
        #expect(fastestLate > 300)
    }

    /// `partedAlongASideFace` names the frame in which 2.3's contacts lose a box: in the scene
    /// where Box2D 2.3 squeezes a light box out from under a heavy one
    /// (`UIKitBox2D23Tests.losesABoxWhereBox2D23Does`), it is the first frame in which any box
    /// leaves the column's axis or turns.
    @Test func aLostBoxIsPartedAlongASideFace() {
        let x = 160.0
        var (world, bodies) = Self.drop(
            widths: [21, 27, 77], heights: [21, 55, 32], x: x, bottom: 378, gap: 14, elasticity: 0.5, friction: 0.5)
        var parted: Int?
        var stray: Int?
        for frame in 1...120 {
            world.step(timeStep: 1.0 / 60, substeps: 1)
            if parted == nil && Self.partedAlongASideFace(world) { parted = frame }
            if stray == nil && bodies.contains(where: { world.position(of: $0).x != x || world.rotation(of: $0) != .identity }) {
                stray = frame
            }
        }
        #expect(parted != nil)
        #expect(parted == stray)
    }

    /// The contact rows of a box centered on another, at an x whose halves round differently
    /// (x + w/2 and x − w/2 are not mirror images in floating point), are mirror images: both
    /// points' lever arms, in the velocity rows and the position rows, and the points themselves,
    /// for equal widths (the corners meet) and unequal ones (the wider edge is cut at the
    /// narrower one's sides), box on box and box on a boundary.
    @Test(arguments: [(44.0, 44.0), (30.0, 76.0), (76.0, 30.0)])
    func mirrorImagePairsGetMirrorImageArms(widths: (Double, Double)) {
        let x = 104.73367734194176
        let (upper, lower) = (UIKitShape(box: BoxShape(halfExtents: Vec2(0.5 * widths.0, 20))),
                              UIKitShape(box: BoxShape(halfExtents: Vec2(0.5 * widths.1, 20))))
        let xfUpper = Transform(position: Vec2(x, 300.3)), xfLower = Transform(position: Vec2(x, 341.1))
        let floor = UIKitShape(edgeFrom: Vec2(0, 361.4), to: Vec2(320, 361.4))
        // (manifold, A's pose and radius, B's pose and radius, whether A moves)
        let pairs = [
            (uikitCollidePolygons(upper, xfUpper, lower, xfLower), xfUpper, upper.radius, xfLower, lower.radius, true),
            (uikitCollidePolygons(lower, xfLower, upper, xfUpper), xfLower, lower.radius, xfUpper, upper.radius, true),
            (uikitCollideEdgeAndPolygon(floor, lower, xfLower), Transform.identity, floor.radius, xfLower, lower.radius, false),
        ]
        for (manifold, xfA, radiusA, xfB, radiusB, aMoves) in pairs {
            #expect(manifold.pointCount == 2)
            guard manifold.pointCount == 2 else { continue }
            let (p0, p1) = (manifold.point0.localPoint, manifold.point1.localPoint)
            #expect(p0.x == -p1.x && p0.y == p1.y)
            let velocity = manifold.arms(xfA, radiusA: radiusA, xfB, radiusB: radiusB).points
            let position = (manifold.positionPoint(0, xfA, radiusA: radiusA, xfB, radiusB: radiusB),
                            manifold.positionPoint(1, xfA, radiusA: radiusA, xfB, radiusB: radiusB))
            #expect(position.0.separation == position.1.separation)
            var arms = [(velocity.0.rB, velocity.1.rB), (position.0.arms.rB, position.1.arms.rB)]
            // The ground's arms do not matter: it neither moves nor turns.
            if aMoves { arms += [(velocity.0.rA, velocity.1.rA), (position.0.arms.rA, position.1.arms.rA)] }
            for (r0, r1) in arms { #expect(r0.x == -r1.x && r0.y == r1.y, "\(r0) \(r1)") }
        }
    }

    /// b2Sweep::Advance keeps a coordinate that does not move during the step exactly where it
    /// is, at every fraction of the step (`(1 − β)·c0 + β·c` misses it by an ulp for some β).
    @Test func advancingASweepKeepsAStillCoordinate() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let x = 320 * random.unit()
            var sweep = UIKitSweep(at: Vec2(x, 100), .identity)
            sweep.end(at: Vec2(x, 100 + 50 * random.unit()), .identity)
            sweep.advance(to: random.unit())
            #expect(sweep.c0.x == x)
            #expect(sweep.q0 == .identity)
        }
    }

    /// Continuous collision: a 10 pt box at 6 000 pt/s (100 pt per step) towards a boundary stops
    /// on it; without 2.3's time of impact it would be past the line after one step.
    @Test func aFastBoxStopsAtTheBoundary() {
        var world = World()
        world.solverKind = .uikit
        world.createBoundary(from: Vec2(0, 300), to: Vec2(400, 300), group: 0)
        let box = world.createBody(BodyDefinition(position: Vec2(200, 150), size: Vec2(10, 10), linearVelocity: Vec2(0, 6000)))
        world.setCollisionGroups(items: 1, boundaries: 1, of: box)
        var deepest = -Double.infinity
        for _ in 1...30 {
            world.step(timeStep: 1.0 / 60, substeps: 1)
            deepest = max(deepest, world.position(of: box).y)
        }
        #expect(deepest < 300 - 5 + UIKitConstants.linearSlop)
        #expect(world.position(of: box).y < 300)
    }

    /// UIKit's callbacks come from 2.3's touching flag (the skins overlap): a box landing on a
    /// boundary begins one contact with it, at the contact point.
    @Test func landingBeginsAContact() {
        var world = World()
        world.solverKind = .uikit
        let shelf = world.createBoundary(from: Vec2(0, 300), to: Vec2(400, 300), group: 0)
        let box = world.createBody(BodyDefinition(position: Vec2(200, 200), size: Vec2(40, 40)))
        world.setCollisionGroups(items: 1, boundaries: 1, of: box)
        world.setAcceleration(Vec2(0, 1000), of: box)
        var began: [ContactEvent] = []
        for _ in 1...60 {
            world.step(timeStep: 1.0 / 60, substeps: 1)
            began += world.contactEvents.filter { $0.phase == .began }
        }
        #expect(began.count == 1)
        #expect(began.first?.partner == .boundary(shelf))
        #expect(began.first?.body == box)
        #expect(abs((began.first?.point?.y ?? 0) - 300) < 2)
        #expect(world.contactCount == 1)
        #expect(world.contactPointCount == 2)
    }
}
