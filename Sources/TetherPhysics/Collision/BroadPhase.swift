/// Finds the pairs of bounding boxes that overlap, by sort and sweep along x.
///
/// Deterministic by construction: the sweep order is (lower.x, index), a total order, and the
/// result is sorted, so the pairs (hence contact creation and solver order) never depend on
/// hashing or on the sort algorithm's stability. Touching boxes overlap (closed intervals, as
/// `AABB.overlaps`). Bounds must be finite.
///
/// Cost: O(n log n) for the sort, plus O(n · a) for the sweep where `a` is the number of boxes
/// whose x-interval spans the current one (the "active" list), plus O(k log k) to sort the `k`
/// pairs found. For spread-out scenes `a` is small (≈ 20 for 1 000 boxes of 20 pt in a
/// 1000 × 1000 area), so the whole is close to O(n log n); it degrades to O(n²) only when most
/// boxes share an x-range (a single column), where the pairs themselves may be O(n²).
public enum BroadPhase {
    /// Every pair `(i, j)`, `i < j`, of overlapping boxes, sorted lexicographically.
    public static func pairs(_ boxes: [AABB]) -> [(Int, Int)] {
        var sweep = SweepAndPrune()
        var keys: [UInt64] = []
        sweep.pairKeys(boxes, into: &keys)
        return keys.map { (Int($0 >> 32), Int($0 & 0xFFFF_FFFF)) }
    }

    /// Lexicographic order through packed 64-bit keys: sorting plain integers is several times
    /// faster than sorting tuples with a closure, and the keys are unique, so any sort gives
    /// the same order.
    static func sortedPairs(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        var keys = pairs.map { (UInt64(UInt32($0.0)) << 32) | UInt64(UInt32($0.1)) }
        keys.sort()
        return keys.map { (Int($0 >> 32), Int($0 & 0xFFFF_FFFF)) }
    }

    /// Every overlapping (body, segment) pair of body bounds and boundary-segment bounds, sorted
    /// by body, then segment. The two lists are swept together; segments are few but often
    /// long (a floor spans every body), so each side keeps its own active list.
    public static func pairs(_ boxes: [AABB], against segments: [AABB]) -> [(body: Int, segment: Int)] {
        var result: [(body: Int, segment: Int)] = []
        let bodyOrder = sweepOrder(boxes)
        let segmentOrder = sweepOrder(segments)
        var activeBodies: [Int] = []
        var activeSegments: [Int] = []
        var nextBody = 0
        var nextSegment = 0
        while nextBody < bodyOrder.count || nextSegment < segmentOrder.count {
            // Merge the two sweep orders; on equal lower.x bodies go first (any fixed rule works,
            // since the later one of an overlapping pair always finds the earlier one active).
            let takeBody: Bool
            if nextSegment == segmentOrder.count {
                takeBody = true
            } else if nextBody == bodyOrder.count {
                takeBody = false
            } else {
                takeBody = boxes[bodyOrder[nextBody]].lower.x <= segments[segmentOrder[nextSegment]].lower.x
            }
            if takeBody {
                let i = bodyOrder[nextBody]
                nextBody += 1
                let box = boxes[i]
                retain(&activeSegments) { segments[$0].upper.x >= box.lower.x }
                for s in activeSegments where overlapsInY(segments[s], box) {
                    result.append((body: i, segment: s))
                }
                activeBodies.append(i)
            } else {
                let s = segmentOrder[nextSegment]
                nextSegment += 1
                let segment = segments[s]
                retain(&activeBodies) { boxes[$0].upper.x >= segment.lower.x }
                for i in activeBodies where overlapsInY(boxes[i], segment) {
                    result.append((body: i, segment: s))
                }
                activeSegments.append(s)
            }
        }
        return sortedPairs(result.map { ($0.body, $0.segment) }).map { (body: $0.0, segment: $0.1) }
    }

