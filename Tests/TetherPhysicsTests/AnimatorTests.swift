import Foundation
import Testing
@testable import TetherPhysics

/// UIKit's documented units and behavior semantics, through the animator.
@Suite struct AnimatorTests {
    static let dt = 1.0 / 60

    static func scene(_ items: [DynamicItem], _ behaviors: [Behavior]) -> WorldScene {
        WorldScene(bounds: (.zero, Vec2(320, 568)), items: items, behaviors: behaviors.map { (nil, $0) })
    }

    static let box = DynamicItem(id: "box", center: Vec2(0, 0), size: Vec2(100, 100))

    @Test func continuousPushOfOneNewtonAccelerates100By100At100() {
        var animator = DynamicAnimator(scene: Self.scene([Self.box], [.push(PushBehavior(items: [0], mode: .continuous, vector: Vec2(1, 0)))]))
        for _ in 0..<60 { animator.step(timeStep: Self.dt, substeps: 4) }
        // x = ½·100·1² after one second, exactly (constant force, trapezoidal positions).
        #expect(abs(animator.world.position(of: animator.bodies[0]).x - 50) < 1e-9)
        #expect(abs(animator.world.velocity(of: animator.bodies[0]).x - 100) < 1e-9)
    }

    @Test func instantaneousPushOfOneNewtonAdds100PointsPerSecond() {
        var animator = DynamicAnimator(scene: Self.scene([Self.box], [.push(PushBehavior(items: [0], mode: .instantaneous, vector: Vec2(0, 1)))]))
        #expect(abs(animator.world.velocity(of: animator.bodies[0]).y - 100) < 1e-12)
        for _ in 0..<30 { animator.step(timeStep: Self.dt, substeps: 4) }
        #expect(abs(animator.world.position(of: animator.bodies[0]).y - 50) < 1e-9, "applied once, then inactive")
        // Twice the density: half the velocity change.
        let heavy = DynamicAnimator(scene: Self.scene(
            [Self.box],
            [.itemProperties(ItemBehavior(items: [0], density: 2)),
             .push(PushBehavior(items: [0], mode: .instantaneous, vector: Vec2(0, 1)))]))
        #expect(abs(heavy.world.velocity(of: heavy.bodies[0]).y - 50) < 1e-12)
    }

    @Test func anOffCenterPushAlsoTurnsTheItem() {
        let animator = DynamicAnimator(scene: Self.scene(
            [Self.box], [.push(PushBehavior(items: [0], mode: .instantaneous, vector: Vec2(0, 1), offset: Vec2(50, 0)))]))
        // Δω = r × J / I with I = m(w²+h²)/12 = 1·20000/12.
        #expect(abs(animator.world.angularVelocity(of: animator.bodies[0]) - 50 * 100 / (20_000.0 / 12)) < 1e-9)
    }

    @Test func gravityIsAnAccelerationIndependentOfMass() {
        let small = DynamicItem(id: "s", center: Vec2(0, 0), size: Vec2(10, 10))
        let large = DynamicItem(id: "l", center: Vec2(100, 0), size: Vec2(300, 300))
        var animator = DynamicAnimator(scene: Self.scene(
            [small, large], [.gravity(GravityBehavior(items: [0, 1], vector: Vec2(0, 0.5))), .itemProperties(ItemBehavior(items: [1], density: 7))]))
        for _ in 0..<60 { animator.step(timeStep: Self.dt, substeps: 4) }
        for body in animator.bodies {
            #expect(abs(animator.world.position(of: body).y - 0.5 * 500) < 1e-9, "½·(0.5·1000)·1²")
        }
    }

    @Test func gravityActsOnlyOnItsItemsAndFreeItemsDoNotMove() {
        let a = DynamicItem(id: "a", center: Vec2(0, 0), size: Vec2(20, 20))
        let b = DynamicItem(id: "b", center: Vec2(50, 0), size: Vec2(20, 20), velocity: Vec2(10, 0))
        var animator = DynamicAnimator(scene: Self.scene([a, b], [.gravity(GravityBehavior(items: [0]))]))
        for _ in 0..<30 { animator.step(timeStep: Self.dt, substeps: 4) }
        #expect(animator.world.position(of: animator.bodies[0]).y > 100)
        #expect(animator.world.position(of: animator.bodies[1]) == Vec2(50, 0), "no behavior holds b: it is not in the animator")
    }

