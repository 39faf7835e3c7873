/// Working storage of contact discovery, kept in the world from one step to the next so a step
/// allocates nothing once the scene has settled into its sizes (and the broadphase keeps its
/// nearly sorted order). Holds no state that changes results: only capacity and the sweep order,
/// which every step re-sorts to the same unique order.
struct ContactDiscovery: Sendable {
    /// A pair the broadphase found and the filters let through, before the narrow phase.
    struct Candidate: Sendable {
        var key: UInt64
        var slotA: Int
        var slotB: Int
        /// Index into `World.boundaries`, or −1 for a body pair.
        var boundary: Int
        var margin: Double
    }

    /// Slots of the bodies that collide with something; their bounds now; their broadphase
    /// boxes (swept over the step); how far their velocity moves them in the step; how far their
    /// corners can turn in it.
    var owners: [Int] = []
    var bounds: [AABB] = []
    var boxes: [AABB] = []
    var travel: [Vec2] = []
    var turn: [Double] = []
    var sweep = SweepAndPrune()
    var pairKeys: [UInt64] = []
    var candidates: [Candidate] = []
    var merged: [Candidate] = []
    /// The contacts being built for the coming step (swapped with `World.contacts`).
    var contacts: [Contact] = []

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
