import Foundation
import Testing
@testable import TetherPhysics

/// Steps `frames` frames of 1/60 s with 4 substeps, calling `check` after each with the time.
private func run(_ world: inout World, frames: Int, check: (World, Double) -> Void = { _, _ in }) {
    for frame in 1...frames {
        world.step(timeStep: 1.0 / 60, substeps: 4)
        check(world, Double(frame) / 60)
    }
}

/// Mechanical energy of one body under the vertical acceleration g (y down): ½mv² + ½Iω² − m·g·y.
private func energy(_ world: World, _ body: BodyID, g: Double) -> Double {
    world.kineticEnergy - world.mass(of: body) * g * world.position(of: body).y
}

@Suite struct LimitJointTests {
    /// A body on a 200 pt rope from a world point falls exactly as a free body while the rope is
    /// slack, then swings on it without ever stretching it by more than half a point.
    @Test func ropeIsSlackThenHolds() {
        var world = World()
        var free = World()
        let definition = BodyDefinition(position: Vec2(50, 0), size: Vec2(20, 20))
        let bob = world.createBody(definition)
        let twin = free.createBody(definition)
        world.setAcceleration(Vec2(0, 1000), of: bob)
        free.setAcceleration(Vec2(0, 1000), of: twin)
        let rope = world.createLimitJoint(.anchor(.zero, to: bob, maxLength: 200))
        #expect(world.contains(rope))

        var slackFrames = 0
        var longest = 0.0
        var leftmost = 50.0
        for frame in 1...300 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            free.step(timeStep: 1.0 / 60, substeps: 4)
            let p = world.position(of: bob)
            let q = free.position(of: twin)
            longest = max(longest, p.length)
            leftmost = min(leftmost, p.x)
            if q.length <= 200 {
                // Slack all frame long: bit for bit the free body, which is exact free fall.
                slackFrames += 1
                #expect(p == q)
                let t = Double(frame) / 60
                #expect(abs(p.y - 500 * t * t) < 1e-9)
                #expect(p.x == 50)
            }
        }
        #expect(slackFrames == 37, "slack frames \(slackFrames)")  // free fall reaches 200 pt at 0.622 s
        #expect(longest <= 200.5, "longest \(longest)")
        #expect(longest > 199.5, "the rope went taut")
        // Caught at (50, 193.6) the bob keeps only its tangential speed (155 pt/s), which carries
        // it to about x = −84 on the other side: a bounce or a stretch would go farther.
        #expect(leftmost < -80 && leftmost > -90, "the bob swung to the other side: \(leftmost)")
    }

    /// Two bodies flying apart on a rope: it catches them (an inelastic pull) and keeps momentum.
    @Test func ropeBetweenBodiesOnlyPulls() {
        var world = World()
        let a = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(20, 20), linearVelocity: Vec2(-300, 0)))
        let b = world.createBody(BodyDefinition(position: Vec2(100, 0), size: Vec2(20, 20), linearVelocity: Vec2(-100, 0)))
        world.createLimitJoint(LimitJointDefinition(bodyA: a, localAnchorA: .zero, bodyB: b))
        var longest = 0.0
        run(&world, frames: 120) { world, _ in
            longest = max(longest, (world.position(of: b) - world.position(of: a)).length)
        }
        #expect(longest <= 100.5, "longest \(longest)")
        // Momentum is conserved (total −400 over equal masses): both end at −200 pt/s.
        let vA = world.velocity(of: a)
        let vB = world.velocity(of: b)
        #expect(abs(vA.x + vB.x + 400) < 1e-9)
        #expect(abs(vA.x - vB.x) < 1, "taut rope: same speed \(vA.x) \(vB.x)")
    }
}

@Suite struct WeldJointTests {
    /// A bar welded to the world by its left end holds its place under gravity.
    @Test func weldToWorldHolds() {
        var world = World()
        let bar = world.createBody(BodyDefinition(position: Vec2(200, 200), size: Vec2(100, 40)))
        world.setAcceleration(Vec2(0, 1000), of: bar)
        world.createWeldJoint(WeldJointDefinition(bodyA: nil, bodyB: bar, anchor: Vec2(150, 200)))
        var drift = 0.0
        var turn = 0.0
        run(&world, frames: 300) { world, _ in
            drift = max(drift, (world.position(of: bar) - Vec2(200, 200)).length)
            turn = max(turn, abs(world.rotation(of: bar).angle))
        }
        print("weld to world: drift \(drift) pt, turn \(turn) rad")
        #expect(drift < 0.5, "drift \(drift)")
        #expect(turn < 0.01, "turn \(turn)")
    }

