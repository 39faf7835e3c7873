import Foundation
import Testing
import TetherTestSupport
@testable import TetherPhysics

/// Contacts against closed forms and conservation laws.
@Suite struct ContactTests {
    static let dt = 1.0 / 60
    static let gravity = Vec2(0, 1000)

    /// A body in collision group 0 (with items and boundaries).
    static func body(_ world: inout World, at p: Vec2, size: Vec2, shape: BodyShape = .rectangle,
                     elasticity: Double = 0, friction: Double = 0, velocity: Vec2 = .zero, gravity: Bool = true) -> BodyID {
        let id = world.createBody(
            BodyDefinition(position: p, size: size, shape: shape, linearVelocity: velocity, elasticity: elasticity, friction: friction))
        world.setCollisionGroups(items: 1, boundaries: 1, of: id)
        if gravity { world.setAcceleration(Self.gravity, of: id) }
        return id
    }

    @Test func aRestingBoxKeepsPenetrationSmallAndDoesNotDrift() {
        var world = World()
        world.createBoundary(from: Vec2(-500, 500), to: Vec2(500, 500), group: 0)
        let box = Self.body(&world, at: Vec2(0, 400), size: Vec2(100, 100), friction: 0.5)
        var worst = 0.0
        var settledY: Double?
        for frame in 0..<600 {
            world.step(timeStep: Self.dt, substeps: 4)
            let penetration = world.position(of: box).y + 50 - 500
            if frame > 60 { worst = max(worst, penetration) }
            if frame == 120 { settledY = world.position(of: box).y }
        }
        #expect(worst < 0.5, "penetration \(worst) pt")
        #expect(abs(world.position(of: box).y - settledY!) < 0.01, "drift over 8 s")
        #expect(abs(world.position(of: box).y - 450) < 0.5)
        #expect(world.isPaused, "a resting box lets the world pause")
    }

    @Test func elasticityOneReturnsABallToItsHeightAndZeroDoesNotBounce() {
        func peak(elasticity: Double) -> Double {
            var world = World()
            world.createBoundary(from: Vec2(-500, 500), to: Vec2(500, 500), group: 0)
            let ball = Self.body(&world, at: Vec2(0, 100), size: Vec2(40, 40), shape: .ellipse, elasticity: elasticity)
            var fallen = false
            var highest = Double.infinity
            for _ in 0..<180 {
                world.step(timeStep: Self.dt, substeps: 4)
                let y = world.position(of: ball).y
                if world.velocity(of: ball).y < 0 { fallen = true }
                if fallen { highest = min(highest, y) }
            }
            // Height above the floor the bottom of the ball reaches after the first bounce.
            return fallen ? 480 - highest : 0
        }
        let dropHeight = 480.0 - 100
        #expect(peak(elasticity: 1) >= 0.95 * dropHeight, "elastic bounce reaches \(peak(elasticity: 1)) of \(dropHeight)")
        #expect(peak(elasticity: 0) < 1)
    }

    @Test func aStackOfTenBoxesStandsAndComesToRest() {
        var world = World()
        world.createBoundary(from: Vec2(-500, 1000), to: Vec2(500, 1000), group: 0)
        let boxes = (0..<10).map { k in
            Self.body(&world, at: Vec2(0, 1000 - 25 - Double(k) * 50), size: Vec2(50, 50), friction: 0.6)
        }
        for _ in 0..<600 { world.step(timeStep: Self.dt, substeps: 4) }
        // Standing: upright, not slid off, and each soft contact sinks less than the 0.5 pt slop.
        for (k, box) in boxes.enumerated() {
            #expect(abs(world.position(of: box).x) < 1, "box \(k) slid to \(world.position(of: box).x)")
            #expect(abs(world.rotation(of: box).angle) < 0.02, "box \(k) tilted")
            let sink = world.position(of: box).y - (1000 - 25 - Double(k) * 50)
            #expect(sink >= 0 && sink < 0.5 * Double(k + 1), "box \(k) sank \(sink) pt")
        }
        #expect(world.isPaused)
    }

    @Test func aFastSmallItemDoesNotTunnelThroughAThinBoundary() {
        var world = World()
        world.createBoundary(from: Vec2(-100, 1000), to: Vec2(100, 1000), group: 0)
        let item = Self.body(&world, at: Vec2(0, 0), size: Vec2(20, 20))
        for _ in 0..<240 { world.step(timeStep: Self.dt, substeps: 4) }
        #expect(abs(world.position(of: item).y - 990) < 1, "item at \(world.position(of: item).y)")
    }

