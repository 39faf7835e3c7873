import Testing
import TetherTestSupport
@testable import TetherPhysics

/// The contact pipeline on several threads: the narrow phase, the rows' preparation and the
/// solve passes split into chunks (each graph color's rows across threads, a wait between
/// colors) give the same bits as one thread, and the waves that carry the colors keep their order.
@Suite struct ContactThreadsTests {
    /// The determinism test's pile (60 unlike bodies, joints, changes during the run) with every
    /// chunk floor at one item, so each color of two or more rows is split: the state hash after
    /// every step equals the one-thread hash, and some step did split a color.
    @Test(arguments: [2, 3])
    func splitColorsGiveTheSameBitsAsOneChunk(threads: Int) {
        var one = DeterminismTests.Pile(.accurate)
        var split = DeterminismTests.Pile(.accurate)
        split.world.workers = StepWorkers(threads: threads, minimumChunk: 1, minimumRowChunk: 1, helpers: .always)
        var splitSteps = 0
        var firstDifference: Int?
        for step in 1...300 {
            one.change(before: step)
            split.change(before: step)
            one.world.step(timeStep: 1.0 / 60, substeps: 4)
            split.world.step(timeStep: 1.0 / 60, substeps: 4)
            if firstDifference == nil && one.world.stateHash != split.world.stateHash { firstDifference = step }
            if Self.largestWave(split.world.contactPlan.passChunks) > 1 { splitSteps += 1 }
        }
        #expect(firstDifference == nil, "\(threads) threads: the state first differs after step \(firstDifference ?? 0)")
        #expect(splitSteps > 100, "\(threads) threads: colors split in \(splitSteps) of 300 steps")
        // One thread never lists chunks: its passes run on the calling thread as before.
        #expect(one.world.contactPlan.passChunks.isEmpty)
    }

    /// A pile with no joint runs each step's substeps as one run of waves (the bodies'
    /// integration split too) and gives the bits of one thread, step by step; with forces
    /// (gravity) and without (a pile thrown sideways in free space, where velocities are not
    /// integrated).
    @Test(arguments: [2, 3])
    func substepsInOneRunOfWavesGiveTheSameBits(threads: Int) {
        for gravity in [1000.0, 0] {
            var one = Self.jointFreePile(gravity: gravity)
            var split = Self.jointFreePile(gravity: gravity)
            split.workers = StepWorkers(threads: threads, minimumChunk: 1, minimumRowChunk: 1, helpers: .always)
            var fusedSteps = 0
            var firstDifference: Int?
            for step in 1...200 {
                one.step(timeStep: 1.0 / 60, substeps: 4)
                split.step(timeStep: 1.0 / 60, substeps: 4)
                if firstDifference == nil && one.stateHash != split.stateHash { firstDifference = step }
                let stages = Set(split.contactPlan.substepChunks.map(\.stage))
                if stages.contains(ContactSolvePlan.SubstepStage.lastIntegratePositions.rawValue) {
                    fusedSteps += 1
                    #expect(stages.contains(ContactSolvePlan.SubstepStage.integrateVelocities.rawValue) == (gravity != 0))
                }
            }
            #expect(firstDifference == nil, "\(threads) threads, gravity \(gravity): first differs after step \(firstDifference ?? 0)")
            #expect(fusedSteps > 100, "\(threads) threads, gravity \(gravity): \(fusedSteps) of 200 steps in one run")
            #expect(one.contactPlan.substepChunks.isEmpty)
        }
    }

    /// The narrow phase's chunks each merge their contacts with last step's of the same span of
    /// keys: every step's contact events (began and ended, in order) and every contact's
    /// carried impulses equal one thread's, and the chunks did split the candidates.
    @Test(arguments: [2, 3])
    func splitNarrowPhaseMergesLikeOneThread(threads: Int) {
        for gravity in [1000.0, 0] {
            var one = Self.jointFreePile(gravity: gravity)
            var split = Self.jointFreePile(gravity: gravity)
            let workers = StepWorkers(threads: threads, minimumChunk: 1, minimumRowChunk: 1, helpers: .always)
            split.workers = workers
            var (splitSteps, events) = (0, 0)
            var firstDifference: Int?
            for step in 1...200 {
                one.step(timeStep: 1.0 / 60, substeps: 4)
                split.step(timeStep: 1.0 / 60, substeps: 4)
                events += one.contactEvents.count
                let impulses = { (world: World) in world.contacts.map { [$0.key, $0.impulse0.normal.bitPattern, $0.impulse0.tangent.bitPattern, $0.impulse1.normal.bitPattern, $0.impulse1.tangent.bitPattern] } }
                if firstDifference == nil && (one.contactEvents != split.contactEvents || impulses(one) != impulses(split)) {
                    firstDifference = step
                }
                if workers.chunkCount(split.discovery.candidates.count, minimum: workers.minimumStageChunk) > 1 { splitSteps += 1 }
            }
            #expect(firstDifference == nil, "\(threads) threads, gravity \(gravity): first differs after step \(firstDifference ?? 0)")
            #expect(splitSteps > 100, "\(threads) threads, gravity \(gravity): the narrow phase split in \(splitSteps) of 200 steps")
            #expect(events > 20, "gravity \(gravity): only \(events) contact events")
        }
    }

