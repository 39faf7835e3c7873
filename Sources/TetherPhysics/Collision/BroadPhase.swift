/// Finds the pairs of bounding boxes that overlap, by sort and sweep along x within bands
/// along y (`SweepAndPrune`).
///
/// Deterministic by construction: the sweep order is (lower.x, index), a total order, and the
/// result is sorted, so the pairs (hence contact creation and solver order) never depend on
/// hashing or on the sort algorithm's stability. Touching boxes overlap (closed intervals, as
/// `AABB.overlaps`). Bounds must be finite.
///
/// Cost: O(n log n) for the first sort (later steps re-sort the previous order by insertion, about
/// O(n)), plus one check for every pair of boxes whose x-intervals overlap within a band as tall
/// as the mean box, plus O(n + k) to order the `k` pairs found. For piles that is close to
/// linear (about 12 checks per box for the 4 000 boxes of pile-4000, in a column 100 boxes tall,
/// against about 100 for one sweep over the whole height); it degrades to O(n²) only when most
/// boxes share both an x-range and a band, where the pairs themselves may be O(n²).
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

/// Sort and sweep along x within bands along y, keeping its sort order from one call to the next.
///
/// Boxes move little between steps, so last step's order is nearly sorted and an insertion sort
/// brings it up to date in about linear time; the result is the unique order by
/// (lower.x, index), whatever the previous order was.
///
/// A plain sweep checks each box against every box that starts within its x-interval: in a
/// tall pile that is the whole column above and below it (about 100 checks per box in the 4 000
/// boxes of pile-4000, for 5 overlapping fat boxes). So the scene is cut into horizontal bands
/// as tall as the mean box, each box is listed, in sweep order, in every band its y-interval
/// meets, and each band is swept on its own: a box is checked only against the boxes of its
/// bands (a dozen in pile-4000). A pair of boxes that share several bands is kept in one of
/// them only, the higher of their first bands, where one of the two is listed for the first
/// time. Bands are found by one rounding for every coordinate, which never decreases as the
/// coordinate grows, so two overlapping boxes always share that band. With the mean height as
/// the band height a box meets at most its height over the mean plus two bands: at most three
/// listings per box on average, whatever the sizes. The pairs do not depend on the bands, only
/// the work does; a scene spread over more bands than it has boxes is swept in one band.
struct SweepAndPrune: Sendable {
    private var order: [Int32] = []
    /// Each box's first and last band.
    private var firstBand: [Int32] = []
    private var lastBand: [Int32] = []
    /// The listings, band after band, each band in sweep order and closed by a sentinel whose
    /// lower x is +∞ (it ends every scan of the band): a box's bounds, its index, and 1 in its
    /// first band (else 0).
    private var lowerX: [Double] = []
    private var upperX: [Double] = []
    private var lowerY: [Double] = []
    private var upperY: [Double] = []
    private var index: [UInt32] = []
    private var isFirst: [Int] = []
    /// Where each band's listings start; the last element is the end of the listings.
    private var bandStarts: [Int] = []
    /// The keys a query found, unsorted, in `found[0 ..< count]`; the array keeps its size from
    /// step to step (its size is its capacity) so the scans can write without appending.
    private var found: [UInt64] = []
    /// Working storage of the sort of the keys.
    private var buckets: [Int] = []
    private var byFirst: [UInt64] = []

    /// Replaces `keys` with `i << 32 | j` for every overlapping pair `i < j`, sorted.
    mutating func pairKeys(_ boxes: [AABB], into keys: inout [UInt64]) {
        let count = sweep(boxes)
        Self.orderWithinKeys(&found, count: count)
        Self.sortKeys(found[0..<count], count: boxes.count, buckets: &buckets, scratch: &byFirst, into: &keys)
    }

    /// Makes room in `found` for `extra` more keys after the first `count`.
    private mutating func reserveFound(_ count: Int, extra: Int) {
        if found.count < count + extra { found.append(contentsOf: repeatElement(0, count: count + extra + found.count)) }
    }