    @Test func momentumIsConservedAndElasticCollisionsKeepEnergy() {
        var world = World()
        let a = Self.body(&world, at: Vec2(0, 0), size: Vec2(50, 50), shape: .ellipse, elasticity: 1, velocity: Vec2(300, 0), gravity: false)
        let b = Self.body(&world, at: Vec2(200, 0), size: Vec2(70, 70), shape: .ellipse, elasticity: 1, velocity: Vec2(-100, 0), gravity: false)
        let ma = world.mass(of: a)
        let mb = world.mass(of: b)
        let p0 = ma * world.velocity(of: a) + mb * world.velocity(of: b)
        let e0 = world.kineticEnergy
        for _ in 0..<60 { world.step(timeStep: Self.dt, substeps: 4) }
        let p1 = ma * world.velocity(of: a) + mb * world.velocity(of: b)
        #expect((p1 - p0).length < 1e-6 * p0.length)
        #expect(abs(world.kineticEnergy - e0) < 0.01 * e0, "energy \(world.kineticEnergy) vs \(e0)")
        #expect(world.velocity(of: a).x < 0, "the lighter ball bounced back")
    }

    @Test func frictionOnAnInclineHoldsOrSlidesAsCoulombSays() {
        // A 30° incline as a boundary; tan 30° = 0.577.
        let theta = Double.pi / 6
        func slide(friction: Double) -> (distance: Double, acceleration: Double) {
            var world = World()
            let dir = Vec2(Foundation.cos(theta), Foundation.sin(theta))
            world.createBoundary(from: Vec2(0, 0) - 2000 * dir, to: Vec2(0, 0) + 2000 * dir, group: 0)
            let normal = Vec2(Foundation.sin(theta), -Foundation.cos(theta))
            let start = 25.2 * normal
            let box = world.createBody(
                BodyDefinition(position: start, size: Vec2(50, 50), rotation: Rotation(angle: theta), friction: friction))
            world.setCollisionGroups(items: 1, boundaries: 1, of: box)
            world.setAcceleration(Self.gravity, of: box)
            for _ in 0..<30 { world.step(timeStep: Self.dt, substeps: 4) }
            let d0 = (world.position(of: box) - start).dot(dir)
            let v0 = world.velocity(of: box).dot(dir)
            for _ in 0..<30 { world.step(timeStep: Self.dt, substeps: 4) }
            let v1 = world.velocity(of: box).dot(dir)
            return (d0, (v1 - v0) / 0.5)
        }
        #expect(slide(friction: 0.7).distance < 0.5, "μ 0.7 > tan 30° holds")
        for mu in [0.0, 0.2, 0.4] {
            let expected = 1000 * (Foundation.sin(theta) - mu * Foundation.cos(theta))
            let measured = slide(friction: mu).acceleration
            #expect(abs(measured - expected) < 0.02 * expected, "μ \(mu): \(measured) vs \(expected)")
        }
    }

    @Test func contactEventsReportBeganAndEnded() {
        var world = World()
        world.createBoundary(from: Vec2(-500, 500), to: Vec2(500, 500), group: 0)
        let ball = Self.body(&world, at: Vec2(0, 300), size: Vec2(40, 40), shape: .ellipse, elasticity: 0.8)
        var events: [ContactEvent.Phase] = []
        for _ in 0..<150 {
            world.step(timeStep: Self.dt, substeps: 4)
            events += world.contactEvents.map(\.phase)
            for e in world.contactEvents where e.phase == .began {
                #expect(e.body == ball)
                #expect(abs(e.point!.y - 500) < 1)
            }
        }
        #expect(Array(events.prefix(3)) == [.began, .ended, .began])
    }

    @Test func collisionGroupsDecideWhoTouches() {
        var world = World()
        let a = Self.body(&world, at: Vec2(0, 0), size: Vec2(50, 50), velocity: Vec2(100, 0), gravity: false)
        let b = Self.body(&world, at: Vec2(100, 0), size: Vec2(50, 50), gravity: false)
        world.setCollisionGroups(items: 2, boundaries: 0, of: b)  // a different collision behavior
        for _ in 0..<60 { world.step(timeStep: Self.dt, substeps: 4) }
        #expect(world.position(of: a).x > 90, "a passed through b")
        #expect(world.position(of: b).x == 100)
    }
}

