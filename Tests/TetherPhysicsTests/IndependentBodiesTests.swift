import Testing
@testable import TetherPhysics

/// The step of independent bodies (anchor springs only, at most one per body, no contact) runs
/// each body's substeps block by block instead of stage by stage; it must give the bits of the
/// stage-by-stage step for every row an anchor spring can have, with forces, resistance and
/// turning bodies, bodies without a spring and springs on anchored bodies, and on any thread
/// count.
@Suite struct IndependentBodiesTests {
    /// 150 bodies (more than two blocks of 64). `mixed`: of every sort (axial rows, rods, bodies
    /// without a spring, anchored bodies, forces and resistance); otherwise all on point springs
    /// with no force, some turning (the block of point springs' own loop).
    static func world(mixed: Bool) -> World {
        var world = World()
        for i in 0..<150 {
            let start = Vec2(Double(i % 15) * 37.5 + 0.25, Double(i / 15) * 41.0 - 3.5)
            let body = world.createBody(
                BodyDefinition(
                    position: start, size: Vec2(20 + Double(i % 7), 30),
                    linearVelocity: Vec2(Double(i % 11) * 13.7 - 60, Double(i % 5) * -21.3),
                    angularVelocity: i % 4 == 0 ? 0 : Double(i % 9) * 0.7 - 2.5,
                    linearResistance: mixed && i % 6 == 0 ? 0.8 : 0, angularResistance: mixed && i % 8 == 0 ? 1.5 : 0,
                    isAnchored: mixed && i % 29 == 0))
            if mixed && i % 3 == 0 { world.setAcceleration(Vec2(0, 980), of: body) }
            if mixed && i % 13 == 5 { continue }  // no spring: it coasts
            let anchor = start + Vec2(Double(i % 4) * 9 - 12, 30)
            let length: Double? = !mixed || i % 2 == 0 ? 0 : 12.5  // point and axial rows
            let frequency = mixed && i % 10 == 7 ? 0 : 0.5 + Double(i % 6) * 0.9  // rods and springs
            world.createDistanceJoint(.anchor(anchor, to: body, length: length, frequency: frequency, dampingRatio: Double(i % 5) * 0.3))
        }
        world.allowsPause = false
        return world
    }

    static func states(_ world: World) -> [[UInt64]] {
        world.bodyIDs.map { id in
            let (p, v, r) = (world.position(of: id), world.velocity(of: id), world.rotation(of: id))
            return [p.x, p.y, v.x, v.y, world.angularVelocity(of: id), r.c, r.s].map(\.bitPattern)
        }
    }

    @Test(arguments: [true, false])
    func givesTheBitsOfTheStageByStageStep(mixed: Bool) {
        var independent = Self.world(mixed: mixed)
        var stages = Self.world(mixed: mixed)
        stages.stepsIndependentBodies = false
        var split = Self.world(mixed: mixed)
        split.workers = StepWorkers(threads: 3, minimumChunk: 1, helpers: .always)
        for _ in 0..<120 {
            independent.step(timeStep: 1.0 / 60, substeps: 4)
            stages.step(timeStep: 1.0 / 60, substeps: 4)
            split.step(timeStep: 1.0 / 60, substeps: 4)
        }
        #expect(!independent.springBySlot.isEmpty, "the world should take the step of independent bodies")
        // Compared as one Bool each, so that a failure does not print 150 bodies' bits.
        let (same, sameSplit) = (Self.states(independent) == Self.states(stages), Self.states(split) == Self.states(stages))
        #expect(same, "the step of independent bodies differs from the stage-by-stage step")
        #expect(sameSplit, "on 3 threads it differs from the stage-by-stage step")
        let moved = Self.states(independent) != Self.states(Self.world(mixed: mixed))
        #expect(moved)
    }

    @Test func aBodyOnTwoSpringsOrAnotherJointKindTakesTheStageByStageStep() {
        var world = World()
        let a = world.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(10, 10)))
        world.createBody(BodyDefinition(position: Vec2(50, 0), size: Vec2(10, 10)))
        world.createDistanceJoint(.anchor(Vec2(0, 20), to: a, frequency: 1, dampingRatio: 0.5))
        world.step(timeStep: 1.0 / 60, substeps: 4)
        #expect(!world.springBySlot.isEmpty)
        world.createDistanceJoint(.anchor(Vec2(5, 20), to: a, frequency: 2, dampingRatio: 0.5))
        world.step(timeStep: 1.0 / 60, substeps: 4)
        #expect(world.springBySlot.isEmpty)
        var other = World()
        let c = other.createBody(BodyDefinition(position: Vec2(0, 0), size: Vec2(10, 10)))
        let d = other.createBody(BodyDefinition(position: Vec2(50, 0), size: Vec2(10, 10)))
        other.createDistanceJoint(.anchor(Vec2(0, 20), to: c, frequency: 1, dampingRatio: 0.5))
        other.createDistanceJoint(DistanceJointDefinition(bodyA: c, localAnchorA: .zero, bodyB: d, localAnchorB: .zero, length: nil, frequency: 0, dampingRatio: 0))
        other.step(timeStep: 1.0 / 60, substeps: 4)
        #expect(other.springBySlot.isEmpty)
    }
}
