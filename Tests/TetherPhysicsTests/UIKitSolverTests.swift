import Testing
@testable import TetherPhysics

/// The UIKit clock (`World.solverKind = .uikit`): Box2D 2.3's formulation at one step per frame.
@Suite struct UIKitSolverTests {
    /// Frames 0, 5, …, 180 of the reference scene of `reference/peers/README.md`: one 100×100
    /// item (mass 1) at (200, 300) on a zero-length spring (1 Hz, ζ 0.5) to (200, 200), 1/60 s.
    static let frames = Array(stride(from: 0, through: 180, by: 5))
    /// center_y of Box2D 2.3.10 (pybox2d, b2DistanceJoint, 1 step/frame, 8 velocity iterations),
    /// `box2d-spring.csv`. From frame ~130 the item is within Box2D's slop (0.5 pt) of the anchor,
    /// where the joint has no direction and does nothing: the item coasts at 2.8 pt/s until it is
    /// 0.5 pt past the anchor.
    static let box2D: [Double] = [
        300.000, 287.438, 263.061, 236.619, 214.156, 198.392, 189.587, 186.532, 187.400, 190.367,
        193.969, 197.233, 199.663, 201.555, 202.438, 202.471, 202.007, 201.346, 200.700, 200.148,
        199.603, 199.212, 199.140, 199.267, 199.484, 199.716, 199.949, 200.181, 200.414, 200.590,
        200.583, 200.466, 200.332, 200.198, 200.064, 199.930, 199.796,
    ]
    /// center_y of the closed-form damped oscillator, `exact-spring.csv`.
    static let exact: [Double] = [
        300.000, 288.655, 263.439, 235.267, 211.221, 194.636, 185.930, 183.708, 185.791, 189.988,
        194.564, 198.408, 201.018, 202.351, 202.651, 202.275, 201.578, 200.836, 200.222, 199.812,
        199.608, 199.569, 199.636, 199.752, 199.872, 199.970, 200.034, 200.065, 200.070, 200.058,
        200.039, 200.020, 200.004, 199.994, 199.989, 199.989, 199.991,
    ]

