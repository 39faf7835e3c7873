import Testing
@testable import TetherPhysics

/// The step of independent bodies adds up every value it leaves in the bodies on its way, and
/// when that sum is finite it marks the bodies as known finite, so that
/// `World.firstNonFiniteBody` (the replays' blow-up check after every step) answers without
/// reading them again. The check must answer exactly as it does without the mark: the first
/// broken body in slot order, after every step, whichever value broke, in the lanes' blocks and
/// in the general ones, on any thread count; and any change to the bodies drops the mark.
@Suite struct FiniteStepTests {
    /// The ways a body can break: each leaves one value that is not finite.
    static var breakages: [(String, (inout World, BodyID) -> Void)] {
        [
            ("position", { $0.setPosition(Vec2(0, .infinity), of: $1) }),
            ("velocity", { $0.setVelocity(Vec2(.nan, 0), of: $1) }),
            // The body does not turn, so the lanes take its block and leave its rotation alone.
            ("rotation", { $0.setRotation(Rotation(c: .nan, s: 0), of: $1) }),
            // The body turns, so its block goes the general way.
            ("angular velocity", { $0.setAngularVelocity(-.infinity, of: $1) }),
        ]
    }

    /// `PointSpringLanesTests.world` (200 bodies on point springs; body 100 turns, so its block
    /// goes the general way) on `threads` threads, and the same world stepped stage by stage,
    /// which never marks its bodies.
    static func worlds(threads: Int) -> (step: World, stages: World) {
        var step = PointSpringLanesTests.world(turning: 100, shared: true)
        step.workers = StepWorkers(threads: threads, minimumChunk: 8, helpers: .always)
        var stages = PointSpringLanesTests.world(turning: 100, shared: true)
        stages.stepsIndependentBodies = false
        return (step, stages)
    }

    @Test(arguments: [1, 3])
    func theCheckFindsWhatItFindsWithoutTheMark(threads: Int) {
        for (name, breakBody) in Self.breakages {
            var (step, stages) = Self.worlds(threads: threads)
            let ids = step.bodyIDs
            func stepBoth() {
                step.step(timeStep: 1.0 / 60, substeps: 4)
                stages.step(timeStep: 1.0 / 60, substeps: 4)
            }
            // Read into plain values first, so that a failure does not print the worlds.
            stepBoth()
            let (marked, stagesMarked) = (step.bodiesAreKnownFinite, stages.bodiesAreKnownFinite)
            #expect(marked && !stagesMarked, "\(name): only the step of independent bodies marks")
            let (found, stagesFound) = (step.firstNonFiniteBody, stages.firstNonFiniteBody)
            #expect(found == nil && stagesFound == nil)
            // Body 150 sits in a lanes block; body 20 in an earlier one, body 101 in the turning one.
            for broken in [150, 101, 20] {
                breakBody(&step, ids[broken])
                breakBody(&stages, ids[broken])
                let (markedAfterChange, foundBefore) = (step.bodiesAreKnownFinite, step.firstNonFiniteBody)
                #expect(!markedAfterChange, "\(name): a change to a body keeps the mark")
                #expect(foundBefore == ids[broken], "\(name), body \(broken) broken, before the step")
                for _ in 0..<2 {
                    stepBoth()
                    let (marked, found, stagesFound) = (step.bodiesAreKnownFinite, step.firstNonFiniteBody, stages.firstNonFiniteBody)
                    #expect(!marked, "\(name): marked with body \(broken) broken")
                    #expect(found == stagesFound && found == ids[broken], "\(name), body \(broken) broken")
                }
            }
        }
    }

    /// A body made to move after the step is read again: the mark goes with any change.
    @Test func aChangeAfterTheStepDropsTheMark() {
        var (world, _) = Self.worlds(threads: 1)
        world.step(timeStep: 1.0 / 60, substeps: 4)
        let marked = world.bodiesAreKnownFinite
        world.translate([(body: world.bodyIDs[7], offset: Vec2(0, 5))])
        let markedAfterMove = world.bodiesAreKnownFinite
        world.step(timeStep: 1.0 / 60, substeps: 4)
        let markedAgain = world.bodiesAreKnownFinite
        world.setPosition(Vec2(-.infinity, 0), of: world.bodyIDs[7])
        let found = world.firstNonFiniteBody
        #expect(marked && !markedAfterMove && markedAgain)
        #expect(found == world.bodyIDs[7])
    }

