import Testing
@testable import TetherPhysics

/// Rules that scenes of alike bodies cannot check: the shape of the inertia of a non-square
/// box, a body that may not turn meeting one that may, resistance that differs between linear
/// and angular motion. Each against a hand-computed outcome, on both clocks where the rule is
/// the clock's.
@Suite struct UnlikeBodiesTests {
    /// An impulse p at offset r from the center gives v = p/m and ω = (r × p)/I, with
    /// I = m·(w² + h²)/12 for a w × h box and ½·m·r² for a circle: a 60 × 20 box of density 2
    /// (m = 0.24, I = 80) takes (0, 10) at (30, 0) as v = 41.67 pt/s, ω = 3.75 rad/s; a circle of
    /// diameter 40 in a 40 × 60 frame of density 2 (m = 0.48, r = 20, I = 96) as v = 20.83 pt/s,
    /// ω = 3.125 rad/s. (A square's inertia cannot tell w² + h² from 2·w², nor a circle's from a
    /// box's.)
    @Test func inertiaFollowsTheShape() {
        var world = World()
        let box = world.createBody(BodyDefinition(position: .zero, size: Vec2(60, 20), density: 2))
        let ball = world.createBody(BodyDefinition(position: Vec2(200, 0), size: Vec2(40, 60), shape: .ellipse, density: 2))
        for body in [box, ball] { world.applyImpulse(Vec2(0, 10), at: Vec2(30, 0), to: body) }
        #expect(abs(world.velocity(of: box).y - 10 / 0.24) < 1e-9)
        #expect(abs(world.angularVelocity(of: box) - 3.75) < 1e-12)
        #expect(abs(world.velocity(of: ball).y - 10 / 0.48) < 1e-9)
        #expect(abs(world.angularVelocity(of: ball) - 3.125) < 1e-12)
    }

    /// A ball (m_A = 0.04) hits a 40 × 40 box that may not turn (m_B = 0.16) 10 pt off its center
    /// line, at 300 pt/s, elasticity 0.5, no gravity or friction. With the box's rotation locked
    /// the contact sees only the two masses, as a head-on collision: the ball leaves at
    /// (m_A − e·m_B)/(m_A + m_B)·300 = −60 pt/s and the box at (1 + e)·m_A/(m_A + m_B)·300 =
    /// 90 pt/s, without turning. (Were the box free to turn, the hit's lever arm would take part.)
    @Test(arguments: SolverKind.allCases)
    func aBodyThatMayNotTurnMeetsOneThatMay(kind: SolverKind) {
        var world = World()
        world.solverKind = kind
        let ball = world.createBody(
            BodyDefinition(
                position: Vec2(-100, 10), size: Vec2(20, 20), shape: .ellipse, linearVelocity: Vec2(300, 0), elasticity: 0.5))
        let box = world.createBody(BodyDefinition(position: .zero, size: Vec2(40, 40), allowsRotation: false, elasticity: 0.5))
        for body in [ball, box] { world.setCollisionGroups(items: 1, boundaries: 0, of: body) }
        for _ in 0..<30 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        #expect(abs(world.velocity(of: ball).x + 60) < 1e-6, "\(kind): ball \(world.velocity(of: ball))")
        #expect(abs(world.velocity(of: box).x - 90) < 1e-6, "\(kind): box \(world.velocity(of: box))")
        #expect(abs(world.velocity(of: ball).y) < 1e-9 && abs(world.velocity(of: box).y) < 1e-9)
        #expect(world.angularVelocity(of: box) == 0 && world.rotation(of: box) == .identity)
        #expect(world.angularVelocity(of: ball) == 0, "no friction: nothing turns the ball")
    }

    /// Resistance acts on each body by its own values, linear and angular apart: a body with
    /// resistance 2 and angular resistance 0.5, moving at 100 pt/s and turning at 3 rad/s, keeps
    /// 100·e^(−2t) and 3·e^(−0.5t) on the accurate clock (exact by construction), and on the
    /// UIKit clock 2.3's damping, a factor 1/(1 + h·c) per step. Its neighbour without
    /// resistance keeps its speed.
    @Test(arguments: SolverKind.allCases)
    func resistanceIsPerBodyAndPerMotion(kind: SolverKind) {
        var world = World()
        world.solverKind = kind
        let damped = world.createBody(
            BodyDefinition(
                position: .zero, size: Vec2(40, 20), linearVelocity: Vec2(100, 0), angularVelocity: 3, linearResistance: 2,
                angularResistance: 0.5))
        let free = world.createBody(
            BodyDefinition(position: Vec2(0, 500), size: Vec2(40, 20), linearVelocity: Vec2(100, 0), angularVelocity: 3))
        let h = 1.0 / 60
        for step in 1...60 {
            world.step(timeStep: h, substeps: 4)
            let t = Double(step) * h
            let (linear, angular) =
                kind == .uikit
                ? (100 * power(1 / (1 + h * 2), Double(step)), 3 * power(1 / (1 + h * 0.5), Double(step)))
                : (100 * DeterministicMath.exp(-2 * t), 3 * DeterministicMath.exp(-0.5 * t))
            #expect(abs(world.velocity(of: damped).x - linear) < 1e-9 * 100, "\(kind) at \(t) s")
            #expect(abs(world.angularVelocity(of: damped) - angular) < 1e-9 * 3, "\(kind) at \(t) s")
        }
        #expect(world.velocity(of: free).x == 100 && world.angularVelocity(of: free) == 3)
    }

