import Foundation
import Testing
@testable import TetherPhysics

/// The closed-form damped oscillator x(t) for x(0) = x0, ẋ(0) = 0, ζ < 1.
func dampedOscillator(x0: Double, frequency: Double, zeta: Double, t: Double) -> Double {
    let omega = 2 * Double.pi * frequency
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    return x0 * Foundation.exp(-zeta * omega * t)
        * (Foundation.cos(omegaD * t) + zeta * omega / omegaD * Foundation.sin(omegaD * t))
}

@Suite struct SpringTests {
    /// The acceptance scene: f = 1 Hz, ζ = 0.5, released 100 pt from the anchor.
    @Test func zeroLengthSpringFollowsTheClosedForm() {
        var world = World()
        let item = world.createBody(BodyDefinition(position: Vec2(200, 300), size: Vec2(100, 100)))
        world.createDistanceJoint(.anchor(Vec2(200, 200), to: item, length: 0, frequency: 1, dampingRatio: 0.5))
        var maxError = 0.0
        for frame in 1...180 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            let exact = 200 + dampedOscillator(x0: 100, frequency: 1, zeta: 0.5, t: Double(frame) / 60)
            maxError = max(maxError, abs(world.position(of: item).y - exact))
            #expect(world.position(of: item).x == 200)
        }
        #expect(maxError < 0.5, "max error \(maxError) pt")
        #expect(maxError < 0.02, "trapezoidal rule should be far inside the 0.5 pt budget: \(maxError)")
    }
}

extension SpringTests {
    /// An undamped spring is a conservative system: the trapezoidal rule keeps its energy.
    @Test func undampedSpringKeepsItsEnergy() {
        var world = World()
        let item = world.createBody(BodyDefinition(position: Vec2(0, 80), size: Vec2(50, 50)))
        world.createDistanceJoint(.anchor(.zero, to: item, length: 0, frequency: 2, dampingRatio: 0))
        let omega = 2 * Double.pi * 2
        let mass = world.mass(of: item)
        func energy() -> Double {
            let p = world.position(of: item)
            return world.kineticEnergy + 0.5 * mass * omega * omega * p.lengthSquared
        }
        let initial = energy()
        var worst = 0.0
        for _ in 0..<600 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            worst = max(worst, abs(energy() - initial) / initial)
        }
        #expect(worst < 1e-9, "relative energy drift \(worst)")
    }

    /// Frequency 0 is a rigid rod: a body swinging on it keeps the length.
    @Test func rigidAttachmentKeepsItsLength() {
        var world = World()
        let bob = world.createBody(BodyDefinition(position: Vec2(300, 100), size: Vec2(20, 20)))
        world.setAcceleration(Vec2(0, 1000), of: bob)
        let rod = world.createDistanceJoint(.anchor(Vec2(100, 100), to: bob, frequency: 0, dampingRatio: 0))
        #expect(world.spring(of: rod)?.length == 200)
        var worst = 0.0
        for _ in 0..<600 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            worst = max(worst, abs((world.position(of: bob) - Vec2(100, 100)).length - 200))
        }
        #expect(worst < 0.5, "rod length error \(worst) pt")
    }

    /// The same spring moves a 10×10 and a 300×300 item identically.
    @Test func motionDoesNotDependOnSize() {
        func trajectory(size: Double, density: Double) -> [Vec2] {
            var world = World()
            let item = world.createBody(
                BodyDefinition(position: Vec2(40, 90), size: Vec2(size, size), linearVelocity: Vec2(30, -10), density: density))
            world.createDistanceJoint(.anchor(Vec2(0, 0), to: item, length: 20, frequency: 1.5, dampingRatio: 0.3))
            return (0..<240).map { _ in
                world.step(timeStep: 1.0 / 60, substeps: 4)
                return world.position(of: item)
            }
        }
        let small = trajectory(size: 10, density: 1)
        let large = trajectory(size: 300, density: 3)
        let worst = zip(small, large).map { ($0 - $1).length }.max() ?? 0
        #expect(worst < 1e-9, "trajectories differ by \(worst) pt")
    }

    /// The trapezoidal rule is A-stable: even at half the substep rate the spring stays bounded
    /// (undamped: energy kept; damped: it decays).
    @Test(arguments: [0.0, 0.5, 1.0])
    func springIsStableAtHalfTheSubstepRate(zeta: Double) {
        var world = World()
        let item = world.createBody(BodyDefinition(position: Vec2(0, 100), size: Vec2(44, 44)))
        world.createDistanceJoint(.anchor(.zero, to: item, length: 0, frequency: 120, dampingRatio: zeta))
        var largest = 0.0
        for _ in 0..<600 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            largest = max(largest, world.position(of: item).length)
        }
        #expect(world.firstNonFiniteBody == nil)
        #expect(largest <= 100 + 1e-6, "displacement grew to \(largest)")
    }

    /// Two free bodies on a spring between them: momentum is conserved and they oscillate about
    /// the center of mass.
    @Test func springBetweenTwoBodiesConservesMomentum() {
        var world = World()
        let a = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(100, 100), linearVelocity: Vec2(5, 0)))
        let b = world.createBody(BodyDefinition(position: Vec2(300, 0), size: Vec2(50, 100)))
        world.createDistanceJoint(
            DistanceJointDefinition(bodyA: a, localAnchorA: .zero, bodyB: b, length: 200, frequency: 2, dampingRatio: 0.1))
        let ma = world.mass(of: a)
        let mb = world.mass(of: b)
        let p0 = ma * world.velocity(of: a) + mb * world.velocity(of: b)
        for _ in 0..<300 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        let p1 = ma * world.velocity(of: a) + mb * world.velocity(of: b)
        #expect((p1 - p0).length < 1e-9)
        let distance = (world.position(of: b) - world.position(of: a)).length
        #expect(abs(distance - 200) < 5, "spring should settle near its length, is \(distance)")
    }

    /// An attachment off the center makes the item turn; the point follows the anchor.
    @Test func offsetAttachmentRotatesTheItem() {
        var world = World()
        let item = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(100, 40)))
        world.setAcceleration(Vec2(0, 1000), of: item)
        let joint = world.createDistanceJoint(
            .anchor(Vec2(50, -100), to: item, offset: Vec2(50, 0), length: 0, frequency: 0, dampingRatio: 0))
        for _ in 0..<600 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        let points = world.anchorPoints(of: joint)!
        #expect((points.a - points.b).length < 0.5)
        #expect(abs(world.rotation(of: item).angle) > 0.5, "the item should hang from its end")
    }
}

