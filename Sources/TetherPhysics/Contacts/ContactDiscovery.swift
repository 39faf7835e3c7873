/// Working storage of contact discovery, kept in the world from one step to the next so a step
/// allocates nothing once the scene has settled into its sizes (and the broadphase keeps its
/// nearly sorted order). Holds no state that changes results: only capacity and the sweep order,
/// which every step re-sorts to the same unique order.
struct ContactDiscovery: Sendable {
    /// A pair the broadphase found and the filters let through, before the narrow phase.
    struct Candidate: Sendable {
        var key: UInt64
        var margin: Double
        /// Indices into `colliders`: body A (unused for a boundary pair) and body B.
        var colliderA: Int32
        var colliderB: Int32
        /// Index into `World.boundaries`, or −1 for a body pair.
        var boundary: Int32
    }

    /// What the filters and the narrow phase read of a body that collides with something,
    /// gathered once per step: `BodyProperties` is large and a body meets several partners, so
    /// reading it per pair costs more than the collision itself.
    struct Collider: Sendable {
        // The fields the pair filter reads come first, so they share a cache line.
        /// The shape's bounds now.
        var bounds: AABB
        /// How far the body's velocity moves it in the step, and how far its corners can turn.
        var reach: Double
        var turn: Double
        var itemGroups: UInt64
        var id: BodyID
        /// Whether the body has infinite mass (an anchored item): two such never get a contact.
        var isFixed: Bool
        var slot: Int32
        var boundaryGroups: UInt64
        var shape: Shape
        var transform: Transform
        var friction: Double
        var elasticity: Double

        /// Filler for storage that is overwritten.
        static let unused = Collider(
            bounds: AABB(lower: .zero, upper: .zero), reach: 0, turn: 0, itemGroups: 0, id: BodyID(rawValue: 0),
            isFixed: true, slot: 0, boundaryGroups: 0, shape: .circle(CircleShape(radius: 0)), transform: .identity,
            friction: 0, elasticity: 0)
    }

    /// The bodies that collide with something, and their broadphase boxes (their bounds swept
    /// over the step).
    var colliders: [Collider] = []
    var boxes: [AABB] = []
    var sweep = SweepAndPrune()
    /// The boxes the sweep last ran over (each body's box then, grown by `fatMargin`), and the
    /// pairs of them that overlap.
    var fatBoxes: [AABB] = []
    var fatPairKeys: [UInt64] = []
    var pairKeys: [UInt64] = []
    /// The pairs of a body's box and a boundary segment's box that overlap (`body << 32 | segment`).
    var boundaryPairKeys: [UInt64] = []
    /// The pairs of a fat box and a segment's box that overlap, for the fat boxes and the
    /// segments in `fatBoundarySegments`, while `fatBoundaryPairsCurrent` (cleared when
    /// `findPairs` makes the fat boxes again).
    var fatBoundaryPairKeys: [UInt64] = []
    var fatBoundarySegments: [AABB] = []
    var fatBoundaryPairsCurrent = false
    var candidates: [Candidate] = []
    /// The candidates of body–boundary pairs, in (body, segment) order.
    var boundaryCandidates: [Candidate] = []
    /// The contacts being built for the coming step (swapped with `World.contacts`).
    var contacts: [Contact] = []

    /// How much the sweep grows each box along x and along y, so that a body resting or moving
    /// slowly stays inside the box the last sweep saw for many steps. More along y, where a pile
    /// falls and settles, than along x, the sweep's axis, where every point of width adds boxes
    /// each box is checked against: with half the speculative distance along x and three times
    /// it along y, pile-1000 sweeps again in 110 of its 600 steps (86 with twice it both ways)
    /// but each sweep checks fewer pairs and fewer pairs are kept (first 200 frames 1732 M ->
    /// 1725 M instructions).
    static let fatMargin = Vec2(
        0.5 * CollisionConstants.speculativeDistance, 3 * CollisionConstants.speculativeDistance)

    /// Replaces `pairKeys` with `i << 32 | j` for every pair `i < j` of overlapping `boxes`,
    /// sorted. The sweep runs over fat boxes and its pairs are kept while every box stays inside
    /// its fat box (a pile at rest, the slow end of a fall): two boxes that overlap then have
    /// overlapping fat boxes, so filtering the kept pairs by the boxes gives exactly the pairs a
    /// new sweep would. When any box has left its fat box, every fat box is made again.
    mutating func findPairs() {
        let count = boxes.count
        var inside = fatBoxes.count == count
        if inside {
            boxes.withUnsafeBufferPointer { boxes in
                fatBoxes.withUnsafeBufferPointer { fat in
                    for i in 0..<count where !fat[i].contains(boxes[i]) {
                        inside = false
                        break
                    }
                }
            }
        }
        if !inside {
            fatBoxes.removeAll(keepingCapacity: true)
            for box in boxes { fatBoxes.append(box.fattened(by: Self.fatMargin)) }
            sweep.pairKeys(fatBoxes, into: &fatPairKeys)
            fatBoundaryPairsCurrent = false
        }
        Self.keepOverlapping(fatPairKeys, boxes, boxes, into: &pairKeys)
    }