    /// Two bodies welded together, one spinning and one thrown, move as one rigid body: their
    /// relative position and angle stay, and momentum is only changed by gravity.
    @Test func weldedBodiesMoveAsOne() {
        var world = World()
        let a = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(60, 60), angularVelocity: 3))
        let b = world.createBody(
            BodyDefinition(position: Vec2(60, 0), size: Vec2(60, 30), linearVelocity: Vec2(0, -300), density: 2))
        world.setAcceleration(Vec2(0, 1000), of: a)
        world.setAcceleration(Vec2(0, 1000), of: b)
        world.createWeldJoint(WeldJointDefinition(bodyA: a, bodyB: b, anchor: Vec2(30, 0)))
        let mA = world.mass(of: a)
        let mB = world.mass(of: b)
        let momentum0 = mA * world.velocity(of: a) + mB * world.velocity(of: b)
        var worstOffset = 0.0
        var worstAngle = 0.0
        var turned = 0.0
        var worstMomentum = 0.0
        run(&world, frames: 300) { world, t in
            let qA = world.rotation(of: a)
            let offset = qA.inverseRotate(world.position(of: b) - world.position(of: a))
            worstOffset = max(worstOffset, (offset - Vec2(60, 0)).length)
            worstAngle = max(worstAngle, abs(qA.relative(to: world.rotation(of: b)).angle))
            turned = max(turned, abs(qA.angle))
            let momentum = mA * world.velocity(of: a) + mB * world.velocity(of: b)
            worstMomentum = max(worstMomentum, (momentum - momentum0 - Vec2(0, (mA + mB) * 1000 * t)).length)
        }
        print("welded pair: offset \(worstOffset) pt, angle \(worstAngle) rad, momentum error \(worstMomentum)")
        #expect(turned > 1, "the pair spins: \(turned)")
        #expect(worstOffset < 0.5, "relative position drift \(worstOffset)")
        #expect(worstAngle < 0.01, "relative angle drift \(worstAngle)")
        #expect(worstMomentum < 1e-6 * (mA + mB) * 300, "momentum \(worstMomentum)")
    }
}

@Suite struct RevoluteJointTests {
    /// A 200 pt bar pinned at its left end: returns the world and the bar.
    private func pinnedBar(angleRange: ClosedRange<Double>? = nil, frictionTorque: Double = 0) -> (World, BodyID) {
        var world = World()
        let bar = world.createBody(BodyDefinition(position: Vec2(100, 0), size: Vec2(200, 20)))
        world.setAcceleration(Vec2(0, 1000), of: bar)
        world.createRevoluteJoint(
            RevoluteJointDefinition(
                bodyA: nil, bodyB: bar, anchor: .zero, angleRange: angleRange, frictionTorque: frictionTorque))
        return (world, bar)
    }

    @Test func pinnedBarSwingsAboutThePin() {
        var (world, bar) = pinnedBar()
        let e0 = energy(world, bar, g: 1000)
        var pinError = 0.0
        var lowest = 0.0
        var worstEnergy = 0.0
        run(&world, frames: 300) { world, _ in
            let pin = world.position(of: bar) + world.rotation(of: bar).rotate(Vec2(-100, 0))
            pinError = max(pinError, pin.length)
            lowest = max(lowest, world.position(of: bar).y)
            worstEnergy = max(worstEnergy, abs(energy(world, bar, g: 1000) - e0))
        }
        print("pinned bar: pin error \(pinError) pt, energy drift \(worstEnergy / 40_000) of m·g·L/2")
        #expect(pinError < 0.5, "pin error \(pinError)")
        #expect(lowest > 99, "the bar swung down: \(lowest)")
        #expect(worstEnergy < 0.005 * 40_000, "energy drift \(worstEnergy)")
        if let points = world.anchorPoints(of: JointID(rawValue: 0)) {
            #expect(points.a == .zero)
            #expect((points.b - points.a).length < 0.5)
        } else {
            Issue.record("no anchor points")
        }
    }

