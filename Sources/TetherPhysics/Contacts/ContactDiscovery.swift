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
        var shape: Shape
        var transform: Transform
        var friction: Double
        var elasticity: Double
        var itemGroups: UInt64
        var boundaryGroups: UInt64
        var id: BodyID
        var slot: Int32
        /// Whether the body has infinite mass (an anchored item): two such never get a contact.
        var isFixed: Bool
    }

    /// The bodies that collide with something; their bounds now; their broadphase
    /// boxes (swept over the step); how far their velocity moves them in the step; how far their
    /// corners can turn in it.
    var colliders: [Collider] = []
    var bounds: [AABB] = []
    var boxes: [AABB] = []
    var reach: [Double] = []
    var turn: [Double] = []
    var sweep = SweepAndPrune()
    /// The boxes the sweep last ran over (each body's box then, grown by `fatMargin`), and the
    /// pairs of them that overlap.
    var fatBoxes: [AABB] = []
    var fatPairKeys: [UInt64] = []
    var pairKeys: [UInt64] = []
    var candidates: [Candidate] = []
    var merged: [Candidate] = []
    /// The contacts being built for the coming step (swapped with `World.contacts`).
    var contacts: [Contact] = []

    /// How much the sweep grows each box, so that a body resting or moving slowly stays inside
    /// the box the last sweep saw for many steps.
    static let fatMargin = CollisionConstants.speculativeDistance

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
        }
        // Written through raw storage with the count advancing only on a hit, as the sweep does.
        if pairKeys.count < fatPairKeys.count {
            pairKeys.append(contentsOf: repeatElement(0, count: fatPairKeys.count - pairKeys.count))
        }
        var kept = 0
        boxes.withUnsafeBufferPointer { boxes in
            fatPairKeys.withUnsafeBufferPointer { fat in
                pairKeys.withUnsafeMutableBufferPointer { out in
                    for key in fat {
                        out[kept] = key
                        kept &+= boxes[Int(key >> 32)].overlaps(boxes[Int(key & 0xFFFF_FFFF)]) ? 1 : 0
                    }
                }
            }
        }
        pairKeys.removeLast(pairKeys.count - kept)
    }

    /// Replaces `pairKeys` with `body << 32 | segment` for every overlapping pair of a body's
    /// box and a segment's box, sorted (the sweep's fat boxes narrowed to the boxes).
    mutating func findBoundaryPairs(_ segments: [AABB]) {
        sweep.segmentPairKeys(segments, into: &pairKeys)
        var kept = 0
        for key in pairKeys where boxes[Int(key >> 32)].overlaps(segments[Int(key & 0xFFFF_FFFF)]) {
            pairKeys[kept] = key
            kept += 1
        }
        pairKeys.removeLast(pairKeys.count - kept)
    }

    /// Hands `body` the colliders, bounds, reach and turn, the pairs found, and the
    /// candidates to append to, the arrays opened as raw storage for the loop over pairs.
    mutating func collectBodyPairs(
        _ body: (
            UnsafeBufferPointer<Collider>, UnsafeBufferPointer<AABB>, UnsafeBufferPointer<Double>,
            UnsafeBufferPointer<Double>, UnsafeBufferPointer<UInt64>, inout [Candidate]
        ) -> Void
    ) {
        var found: [Candidate] = []
        swap(&found, &candidates)
        defer { swap(&found, &candidates) }
        colliders.withUnsafeBufferPointer { colliders in
            bounds.withUnsafeBufferPointer { bounds in
                reach.withUnsafeBufferPointer { reach in
                    turn.withUnsafeBufferPointer { turn in
                        pairKeys.withUnsafeBufferPointer { body(colliders, bounds, reach, turn, $0, &found) }
                    }
                }
            }
        }
    }

    /// Puts `candidates` in key order: body pairs and boundary pairs each come out of the
    /// broadphase already in key order when ids grow with slots (the usual case), so the two
    /// runs are merged; anything else is sorted.
    mutating func sortCandidates(boundaryStart: Int) {
        func isSorted(_ range: Range<Int>) -> Bool {
            var k = range.lowerBound + 1
            while k < range.upperBound {
                if candidates[k - 1].key >= candidates[k].key { return false }
                k += 1
            }
            return true
        }
        let count = candidates.count
        guard isSorted(0..<boundaryStart), isSorted(boundaryStart..<count) else {
            candidates.sort { $0.key < $1.key }
            return
        }
        if boundaryStart == 0 || boundaryStart == count { return }
        merged.removeAll(keepingCapacity: true)
        var i = 0
        var j = boundaryStart
        while i < boundaryStart && j < count {
            if candidates[i].key < candidates[j].key {
                merged.append(candidates[i])
                i += 1
            } else {
                merged.append(candidates[j])
                j += 1
            }
        }
        merged.append(contentsOf: candidates[i..<boundaryStart])
        merged.append(contentsOf: candidates[j..<count])
        swap(&merged, &candidates)
    }
}
