import Testing

@testable import TetherPhysics

/// A pile's quads of contact rows outgrow the caches and stream through them on every pass, so a
/// pass costs about the cache lines it touches: `ContactRowQuad` groups its fields by the passes
/// that read them. These hold the grouping (a field added in the wrong place would make every
/// pass of a large pile slower without changing a bit of its output).
@Suite struct ContactRowQuadLayoutTests {
    typealias Field = (path: PartialKeyPath<ContactRowQuad>, size: Int)
    typealias Lanes = ContactRowQuad.Lanes

    static func start(_ field: Field) -> Int { MemoryLayout<ContactRowQuad>.offset(of: field.path)! }
    static func end(_ field: Field) -> Int { start(field) + field.size }
    static func lanes(_ path: PartialKeyPath<ContactRowQuad>) -> Field { (path, MemoryLayout<Lanes>.size) }
    static func field<T>(_ path: KeyPath<ContactRowQuad, T>) -> Field { (path, MemoryLayout<T>.size) }

    /// The slots and flags every pass reads first.
    static var header: [Field] { [
        field(\.slotsA), field(\.slotsB), field(\.movable), field(\.twoPoints), field(\.inOrder),
        field(\.tracksLargestImpulse),
    ] }
    /// Read by every pass, after the header.
    static var shared: [Field] { [
        lanes(\.inverseMassA), lanes(\.inverseMassB), lanes(\.inverseInertiaA), lanes(\.inverseInertiaB),
        lanes(\.normalX), lanes(\.normalY),
    ] }
    /// Read by the warm start, besides the shared fields.
    static var warmStart: [Field] { [
        lanes(\.tangentY), field(\.impulses0), field(\.impulses1), field(\.anchors0), field(\.anchors1),
    ] }
    /// Read when aiming (and by a solve pass whose targets are not aimed).
    static var aiming: [Field] { [lanes(\.biasRate), lanes(\.baseSeparation0), lanes(\.baseSeparation1)] }
    /// Read by the solve and relax passes (the aim's targets included).
    static var solves: [Field] { [
        field(\.aim0), field(\.aim1),
        lanes(\.friction), lanes(\.k11), lanes(\.k12), lanes(\.k22), lanes(\.inverseDeterminantRigid),
        field(\.arms0), field(\.arms1),
        lanes(\.blockSoftening0), lanes(\.blockSoftening1), lanes(\.inverseDeterminantSoft),
    ] }
    /// Read only for rows that may bounce.
    static var rare: [Field] { [lanes(\.largestNormalImpulse0), lanes(\.largestNormalImpulse1)] }

    static var headerEnd: Int { header.map(end).max()! }
    /// Where the header's end rounds up to the lanes' alignment: the first lane field's place.
    static var firstLanes: Int {
        let alignment = MemoryLayout<Lanes>.alignment
        return (headerEnd + alignment - 1) / alignment * alignment
    }

    @Test func theHeaderComesFirstAndTheLanesRightAfterIt() {
        #expect(Self.header.map(Self.start).min() == 0)
        // Slots, then the one-byte flags, packed: 2 × 16 + 4 bytes.
        #expect(Self.headerEnd == Self.header.reduce(0) { $0 + $1.size })
        #expect(Self.shared.map(Self.start).min() == Self.firstLanes)
    }

    @Test func theWarmStartReadsOneRunAtTheStartOfTheQuad() {
        let warm = Self.shared + Self.warmStart
        let others = Self.aiming + Self.solves + Self.rare
        let warmEnd = warm.map(Self.end).max()!
        #expect(warmEnd <= others.map(Self.start).min()!)
        // Every byte of that run is read: the header, then the fields, back to back.
        #expect(warmEnd == Self.firstLanes + warm.reduce(0) { $0 + $1.size })
    }

    @Test func whatOnlyBouncingRowsReadComesLast() {
        let rareStart = Self.rare.map(Self.start).min()!
        #expect((Self.header + Self.shared + Self.warmStart + Self.aiming + Self.solves).map(Self.end).max()! <= rareStart)
        #expect(Self.rare.map(Self.end).max()! == MemoryLayout<ContactRowQuad>.size)
    }