    @Test func angleRangeHolds() {
        var (world, bar) = pinnedBar(angleRange: -0.5...0.5)
        var highest = -Double.infinity
        var lowestAngle = Double.infinity
        var pinError = 0.0
        run(&world, frames: 300) { world, _ in
            let angle = world.rotation(of: bar).angle
            highest = max(highest, angle)
            lowestAngle = min(lowestAngle, angle)
            let pin = world.position(of: bar) + world.rotation(of: bar).rotate(Vec2(-100, 0))
            pinError = max(pinError, pin.length)
        }
        print("angle range: highest \(highest) rad, lowest \(lowestAngle) rad")
        #expect(highest <= 0.52, "past the upper limit: \(highest)")
        #expect(highest > 0.45, "reached the upper limit: \(highest)")
        #expect(lowestAngle >= -0.52, "past the lower limit: \(lowestAngle)")
        #expect(pinError < 0.5, "pin error \(pinError)")
        // It comes to rest at the limit.
        #expect(abs(world.rotation(of: bar).angle - 0.5) < 0.02)
    }

    /// A range that does not contain the start: the bar is pushed into it softly (at the joint
    /// stiffness, not in one substep) and then held up at its end against gravity.
    @Test func rangeNotContainingTheStartIsReached() {
        var (world, bar) = pinnedBar(angleRange: -1...(-0.3))
        run(&world, frames: 30)
        #expect(world.rotation(of: bar).angle <= -0.28, "pushed in: \(world.rotation(of: bar).angle)")
        var worst = -Double.infinity
        run(&world, frames: 90) { world, _ in worst = max(worst, world.rotation(of: bar).angle) }
        #expect(worst <= -0.28, "kept in: \(worst)")
        #expect(abs(world.rotation(of: bar).angle + 0.3) < 0.02, "resting at −0.3: \(world.rotation(of: bar).angle)")
    }

    @Test func frictionTorqueDrainsEnergy() {
        var (smooth, bar) = pinnedBar()
        var (rough, roughBar) = pinnedBar(frictionTorque: 5000)
        let e0 = energy(smooth, bar, g: 1000)
        run(&smooth, frames: 180)
        run(&rough, frames: 180)
        let smoothLoss = e0 - energy(smooth, bar, g: 1000)
        let roughLoss = e0 - energy(rough, roughBar, g: 1000)
        print("friction: loss without \(smoothLoss), with 5000 \(roughLoss) (mass·pt²/s²)")
        #expect(abs(smoothLoss) < 200, "loss without friction \(smoothLoss)")
        #expect(roughLoss > 5000, "friction loss \(roughLoss)")
        #expect(roughLoss > smoothLoss + 5000)
    }

    /// A friction torque above the largest gravity torque (m·g·L/2 = 40 000) holds the bar level.
    @Test func strongFrictionHoldsTheBar() {
        var (world, bar) = pinnedBar(frictionTorque: 50_000)
        var turn = 0.0
        var pinError = 0.0
        run(&world, frames: 120) { world, _ in
            turn = max(turn, abs(world.rotation(of: bar).angle))
            pinError = max(pinError, (world.position(of: bar) + world.rotation(of: bar).rotate(Vec2(-100, 0))).length)
        }
        print("strong friction: turn \(turn) rad, pin error \(pinError) pt")
        #expect(turn < 0.01, "turn \(turn)")
        #expect(pinError < 0.5, "pin error \(pinError)")
        var (weak, weakBar) = pinnedBar(frictionTorque: 30_000)
        run(&weak, frames: 120)
        #expect(weak.rotation(of: weakBar).angle > 0.3, "a weaker friction slips")
    }
}

