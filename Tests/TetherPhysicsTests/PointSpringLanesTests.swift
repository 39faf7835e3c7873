import Testing
@testable import TetherPhysics

/// The blocks of the step of independent bodies whose bodies all hang on point springs, feel no
/// force and do not turn run in `PointSpringLanes`; they must give the bits of the stage-by-stage
/// step, next to blocks that cannot (a turning body) and split across threads.
@Suite struct PointSpringLanesTests {
    /// 200 bodies (three full blocks of 64 and a partial one), on point springs, no force; only
    /// `turning` turns, so its block takes the general loop. `shared`: every spring has the same
    /// frequency and damping (the springy list's case, coefficients held in registers);
    /// otherwise they vary from body to body.
    static func world(turning: Int, shared: Bool = false) -> World {
        var world = World()
        for i in 0..<200 {
            let start = Vec2(Double(i % 20) * 31.5 - 0.75, Double(i / 20) * 43.0 + 1.25)
            let body = world.createBody(
                BodyDefinition(
                    position: start, size: Vec2(20 + Double(i % 7), 30),
                    linearVelocity: Vec2(Double(i % 11) * 17.3 - 80, Double(i % 5) * -23.9 + 12),
                    angularVelocity: i == turning ? 1.75 : 0))
            let anchor = start + Vec2(Double(i % 4) * 7 - 11, -30 + Double(i % 3))
            let (frequency, dampingRatio) = shared ? (1.0, 0.8) : (0.4 + Double(i % 6) * 1.1, Double(i % 5) * 0.25)
            world.createDistanceJoint(.anchor(anchor, to: body, length: 0, frequency: frequency, dampingRatio: dampingRatio))
        }
        world.allowsPause = false
        return world
    }

    @Test(arguments: [false, true])
    func givesTheBitsOfTheStageByStageStep(shared: Bool) {
        let turning = 100  // slot 101, in the second block
        var lanes = Self.world(turning: turning, shared: shared)
        var stages = Self.world(turning: turning, shared: shared)
        stages.stepsIndependentBodies = false
        var split = Self.world(turning: turning, shared: shared)
        split.workers = StepWorkers(threads: 3, minimumChunk: 1)
        for substeps in [4, 1, 2, 3] {
            for _ in 0..<60 {
                lanes.step(timeStep: 1.0 / 60, substeps: substeps)
                stages.step(timeStep: 1.0 / 60, substeps: substeps)
                split.step(timeStep: 1.0 / 60, substeps: substeps)
            }
        }
        let (same, sameSplit) = (
            IndependentBodiesTests.states(lanes) == IndependentBodiesTests.states(stages),
            IndependentBodiesTests.states(split) == IndependentBodiesTests.states(stages)
        )
        #expect(same, "the blocks in lanes differ from the stage-by-stage step")
        #expect(sameSplit, "on 3 threads they differ from the stage-by-stage step")
        #expect(IndependentBodiesTests.states(lanes) != IndependentBodiesTests.states(Self.world(turning: turning, shared: shared)))
    }

    /// The lanes take exactly the blocks that fit: not the one with the turning body, nor one
    /// with a body on no spring.
    @Test func loadsOnlyBlocksOfPointSprungBodiesThatDoNotTurn() {
        var world = Self.world(turning: 100)
        world.step(timeStep: 1.0 / 60, substeps: 4)  // prepares the springs and `springBySlot`
        #expect(!world.springBySlot.isEmpty)
        var springBySlot = world.springBySlot
        springBySlot[150] = -1
        let loaded = world.states.withUnsafeMutableBufferPointer { bodies in
            springBySlot.withUnsafeBufferPointer { springBySlot in
                world.joints.withAnchorSprings { springs in
                    PointSpringLanes.withLanes(capacity: 64) { lanes in
                        [1..<65, 65..<129, 129..<193, 193..<201].map { lanes.load($0, bodies, springs, springBySlot) }
                    }
                }
            }
        }
        #expect(loaded == [true, false, false, true])
    }
}