    // MARK: Joints between unlike bodies

    /// Two bodies of unequal mass (m_A = 0.5, m_B = 2) on a zero-length spring between them,
    /// 1 Hz, undamped, no gravity, 100 pt apart at rest. The spring is scaled by the row's
    /// effective mass, the reduced mass μ = m_A·m_B/(m_A + m_B) = 0.4, so their separation x
    /// obeys ẍ = −ω²x whatever the masses, as each clock integrates it: per substep h the
    /// trapezoidal rule on the accurate clock, `u′ = u − h·ω²·(x + x′)/2`, `x′ = x + h·(u + u′)/2`;
    /// per step backward Euler on the UIKit clock (Box2D 2.3's soft row converged),
    /// `u′ = u − h·ω²·x′`, `x′ = x + h·u′` (2.3's row has no direction, and does nothing, within
    /// the 0.5 pt slop). The center of mass stays put, A moving 4 times as far as B. (An
    /// effective mass built from B alone, μ = m_B/2 = 1, would swing √2.5 times faster.)
    @Test(arguments: SolverKind.allCases)
    func aSpringBetweenUnlikeBodiesSwingsAtItsFrequency(kind: SolverKind) {
        var world = World()
        world.solverKind = kind
        world.allowsPause = false
        let a = world.createBody(BodyDefinition(position: .zero, size: Vec2(50, 100)))
        let b = world.createBody(BodyDefinition(position: Vec2(100, 0), size: Vec2(100, 200)))
        world.createDistanceJoint(
            DistanceJointDefinition(bodyA: a, localAnchorA: .zero, bodyB: b, length: 0, frequency: 1, dampingRatio: 0))
        let omega2 = 4 * DeterministicMath.pi * DeterministicMath.pi
        var (x, u) = (100.0, 0.0)
        var nearest = Double.infinity
        for _ in 1...60 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            if kind == .uikit {
                let h = 1.0 / 60
                if abs(x) > UIKitConstants.linearSlop { u = (u - h * omega2 * x) / (1 + h * h * omega2) }
                x += h * u
            } else {
                let h = 1.0 / 240
                for _ in 0..<4 {
                    let next = (u - h * omega2 * x - h * h * omega2 / 4 * u) / (1 + h * h * omega2 / 4)
                    x += h * (u + next) / 2
                    u = next
                }
            }
            let (pA, pB) = (world.position(of: a), world.position(of: b))
            nearest = min(nearest, pB.x - pA.x)
            #expect(abs((pB.x - pA.x) - x) < 1e-6, "\(kind): \(pB.x - pA.x) pt apart, \(x) expected")
            #expect(abs(0.5 * pA.x + 2 * pB.x - 200) < 1e-9, "\(kind): the center of mass moved")
        }
        #expect(nearest < -70, "\(kind): half a period in they were \(nearest) pt apart")
    }

    /// A rigid row's impulse is its relative velocity times the row's effective mass, so after
    /// the relax pass (the last row to act) the pin of a revolute joint, and the point of a weld,
    /// between a light and a heavy body have no relative velocity left, to round-off: one body
    /// moving, the other at rest, no gravity. An effective mass built from wrong masses leaves
    /// a part of it.
    @Test func rigidRowsBetweenUnlikeBodiesStopThePointExactly() {
        for weld in [false, true] {
            var world = World()
            let a = world.createBody(BodyDefinition(position: .zero, size: Vec2(50, 100)))
            let b = world.createBody(BodyDefinition(position: Vec2(75, 20), size: Vec2(100, 200), linearVelocity: Vec2(30, -200)))
            let pin = Vec2(25, 40)
            if weld {
                world.createWeldJoint(WeldJointDefinition(bodyA: a, bodyB: b, anchor: pin))
            } else {
                world.createRevoluteJoint(RevoluteJointDefinition(bodyA: a, bodyB: b, anchor: pin))
            }
            let (localA, localB) = (pin - world.position(of: a), pin - world.position(of: b))
            for _ in 1...3 {
                world.step(timeStep: 1.0 / 60, substeps: 4)
                func pointVelocity(_ body: BodyID, _ local: Vec2) -> Vec2 {
                    world.velocity(of: body) + world.rotation(of: body).rotate(local).crossed(byScalar: world.angularVelocity(of: body))
                }
                let slip = (pointVelocity(b, localB) - pointVelocity(a, localA)).length
                #expect(slip < 1e-9, "\(weld ? "weld" : "pin"): the point slips at \(slip) pt/s")
            }
        }
    }
}

private func power(_ base: Double, _ exponent: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(exponent) { result *= base }
    return result
}