    /// Replaces `boundaryPairKeys` with `body << 32 | segment` for every overlapping pair of a
    /// body's box and a segment's box, sorted, as `BroadPhase.segmentPairKeys` finds them. Run
    /// after `findPairs`, whose fat boxes then hold the boxes: as for the body pairs, the fat
    /// boxes' pairs with the segments are kept while the fat boxes and the segments stay, and
    /// filtered by the boxes (a box that overlaps a segment has a fat box that does), so a
    /// pile at rest tests the few boxes along its boundaries instead of every box against every
    /// segment.
    mutating func findBoundaryPairs(_ segments: [AABB]) {
        if !fatBoundaryPairsCurrent || segments != fatBoundarySegments {
            BroadPhase.segmentPairKeys(fatBoxes, segments, into: &fatBoundaryPairKeys)
            fatBoundarySegments = segments
            fatBoundaryPairsCurrent = true
        }
        Self.keepOverlapping(fatBoundaryPairKeys, boxes, segments, into: &boundaryPairKeys)
    }

    /// Replaces `keys` with the keys `i << 32 | j` of `fatKeys` whose `first[i]` and `second[j]`
    /// overlap, in order: the pairs a sweep over the boxes would find, from the pairs of boxes
    /// that hold them. Written through raw storage with the count advancing only on a hit, as
    /// the sweep does.
    private static func keepOverlapping(
        _ fatKeys: [UInt64], _ first: [AABB], _ second: [AABB], into keys: inout [UInt64]
    ) {
        keys.grow(toAtLeast: fatKeys.count, with: 0)
        var kept = 0
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                fatKeys.withUnsafeBufferPointer { fat in
                    keys.withUnsafeMutableBufferPointer { out in
                        for key in fat {
                            out[kept] = key
                            kept &+= first[Int(key >> 32)].overlaps(second[Int(key & 0xFFFF_FFFF)]) ? 1 : 0
                        }
                    }
                }
            }
        }
        keys.truncate(to: kept)
    }

    /// Replaces `candidates` with the pairs that may touch in the coming step, in key order:
    /// the body pairs `findPairs` found that share an item group, have a movable body and whose
    /// bounds are within the pair's speculative margin, and the `boundaryCandidates`.
    ///
    /// Body pairs come out of the broadphase in key order when ids grow with the bodies' order
    /// (the usual case), and a body's boundary pairs sort after its body pairs, so the boundary
    /// candidates are slotted in as the pairs go by; anything else is sorted afterwards.
    mutating func collectCandidates(slop: Double) {
        let capacity = pairKeys.count + boundaryCandidates.count
        candidates.grow(toAtLeast: capacity, with: Self.unusedCandidate)
        let count = colliders.withUnsafeBufferPointer { colliders in
            pairKeys.withUnsafeBufferPointer { pairKeys in
                boundaryCandidates.withUnsafeBufferPointer { boundary in
                    candidates.withUnsafeMutableBufferPointer { out in
                        Self.collect(colliders.baseAddress!, pairKeys, boundary, slop: slop, into: out.baseAddress!)
                    }
                }
            }
        }
        candidates.truncate(to: count)
        let sorted = candidates.withUnsafeBufferPointer { candidates in
            var k = 1
            while k < candidates.count && candidates[k - 1].key < candidates[k].key { k += 1 }
            return k >= candidates.count
        }
        if !sorted { candidates.sort { $0.key < $1.key } }
    }

    private static let unusedCandidate = Candidate(key: 0, margin: 0, colliderA: 0, colliderB: 0, boundary: -1)

    /// `collectCandidates` over raw storage; returns how many candidates it wrote to `out`.
    private static func collect(
        _ colliders: UnsafePointer<Collider>, _ pairKeys: UnsafeBufferPointer<UInt64>,
        _ boundary: UnsafeBufferPointer<Candidate>, slop: Double, into out: UnsafeMutablePointer<Candidate>
    ) -> Int {
        var count = 0
        var nextBoundary = 0
        for pair in pairKeys {
            let (i, j) = (Int(pair >> 32), Int(pair & 0xFFFF_FFFF))
            // The boundary pairs of the bodies before body i.
            while nextBoundary < boundary.count && Int(boundary[nextBoundary].colliderB) < i {
                out[count] = boundary[nextBoundary]
                count += 1
                nextBoundary += 1
            }
            let (a, b) = (colliders + i, colliders + j)
            if a.pointee.itemGroups & b.pointee.itemGroups == 0 { continue }
            if a.pointee.isFixed && b.pointee.isFixed { continue }
            let margin = slop + a.pointee.reach + b.pointee.reach + a.pointee.turn + b.pointee.turn
            // Bounds farther apart than the margin hold shapes farther apart still.
            if a.pointee.bounds.gap(to: b.pointee.bounds) > margin { continue }
            let (idI, idJ) = (a.pointee.id, b.pointee.id)
            out[count] =
                idI < idJ
                ? Candidate(key: Contact.key(idI, idJ), margin: margin, colliderA: Int32(i), colliderB: Int32(j), boundary: -1)
                : Candidate(key: Contact.key(idJ, idI), margin: margin, colliderA: Int32(j), colliderB: Int32(i), boundary: -1)
            count += 1
        }
        while nextBoundary < boundary.count {
            out[count] = boundary[nextBoundary]
            count += 1
            nextBoundary += 1
        }
        return count
    }
}