    /// 80 boxes of unlike sizes and masses in a closed box, no joint; without gravity they are
    /// thrown at each other.
    static func jointFreePile(gravity: Double) -> World {
        var world = World()
        world.allowsPause = false
        world.createBoundary(from: Vec2(-300, 400), to: Vec2(300, 400), group: 0)
        world.createBoundary(from: Vec2(-300, -400), to: Vec2(-300, 400), group: 0)
        world.createBoundary(from: Vec2(300, -400), to: Vec2(300, 400), group: 0)
        world.createBoundary(from: Vec2(-300, -400), to: Vec2(300, -400), group: 0)
        var random = SplitMix64(seed: 25)
        for k in 0..<80 {
            let (row, column) = (k / 10, k % 10)
            let definition = BodyDefinition(
                position: Vec2(-270 + 55 * Double(column), 300 - 60 * Double(row)),
                size: Vec2(random.whole(20, 45), random.whole(20, 45)), rotation: Rotation(angle: random.uniform(-0.3, 0.3)),
                linearVelocity: gravity == 0 ? Vec2(random.uniform(-300, 300), random.uniform(-300, 300)) : .zero,
                density: random.uniform(0.5, 2), elasticity: random.uniform(0, 0.5), friction: random.uniform(0, 1))
            let body = world.createBody(definition)
            world.setCollisionGroups(items: 1, boundaries: 1, of: body)
            if gravity != 0 { world.setAcceleration(Vec2(0, gravity), of: body) }
        }
        return world
    }

    /// The most chunks any wave of `chunks` has.
    static func largestWave(_ chunks: [WaveChunk]) -> Int {
        var largest = 0
        var start = 0
        while start < chunks.count {
            var end = start + 1
            while end < chunks.count && chunks[end].after == chunks[start].after { end += 1 }
            largest = max(largest, end - start)
            start = end
        }
        return largest
    }

    /// Each stage's chunks cover the solve entries once, in order, each wave within one color.
    @Test func chunksCoverEveryEntryOncePerStage() {
        var scene = DeterminismTests.Pile(.accurate)
        scene.world.workers = StepWorkers(threads: 3, minimumChunk: 1, minimumRowChunk: 2, helpers: .always)
        for step in 1...120 {
            scene.change(before: step)
            scene.world.step(timeStep: 1.0 / 60, substeps: 4)
        }
        let plan = scene.world.contactPlan
        #expect(!plan.passChunks.isEmpty)
        for (chunks, stages) in [(plan.passChunks, [ContactSolvePlan.Stage.warmStart, .solve]), (plan.relaxChunks, [.relax])] {
            var covered: [ContactSolvePlan.Stage: Int] = [:]
            for (k, chunk) in chunks.enumerated() {
                let stage = ContactSolvePlan.Stage(rawValue: chunk.stage)!
                #expect(stages.contains(stage))
                // Contiguous within the stage: each chunk begins where the one before ended.
                #expect(Int(chunk.lower) == covered[stage, default: 0], "chunk \(k)")
                #expect(chunk.upper > chunk.lower)
                #expect(Int(chunk.after) <= k)
                covered[stage] = Int(chunk.upper)
            }
            for stage in stages { #expect(covered[stage] == plan.entryCount) }
        }
    }
    /// While the governor runs the caller alone, the passes take the one-thread path (no chunk
    /// lists, stage by stage), with the same bits. Helpers in every step list the chunks.
    @Test func aStepRunAloneTakesTheOneThreadPath() {
        // No processor free at the first step, and no probe of the helpers within the test.
        var alone = HelperGovernor(longestInterval: 1000, longestAloneInterval: 1000, stallInterval: 1000)
        alone.begin { false }
        var one = Self.jointFreePile(gravity: 1000)
        var lone = Self.jointFreePile(gravity: 1000)
        var helped = Self.jointFreePile(gravity: 1000)
        lone.workers = StepWorkers(threads: 2, minimumChunk: 1, minimumRowChunk: 1, governor: alone)
        helped.workers = StepWorkers(threads: 2, minimumChunk: 1, minimumRowChunk: 1, helpers: .always)
        var helpedSteps = 0
        for step in 1...120 {
            one.step(timeStep: 1.0 / 60, substeps: 4)
            lone.step(timeStep: 1.0 / 60, substeps: 4)
            helped.step(timeStep: 1.0 / 60, substeps: 4)
            #expect(lone.stateHash == one.stateHash, "alone, step \(step)")
            #expect(helped.stateHash == one.stateHash, "helpers, step \(step)")
            #expect(lone.contactPlan.passChunks.isEmpty && lone.contactPlan.substepChunks.isEmpty)
            if !helped.contactPlan.substepChunks.isEmpty { helpedSteps += 1 }
        }
        #expect(helpedSteps > 60, "helpers ran \(helpedSteps) of 120 steps in waves")
        #expect(lone.workers.pool?.governor?.running == .alone)
    }

    /// A wave of several chunks splits one color; a wave of one chunk runs colors too small to
    /// split, as many as follow each other, so the threads wait once for all of them.
    @Test func smallColorsThatFollowEachOtherShareOneWave() {
        var scene = DeterminismTests.Pile(.accurate)
        // Chunks of 4 entries or more: the pile's largest colors split, its small ones do not.
        // (Its colors hold a few dozen rows, most in quads of four: about 12 entries at most.
        // With chunks of at least 6, as when two rows made an entry, no color split, the pass
        // stayed on one thread and no wave was listed at all.)
        let workers = StepWorkers(threads: 2, minimumChunk: 1, minimumRowChunk: 4, helpers: .always)
        scene.world.workers = workers
        var (mergedSomewhere, splitSomewhere) = (false, false)
        for step in 1...120 {
            scene.change(before: step)
            scene.world.step(timeStep: 1.0 / 60, substeps: 4)
            let plan = scene.world.contactPlan
            let starts = plan.entryColorStarts
            let overflow = starts.count - 2
            func color(of entry: Int) -> Int { (0...overflow).last { starts[$0] <= entry }! }
            func splits(_ color: Int) -> Bool {
                color < overflow && workers.chunkCount(starts[color + 1] - starts[color], minimum: workers.minimumRowChunk) > 1
            }
            for chunks in [plan.passChunks, plan.relaxChunks] {
                var previousWasOneSmallChunk = false
                var previousStage: Int32 = -1
                for wave in Dictionary(grouping: chunks.indices, by: { chunks[$0].after }).sorted(by: { $0.key < $1.key }) {
                    let first = chunks[wave.value.first!], last = chunks[wave.value.last!]
                    let colors = color(of: Int(first.lower))...color(of: Int(last.upper) - 1)
                    if wave.value.count > 1 {
                        #expect(colors.count == 1, "a wave of \(wave.value.count) chunks spans colors \(colors)")
                        splitSomewhere = true
                        previousWasOneSmallChunk = false
                    } else {
                        let small = colors.allSatisfy { !splits($0) }
                        #expect(colors.count == 1 || small, "one chunk spans colors \(colors), some of them large")
                        if colors.count > 1 { mergedSomewhere = true }
                        #expect(!(small && previousWasOneSmallChunk && previousStage == first.stage),
                                "two waves of small colors one after the other at step \(step)")
                        previousWasOneSmallChunk = small
                    }
                    previousStage = first.stage
                }
            }
        }
        #expect(splitSomewhere, "no wave split a color: the scene no longer tests the split")
        #expect(mergedSomewhere, "no wave ran several small colors: the scene no longer tests the merge")
    }