    /// Indices sorted by (lower.x, index): a strict total order, so any sort gives one answer.
    static func sweepOrder(_ boxes: [AABB]) -> [Int] {
        // Sort by lower.x; the sort is stable, so equal keys keep index order.
        let keys = boxes.map(\.lower.x)
        var order = Array(boxes.indices)
        order.sort { keys[$0] < keys[$1] }
        return order
    }

    /// Removes, in place and keeping the order, the entries that fail `keep`: boxes whose
    /// x-interval ended before the sweep line can overlap nothing that comes later.
    private static func retain(_ list: inout [Int], _ keep: (Int) -> Bool) {
        var kept = 0
        for k in list.indices where keep(list[k]) {
            list[kept] = list[k]
            kept += 1
        }
        list.removeLast(list.count - kept)
    }

    /// The y test; x overlap is known from the sweep.
    private static func overlapsInY(_ a: AABB, _ b: AABB) -> Bool {
        a.lower.y <= b.upper.y && b.lower.y <= a.upper.y
    }
}

/// Sort and sweep along x that keeps its sort order from one call to the next.
///
/// Boxes move little between steps, so last step's order is nearly sorted and an insertion sort
/// brings it up to date in about linear time; the result is the unique order by
/// (lower.x, index), whatever the previous order was. The sweep then scans forward from each
/// box over the boxes that start inside its x-interval, reading bounds from arrays laid out in
/// sweep order.
struct SweepAndPrune: Sendable {
    private var order: [Int32] = []
    private var lowerX: [Double] = []
    private var upperX: [Double] = []
    private var lowerY: [Double] = []
    private var upperY: [Double] = []
    private var bucketStarts: [Int] = []
    private var unsortedKeys: [UInt64] = []
    private var scanBuffer: [UInt64] = []

    /// Replaces `keys` with `i << 32 | j` for every overlapping pair `i < j`, sorted.
    mutating func pairKeys(_ boxes: [AABB], into keys: inout [UInt64]) {
        var found = unsortedKeys
        unsortedKeys = []
        found.removeAll(keepingCapacity: true)
        sweep(boxes, into: &found)
        Self.sortByFirstIndex(found, count: boxes.count, buckets: &bucketStarts, into: &keys)
        unsortedKeys = found
    }

    /// Replaces `keys` with `body << 32 | segment` for every overlapping pair of a body's box (as
    /// given to the last `pairKeys` call) and a segment's box, sorted. Each segment scans the
    /// bodies in sweep order up to its right end: boundaries are few (four for the reference
    /// bounds) and usually long, so this costs about one pass over the bodies per boundary.
    mutating func segmentPairKeys(_ segments: [AABB], into keys: inout [UInt64]) {
        var found = unsortedKeys
        unsortedKeys = []
        found.removeAll(keepingCapacity: true)
        let n = order.count
        for (s, segment) in segments.enumerated() {
            var k = 0
            while k < n && lowerX[k] <= segment.upper.x {
                if segment.lower.x <= upperX[k] && lowerY[k] <= segment.upper.y && segment.lower.y <= upperY[k] {
                    found.append(UInt64(UInt32(order[k])) << 32 | UInt64(UInt32(s)))
                }
                k += 1
            }
        }
        Self.sortByFirstIndex(found, count: n, buckets: &bucketStarts, into: &keys)
        unsortedKeys = found
    }