/// The contact solve order and the two-lane solver.
@Suite struct ContactOrderTests {
    /// Within a color no movable body appears twice, and the order lists every contact once.
    @Test(arguments: [61 as UInt64, 62])
    func colorsNeverShareAMovableBody(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let bodyCount = 60
        // Slot 0 and slots ≥ 50 are immovable; a few bodies get very many contacts (overflow).
        let pairs = (0..<900).map { k -> (Int, Int) in
            let a = k < 200 ? 1 : rng.below(bodyCount)
            var b = rng.below(bodyCount)
            if b == a { b = (b + 1) % bodyCount }
            return (a, b)
        }
        func movable(_ slot: Int) -> Int? { slot > 0 && slot < 50 ? slot : nil }
        var coloring = ContactGraphColoring()
        coloring.colorContacts(count: pairs.count, bodyCount: bodyCount) { (movable(pairs[$0].0), movable(pairs[$0].1)) }
        #expect(coloring.order.map(Int.init).sorted() == Array(pairs.indices))
        let starts = coloring.colorStarts
        let expectedStarts = ContactGraphColoring.colorCount + 2
        #expect(starts.count == expectedStarts)
        #expect(starts.last == pairs.count)
        for color in 0..<ContactGraphColoring.colorCount {
            var seen = Set<Int>()
            for k in starts[color]..<starts[color + 1] {
                let (a, b) = pairs[Int(coloring.order[k])]
                let slots: [Int] = [movable(a), movable(b)].compactMap { $0 }
                for slot in slots {
                    #expect(seen.insert(slot).inserted, "color \(color) holds body \(slot) twice")
                }
            }
        }
        // Body 1 has over 200 contacts: all 64 colors fill up and the rest overflow, in order.
        let overflow = coloring.order[starts[ContactGraphColoring.colorCount]...].map(Int.init)
        #expect(!overflow.isEmpty && overflow == overflow.sorted())
    }

    /// An open box: a floor at y = `floor` and walls at x = 0 and x = `width`; `pairsRows` as
    /// `World.solvesContactPairs`.
    static func container(width: Double, floor: Double, pairsRows: Bool) -> World {
        var world = World()
        world.solvesContactPairs = pairsRows
        world.createBoundary(from: Vec2(0, floor), to: Vec2(width, floor), group: 0)
        world.createBoundary(from: Vec2(0, 0), to: Vec2(0, floor), group: 0)
        world.createBoundary(from: Vec2(width, floor), to: Vec2(width, 0), group: 0)
        return world
    }

    /// A pile of 60 boxes: the two-lane path and the one-at-a-time path give identical bits,
    /// with pairs of every kind (two-point rows solved point after point among them).
    @Test func pairedRowsGiveTheSameBitsAsSingleRows() {
        var inOrderPairs = 0
        func pile(pairs: Bool) -> [Double] {
            var world = Self.container(width: 400, floor: 600, pairsRows: pairs)
            var boxes: [BodyID] = []
            for k in 0..<60 {
                let (column, row) = (Double(k % 10), Double(k / 10))
                let x: Double = 30 + column * 34 + Double(k / 10 % 2) * 7
                let y: Double = 560 - row * 40
                let width: Double = 24 + Double(k % 3) * 4
                boxes.append(ContactTests.body(
                    &world, at: Vec2(x, y), size: Vec2(width, 24), elasticity: 0.2, friction: 0.4))
            }
            for _ in 0..<240 {
                world.step(timeStep: ContactTests.dt, substeps: 4)
                inOrderPairs += world.contactPlan.pairs.filter(\.inOrder).count
            }
            return boxes.flatMap { [world.position(of: $0).x, world.position(of: $0).y, world.rotation(of: $0).angle] }
        }
        let paired = pile(pairs: true)
        #expect(inOrderPairs > 0)
        #expect(paired == pile(pairs: false))
        let finite = paired.allSatisfy { $0.isFinite }
        #expect(finite)
    }