    /// Waves run in order on any thread count: every chunk of a wave reads the values the wave
    /// before wrote (its own items' left neighbours in the previous wave's array) and sees them
    /// complete, which a chunk that started early would not.
    @Test(arguments: [1, 2, 3, 4])
    func wavesRunInOrder(threads: Int) {
        let workers = StepWorkers(threads: threads, minimumChunk: 1, minimumRowChunk: 1, helpers: .always)
        let (waves, width, chunksPerWave) = (40, 64, 4)
        var chunks: [WaveChunk] = []
        for wave in 0..<waves {
            let after = Int32(chunks.count)
            for k in 0..<chunksPerWave {
                let range = StepWorkers.range(ofChunk: k, of: chunksPerWave, count: width)
                chunks.append(WaveChunk(stage: Int32(wave), lower: Int32(range.lowerBound), upper: Int32(range.upperBound), after: after))
            }
        }
        // Row w holds what wave w wrote: 1 + the sum of row w−1 (so any missing value shows).
        var rows = [Int](repeating: 0, count: (waves + 1) * width)
        rows.withUnsafeMutableBufferPointer { rows in
            for i in 0..<width { rows[i] = 1 }
            workers.forEachChunkInWaves(chunks) { chunk in
                let wave = Int(chunk.stage)
                var previous = 0
                for i in 0..<width { previous &+= rows[wave * width + i] }
                for i in chunk.range { rows[(wave + 1) * width + i] = previous &+ i }
            }
        }
        var expected = [Int](repeating: 1, count: width)
        for wave in 0..<waves {
            let sum = expected.reduce(0, &+)
            expected = (0..<width).map { sum &+ $0 }
            #expect(Array(rows[((wave + 1) * width)..<((wave + 2) * width)]) == expected, "wave \(wave)")
        }
    }
}

/// The atomics of a run of waves sit on cache lines of their own, so threads claiming their
/// chunks of a wave at the same moment, and the count they wait on, do not share a line.
struct WaveProgressLayoutTests {
    @Test func everyAtomicHasItsOwnLine() {
        let progress = WaveProgress(chunks: 5)
        #expect(progress.countIsAligned)
        let offsets = (0..<5).map { progress.flagOffset($0) }
        #expect(offsets == (1...5).map { $0 * WaveProgress.lineStride })
        #expect(WaveProgress.lineStride >= 128)
        // Claims still work one at a time: the first claim of a chunk wins, later ones lose.
        #expect(progress.claim(3))
        #expect(!progress.claim(3))
        #expect(progress.claim(0))
    }
}
