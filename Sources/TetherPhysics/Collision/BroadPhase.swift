/// Finds the pairs of bounding boxes that overlap, by sort and sweep along x.
///
/// Deterministic by construction: the sweep order is (lower.x, index), a total order, and the
/// result is sorted, so the pairs (hence contact creation and solver order) never depend on
/// hashing or on the sort algorithm's stability. Touching boxes overlap (closed intervals, as
/// `AABB.overlaps`). Bounds must be finite.
///
/// Cost: O(n log n) for the first sort (later steps re-sort the previous order by insertion, about
/// O(n)), plus one check for every pair of boxes whose x-intervals overlap, plus O(n + k) to
/// order the `k` pairs found. For spread-out scenes that is close to O(n log n) (about 25 checks
/// per box for 1 000 boxes of 20 pt piled in a 1000 pt wide area); it degrades to O(n²) only
/// when most boxes share an x-range (a single column), where the pairs themselves may be O(n²).
/// The world keeps a `SweepAndPrune` from step to step; these one-shot forms serve tests and
/// callers with a single set of boxes.
public enum BroadPhase {
    /// Every pair `(i, j)`, `i < j`, of overlapping boxes, sorted lexicographically.
    public static func pairs(_ boxes: [AABB]) -> [(Int, Int)] {
        var sweep = SweepAndPrune()
        var keys: [UInt64] = []
        sweep.pairKeys(boxes, into: &keys)
        return keys.map { (Int($0 >> 32), Int($0 & 0xFFFF_FFFF)) }
    }

    /// Every overlapping (body, segment) pair of body bounds and boundary-segment bounds, sorted
    /// by body, then segment.
    public static func pairs(_ boxes: [AABB], against segments: [AABB]) -> [(body: Int, segment: Int)] {
        var keys: [UInt64] = []
        segmentPairKeys(boxes, segments, into: &keys)
        return keys.map { (body: Int($0 >> 32), segment: Int($0 & 0xFFFF_FFFF)) }
    }

    /// Replaces `keys` with `body << 32 | segment` for every overlapping pair of a box and a
    /// segment's box, sorted, keeping the array's storage. Boundaries are few (four for the
    /// reference bounds) and usually long, so every box is tested against every segment, in the
    /// order of the keys, without a sweep: branch-free, every pair written and the count
    /// advancing only on a hit.
    static func segmentPairKeys(_ boxes: [AABB], _ segments: [AABB], into keys: inout [UInt64]) {
        keys.grow(toAtLeast: boxes.count * segments.count, with: 0)
        let count = boxes.withUnsafeBufferPointer { boxes in
            segments.withUnsafeBufferPointer { segments in
                keys.withUnsafeMutableBufferPointer { keys in
                    var count = 0
                    for i in boxes.indices {
                        for k in segments.indices {
                            keys[count] = UInt64(UInt32(i)) << 32 | UInt64(UInt32(k))
                            count &+= boxes[i].overlaps(segments[k]) ? 1 : 0
                        }
                    }
                    return count
                }
            }
        }
        keys.truncate(to: count)
    }

    /// Indices sorted by (lower.x, index): a strict total order, so any sort gives one answer.
    static func sweepOrder(_ boxes: [AABB]) -> [Int] {
        // Sort by lower.x; the sort is stable, so equal keys keep index order.
        let keys = boxes.map(\.lower.x)
        var order = Array(boxes.indices)
        order.sort { keys[$0] < keys[$1] }
        return order
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
    /// The keys a query found, unsorted, in `found[0 ..< count]`; the array keeps its size from
    /// step to step (its size is its capacity) so the scans can write without appending.
    private var found: [UInt64] = []

    /// Replaces `keys` with `i << 32 | j` for every overlapping pair `i < j`, sorted.
    mutating func pairKeys(_ boxes: [AABB], into keys: inout [UInt64]) {
        let count = sweep(boxes)
        Self.orderWithinKeys(&found, count: count)
        Self.sortByFirstIndex(found[0..<count], count: boxes.count, buckets: &bucketStarts, into: &keys)
    }

    /// Makes room in `found` for `extra` more keys after the first `count`.
    private mutating func reserveFound(_ count: Int, extra: Int) {
        if found.count < count + extra { found.append(contentsOf: repeatElement(0, count: count + extra + found.count)) }
    }

    /// Finds the overlapping pairs into `found`, in sweep order; returns how many.
    private mutating func sweep(_ boxes: [AABB]) -> Int {
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
        // loses). `found` grows, between boxes, when the next box's scan might not fit.
        var count = 0
        var k = 0
        while k < n {
            reserveFound(count, extra: n)
            order.withUnsafeBufferPointer { order in
                lowerX.withUnsafeBufferPointer { lowerX in
                    upperX.withUnsafeBufferPointer { upperX in
                        lowerY.withUnsafeBufferPointer { lowerY in
                            upperY.withUnsafeBufferPointer { upperY in
                                found.withUnsafeMutableBufferPointer { buffer in
                                    let out = buffer.baseAddress!
                                    let capacity = buffer.count
                                    while k < n && count + n <= capacity {
                                        let (right, bottom, top) = (upperX[k], lowerY[k], upperY[k])
                                        let first = UInt64(UInt32(order[k])) << 32
                                        var m = k + 1
                                        while m < n && lowerX[m] <= right {
                                            // In sweep order; `orderWithinKeys` puts the
                                            // smaller index first, for the hits only.
                                            out[count] = first | UInt64(UInt32(order[m]))
                                            // One comparison: the y-intervals meet when the higher
                                            // bottom is not above the lower top.
                                            count &+= Swift.max(bottom, lowerY[m]) <= Swift.min(top, upperY[m]) ? 1 : 0
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
        return count
    }

    /// Rewrites each of `keys[0 ..< count]`, a pair `a << 32 | b`, as `min(a, b) << 32 | max(a, b)`.
    /// The sweep writes pairs in sweep order and leaves this to the pairs it keeps, which are
    /// far fewer than the pairs it checks.
    private static func orderWithinKeys(_ keys: inout [UInt64], count: Int) {
        keys.withUnsafeMutableBufferPointer { keys in
            for k in 0..<count {
                let key = keys[k]
                let (a, b) = (key >> 32, key & 0xFFFF_FFFF)
                keys[k] = a < b ? key : b << 32 | a
            }
        }
    }

    /// Sorts pair keys `i << 32 | j` (all `i < count`) by a counting sort on `i`, then an
    /// insertion sort of each (short) run of equal `i` by `j`: linear in the pairs for the few
    /// partners a box has, where a comparison sort of all pairs is not.
    private static func sortByFirstIndex(
        _ keys: ArraySlice<UInt64>, count: Int, buckets: inout [Int], into sorted: inout [UInt64]
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
