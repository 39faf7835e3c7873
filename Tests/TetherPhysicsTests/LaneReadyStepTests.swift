import Testing
@testable import TetherPhysics

/// When the last step ran every body through the point-spring lanes and nothing has changed the
/// bodies since but moves, the world marks them (`bodiesAreKnownLaneReady`) and the next step's
/// lanes start without checking that no body turns or reading its smooth velocity change. The
/// marked step must give the bits of the stage-by-stage step, and any change that could make a
/// body turn, or that the lanes did not leave, must drop the mark.
@Suite struct LaneReadyStepTests {
    /// `PointSpringLanesTests.world` with no turning body (every block fits the lanes) on
    /// `threads` threads, and the same world stepped stage by stage, which never marks.
    static func worlds(shared: Bool, threads: Int) -> (lanes: World, stages: World) {
        // 199 bodies: the last block holds 7, an odd number.
        var lanes = PointSpringLanesTests.world(turning: -1, shared: shared, count: 199)
        lanes.workers = StepWorkers(threads: threads, minimumChunk: 8, helpers: .always)
        var stages = PointSpringLanesTests.world(turning: -1, shared: shared, count: 199)
        stages.stepsIndependentBodies = false
        return (lanes, stages)
    }

    @Test(arguments: [(false, 1), (true, 1), (true, 3)])
    func markedStepsGiveTheBitsOfTheStageByStageStep(shared: Bool, threads: Int) {
        var (lanes, stages) = Self.worlds(shared: shared, threads: threads)
        let ids = lanes.bodyIDs
        func step(_ count: Int, substeps: Int = 4) {
            for _ in 0..<count {
                lanes.step(timeStep: 1.0 / 60, substeps: substeps)
                stages.step(timeStep: 1.0 / 60, substeps: substeps)
            }
        }
        func same() -> Bool { IndependentBodiesTests.states(lanes) == IndependentBodiesTests.states(stages) }

        let unmarkedAtFirst = !lanes.bodiesAreKnownLaneReady
        step(1)
        let (marked, stagesMarked) = (lanes.bodiesAreKnownLaneReady, stages.bodiesAreKnownLaneReady)
        #expect(unmarkedAtFirst && marked && !stagesMarked, "only a step all in lanes marks")
        step(30)
        #expect(same(), "the marked steps differ from the stage-by-stage step")
        // The marked steps leave the smooth changes alone: +0, as the first step's lanes wrote them.
        let smooth = lanes.states.dropFirst().map { [$0.smoothVelocityChange.x, $0.smoothVelocityChange.y, $0.smoothAngularVelocityChange] }
        #expect(smooth.allSatisfy { $0.allSatisfy { $0.bitPattern == 0 } }, "a smooth change is not +0")
        for substeps in [1, 3] {
            step(10, substeps: substeps)
            let markedAfter = lanes.bodiesAreKnownLaneReady
            #expect(markedAfter && same(), "\(substeps) substeps a step")
        }

        // Moves keep the mark (they change positions only), and the next step still agrees.
        lanes.translate([(body: ids[70], offset: Vec2(0, -12.5)), (body: ids[3], offset: Vec2(4, 0))])
        stages.translate([(body: ids[70], offset: Vec2(0, -12.5)), (body: ids[3], offset: Vec2(4, 0))])
        lanes.translate(ids[198], by: Vec2(-3, 9))
        stages.translate(ids[198], by: Vec2(-3, 9))
        let markedAfterMoves = lanes.bodiesAreKnownLaneReady
        step(5)
        #expect(markedAfterMoves && same(), "after moves")

        // A body made to turn drops the mark: its block must go the general way, and the step
        // after it, with the turning body left in it, marks nothing.
        lanes.setAngularVelocity(2.5, of: ids[150])
        stages.setAngularVelocity(2.5, of: ids[150])
        let markedAfterTurn = lanes.bodiesAreKnownLaneReady
        step(5)
        let markedWithTurningBody = lanes.bodiesAreKnownLaneReady
        #expect(!markedAfterTurn && !markedWithTurningBody && same(), "with a turning body")
        lanes.setAngularVelocity(0, of: ids[150])
        stages.setAngularVelocity(0, of: ids[150])
        step(2)
        let markedWhenStillAgain = lanes.bodiesAreKnownLaneReady
        #expect(markedWhenStillAgain && same(), "when nothing turns again")

        // Any other change to the bodies drops it too.
        lanes.setVelocity(Vec2(40, -7), of: ids[12])
        stages.setVelocity(Vec2(40, -7), of: ids[12])
        let markedAfterVelocity = lanes.bodiesAreKnownLaneReady
        step(5)
        #expect(!markedAfterVelocity && same(), "after a velocity change")
    }

    /// Forces send every block the general way: no mark, and a mark from before is dropped.
    @Test func forcesDropTheMark() {
        var (lanes, stages) = Self.worlds(shared: true, threads: 1)
        lanes.step(timeStep: 1.0 / 60, substeps: 4)
        stages.step(timeStep: 1.0 / 60, substeps: 4)
        let marked = lanes.bodiesAreKnownLaneReady
        let pushed = lanes.bodyIDs[40]
        lanes.setAcceleration(Vec2(0, 300), of: pushed)
        stages.setAcceleration(Vec2(0, 300), of: pushed)
        for _ in 0..<3 {
            lanes.step(timeStep: 1.0 / 60, substeps: 4)
            stages.step(timeStep: 1.0 / 60, substeps: 4)
        }
        let markedWithForces = lanes.bodiesAreKnownLaneReady
        #expect(marked && !markedWithForces)
        #expect(IndependentBodiesTests.states(lanes) == IndependentBodiesTests.states(stages))
    }
}