    /// Finds the overlapping pairs into `found`, unsorted; returns how many.
    private mutating func sweep(_ boxes: [AABB]) -> Int {
        let n = boxes.count
        if n == 0 { return 0 }
        if order.count != n || !insertionSort(boxes) {
            order = BroadPhase.sweepOrder(boxes).map { Int32($0) }
        }
        let bandCount = boxes.withUnsafeBufferPointer { boxes in placeInBands(boxes) }
        boxes.withUnsafeBufferPointer { boxes in list(boxes, bandCount: bandCount) }
        var count = 0
        for band in 0..<bandCount {
            count = sweep(band: bandStarts[band]..<(bandStarts[band + 1] - 1), count: count)
        }
        return count
    }

    /// Sets each box's bands and `bandStarts` (with a sentinel after each band); returns the
    /// number of bands.
    private mutating func placeInBands(_ boxes: UnsafeBufferPointer<AABB>) -> Int {
        let n = boxes.count
        var bottom = boxes[0].lower.y, top = boxes[0].upper.y
        var heights = 0.0
        for box in boxes {
            bottom = Swift.min(bottom, box.lower.y)
            top = Swift.max(top, box.upper.y)
            heights += box.upper.y - box.lower.y
        }
        // Band k holds the y with Int((y − bottom) / height) = k, rounded the same for every y.
        var inverse = 0.0
        var bandCount = 1
        let height = heights / Double(n)
        if height > 0 {
            let span = (top - bottom) * (1 / height)
            if span < Double(n) {
                inverse = 1 / height
                bandCount = Int(span) + 1
            }
        }
        firstBand.resize(to: n, with: 0)
        lastBand.resize(to: n, with: 0)
        bandStarts.removeAll(keepingCapacity: true)
        bandStarts.append(contentsOf: repeatElement(0, count: bandCount + 1))
        firstBand.withUnsafeMutableBufferPointer { firstBand in
            lastBand.withUnsafeMutableBufferPointer { lastBand in
                bandStarts.withUnsafeMutableBufferPointer { starts in
                    // Counts at k + 1, then running sums, one more per band for its sentinel.
                    for i in 0..<n {
                        let b0 = Int((boxes[i].lower.y - bottom) * inverse)
                        let b1 = Int((boxes[i].upper.y - bottom) * inverse)
                        firstBand[i] = Int32(b0)
                        lastBand[i] = Int32(b1)
                        for b in b0...b1 { starts[b + 1] += 1 }
                    }
                    for b in 0..<bandCount { starts[b + 1] += starts[b] + 1 }
                }
            }
        }
        return bandCount
    }