    @Test func laterItemBehaviorsOverrideEarlierOnesKeyByKey() {
        var animator = DynamicAnimator(scene: Self.scene(
            [Self.box],
            [.itemProperties(ItemBehavior(items: [0], elasticity: 0.3, friction: 0.4)),
             .itemProperties(ItemBehavior(items: [0], friction: 0.9))]))
        let definition = animator.world.definition(of: animator.bodies[0])
        #expect(definition.elasticity == 0.3)
        #expect(definition.friction == 0.9)
        animator.add(.itemProperties(ItemBehavior(items: [0], anchored: true)), id: "pin")
        #expect(animator.world.definition(of: animator.bodies[0]).isAnchored)
        animator.remove(id: "pin")
        #expect(!animator.world.definition(of: animator.bodies[0]).isAnchored)
    }

    @Test func snapSettlesAtThePointAndUpright() {
        let photo = DynamicItem(id: "p", center: Vec2(10, 20), size: Vec2(100, 80), angle: 0.5)
        var animator = DynamicAnimator(scene: Self.scene([photo], [.snap(SnapBehavior(item: 0, point: Vec2(160, 284)))]))
        var overshoot = 0.0
        for _ in 0..<180 {
            animator.step(timeStep: Self.dt, substeps: 4)
            overshoot = max(overshoot, animator.world.position(of: animator.bodies[0]).x - 160)
        }
        let body = animator.bodies[0]
        #expect((animator.world.position(of: body) - Vec2(160, 284)).length < 0.01)
        #expect(abs(animator.world.rotation(of: body).angle) < 0.001)
        // ζ = 0.625 at damping 0.5: overshoot e^(−πζ/√(1−ζ²)) ≈ 8 % of the 150 pt travel.
        #expect(overshoot > 5 && overshoot < 20, "overshoot \(overshoot)")
    }

    /// A pendulum at the default clock stays within 1 pt of a converged reference (64 substeps)
    /// over 10 s, and its small-angle period is within 1 % of 2π√(L/g).
    @Test func pendulumAgreesWithAConvergedReference() {
        func run(substeps: Int) -> [Vec2] {
            let bob = DynamicItem(id: "bob", center: Vec2(160 + 300 * Foundation.sin(0.3), 100 + 300 * Foundation.cos(0.3)), size: Vec2(20, 20), shape: .ellipse)
            var animator = DynamicAnimator(scene: Self.scene(
                [bob], [.gravity(GravityBehavior(items: [0])), .attachment(AttachmentBehavior(item: 0, anchor: Vec2(160, 100), length: 300))]))
            return (0..<600).map { _ in
                animator.step(timeStep: Self.dt, substeps: substeps)
                return animator.world.position(of: animator.bodies[0])
            }
        }
        let fine = run(substeps: 64)
        let normal = run(substeps: 4)
        let worst = zip(fine, normal).map { ($0 - $1).length }.max()!
        #expect(worst < 1, "default clock differs from the converged reference by \(worst) pt")
        // Period from the zero crossings of x − 160 (0.3 rad is "small": the exact period is 0.57 % longer).
        var crossings: [Double] = []
        for k in 1..<fine.count where (fine[k - 1].x - 160) > 0 && (fine[k].x - 160) <= 0 {
            let f = (fine[k - 1].x - 160) / ((fine[k - 1].x - 160) - (fine[k].x - 160))
            crossings.append((Double(k) + f) * Self.dt)
        }
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        let smallAngle = 2 * Double.pi * (300.0 / 1000).squareRoot()
        #expect(abs(period - smallAngle) / smallAngle < 0.01, "period \(period) vs \(smallAngle)")
    }
}
