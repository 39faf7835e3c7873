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

/// The contact solve order and the four-lane solver (quads of rows).
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
        // `positions` undoes `order`: each contact's place in solve order.
        #expect(coloring.positions.count == pairs.count)
        #expect(pairs.indices.allSatisfy { Int(coloring.order[Int(coloring.positions[$0])]) == $0 })
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

    /// A coloring used from call to call (as the world keeps it from step to step) gives what a
    /// fresh one gives, whether the contacts stay, lose a movable body, swap two bodies, shrink,
    /// grow or vanish: its colors are kept only when every contact's movable slots are those of
    /// the last call.
    @Test func aKeptColoringMatchesAFreshOne() {
        var rng = SplitMix64(seed: 63)
        let bodyCount = 40
        var pairs = (0..<300).map { _ -> (Int, Int?) in
            let a = rng.below(bodyCount)
            return (a, (a + 1 + rng.below(bodyCount - 1)) % bodyCount)
        }
        func colored(_ coloring: inout ContactGraphColoring, _ pairs: [(Int, Int?)]) -> ([Int32], [Int]) {
            coloring.colorContacts(count: pairs.count, bodyCount: bodyCount) { (pairs[$0].0, pairs[$0].1) }
            return (coloring.order, coloring.colorStarts)
        }
        var kept = ContactGraphColoring()
        var changes = 0
        for step in 0..<8 {
            switch step {
            case 2: pairs[17].1 = nil  // a partner is anchored
            case 3: pairs.swapAt(5, 6)  // same slots, another order
            case 4: pairs.removeLast(40)
            case 5: pairs.append((3, 4))
            case 6: pairs.removeAll()
            case 7: pairs = [(1, 2), (2, 3)]
            default: break  // steps 0 and 1: the same contacts twice
            }
            let before = (kept.order, kept.colorStarts)
            var fresh = ContactGraphColoring()
            let expected = colored(&fresh, pairs)
            let got = colored(&kept, pairs)
            #expect(got.0 == expected.0 && got.1 == expected.1, "step \(step)")
            #expect(kept.positions == fresh.positions, "step \(step): the kept positions")
            if got.0 != before.0 || got.1 != before.1 { changes += 1 }
        }
        // The order changed at least whenever the contact count did (steps 0, 4, 5, 6 and 7).
        #expect(changes >= 5, "the changes reached the coloring (\(changes) steps changed it)")
    }

    /// An open box: a floor at y = `floor` and walls at x = 0 and x = `width`; `quadRows` as
    /// `World.solvesContactQuads`.
    static func container(width: Double, floor: Double, quadRows: Bool) -> World {
        var world = World()
        world.solvesContactQuads = quadRows
        world.createBoundary(from: Vec2(0, floor), to: Vec2(width, floor), group: 0)
        world.createBoundary(from: Vec2(0, 0), to: Vec2(0, floor), group: 0)
        world.createBoundary(from: Vec2(width, floor), to: Vec2(width, 0), group: 0)
        return world
    }

    /// 60 boxes of three widths in ten columns, staggered row by row, in a 400-wide container
    /// with its floor at 600.
    static func pile(quadRows: Bool) -> (world: World, boxes: [BodyID]) {
        var world = Self.container(width: 400, floor: 600, quadRows: quadRows)
        var boxes: [BodyID] = []
        for k in 0..<60 {
            let (column, row) = (Double(k % 10), Double(k / 10))
            let x: Double = 30 + column * 34 + Double(k / 10 % 2) * 7
            let y: Double = 560 - row * 40
            let width: Double = 24 + Double(k % 3) * 4
            boxes.append(ContactTests.body(&world, at: Vec2(x, y), size: Vec2(width, 24), elasticity: 0.2, friction: 0.4))
        }
        return (world, boxes)
    }

    /// A pile settled with every row on its own in double, then one step both ways: with quads
    /// (single-precision lanes) the bodies' velocities agree with the double rows' to within
    /// what single precision allows.
    ///
    /// The bound: every value a row computes is a sum of velocity-sized terms, the largest the
    /// targets' (a separation's terms, the anchors, at most a box's half-diagonal `R`, times at
    /// most `inverseH` = 240/s; the velocities of a settled pile are far smaller), so each term
    /// is at most `V = R·inverseH`. A row's pass rounds fewer than 24 times, each by at most
    /// ε/2 (ε = `Float.ulpOfOne`) of such a term: at most 12·ε·V of velocity error per row and
    /// pass. A step runs 4 substeps of three passes (warm start, solve, relax) over the `n` rows
    /// a body takes part in; a row's impulse moves its bodies by at most the velocity change it
    /// cancels, so an error a neighbour's row passed on is carried, not amplified: counting each
    /// error once more for that, `2 · 12 · n · 12·ε·V`. A body's angular velocity is compared
    /// as the speed of its corners (× `R`), for which the same bound holds.
    @Test func quadRowsAgreeWithSingleRowsToSinglePrecisionOverAStep() {
        var (world, boxes) = Self.pile(quadRows: false)
        for _ in 0..<120 { world.step(timeStep: ContactTests.dt, substeps: 4) }
        var quads = world
        quads.solvesContactQuads = true
        world.step(timeStep: ContactTests.dt, substeps: 4)
        quads.step(timeStep: ContactTests.dt, substeps: 4)
        #expect(world.contactPlan.quads.isEmpty)
        #expect(quads.contactPlan.quads.count * 4 > quads.contacts.count / 2, "most rows in quads")
        // The most rows a box takes part in.
        var rows: [BodyID: Int] = [:]
        for contact in quads.contacts {
            for body in [contact.bodyA, contact.bodyB].compactMap({ $0 }) { rows[body, default: 0] += 1 }
        }
        let n = rows.values.max()!
        let half = Vec2(16, 12).length
        let velocity = 2 * 12 * Double(n) * 12 * Double(Float.ulpOfOne) * half * 4 / ContactTests.dt
        for box in boxes {
            let (a, b) = (quads.velocity(of: box), world.velocity(of: box))
            let angular = (quads.angularVelocity(of: box) - world.angularVelocity(of: box)) * half
            #expect(abs(a.x - b.x) <= velocity && abs(a.y - b.y) <= velocity, "\(a) against \(b)")
            #expect(abs(angular) <= velocity)
        }
    }

    /// A pile of 60 boxes settles the same with quads as with every row on its own: no box
    /// through the floor or a wall, and the same rest heights (the boxes' heights sorted, so
    /// that which box ends where does not count) to within the linear slop, the overlap the
    /// solver leaves resting contacts (each path may rest its boxes anywhere within it).
    @Test func quadRowsSettleAPileAsSingleRowsDo() {
        func settle(quadRows: Bool) -> [Vec2] {
            var (world, boxes) = Self.pile(quadRows: quadRows)
            var inOrder = 0
            for _ in 0..<240 {
                world.step(timeStep: ContactTests.dt, substeps: 4)
                inOrder += world.contactPlan.quads.filter(\.inOrder).count
                for box in boxes {
                    let p = world.position(of: box)
                    #expect(p.y <= 600 - 12 + 1 && p.x >= 0 && p.x <= 400, "a box went through the container: \(p)")
                }
            }
            if quadRows { #expect(inOrder > 0) }
            return boxes.map { world.position(of: $0) }
        }
        let quads = settle(quadRows: true)
        let single = settle(quadRows: false)
        let heights = (quads.map(\.y).sorted(), single.map(\.y).sorted())
        let worst = zip(heights.0, heights.1).map { abs($0 - $1) }.max()!
        #expect(worst <= CollisionConstants.linearSlop, "rest heights differ by \(worst) pt")
        #expect(quads.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }

    /// A plan used from step to step (as the world keeps it) arranges the rows as a fresh one
    /// does, also in the steps where it keeps its arrangement because the colors stayed: the
    /// rows' kinds change while a pile settles (a point lifts, a block's conditioning flips),
    /// and then the arrangement must follow them.
    @Test func aKeptArrangementMatchesAFreshOne() {
        var (world, _) = Self.pile(quadRows: true)
        var (keptSteps, rearrangedSteps) = (0, 0)
        for step in 0..<240 {
            var fresh = world
            fresh.contactPlan = ContactSolvePlan()
            let before = (world.contactPlan.entries, world.contactPlan.quadRows)
            world.step(timeStep: ContactTests.dt, substeps: 4)
            fresh.step(timeStep: ContactTests.dt, substeps: 4)
            let (kept, new) = (world.contactPlan, fresh.contactPlan)
            #expect(kept.entries == new.entries, "step \(step): entries")
            #expect(kept.quadRows == new.quadRows, "step \(step): quads' rows")
            #expect(kept.entryColorStarts == new.entryColorStarts, "step \(step): colors' starts")
            let sameBodies = Self.stateBits(world) == Self.stateBits(fresh)
            #expect(sameBodies, "step \(step): the bodies differ")
            guard world.contactPlan.coloring.isKept else { continue }
            keptSteps += 1
            if kept.entries != before.0 || kept.quadRows != before.1 { rearrangedSteps += 1 }
        }
        // The pile comes to rest with its colors kept, and some of those steps changed a kind.
        #expect(keptSteps > 100, "colors kept in \(keptSteps) steps")
        #expect(rearrangedSteps > 0, "the kinds changed under kept colors in \(rearrangedSteps) steps")
    }

    /// Every body's pose and velocity, bit for bit.
    static func stateBits(_ world: World) -> [UInt64] {
        world.states.flatMap { s in
            [s.position.x, s.position.y, s.rotation.c, s.rotation.s, s.velocity.x, s.velocity.y, s.angularVelocity]
                .map(\.bitPattern)
        }
    }

    /// A pile's quad count creeps up and down from step to step; the plan keeps its quads'
    /// storage, replacing it only when the count outgrows it, each time with room for twice the
    /// step's quads: a few replacements, however many steps the count grows in.
    @Test func quadsKeepTheirStorageWhileTheCountCreeps() {
        var world = Self.container(width: 400, floor: 600, quadRows: true)
        for k in 0..<120 {
            let (column, row) = (Double(k % 10), Double(k / 10))
            _ = ContactTests.body(
                &world, at: Vec2(30 + column * 34 + Double(k / 10 % 2) * 7, 560 - row * 40), size: Vec2(24, 24),
                elasticity: 0.2, friction: 0.4)
        }
        var (stepsGrown, replacements, largest) = (0, 0, 0)
        var storage = world.contactPlan.quads.withUnsafeBufferPointer { $0.baseAddress }
        var count = world.contactPlan.quads.count
        for _ in 0..<240 {
            world.step(timeStep: ContactTests.dt, substeps: 4)
            let now = world.contactPlan.quads.withUnsafeBufferPointer { $0.baseAddress }
            if world.contactPlan.quads.count > count { stepsGrown += 1 }
            if now != storage { replacements += 1 }
            (storage, count) = (now, world.contactPlan.quads.count)
            largest = max(largest, count)
        }
        #expect(stepsGrown >= 10, "the count should grow in many steps: \(stepsGrown)")
        // Each replacement makes room for twice the step's quads, so the count at least doubles
        // from one replacement to the next: at most log2(largest) + 1 of them.
        let bound = Int.bitWidth - largest.leadingZeroBitCount + 1
        #expect(replacements <= bound, "\(replacements) replacements in \(stepsGrown) steps of growth, \(largest) quads")
    }

    /// Eight boxes bouncing side by side on a floor (elasticity 1): their eight floor rows, one
    /// color and one kind, make two quads while the boxes touch it, and none while they fly,
    /// again and again. The storage stays within twice the most quads a step held; sized from
    /// the storage before (an earlier version), it doubled each time the quads came back.
    @Test func quadsThatComeAndGoKeepTheirStorageSmall() {
        var world = Self.container(width: 400, floor: 600, quadRows: true)
        for k in 0..<8 {
            _ = ContactTests.body(&world, at: Vec2(25 + 50 * Double(k), 500), size: Vec2(30, 30), elasticity: 1)
        }
        var (comebacks, largest, largestStorage) = (0, 0, 0)
        var previous = 0
        for _ in 0..<600 {
            world.step(timeStep: ContactTests.dt, substeps: 4)
            let count = world.contactPlan.quads.count
            if previous == 0 && count > 0 { comebacks += 1 }
            previous = count
            largest = max(largest, count)
            largestStorage = max(largestStorage, world.contactPlan.quads.capacity)
        }
        #expect(largest >= 2, "the eight floor rows should make two quads: \(largest)")
        #expect(comebacks >= 5, "the quads should come back after each bounce: \(comebacks)")
        #expect(largestStorage <= 2 * largest + 1, "storage for \(largestStorage) quads, at most \(largest) at once")
    }

    /// Boxes and circles thrown into each other and onto a floor, fast enough to open
    /// speculative gaps in the relax pass and to bounce: with quads (targets aimed before the
    /// pass, the largest impulse kept only for rows that may bounce) the items bounce as often
    /// as with every row on its own, and none goes through the floor or a wall. The two paths'
    /// collisions part ways within the first bounces (fast collisions amplify any difference),
    /// so the counts are of two unrelated runs of the same scene: they may differ by what
    /// chance gives a count of that size, taken as two standard deviations of a Poisson count,
    /// `2·√count`.
    @Test func quadRowsBounceItemsThatCollideFastAsSingleRowsDo() {
        func scene(quadRows: Bool) -> (state: [Double], rebounds: Int) {
            var world = Self.container(width: 600, floor: 500, quadRows: quadRows)
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
            var quadCount = 0
            for _ in 0..<180 {
                world.step(timeStep: ContactTests.dt, substeps: 4)
                quadCount += world.contactPlan.quads.count
                for (k, item) in items.enumerated() {
                    let down = world.velocity(of: item).y > 0
                    if falling[k] && !down { rebounds += 1 }
                    falling[k] = down
                    let p = world.position(of: item)
                    #expect(p.y <= 500 && p.x >= 0 && p.x <= 600, "an item went through the container: \(p)")
                }
            }
            #expect(quadRows == (quadCount > 0))
            let state = items.flatMap {
                [world.position(of: $0).x, world.position(of: $0).y, world.rotation(of: $0).angle,
                 world.velocity(of: $0).x, world.velocity(of: $0).y]
            }
            return (state, rebounds)
        }
        let quads = scene(quadRows: true)
        let single = scene(quadRows: false)
        let margin = 2 * Double(single.rebounds).squareRoot()
        #expect(Double(abs(quads.rebounds - single.rebounds)) <= margin, "\(quads.rebounds) rebounds against \(single.rebounds)")
        #expect(quads.rebounds > 40, "items bounced \(quads.rebounds) times")
        #expect(quads.state.allSatisfy { $0.isFinite })
    }
}