    /// The overlapping pairs in sweep order.
    private mutating func sweep(_ boxes: [AABB], into keys: inout [UInt64]) {
        let n = boxes.count
        if order.count != n || !insertionSort(boxes) {
            order = BroadPhase.sweepOrder(boxes).map { Int32($0) }
        }
        lowerX.removeAll(keepingCapacity: true)
        upperX.removeAll(keepingCapacity: true)
        lowerY.removeAll(keepingCapacity: true)
        upperY.removeAll(keepingCapacity: true)
        for i in order {
            let box = boxes[Int(i)]
            lowerX.append(box.lower.x)
            upperX.append(box.upper.x)
            lowerY.append(box.lower.y)
            upperY.append(box.upper.y)
        }
        // Branch-free scan over raw storage: every candidate is written and the count advances
        // only on a hit (whether two boxes overlap in y is a coin toss the branch predictor
        // loses). `scanBuffer` keeps its size from step to step and grows, between boxes, when
        // the next box's scan might not fit.
        var found = 0
        var k = 0
        while k < n {
            if scanBuffer.count < found + n { scanBuffer.append(contentsOf: repeatElement(0, count: found + n + scanBuffer.count)) }
            order.withUnsafeBufferPointer { order in
                lowerX.withUnsafeBufferPointer { lowerX in
                    upperX.withUnsafeBufferPointer { upperX in
                        lowerY.withUnsafeBufferPointer { lowerY in
                            upperY.withUnsafeBufferPointer { upperY in
                                scanBuffer.withUnsafeMutableBufferPointer { buffer in
                                    let out = buffer.baseAddress!
                                    let capacity = buffer.count
                                    while k < n && found + n <= capacity {
                                        let (right, bottom, top) = (upperX[k], lowerY[k], upperY[k])
                                        let i = UInt64(UInt32(order[k]))
                                        var m = k + 1
                                        while m < n && lowerX[m] <= right {
                                            let j = UInt64(UInt32(order[m]))
                                            out[found] = i < j ? i << 32 | j : j << 32 | i
                                            // One comparison: the y-intervals meet when the higher
                                            // bottom is not above the lower top.
                                            found &+= Swift.max(bottom, lowerY[m]) <= Swift.min(top, upperY[m]) ? 1 : 0
                                            m += 1
                                        }
                                        k += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        keys.removeAll(keepingCapacity: true)
        keys.append(contentsOf: scanBuffer[0..<found])
    }

    /// Sorts pair keys `i << 32 | j` (all `i < count`) by a counting sort on `i`, then an
    /// insertion sort of each (short) run of equal `i` by `j`: linear in the pairs for the few
    /// partners a box has, where a comparison sort of all pairs is not.
    private static func sortByFirstIndex(
        _ keys: [UInt64], count: Int, buckets: inout [Int], into sorted: inout [UInt64]
    ) {
        buckets.removeAll(keepingCapacity: true)
        buckets.append(contentsOf: repeatElement(0, count: count + 1))
        buckets.withUnsafeMutableBufferPointer { buckets in
            for key in keys { buckets[Int(key >> 32) + 1] += 1 }
            for i in 0..<count { buckets[i + 1] += buckets[i] }
        }
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: repeatElement(0, count: keys.count))
        buckets.withUnsafeMutableBufferPointer { next in
            sorted.withUnsafeMutableBufferPointer { sorted in
                for key in keys {
                    let i = Int(key >> 32)
                    sorted[next[i]] = key
                    next[i] += 1
                }
                // next[i] is now where bucket i ends (and bucket i + 1 begins).
                var start = 0
                for i in 0..<count {
                    let end = next[i]
                    var k = start + 1
                    while k < end {
                        let key = sorted[k]
                        var m = k
                        while m > start && sorted[m - 1] > key {
                            sorted[m] = sorted[m - 1]
                            m -= 1
                        }
                        sorted[m] = key
                        k += 1
                    }
                    start = end
                }
            }
        }
    }

    /// Re-sorts last call's order by (lower.x, index) for the new bounds; false when the order
    /// changed so much (more than 16 moves per box) that a full sort is cheaper.
    private mutating func insertionSort(_ boxes: [AABB]) -> Bool {
        boxes.withUnsafeBufferPointer { boxes in
            order.withUnsafeMutableBufferPointer { order in
                var budget = 16 * order.count
                for k in 1..<max(order.count, 1) {
                    let item = order[k]
                    let x = boxes[Int(item)].lower.x
                    var m = k
                    while m > 0 {
                        let previous = order[m - 1]
                        let px = boxes[Int(previous)].lower.x
                        if px < x || (px == x && previous < item) { break }
                        order[m] = previous
                        m -= 1
                        budget -= 1
                    }
                    order[m] = item
                    if budget < 0 { return false }
                }
                return true
            }
        }
    }
}