    /// Lists every box, in sweep order, in each of its bands, and closes each band with its
    /// sentinel.
    private mutating func list(_ boxes: UnsafeBufferPointer<AABB>, bandCount: Int) {
        let total = bandStarts[bandCount]
        lowerX.resize(to: total, with: 0)
        upperX.resize(to: total, with: 0)
        lowerY.resize(to: total, with: 0)
        upperY.resize(to: total, with: 0)
        index.resize(to: total, with: 0)
        isFirst.resize(to: total, with: 0)
        // `bandStarts[b]` is advanced past each listing written to band b, and afterwards
        // stands at band b's sentinel, where it is moved back to the band's start.
        order.withUnsafeBufferPointer { order in
            firstBand.withUnsafeBufferPointer { firstBand in
                lastBand.withUnsafeBufferPointer { lastBand in
                    bandStarts.withUnsafeMutableBufferPointer { next in
                        lowerX.withUnsafeMutableBufferPointer { lowerX in
                            upperX.withUnsafeMutableBufferPointer { upperX in
                                lowerY.withUnsafeMutableBufferPointer { lowerY in
                                    upperY.withUnsafeMutableBufferPointer { upperY in
                                        index.withUnsafeMutableBufferPointer { index in
                                            isFirst.withUnsafeMutableBufferPointer { isFirst in
                                                for i in order {
                                                    let box = boxes[Int(i)]
                                                    let b0 = Int(firstBand[Int(i)]), b1 = Int(lastBand[Int(i)])
                                                    for b in b0...b1 {
                                                        let k = next[b]
                                                        next[b] = k + 1
                                                        lowerX[k] = box.lower.x
                                                        upperX[k] = box.upper.x
                                                        lowerY[k] = box.lower.y
                                                        upperY[k] = box.upper.y
                                                        index[k] = UInt32(i)
                                                        isFirst[k] = b == b0 ? 1 : 0
                                                    }
                                                }
                                                var start = 0
                                                for b in 0..<bandCount {
                                                    let sentinel = next[b]
                                                    lowerX[sentinel] = .infinity
                                                    next[b] = start
                                                    start = sentinel + 1
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Sweeps the listings `band` (its sentinel follows it), appending the pairs that overlap
    /// and belong to this band to `found` from `count` on; returns the new count.
    ///
    /// Branch-free over raw storage: every candidate is written and the count advances only on
    /// a hit (whether two boxes overlap in y is a coin toss the branch predictor loses).
    /// `found` grows, between boxes, when the next box's scan might not fit.
    private mutating func sweep(band: Range<Int>, count start: Int) -> Int {
        var count = start
        var k = band.lowerBound
        let size = band.count
        while k < band.upperBound {
            reserveFound(count, extra: size)
            lowerX.withUnsafeBufferPointer { lowerX in
                upperX.withUnsafeBufferPointer { upperX in
                    lowerY.withUnsafeBufferPointer { lowerY in
                        upperY.withUnsafeBufferPointer { upperY in
                            index.withUnsafeBufferPointer { index in
                                isFirst.withUnsafeBufferPointer { isFirst in
                                    found.withUnsafeMutableBufferPointer { buffer in
                                        let out = buffer.baseAddress!
                                        let capacity = buffer.count
                                        while k < band.upperBound && count + size <= capacity {
                                            let (right, bottom, top) = (upperX[k], lowerY[k], upperY[k])
                                            let first = UInt64(index[k]) << 32
                                            let firstHere = isFirst[k]
                                            var m = k + 1
                                            // The sentinel's lower x (+∞) ends the scan.
                                            while lowerX[m] <= right {
                                                // In sweep order; `orderWithinKeys` puts the
                                                // smaller index first, for the hits only.
                                                out[count] = first | UInt64(index[m])
                                                // Kept when the y-intervals meet and this is the
                                                // first band of one of the two.
                                                let meets = (lowerY[m] <= top ? 1 : 0) & (bottom <= upperY[m] ? 1 : 0)
                                                count &+= meets & (firstHere | isFirst[m])
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

    /// Sorts pair keys `i << 32 | j` (all `i, j < count`): a counting sort on `j`, then a
    /// stable counting sort on `i`. Linear in the pairs and boxes, where a comparison sort of
    /// all pairs is not.
    private static func sortKeys(
        _ keys: ArraySlice<UInt64>, count: Int, buckets: inout [Int], scratch: inout [UInt64],
        into sorted: inout [UInt64]
    ) {
        buckets.resize(to: count + 1, with: 0)
        scratch.resize(to: keys.count, with: 0)
        sorted.resize(to: keys.count, with: 0)
        keys.withUnsafeBufferPointer { keys in
            buckets.withUnsafeMutableBufferPointer { next in
                scratch.withUnsafeMutableBufferPointer { byLast in
                    sorted.withUnsafeMutableBufferPointer { sorted in
                        Self.countingSort(keys, by: { Int($0 & 0xFFFF_FFFF) }, next, into: byLast)
                        Self.countingSort(UnsafeBufferPointer(byLast), by: { Int($0 >> 32) }, next, into: sorted)
                    }
                }
            }
        }
    }

    /// Writes `keys` to `sorted` ordered by `bucket` (below `next.count − 1`), keys of one
    /// bucket in their order in `keys`; `next` is working storage.
    @inline(__always)
    private static func countingSort(
        _ keys: UnsafeBufferPointer<UInt64>, by bucket: (UInt64) -> Int, _ next: UnsafeMutableBufferPointer<Int>,
        into sorted: UnsafeMutableBufferPointer<UInt64>
    ) {
        next.update(repeating: 0)
        for key in keys { next[bucket(key) + 1] += 1 }
        for b in 0..<(next.count - 1) { next[b + 1] += next[b] }
        for key in keys {
            let b = bucket(key)
            sorted[next[b]] = key
            next[b] += 1
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