@Suite struct PrismaticJointTests {
    /// A body on a horizontal slider under diagonal gravity and a torque: it only slides, and stops
    /// at the end of its range.
    @Test func sliderMovesAlongItsAxisAndStops() {
        var world = World()
        let block = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(50, 50)))
        world.setAcceleration(Vec2(700, 700), of: block)
        world.setForce(.zero, torque: 50_000, of: block)
        world.createPrismaticJoint(
            PrismaticJointDefinition(
                bodyA: nil, bodyB: block, anchor: Vec2(0, 0), axis: Vec2(2, 0), translationRange: -100...150))
        var drift = 0.0
        var turn = 0.0
        var farthest = 0.0
        run(&world, frames: 180) { world, _ in
            drift = max(drift, abs(world.position(of: block).y))
            turn = max(turn, abs(world.rotation(of: block).angle))
            farthest = max(farthest, world.position(of: block).x)
        }
        print("slider: drift \(drift) pt, turn \(turn) rad, farthest \(farthest) pt")
        #expect(drift < 0.5, "perpendicular drift \(drift)")
        #expect(turn < 0.01, "turn \(turn)")
        #expect(farthest <= 150.5, "past the range end: \(farthest)")
        #expect(abs(world.position(of: block).x - 150) < 0.5, "at the range end: \(world.position(of: block).x)")
        #expect(abs(world.velocity(of: block).x) < 1, "stopped: \(world.velocity(of: block).x)")
    }

    /// The axis is fixed in A: a slider on a spinning body turns with it.
    @Test func axisTurnsWithBodyA() {
        var world = World()
        let hub = world.createBody(
            BodyDefinition(position: .zero, size: Vec2(100, 100), angularVelocity: 2, density: 10))
        let bead = world.createBody(BodyDefinition(position: Vec2(100, 0), size: Vec2(20, 20)))
        world.createRevoluteJoint(RevoluteJointDefinition(bodyA: nil, bodyB: hub, anchor: .zero))
        world.createPrismaticJoint(
            PrismaticJointDefinition(bodyA: hub, bodyB: bead, anchor: Vec2(100, 0), axis: Vec2(1, 0), translationRange: -50...100))
        var worstOffAxis = 0.0
        var worstAngle = 0.0
        var farthest = 0.0
        run(&world, frames: 120) { world, _ in
            let qHub = world.rotation(of: hub)
            let local = qHub.inverseRotate(world.position(of: bead) - world.position(of: hub))
            worstOffAxis = max(worstOffAxis, abs(local.y))
            worstAngle = max(worstAngle, abs(qHub.relative(to: world.rotation(of: bead)).angle))
            farthest = max(farthest, local.x)
        }
        #expect(abs(world.rotation(of: hub).angle) > 0.1, "the hub turned")
        #expect(worstOffAxis < 0.5, "off axis \(worstOffAxis)")
        #expect(worstAngle < 0.01, "relative angle \(worstAngle)")
        // Flung outward by the rotation, stopped by the range end at 100 + 100.
        #expect(farthest > 199 && farthest <= 200.5, "farthest \(farthest)")
    }
}

@Suite struct JointWorldTests {
    /// Small-angle pendulum on a rigid 300 pt rod under 1000 pt/s²: period 2π√(L/g).
    @Test func rigidRodPendulumPeriod() {
        let expected = 2 * Double.pi * (0.3).squareRoot()
        for general in [false, true] {
            var world = World()
            let theta0 = 0.05
            let bob = world.createBody(
                BodyDefinition(position: Vec2(300 * Foundation.sin(theta0), 300 * Foundation.cos(theta0)), size: Vec2(10, 10)))
            world.setAcceleration(Vec2(0, 1000), of: bob)
            if general {
                // Through the general DistanceJoint rows (anchored body A), not the anchor fast path.
                let pivot = world.createBody(BodyDefinition(position: .zero, size: Vec2(10, 10), isAnchored: true))
                world.createDistanceJoint(
                    DistanceJointDefinition(bodyA: pivot, localAnchorA: .zero, bodyB: bob, frequency: 0, dampingRatio: 0))
            } else {
                world.createDistanceJoint(.anchor(.zero, to: bob, frequency: 0, dampingRatio: 0))
            }
            #expect(abs((world.spring(of: JointID(rawValue: 0))?.length ?? 0) - 300) < 1e-9)
            // Times x crosses zero going left (interpolated within the frame).
            var crossings: [Double] = []
            var previousX = world.position(of: bob).x
            run(&world, frames: 60 * 15) { world, t in
                let x = world.position(of: bob).x
                if previousX > 0 && x <= 0 { crossings.append(t - (1.0 / 60) * x / (x - previousX)) }
                previousX = x
            }
            #expect(crossings.count >= 4)
            let period = (crossings[crossings.count - 1] - crossings[0]) / Double(crossings.count - 1)
            let error = period / expected - 1
            print("pendulum (\(general ? "distance joint" : "anchor rod")): period \(period) s, expected \(expected) s, error \(error * 100) %")
            #expect(abs(error) < 0.01, "period \(period) vs \(expected)")
        }
    }

