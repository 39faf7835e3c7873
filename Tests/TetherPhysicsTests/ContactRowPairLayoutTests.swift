import Testing

@testable import TetherPhysics

/// A pile's paired contact rows outgrow the caches and stream through them on every pass, so a
/// pass costs about the cache lines it touches: `ContactRowPair` groups its fields by the passes
/// that read them. These hold the grouping (a field added in the wrong place would make every
/// pass of a large pile slower without changing a bit of its output).
@Suite struct ContactRowPairLayoutTests {
    typealias Field = (path: PartialKeyPath<ContactRowPair>, size: Int)
    typealias Lanes = ContactRowPair.Lanes

    static func start(_ field: Field) -> Int { MemoryLayout<ContactRowPair>.offset(of: field.path)! }
    static func end(_ field: Field) -> Int { start(field) + field.size }
    static func lanes(_ path: PartialKeyPath<ContactRowPair>) -> Field { (path, MemoryLayout<Lanes>.size) }

    /// Read by every pass.
    static var shared: [Field] { [
        lanes(\.inverseMassA), lanes(\.inverseMassB), lanes(\.inverseInertiaA), lanes(\.inverseInertiaB),
        lanes(\.normalX), lanes(\.normalY),
    ] }
    /// Read by the warm start, besides the shared fields.
    static var warmStart: [Field] { [
        lanes(\.tangentY),
        (\.impulses0, MemoryLayout<ContactRowPair.Impulses>.size), (\.impulses1, MemoryLayout<ContactRowPair.Impulses>.size),
        (\.anchors0, MemoryLayout<ContactRowPair.Anchors>.size), (\.anchors1, MemoryLayout<ContactRowPair.Anchors>.size),
    ] }
    /// Read by the solve and relax passes of two-point rows (the aim's targets included).
    static var solves: [Field] { [
        (\.aim0, MemoryLayout<ContactRowPair.Aim>.size), (\.aim1, MemoryLayout<ContactRowPair.Aim>.size),
        lanes(\.friction), lanes(\.k11), lanes(\.k12), lanes(\.k22), lanes(\.inverseDeterminantRigid),
        (\.arms0, MemoryLayout<ContactRowPair.Arms>.size), (\.arms1, MemoryLayout<ContactRowPair.Arms>.size),
        lanes(\.blockSoftening0), lanes(\.blockSoftening1), lanes(\.inverseDeterminantSoft),
    ] }
    /// Read only for rows that may bounce.
    static var rare: [Field] { [lanes(\.largestNormalImpulse0), lanes(\.largestNormalImpulse1)] }

    @Test func theSlotsAndFlagsFitInThirtyTwoBytes() {
        #expect(Self.shared.map(Self.start).min() == 32)
    }

    @Test func theWarmStartReadsOneRunAtTheStartOfThePair() {
        let warm = Self.shared + Self.warmStart
        let others = Self.solves + Self.rare + [Self.lanes(\.biasRate)]
        let warmEnd = warm.map(Self.end).max()!
        #expect(warmEnd <= others.map(Self.start).min()!)
        // Every byte of that run is read: 32 bytes of header, then the fields, back to back.
        #expect(warmEnd == 32 + warm.reduce(0) { $0 + $1.size })
    }

    @Test func whatOnlySomeRowsReadComesLast() {
        let rareStart = Self.rare.map(Self.start).min()!
        #expect((Self.shared + Self.warmStart + Self.solves).map(Self.end).max()! <= rareStart)
        #expect(Self.rare.map(Self.end).max()! == MemoryLayout<ContactRowPair>.size)
    }

    @Test func aPairIsTwelveCacheLines() {
        #expect(MemoryLayout<ContactRowPair>.stride == 12 * 64)
    }

    /// A one-point row has no 2×2 block; its soft row's scales and normal mass use those lanes.
    @Test func aOnePointRowKeepsItsScalesAndMassInTheBlocksLanes() {
        var constraints = [ContactConstraint(), ContactConstraint()]
        for (k, lane) in [(0, 1.0), (1, 2.0)] {
            constraints[k].pointCount = 1
            constraints[k].softness = Softness(biasRate: 10 * lane, massScale: 0.5 * lane, impulseScale: 0.25 * lane)
            constraints[k].point0.normalMass = 3 * lane
        }
        constraints.withUnsafeMutableBufferPointer { rows in
            let pair = UnsafeMutablePointer<ContactRowPair>.allocate(capacity: 1)
            defer { pair.deallocate() }
            ContactRowPair.lay(pair, rows: (0, 1), rows)
            #expect(!pair.pointee.twoPoints)
            #expect(pair.pointee.massScale == Lanes(0.5, 1))
            #expect(pair.pointee.impulseScale == Lanes(0.25, 0.5))
            #expect(pair.pointee.normalMass0 == Lanes(3, 6))
            #expect(pair.pointee.biasRate == Lanes(10, 20))
        }
    }
}