    /// The reference scene's trajectory (center_y at `frames`) under `kind`, 4 substeps asked.
    static func springTrajectory(_ kind: SolverKind) -> [Double] {
        var world = World()
        world.solverKind = kind
        let item = world.createBody(BodyDefinition(position: Vec2(200, 300), size: Vec2(100, 100)))
        world.createDistanceJoint(.anchor(Vec2(200, 200), to: item, length: 0, frequency: 1, dampingRatio: 0.5))
        var ys = [world.position(of: item).y]
        for frame in 1...180 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            if frame % 5 == 0 { ys.append(world.position(of: item).y) }
            #expect(world.position(of: item).x == 200)
        }
        return ys
    }

    static func maxError(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
    }

    /// Same formulation as Box2D 2.3: the trajectories agree to 0.001 pt on every frame (the CSV's
    /// 3 decimals; Box2D runs in float32), so the UIKit clock is, like Box2D, 3.82 pt off the exact
    /// solution at worst (RMS 1.26 pt). The accurate solver is within 0.013 pt of it (RMS 0.004 pt).
    @Test func referenceSpringMatchesBox2D() {
        let uikit = Self.springTrajectory(.uikit)
        let accurate = Self.springTrajectory(.accurate)
        #expect(Self.maxError(uikit, Self.box2D) < 0.002)
        #expect(Self.maxError(accurate, Self.exact) < 0.015)
        let uikitVsExact = Self.maxError(uikit, Self.exact)
        #expect(uikitVsExact > 3.5 && uikitVsExact < 3.85)  // 3.82 between the samples
    }

    /// A box resting on a floor under UIKit's gravity (1000 pt/s²) stands on Box2D 2.3's skins:
    /// the box's and the boundary's polygon radius (1 pt each) less the slop the position
    /// iterations leave (0.5 pt), so 1.5 pt above the floor; a second box stacked on it 1.5 pt
    /// above that. Neither sinks, turns or slides (less than 0.05 pt).
    @Test func restingBoxesStandOnTheSkins() {
        var world = World()
        world.solverKind = .uikit
        world.createBoundary(from: Vec2(-500, 400), to: Vec2(500, 400), group: 0)
        let lower = world.createBody(BodyDefinition(position: Vec2(0, 350), size: Vec2(100, 100), friction: 0.5))
        let upper = world.createBody(BodyDefinition(position: Vec2(10, 250), size: Vec2(60, 100), friction: 0.5))
        for body in [lower, upper] {
            world.setCollisionGroups(items: 1, boundaries: 1, of: body)
            world.setAcceleration(Vec2(0, 1000), of: body)
        }
        world.allowsPause = false
        for _ in 1...300 { world.step(timeStep: 1.0 / 60, substeps: 4) }
        let gap = 2 * UIKitConstants.polygonRadius - UIKitConstants.linearSlop
        #expect(abs(world.position(of: lower).y - (350 - gap)) < 0.05)
        #expect(abs(world.position(of: upper).y - (250 - 2 * gap)) < 0.05)
        #expect(abs(world.position(of: lower).x) < 0.05)
        #expect(abs(world.position(of: upper).x - 10) < 0.05)
        #expect(abs(world.rotation(of: lower).s) < 1e-6)
        #expect(world.velocity(of: lower).length < 1)
    }

    /// A pendulum on a 200 pt rod (a rigid distance joint), released level, keeps its length
    /// within 1 pt through 5 s of swinging: the velocity rows hold the rod and the position
    /// iterations remove the drift. A pinned bar (revolute) keeps its pin within 1 pt too.
    @Test func pendulumKeepsItsLength() {
        var world = World()
        world.solverKind = .uikit
        let bob = world.createBody(BodyDefinition(position: Vec2(200, 0), size: Vec2(20, 20)))
        world.setAcceleration(Vec2(0, 1000), of: bob)
        world.createDistanceJoint(.anchor(.zero, to: bob, length: 200, frequency: 0, dampingRatio: 0))
        let bar = world.createBody(BodyDefinition(position: Vec2(600, 0), size: Vec2(200, 20)))
        world.setAcceleration(Vec2(0, 1000), of: bar)
        world.createRevoluteJoint(RevoluteJointDefinition(bodyA: nil, bodyB: bar, anchor: Vec2(500, 0)))
        var worst = (rod: 0.0, pin: 0.0)
        var lowest = 0.0
        for _ in 1...300 {
            world.step(timeStep: 1.0 / 60, substeps: 4)
            worst.rod = max(worst.rod, abs(world.position(of: bob).length - 200))
            let pin = world.position(of: bar) + world.rotation(of: bar).rotate(Vec2(-100, 0))
            worst.pin = max(worst.pin, (pin - Vec2(500, 0)).length)
            lowest = max(lowest, world.position(of: bob).y)
        }
        #expect(worst.rod < 1)
        #expect(worst.pin < 1)
        #expect(lowest > 190)  // it really swings down
    }

    /// A scene with everything (springs, rods, rope, weld, pin, slider, contacts, restitution,
    /// friction) stepped twice gives the same bits; switching back to `.accurate` gives the
    /// accurate pipeline's bits.
    @Test func deterministic() {
        func scene(_ kind: SolverKind) -> [Double] {
            var world = World()
            world.solverKind = kind
            world.createBoundary(from: Vec2(0, 500), to: Vec2(800, 500), group: 0)
            var bodies: [BodyID] = []
            for i in 0..<6 {
                let body = world.createBody(
                    BodyDefinition(
                        position: Vec2(100 + 110 * Double(i), 100 + 20 * Double(i)), size: Vec2(60, 40),
                        rotation: Rotation(angle: 0.1 * Double(i)), linearVelocity: Vec2(30, 0),
                        linearResistance: 0.5, elasticity: 0.4, friction: 0.3))
                world.setCollisionGroups(items: 1, boundaries: 1, of: body)
                world.setAcceleration(Vec2(0, 1000), of: body)
                bodies.append(body)
            }
            world.createDistanceJoint(.anchor(Vec2(100, 0), to: bodies[0], length: 0, frequency: 2, dampingRatio: 0.3))
            world.createDistanceJoint(
                DistanceJointDefinition(bodyA: bodies[1], localAnchorA: Vec2(10, 0), bodyB: bodies[2], frequency: 0, dampingRatio: 0))
            world.createLimitJoint(.anchor(Vec2(430, 0), to: bodies[3], maxLength: 150))
            world.createWeldJoint(WeldJointDefinition(bodyA: bodies[3], bodyB: bodies[4], anchor: Vec2(490, 190)))
            world.createPrismaticJoint(
                PrismaticJointDefinition(bodyA: nil, bodyB: bodies[5], anchor: Vec2(650, 200), axis: Vec2(0, 1), translationRange: -50...150))
            var out: [Double] = []
            for _ in 1...240 {
                world.step(timeStep: 1.0 / 60, substeps: 4)
                for body in bodies {
                    let p = world.position(of: body)
                    out += [p.x, p.y, world.rotation(of: body).s]
                }
            }
            #expect(world.firstNonFiniteBody == nil)
            return out
        }
        let first = scene(.uikit)
        let second = scene(.uikit)
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
        #expect(first != scene(.accurate))
    }
}
