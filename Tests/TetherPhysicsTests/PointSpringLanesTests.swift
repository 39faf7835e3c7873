import Testing
@testable import TetherPhysics

/// The blocks of the step of independent bodies whose bodies all hang on point springs, feel no
/// force and do not turn run in `PointSpringLanes`; they must give the bits of the stage-by-stage
/// step, next to blocks that cannot (a turning body) and split across threads.
@Suite struct PointSpringLanesTests {
    /// `count` bodies (200: three full blocks of 64 and a partial one), on point springs, no
    /// force; only `turning` turns, so its block takes the general loop. `shared`: every spring
    /// has the same frequency and damping (the springy list's case, coefficients held in
    /// registers); otherwise they vary from body to body.
    static func world(turning: Int, shared: Bool = false, count: Int = 200) -> World {
        var world = World()
        for i in 0..<count {
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

    /// 197 bodies leave a last block of 5: the passes take two lanes at a time, and one alone
    /// at the end of an odd block.
    @Test(arguments: [(false, 200), (true, 200), (false, 197), (true, 197)])
    func givesTheBitsOfTheStageByStageStep(shared: Bool, count: Int) {
        let turning = 100  // slot 101, in the second block
        var lanes = Self.world(turning: turning, shared: shared, count: count)
        var stages = Self.world(turning: turning, shared: shared, count: count)
        stages.stepsIndependentBodies = false
        var split = Self.world(turning: turning, shared: shared, count: count)
        split.workers = StepWorkers(threads: 3, minimumChunk: 1, helpers: .always)
        for substeps in [4, 1, 2, 3, 5, 6] {
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
        #expect(IndependentBodiesTests.states(lanes) != IndependentBodiesTests.states(Self.world(turning: turning, shared: shared, count: count)))
    }

    /// The lanes take exactly the blocks that fit: not one with a body on no spring (the
    /// preparation's runs leave it out), nor the one with the turning body (`step` refuses it
    /// and leaves its bodies as they were).
    @Test func takesOnlyBlocksOfPointSprungBodiesThatDoNotTurn() {
        var world = Self.world(turning: 100)
        world.step(timeStep: 1.0 / 60, substeps: 4)  // prepares the springs and `springBySlot`
        #expect(!world.springBySlot.isEmpty)
        var springBySlot = world.springBySlot
        springBySlot[150] = -1
        let runs = world.joints.pointSpringRuns(springBySlot)
        let blocks = [1..<65, 65..<129, 129..<193, 193..<201]
        #expect(blocks.map { runs[$0.lowerBound].covers($0.count) } == [true, true, false, true])
        let before = IndependentBodiesTests.states(world)
        var fastest = (linear: 0.0, angular: 0.0)
        var probe = SIMD2<Double>.zero
        var states = world.takeStates()
        let taken = states.withUnsafeMutableBufferPointer { bodies in
            springBySlot.withUnsafeBufferPointer { springBySlot in
                world.joints.withAnchorSprings { springs in
                    PointSpringLanes.withLanes(capacity: 64) { lanes in
                        [1..<65, 65..<129, 193..<201].map {
                            lanes.step(
                                $0, runs[$0.lowerBound], bodies, springs, springBySlot, h: 1.0 / 240, substeps: 4, fastest: &fastest,
                                probe: &probe, rotationsKnownFinite: false, leftByLanes: false)
                        }
                    }
                }
            }
        }
        world.states = states
        #expect(taken == [true, false, true])
        let after = IndependentBodiesTests.states(world)
        // Body ids are slots − 1 here (no body was removed).
        #expect(after[64..<128] == before[64..<128], "the refused block's bodies changed")
        #expect(after[0..<64] != before[0..<64] && after[192..<200] != before[192..<200])
        #expect(fastest.linear > 0 && fastest.angular == 0)
        // The probe holds the sum of the taken bodies' positions and rotations.
        var sum = SIMD2<Double>.zero
        for id in world.bodyIDs[0..<64] + world.bodyIDs[192..<200] {
            let (p, r) = (world.position(of: id), world.rotation(of: id))
            sum += SIMD2(p.x + r.c, p.y + r.s)
        }
        #expect(abs(probe.x - sum.x) <= 1e-9 * abs(sum.x) && abs(probe.y - sum.y) <= 1e-9 * abs(sum.y))
    }

    /// The preparation's runs: how many slots from each on hang on point springs, and how many
    /// of those springs have the same coefficients, bit for bit.
    @Test func runsCountPointSpringsAndSharedCoefficients() {
        var world = World()
        // Slots 1…8: springs of 1 Hz, 1 Hz, 2 Hz, 2 Hz, 2 Hz; no spring; a rod; an axial spring; 1 Hz.
        let rows: [(frequency: Double, length: Double)?] = [(1, 0), (1, 0), (2, 0), (2, 0), (2, 0), nil, (0, 0), (1, 5), (1, 0)]
        for (i, row) in rows.enumerated() {
            let body = world.createBody(BodyDefinition(position: Vec2(Double(i) * 50, 0), size: Vec2(20, 20)))
            if let row {
                world.createDistanceJoint(.anchor(Vec2(Double(i) * 50, 30), to: body, length: row.length, frequency: row.frequency, dampingRatio: 0.5))
            }
        }
        world.step(timeStep: 1.0 / 60, substeps: 4)
        let runs = world.pointSpringRuns
        #expect(runs.map(\.pointSprings) == [0, 5, 4, 3, 2, 1, 0, 0, 0, 1])
        #expect(runs.map(\.sharingCoefficients) == [0, 2, 1, 3, 2, 1, 0, 0, 0, 1])
        #expect(runs.map(\.inOrder) == [0, 5, 4, 3, 2, 1, 0, 0, 0, 1])
        #expect(runs[1].covers(5) && !runs[1].covers(6) && runs[1].sharesCoefficients(2) && !runs[1].sharesCoefficients(3))
    }

    /// Springs out of slot order in their column (a removal moves the last spring into the
    /// gap): no run of them is in order, and the step still gives the stage-by-stage bits.
    @Test func springsOutOfOrderAreFoundThroughTheirSlots() {
        func world() -> World {
            var world = Self.world(turning: -1, shared: true)
            // Slot 1's spring is removed (the last, slot 200's, takes its place) and made anew (last).
            let first = world.joints.ids[0]
            let anchor = world.anchorPoints(of: first)!.a
            world.destroyJoint(first)
            world.createDistanceJoint(.anchor(anchor, to: world.bodyIDs[0], length: 0, frequency: 1, dampingRatio: 0.8))
            return world
        }
        var lanes = world()
        var stages = world()
        stages.stepsIndependentBodies = false
        for _ in 0..<30 {
            lanes.step(timeStep: 1.0 / 60, substeps: 4)
            stages.step(timeStep: 1.0 / 60, substeps: 4)
        }
        let runs = lanes.pointSpringRuns
        #expect(runs[1].inOrder == 1 && runs[2].inOrder == 198 && runs[200].inOrder == 1)
        #expect(runs[1].sharesCoefficients(64) && runs[1].covers(200))
        #expect(IndependentBodiesTests.states(lanes) == IndependentBodiesTests.states(stages))
    }

    /// The squared speeds fold as `max` folds them: a body whose velocity is NaN is passed over,
    /// so a world otherwise at rest still counts as still, in the lanes as in the stage-by-stage
    /// step.
    @Test func aNaNSpeedIsPassedOverAsMaxPassesItOver() {
        func world() -> World {
            var world = World()
            for i in 0..<100 {
                let at = Vec2(Double(i) * 30, 0)
                let body = world.createBody(BodyDefinition(position: at, size: Vec2(20, 20)))
                world.createDistanceJoint(.anchor(at, to: body, length: 0, frequency: 1, dampingRatio: 0.8))
            }
            world.setVelocity(Vec2(.nan, 0), of: world.bodyIDs[50])
            return world
        }
        var lanes = world()
        var stages = world()
        stages.stepsIndependentBodies = false
        for _ in 0..<3 {
            lanes.step(timeStep: 1.0 / 60, substeps: 4)
            stages.step(timeStep: 1.0 / 60, substeps: 4)
        }
        #expect(lanes.pointSpringRuns[1].covers(64), "the lanes should take the first block")
        #expect(lanes.restTime > 0.04 && stages.restTime == lanes.restTime, "three still steps of 1/60 s")
        #expect(IndependentBodiesTests.states(lanes) == IndependentBodiesTests.states(stages))
        #expect(lanes.firstNonFiniteBody == lanes.bodyIDs[50])
    }
}