    /// A pile's pair count creeps up and down from step to step; the plan keeps its pairs'
    /// storage, replacing it only when the count outgrows it, each time with room for twice the
    /// step's pairs: a few replacements, however many steps the count grows in.
    @Test func pairsKeepTheirStorageWhileTheCountCreeps() {
        var world = Self.container(width: 400, floor: 600, pairsRows: true)
        for k in 0..<120 {
            let (column, row) = (Double(k % 10), Double(k / 10))
            _ = ContactTests.body(
                &world, at: Vec2(30 + column * 34 + Double(k / 10 % 2) * 7, 560 - row * 40), size: Vec2(24, 24),
                elasticity: 0.2, friction: 0.4)
        }
        var (stepsGrown, replacements, largest) = (0, 0, 0)
        var storage = world.contactPlan.pairs.withUnsafeBufferPointer { $0.baseAddress }
        var count = world.contactPlan.pairs.count
        for _ in 0..<240 {
            world.step(timeStep: ContactTests.dt, substeps: 4)
            let now = world.contactPlan.pairs.withUnsafeBufferPointer { $0.baseAddress }
            if world.contactPlan.pairs.count > count { stepsGrown += 1 }
            if now != storage { replacements += 1 }
            (storage, count) = (now, world.contactPlan.pairs.count)
            largest = max(largest, count)
        }
        #expect(stepsGrown >= 10, "the count should grow in many steps: \(stepsGrown)")
        // Each replacement makes room for twice the step's pairs, so the count at least doubles
        // from one replacement to the next: at most log2(largest) + 1 of them.
        let bound = Int.bitWidth - largest.leadingZeroBitCount + 1
        #expect(replacements <= bound, "\(replacements) replacements in \(stepsGrown) steps of growth, \(largest) pairs")
    }

    /// Two boxes bouncing side by side on a floor (elasticity 1): their floor rows pair while
    /// the boxes touch it and the pair is gone while they fly, again and again. The storage
    /// stays within twice the most pairs a step held; sized from the storage before (an earlier
    /// version), it doubled each time the pair came back.
    @Test func pairsThatComeAndGoKeepTheirStorageSmall() {
        var world = Self.container(width: 400, floor: 600, pairsRows: true)
        for x in [100.0, 300.0] {
            _ = ContactTests.body(&world, at: Vec2(x, 500), size: Vec2(40, 40), elasticity: 1)
        }
        var (comebacks, largest, largestStorage) = (0, 0, 0)
        var previous = 0
        for _ in 0..<600 {
            world.step(timeStep: ContactTests.dt, substeps: 4)
            let count = world.contactPlan.pairs.count
            if previous == 0 && count > 0 { comebacks += 1 }
            previous = count
            largest = max(largest, count)
            largestStorage = max(largestStorage, world.contactPlan.pairs.capacity)
        }
        #expect(comebacks >= 5, "the pair should come back after each bounce: \(comebacks)")
        #expect(largestStorage <= 2 * largest + 1, "storage for \(largestStorage) pairs, at most \(largest) at once")
    }

    /// Boxes and circles thrown into each other and onto a floor, fast enough to open
    /// speculative gaps in the relax pass and to bounce: the two-lane path (targets aimed before
    /// the pass, the largest impulse kept only for rows that may bounce) and the one-at-a-time
    /// path still give identical bits, velocities included.
    @Test func pairedRowsGiveTheSameBitsWhenItemsCollideFastAndBounce() {
        func scene(pairs: Bool) -> (state: [Double], rebounds: Int) {
            var world = Self.container(width: 600, floor: 500, pairsRows: pairs)
            var items: [BodyID] = []
            for k in 0..<40 {
                let (column, row) = (Double(k % 8), Double(k / 8))
                let toward: Double = column < 4 ? 900 : -900
                items.append(ContactTests.body(
                    &world, at: Vec2(60 + column * 68, 420 - row * 50), size: Vec2(26 + Double(k % 3) * 6, 26),
                    shape: k % 5 == 4 ? .ellipse : .rectangle, elasticity: 0.6, friction: 0.3,
                    velocity: Vec2(toward, 700 - 300 * row)))
            }
            var rebounds = 0
            var falling = items.map { world.velocity(of: $0).y > 0 }
            for _ in 0..<180 {
                world.step(timeStep: ContactTests.dt, substeps: 4)
                for (k, item) in items.enumerated() {
                    let down = world.velocity(of: item).y > 0
                    if falling[k] && !down { rebounds += 1 }
                    falling[k] = down
                }
            }
            let state = items.flatMap {
                [world.position(of: $0).x, world.position(of: $0).y, world.rotation(of: $0).angle,
                 world.velocity(of: $0).x, world.velocity(of: $0).y]
            }
            return (state, rebounds)
        }
        let paired = scene(pairs: true)
        let single = scene(pairs: false)
        #expect(paired.state == single.state)
        #expect(paired.rebounds == single.rebounds)
        #expect(paired.rebounds > 40, "items bounced \(paired.rebounds) times")
        #expect(paired.state.allSatisfy { $0.isFinite })
    }
}
