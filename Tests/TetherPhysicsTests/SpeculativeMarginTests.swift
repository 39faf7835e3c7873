import Testing
@testable import TetherPhysics

/// Which pairs get contacts: every pair that can meet within the step (even when one of the two
/// stops on the way), and no pair that cannot, so bodies moving together do not collect
/// contacts with every neighbour within a step's travel.
@Suite struct SpeculativeMarginTests {
    static let dt = 1.0 / 60

    static func box(_ world: inout World, at p: Vec2, size: Double = 20, velocity: Vec2 = .zero, gravity: Bool = true) -> BodyID {
        let id = world.createBody(BodyDefinition(position: p, size: Vec2(size, size), linearVelocity: velocity))
        world.setCollisionGroups(items: 1, boundaries: 1, of: id)
        if gravity { world.setAcceleration(Vec2(0, 1000), of: id) }
        return id
    }

    /// Five boxes 10 pt apart fall together from 1 000 pt onto a floor, landing at 1 400 pt/s
    /// (23 pt a frame, more than the gaps). The box below stops within a step while the one
    /// above still falls at full speed: a margin from their relative speed (zero before the
    /// step) would give the upper one no contact and let it sink 13 pt into the lower one.
    @Test func aColumnFallingTogetherLandsWithoutSinkingIntoItself() {
        var world = World()
        world.createBoundary(from: Vec2(-200, 1000), to: Vec2(200, 1000), group: 0)
        let boxes = (0..<5).map { k in Self.box(&world, at: Vec2(0, -10 - 30 * Double(k))) }
        var worstOverlap = 0.0
        var worstFloor = 0.0
        for _ in 0..<240 {
            world.step(timeStep: Self.dt, substeps: 4)
            for k in 1..<boxes.count {
                let gap = world.position(of: boxes[k - 1]).y - world.position(of: boxes[k]).y - 20
                worstOverlap = max(worstOverlap, -gap)
            }
            worstFloor = max(worstFloor, world.position(of: boxes[0]).y + 10 - 1000)
        }
        #expect(worstOverlap < 2, "boxes overlapped by \(worstOverlap) pt")
        #expect(worstFloor < 2, "the lowest box sank \(worstFloor) pt into the floor")
        for (k, box) in boxes.enumerated() {
            #expect(abs(world.position(of: box).y - (990 - 20 * Double(k))) < 0.5 * Double(k + 1), "box \(k) at \(world.position(of: box).y)")
            #expect(abs(world.position(of: box).x) < 0.001 && abs(world.rotation(of: box).angle) < 0.001, "box \(k) pushed aside or turned")
        }
    }

    /// Two 10 pt boxes close at 6 000 pt/s (100 pt a frame, ten times their size) in empty
    /// space: they must collide, not pass through each other between two steps, and momentum
    /// is kept.
    @Test func twoFastBoxesMeetingHeadOnDoNotPassThroughEachOther() {
        var world = World()
        let a = Self.box(&world, at: Vec2(-130, 0), size: 10, velocity: Vec2(3000, 0), gravity: false)
        let b = Self.box(&world, at: Vec2(130, 0), size: 10, velocity: Vec2(-3000, 0), gravity: false)
        for _ in 0..<10 {
            world.step(timeStep: Self.dt, substeps: 4)
            #expect(world.position(of: a).x < world.position(of: b).x - 9, "passed through: \(world.position(of: a).x), \(world.position(of: b).x)")
        }
        #expect(abs(world.velocity(of: a).x + world.velocity(of: b).x) < 1e-6, "momentum")
        #expect(world.velocity(of: a).x < 1 && world.velocity(of: b).x > -1, "they stopped or bounced")
    }

    /// Boxes falling side by side, 4 pt apart (more than the 2 pt speculative distance), can
    /// never meet: they get no contacts however fast they fall.
    @Test func boxesFallingSideBySideHaveNoContacts() {
        var world = World()
        for k in 0..<10 { _ = Self.box(&world, at: Vec2(24 * Double(k), 0)) }
        for _ in 0..<90 {
            world.step(timeStep: Self.dt, substeps: 4)
            #expect(world.contactCount == 0)
        }
        #expect(world.velocity(of: BodyID(rawValue: 1)).y > 1400, "they kept falling freely")
    }

    /// A grid falling together (columns 4 pt apart, rows 10 pt apart): a box may meet only the
    /// boxes below or above it in its column within a step's travel, so every contact is
    /// between two boxes of one column, and each box has at most the column neighbours its
    /// travel reaches.
    @Test func aFallingGridHasContactsOnlyWithinColumns() {
        var world = World()
        let columns = 8, rows = 6
        var column: [BodyID: Int] = [:]
        for r in 0..<rows {
            for c in 0..<columns { column[Self.box(&world, at: Vec2(24 * Double(c), -30 * Double(r)))] = c }
        }
        var sawContacts = false
        for _ in 0..<60 {
            world.step(timeStep: Self.dt, substeps: 4)
            for contact in world.contacts {
                #expect(column[contact.bodyA!] == column[contact.bodyB])
            }
            // Travel per step: v·dt < 17 pt, so only the next box down (10 pt below) is in reach.
            #expect(world.contactCount <= columns * (rows - 1))
            sawContacts = sawContacts || world.contactCount > 0
        }
        #expect(sawContacts, "boxes that reach the next one down in their column get a contact")
    }

    @Test func aSweptBoxCoversThePathAndTheGapBoundsEveryDistance() {
        let box = AABB(lower: Vec2(0, 0), upper: Vec2(2, 1))
        #expect(box.swept(by: Vec2(3, -4)) == AABB(lower: Vec2(0, -4), upper: Vec2(5, 1)))
        #expect(box.swept(by: .zero) == box)
        let right = AABB(lower: Vec2(5, 0.5), upper: Vec2(6, 3))
        #expect(box.gap(to: right) == 3)
        #expect(right.gap(to: box) == 3)
        let below = AABB(lower: Vec2(1, 4), upper: Vec2(9, 9))
        #expect(box.gap(to: below) == 3, "the larger of the x and y gaps")
        #expect(box.gap(to: AABB(lower: Vec2(1, 0.5), upper: Vec2(3, 2))) < 0, "overlapping")
    }
}