    /// Blocks with forces go the general way (`stepBlock`) and mark too; a world of sprung
    /// bodies in contact takes the stage-by-stage step and does not.
    @Test func generalBlocksMarkAndCoupledWorldsDoNot() {
        var world = IndependentBodiesTests.world(mixed: true)
        world.step(timeStep: 1.0 / 60, substeps: 4)
        let (independent, hasForces) = (!world.springBySlot.isEmpty, world.hasForces)
        let (marked, found) = (world.bodiesAreKnownFinite, world.firstNonFiniteBody)
        #expect(independent && hasForces)
        #expect(marked && found == nil)
        world.setVelocity(Vec2(0, .infinity), of: world.bodyIDs[33])
        world.step(timeStep: 1.0 / 60, substeps: 4)
        let (markedBroken, foundBroken) = (world.bodiesAreKnownFinite, world.firstNonFiniteBody)
        #expect(!markedBroken && foundBroken == world.bodyIDs[33])

        var pile = World()
        for i in 0..<3 {
            let at = Vec2(0, Double(i) * 19)
            let body = pile.createBody(BodyDefinition(position: at, size: Vec2(20, 20)))
            pile.setCollisionGroups(items: 1, boundaries: 0, of: body)
            pile.createDistanceJoint(.anchor(at, to: body, length: 0, frequency: 1, dampingRatio: 0.5))
        }
        for _ in 0..<10 { pile.step(timeStep: 1.0 / 60, substeps: 4) }
        let (inContact, sprung) = (!pile.contacts.isEmpty, !pile.springBySlot.isEmpty)
        let (pileMarked, pileFound) = (pile.bodiesAreKnownFinite, pile.firstNonFiniteBody)
        #expect(inContact && sprung)
        #expect(!pileMarked && pileFound == nil)
    }

    /// Finite values whose sum overflows leave the bodies unmarked, and the check, reading them
    /// one by one, reports none.
    @Test func finiteValuesThatOverflowTheSumAreNotReported() {
        var (world, _) = Self.worlds(threads: 1)
        // 20 × 1.5e307 overflows; each body's spring pulls it back by far less than it is away.
        for id in world.bodyIDs.prefix(20) { world.setPosition(Vec2(1.5e307, 1.5e307), of: id) }
        world.step(timeStep: 1.0 / 60, substeps: 4)
        let (marked, found) = (world.bodiesAreKnownFinite, world.firstNonFiniteBody)
        #expect(!marked)
        #expect(found == nil)
    }
    /// A body that breaks within a step, while the mark holds from the step before (its spring's
    /// anchor moved to a point that is not finite, or so far that its squared speed overflows),
    /// leaves the bodies unmarked, and the check answers as the stage-by-stage step's does: the
    /// lanes then judge by the sum of the squared speeds, not by reading positions back.
    @Test(arguments: [Vec2(.nan, 0), Vec2(0, -.infinity), Vec2(1e200, 0)])
    func aBodyBrokenWithinAStepUnderTheMark(anchor: Vec2) {
        var (step, stages) = Self.worlds(threads: 1)
        step.step(timeStep: 1.0 / 60, substeps: 4)
        stages.step(timeStep: 1.0 / 60, substeps: 4)
        let joint = JointID(rawValue: 150)  // joints are made in body order, ids from 0
        step.setAnchor(anchor, of: joint)
        stages.setAnchor(anchor, of: joint)
        let markedBefore = step.bodiesAreKnownFinite
        #expect(markedBefore, "moving an anchor keeps the bodies' mark")
        let isFinite = anchor.x.isFinite && anchor.y.isFinite
        for stepAfter in 0..<2 {
            step.step(timeStep: 1.0 / 60, substeps: 4)
            stages.step(timeStep: 1.0 / 60, substeps: 4)
            let (marked, found, stagesFound) = (step.bodiesAreKnownFinite, step.firstNonFiniteBody, stages.firstNonFiniteBody)
            // A step begun unmarked reads the bodies back: the far anchor's then marks again.
            #expect(stepAfter == 0 ? !marked : marked == isFinite)
            #expect(found == stagesFound)
            #expect((found == nil) == isFinite)
        }
    }
}