    @Test func jointsAreCountedAndRemoved() {
        var world = World()
        let a = world.createBody(BodyDefinition(position: .zero, size: Vec2(20, 20)))
        let b = world.createBody(BodyDefinition(position: Vec2(50, 0), size: Vec2(20, 20)))
        let c = world.createBody(BodyDefinition(position: Vec2(100, 0), size: Vec2(20, 20)))
        let rope = world.createLimitJoint(LimitJointDefinition(bodyA: a, localAnchorA: .zero, bodyB: b))
        let weld = world.createWeldJoint(WeldJointDefinition(bodyA: b, bodyB: c, anchor: Vec2(75, 0)))
        let pin = world.createRevoluteJoint(RevoluteJointDefinition(bodyA: nil, bodyB: a, anchor: .zero))
        let slider = world.createPrismaticJoint(
            PrismaticJointDefinition(bodyA: a, bodyB: c, anchor: Vec2(100, 0), axis: Vec2(1, 0)))
        let spring = world.createDistanceJoint(.anchor(Vec2(0, 100), to: c, frequency: 1, dampingRatio: 0.5))
        #expect(world.jointCount == 5)
        #expect(world.spring(of: rope) == nil)
        #expect(world.spring(of: spring) != nil)
        #expect(world.anchorPoints(of: weld)?.a == Vec2(75, 0))
        #expect(world.anchorPoints(of: weld)?.b == Vec2(75, 0))

        world.destroyJoint(weld)
        #expect(!world.contains(weld))
        #expect(world.jointCount == 4)
        #expect(world.contains(rope) && world.contains(pin) && world.contains(slider) && world.contains(spring))

        // Removing body a removes the rope, the pin and the slider; the spring on c stays.
        world.destroyBody(a)
        #expect(world.jointCount == 1)
        #expect(!world.contains(rope) && !world.contains(pin) && !world.contains(slider))
        #expect(world.contains(spring))
        #expect(world.anchorPoints(of: rope) == nil)

        // Ids are reused; a new joint after removals still steps.
        let again = world.createWeldJoint(WeldJointDefinition(bodyA: b, bodyB: c, anchor: Vec2(75, 0)))
        #expect(world.contains(again))
        #expect(world.jointCount == 2)
        run(&world, frames: 30)
        #expect(world.firstNonFiniteBody == nil)
    }

    /// A chain of every kind under gravity stays finite and is bit-for-bit repeatable.
    @Test func mixedMechanismIsDeterministic() {
        func build() -> World {
            var world = World()
            var previous: BodyID? = nil
            for i in 0..<8 {
                let body = world.createBody(
                    BodyDefinition(position: Vec2(Double(i + 1) * 40, 0), size: Vec2(40, 10), angularVelocity: Double(i) * 0.1))
                world.setAcceleration(Vec2(0, 1000), of: body)
                let anchor = Vec2(Double(i) * 40 + 20, 0)
                switch i % 4 {
                case 0: world.createRevoluteJoint(RevoluteJointDefinition(bodyA: previous, bodyB: body, anchor: anchor, angleRange: -1...1))
                case 1: world.createLimitJoint(LimitJointDefinition(bodyA: previous, localAnchorA: Vec2(20, 0), bodyB: body, localAnchorB: Vec2(-20, 0), maxLength: 10))
                case 2: world.createPrismaticJoint(PrismaticJointDefinition(bodyA: previous, bodyB: body, anchor: anchor, axis: Vec2(1, 0), translationRange: -5...5))
                default: world.createWeldJoint(WeldJointDefinition(bodyA: previous, bodyB: body, anchor: anchor))
                }
                previous = body
            }
            return world
        }
        var first = build()
        var second = build()
        run(&first, frames: 240)
        run(&second, frames: 240)
        #expect(first.firstNonFiniteBody == nil)
        for id in first.bodyIDs {
            #expect(first.position(of: id) == second.position(of: id))
            #expect(first.rotation(of: id) == second.rotation(of: id))
        }
        // The chain hangs down from its pin.
        #expect(first.position(of: first.bodyIDs[7]).y > 50)
    }
}