    /// Every field is in one of the groups above and none overlaps another: a field added
    /// without a place among the passes fails here.
    @Test func theGroupsCoverTheQuad() {
        let fields = (Self.shared + Self.warmStart + Self.aiming + Self.solves + Self.rare).sorted { Self.start($0) < Self.start($1) }
        var at = Self.firstLanes
        for field in fields {
            #expect(Self.start(field) == at, "a field at \(Self.start(field)) where \(at) was expected")
            at = Self.end(field)
        }
        #expect(at == MemoryLayout<ContactRowQuad>.size)
    }

    /// Four rows whose every value is a single-precision number, each value telling its row.
    static func rows(points: Int, blockConditioned: Bool) -> [ContactConstraint] {
        (0..<4).map { k in
            let lane = Double(k + 1)
            var c = ContactConstraint()
            c.pointCount = points
            c.blockConditioned = blockConditioned
            (c.slotA, c.slotB) = (2 * k, 2 * k + 1)
            (c.movesA, c.movesB) = (k != 2, k != 1)
            c.softness = Softness(biasRate: 10 * lane, massScale: 0.5 * lane, impulseScale: 0.25 * lane)
            c.point0.normalMass = 3 * lane
            c.point1.normalMass = 5 * lane
            (c.k11, c.k12, c.k22) = (7 * lane, 9 * lane, 11 * lane)
            c.inverseDeterminantRigid = 13 * lane
            return c
        }
    }

    /// Lays out `constraints[rows]` and hands the quad to `body`.
    static func lay(_ constraints: [ContactConstraint], rows: ContactRowQuad.Rows, _ body: (ContactRowQuad) -> Void) {
        var constraints = constraints
        constraints.withUnsafeMutableBufferPointer { constraints in
            let quad = UnsafeMutablePointer<ContactRowQuad>.allocate(capacity: 1)
            defer { quad.deallocate() }
            ContactRowQuad.lay(quad, rows: rows, constraints, inverseH: 240)
            body(quad.pointee)
        }
    }

    /// A one-point row has no 2×2 block; its soft row's scales and normal mass use those lanes,
    /// each lane its own row's (here in the order the quad lists its rows).
    @Test func aOnePointRowKeepsItsScalesAndMassInTheBlocksLanes() {
        Self.lay(Self.rows(points: 1, blockConditioned: false), rows: ContactRowQuad.Rows(2, 0, 3, 1)) { quad in
            #expect(!quad.twoPoints && !quad.inOrder)
            #expect(quad.massScale == Lanes(1.5, 0.5, 2, 1))
            #expect(quad.impulseScale == Lanes(0.75, 0.25, 1, 0.5))
            #expect(quad.normalMass0 == Lanes(9, 3, 12, 6))
            #expect(quad.biasRate == Lanes(30, 10, 40, 20))
            #expect(quad.slotsA == ContactRowQuad.slots(4, 0, 6, 2))
            #expect(quad.slotsB == ContactRowQuad.slots(5, 1, 7, 3))
            // Lane 0 is row 2 (body A still), lane 3 is row 1 (body B still).
            #expect((0..<4).map(quad.movesA) == [false, true, true, true])
            #expect((0..<4).map(quad.movesB) == [true, true, true, false])
        }
    }

    /// A two-point row solved point after point keeps its second point's mass there too.
    @Test func aRowSolvedPointByPointKeepsBothMassesInTheBlocksLanes() {
        Self.lay(Self.rows(points: 2, blockConditioned: false), rows: ContactRowQuad.Rows(0, 1, 2, 3)) { quad in
            #expect(quad.twoPoints && quad.inOrder)
            #expect(quad.massScale == Lanes(0.5, 1, 1.5, 2))
            #expect(quad.impulseScale == Lanes(0.25, 0.5, 0.75, 1))
            #expect(quad.normalMass0 == Lanes(3, 6, 9, 12))
            #expect(quad.normalMass1 == Lanes(5, 10, 15, 20))
        }
    }

    /// A block row keeps its block there.
    @Test func aBlockRowKeepsItsBlock() {
        Self.lay(Self.rows(points: 2, blockConditioned: true), rows: ContactRowQuad.Rows(3, 2, 1, 0)) { quad in
            #expect(quad.twoPoints && !quad.inOrder)
            #expect(quad.k11 == Lanes(28, 21, 14, 7))
            #expect(quad.k12 == Lanes(36, 27, 18, 9))
            #expect(quad.k22 == Lanes(44, 33, 22, 11))
            #expect(quad.inverseDeterminantRigid == Lanes(52, 39, 26, 13))
        }
    }
}
