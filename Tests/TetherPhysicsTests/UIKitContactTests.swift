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

    /// Aligned drops land flat, as physics says (no horizontal force, no torque about the
    /// centers): a seeded grid of columns of 1 to 5 boxes of equal or unequal widths, elasticity
    /// 0…0.95 and friction 0…1, from low and high, moves no box sideways by more than 0.5 pt nor
    /// turns it by more than 0.002 rad at any frame over 6 s. Box2D 2.3 itself tilts such columns
    /// (its position iterations correct a manifold's two points one after the other); the UIKit
    /// clock corrects them together. (Above 0.95 a tall column bounces for many seconds and a
    /// round-off tilt of 10⁻⁶ rad can grow until it topples: see the README.)
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
            let (elasticity, friction) = (0.95 * random.unit(), random.unit())
            var (world, bodies) = Self.drop(
                widths: widths, heights: heights, x: x, bottom: bottom, gap: gap, elasticity: elasticity, friction: friction)
            var worst = (sideways: 0.0, turn: 0.0)
            var lowest = 0.0
            for _ in 1...360 {
                world.step(timeStep: 1.0 / 60, substeps: 4)
                for body in bodies {
                    worst.sideways = max(worst.sideways, abs(world.position(of: body).x - x))
                    worst.turn = max(worst.turn, abs(world.rotation(of: body).angle))
                }
                lowest = max(lowest, world.position(of: bodies[0]).y + 0.5 * heights[0])
            }
            let scene = "x \(x), bottom \(bottom), gap \(gap), widths \(widths), heights \(heights), e \(elasticity), f \(friction)"
            #expect(worst.sideways <= 0.5, "\(scene)")
            #expect(worst.turn <= 0.002, "\(scene)")
            // They did land: the bottom box reached the floor's skin.
            #expect(lowest > 568 - 2, "\(scene)")
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