@Suite struct FreeMotionTests {
    /// Constant acceleration is integrated exactly (trapezoidal position update).
    @Test func freeFallMatchesKinematics() {
        var world = World()
        let item = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(20, 20), linearVelocity: Vec2(50, -300)))
        world.setAcceleration(Vec2(0, 1000), of: item)
        for _ in 0..<120 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        let t = 2.0
        let expected = Vec2(50 * t, -300 * t + 0.5 * 1000 * t * t)
        #expect((world.position(of: item) - expected).length < 1e-6)
        #expect(abs(world.velocity(of: item).y - (-300 + 1000 * t)) < 1e-9)
    }

    /// Resistance decays velocity as e^(−c·t) whatever the step.
    @Test func resistanceDecaysExponentially() {
        var world = World()
        let item = world.createBody(
            BodyDefinition(position: .zero, size: Vec2(10, 10), linearVelocity: Vec2(100, 0), linearResistance: 2))
        for _ in 0..<60 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        #expect(abs(world.velocity(of: item).x - 100 * Foundation.exp(-2.0)) < 1e-9)
        // Distance travelled: ∫ 100·e^(−2t) dt over 1 s, within the trapezoidal rule's error.
        #expect(abs(world.position(of: item).x - 50 * (1 - Foundation.exp(-2.0))) < 1e-3)
    }

    /// Destroying bodies keeps the others' handles valid and reuses ids deterministically.
    @Test func destroyingBodiesKeepsHandlesValid() {
        var world = World()
        let ids = (0..<5).map { world.createBody(BodyDefinition(position: Vec2(Double($0), 0), size: Vec2(1, 1))) }
        world.createDistanceJoint(.anchor(.zero, to: ids[1], frequency: 1, dampingRatio: 1))
        world.destroyBody(ids[1])
        #expect(!world.contains(ids[1]))
        #expect(world.jointCount == 0)
        for k in [0, 2, 3, 4] { #expect(world.position(of: ids[k]).x == Double(k)) }
        let reused = world.createBody(BodyDefinition(position: Vec2(9, 9), size: Vec2(1, 1)))
        #expect(reused == ids[1])
        #expect(world.position(of: reused) == Vec2(9, 9))
    }
}
