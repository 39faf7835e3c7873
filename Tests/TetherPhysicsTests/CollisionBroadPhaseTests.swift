import Testing
import TetherTestSupport
@testable import TetherPhysics


@Suite struct CollisionBroadPhaseTests {
    /// Boxes on a 5 pt grid so that edges often coincide exactly (touching pairs).
    static func gridBoxes(count: Int, area: Int, maxSize: Int, seed: UInt64) -> [AABB] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let x = Double(5 * rng.below(area / 5)), y = Double(5 * rng.below(area / 5))
            let w = Double(5 * rng.below(maxSize / 5)), h = Double(5 * rng.below(maxSize / 5))
            return AABB(lower: Vec2(x, y), upper: Vec2(x + w, y + h))
        }
    }

    static func randomBoxes(count: Int, area: Double, maxSize: Double, seed: UInt64) -> [AABB] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let p = Vec2(area * rng.unit(), area * rng.unit())
            return AABB(lower: p, upper: p + Vec2(maxSize * rng.unit(), maxSize * rng.unit()))
        }
    }

    static func bruteForce(_ boxes: [AABB]) -> [[Int]] {
        var result: [[Int]] = []
        for i in boxes.indices {
            for j in (i + 1)..<boxes.count where boxes[i].overlaps(boxes[j]) {
                result.append([i, j])
            }
        }
        return result
    }

    @Test(arguments: [1 as UInt64, 2, 3, 42, 0xDEAD_BEEF])
    func matchesBruteForceOnGridScenes(seed: UInt64) {
        let boxes = Self.gridBoxes(count: 400, area: 500, maxSize: 60, seed: seed)
        let pairs = BroadPhase.pairs(boxes).map { [$0.0, $0.1] }
        #expect(pairs == Self.bruteForce(boxes))
    }

    /// The world's discovery keeps the sweep's pairs while every box stays inside its fat box:
    /// over steps that jiggle the boxes by less than the fat margin (pairs kept), move a few far
    /// (swept again), and segments that change between steps (a boundary added, one moved),
    /// its pairs are always the brute-force ones.
    @Test(arguments: [21 as UInt64, 22, 23])
    func keptPairsMatchBruteForceAsBoxesMove(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var discovery = ContactDiscovery()
        var boxes = Self.gridBoxes(count: 300, area: 400, maxSize: 40, seed: seed)
        let first = [AABB(lower: Vec2(0, 200), upper: Vec2(400, 200)), AABB(lower: Vec2(100, 0), upper: Vec2(100, 400))]
        let added = first + [AABB(lower: Vec2(0, 350), upper: Vec2(400, 350))]
        let moved = [first[0], AABB(lower: Vec2(300, 0), upper: Vec2(300, 400))]
        var swept = 0
        for step in 0..<12 {
            // Steps 5 and 6 keep the boxes' sweep (small moves) while the segments change.
            let segments = step == 5 ? added : step >= 6 ? moved : first
            let far = step % 4 == 3
            boxes = boxes.enumerated().map { k, box in
                let reach = far && k % 50 == 0 ? 30.0 : 0.4 * min(ContactDiscovery.fatMargin.x, ContactDiscovery.fatMargin.y)
                let d = Vec2(reach * (2 * rng.unit() - 1), reach * (2 * rng.unit() - 1))
                return AABB(lower: box.lower + d, upper: box.upper + d)
            }
            discovery.boxes = boxes
            let sweptBefore = discovery.fatBoxes
            discovery.findPairs()
            if discovery.fatBoxes != sweptBefore { swept += 1 }
            #expect(discovery.pairKeys.map { [Int($0 >> 32), Int($0 & 0xFFFF_FFFF)] } == Self.bruteForce(boxes), "step \(step)")
            discovery.findBoundaryPairs(segments)
            var expected: [[Int]] = []
            for i in boxes.indices {
                for k in segments.indices where boxes[i].overlaps(segments[k]) { expected.append([i, k]) }
            }
            #expect(discovery.boundaryPairKeys.map { [Int($0 >> 32), Int($0 & 0xFFFF_FFFF)] } == expected, "step \(step)")
        }
        #expect(swept >= 3 && swept < 12, "kept on small moves, swept again on far ones (\(swept) sweeps)")
    }

    /// Body–segment pairs are every overlapping (box, segment), in that order, whatever the
    /// number of segments.
    @Test(arguments: 0...6)
    func segmentPairsMatchBruteForce(segmentCount: Int) {
        var rng = SplitMix64(seed: 40 + UInt64(segmentCount))
        let boxes = Self.gridBoxes(count: 200, area: 400, maxSize: 40, seed: 41)
        let segments = (0..<segmentCount).map { k -> AABB in
            // Alternately horizontal and vertical lines across part of the area, and one point.
            let (a, b, c) = (400 * rng.unit(), 400 * rng.unit(), 400 * rng.unit())
            if k == 5 { return AABB(lower: Vec2(a, b), upper: Vec2(a, b)) }
            return k % 2 == 0
                ? AABB(lower: Vec2(min(a, b), c), upper: Vec2(max(a, b), c))
                : AABB(lower: Vec2(c, min(a, b)), upper: Vec2(c, max(a, b)))
        }
        var expected: [[Int]] = []
        for i in boxes.indices {
            for k in segments.indices where boxes[i].overlaps(segments[k]) { expected.append([i, k]) }
        }
        let pairs = BroadPhase.pairs(boxes, against: segments).map { [$0.body, $0.segment] }
        #expect(pairs == expected)
        if segmentCount > 0 { #expect(!expected.isEmpty, "some box meets a segment") }
    }

    @Test(arguments: [7 as UInt64, 8, 9])
    func matchesBruteForceOnSpreadOutScenes(seed: UInt64) {
        // 1 000 boxes of up to 40 pt in a 1000 × 1000 area.
        let boxes = Self.randomBoxes(count: 1000, area: 1000, maxSize: 40, seed: seed)
        let pairs = BroadPhase.pairs(boxes).map { [$0.0, $0.1] }
        #expect(pairs == Self.bruteForce(boxes))
        #expect(!pairs.isEmpty)
    }

    /// The sweep cuts the scene into bands as tall as the mean box and keeps a pair only in the
    /// first band both boxes meet. Columns of small boxes with tall and wide boxes across many
    /// bands, boxes whose edges fall on the bands' edges (every 5 pt with 5 pt boxes), flat boxes
    /// and points: each overlapping pair exactly once, as brute force finds them.
    @Test(arguments: [61 as UInt64, 62, 63])
    func pairsAcrossManyBandsAreFoundOnce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var boxes: [AABB] = []
        for _ in 0..<600 {
            let x = Double(5 * rng.below(40)), y = Double(5 * rng.below(400))
            boxes.append(AABB(lower: Vec2(x, y), upper: Vec2(x + 5, y + 5)))
        }
        for k in 0..<30 {
            let x = Double(5 * rng.below(40)), y = Double(5 * rng.below(400))
            switch k % 3 {
            case 0: boxes.append(AABB(lower: Vec2(x, y), upper: Vec2(x + 5, y + 5 * Double(1 + rng.below(200)))))
            case 1: boxes.append(AABB(lower: Vec2(x, y), upper: Vec2(x + 5 * Double(1 + rng.below(40)), y)))
            default: boxes.append(AABB(lower: Vec2(x, y), upper: Vec2(x, y)))
            }
        }
        let pairs = BroadPhase.pairs(boxes).map { [$0.0, $0.1] }
        #expect(pairs == Self.bruteForce(boxes))
        // Two boxes spanning the whole height overlap in every band and are one pair.
        let tall = [AABB(lower: Vec2(0, 0), upper: Vec2(10, 2000)), AABB(lower: Vec2(5, 0), upper: Vec2(15, 2000))]
        let withTall = BroadPhase.pairs(boxes + tall).map { [$0.0, $0.1] }
        #expect(withTall.filter { $0 == [boxes.count, boxes.count + 1] }.count == 1)
        #expect(withTall == Self.bruteForce(boxes + tall))
    }

    /// Scenes that are not cut into bands: spread over more mean heights than they have boxes,
    /// or all flat (a mean height of zero). One band, the plain sweep, the same pairs.
    @Test func scenesSweptInOneBandMatchBruteForce() {
        var rng = SplitMix64(seed: 71)
        let spread = (0..<80).map { k -> AABB in
            let p = Vec2(Double(rng.below(50)), 1000 * Double(k / 4))
            return AABB(lower: p, upper: p + Vec2(10, 1))
        }
        #expect(BroadPhase.pairs(spread).map { [$0.0, $0.1] } == Self.bruteForce(spread))
        #expect(!BroadPhase.pairs(spread).isEmpty)
        let flat = (0..<80).map { _ -> AABB in
            let p = Vec2(Double(rng.below(200)), Double(rng.below(4)))
            return AABB(lower: p, upper: p + Vec2(10, 0))
        }
        #expect(BroadPhase.pairs(flat).map { [$0.0, $0.1] } == Self.bruteForce(flat))
        #expect(!BroadPhase.pairs(flat).isEmpty)
    }

    @Test func touchingEdgesAndCornersOverlap() {
        let boxes = [
            AABB(lower: Vec2(0, 0), upper: Vec2(10, 10)),
            AABB(lower: Vec2(10, 0), upper: Vec2(20, 10)),    // shares the edge x = 10 with 0
            AABB(lower: Vec2(20, 10), upper: Vec2(30, 20)),   // shares the corner (20, 10) with 1
            AABB(lower: Vec2(0, 10.000001), upper: Vec2(5, 20)),  // just below 0: apart
            AABB(lower: Vec2(5, 5), upper: Vec2(5, 5)),       // a point inside 0
        ]
        let pairs = BroadPhase.pairs(boxes).map { [$0.0, $0.1] }
        #expect(pairs == [[0, 1], [0, 4], [1, 2]])
        #expect(pairs == Self.bruteForce(boxes))
    }

    @Test func identicalBoxesAndEmptyInput() {
        #expect(BroadPhase.pairs([]).isEmpty)
        let same = Array(repeating: AABB(lower: Vec2(1, 1), upper: Vec2(2, 2)), count: 4)
        let pairs = BroadPhase.pairs(same).map { [$0.0, $0.1] }
        #expect(pairs == [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]])
    }

    /// Boxes given right to left: the sweep meets each pair's larger index first, and the pairs
    /// still come out as (smaller, larger), sorted.
    @Test func pairsNameTheSmallerIndexFirstWhenTheSweepMeetsTheLargerFirst() {
        let boxes = (0..<4).map { k in
            let x = Double(30 - 10 * k)
            return AABB(lower: Vec2(x, 0), upper: Vec2(x + 12, 5))
        }
        let pairs = BroadPhase.pairs(boxes).map { [$0.0, $0.1] }
        #expect(pairs == [[0, 1], [1, 2], [2, 3]])
        #expect(pairs == Self.bruteForce(boxes))
    }

    /// The output is sorted and does not depend on the input order beyond the renaming.
    @Test func orderIsDeterministic() {
        let boxes = Self.gridBoxes(count: 300, area: 400, maxSize: 50, seed: 99)
        let pairs = BroadPhase.pairs(boxes).map { [$0.0, $0.1] }
        #expect(pairs == pairs.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(pairs == BroadPhase.pairs(boxes).map { [$0.0, $0.1] })

        // Reverse the input: the same pairs, renamed.
        let n = boxes.count
        let reversed = BroadPhase.pairs(boxes.reversed())
            .map { [n - 1 - $0.1, n - 1 - $0.0] }
            .sorted { $0.lexicographicallyPrecedes($1) }
        #expect(reversed == pairs)
    }

    @Test(arguments: [11 as UInt64, 12, 13])
    func bodiesAgainstSegmentsMatchBruteForce(seed: UInt64) {
        let boxes = Self.gridBoxes(count: 300, area: 500, maxSize: 40, seed: seed)
        var rng = SplitMix64(seed: seed &* 31)
        var segments = [
            SegmentShape(a: Vec2(0, 0), b: Vec2(500, 0)),
            SegmentShape(a: Vec2(500, 0), b: Vec2(500, 500)),
            SegmentShape(a: Vec2(500, 500), b: Vec2(0, 500)),
            SegmentShape(a: Vec2(0, 500), b: Vec2(0, 0)),
        ]
        for _ in 0..<12 {
            let a = Vec2(Double(5 * rng.below(100)), Double(5 * rng.below(100)))
            let b = Vec2(Double(5 * rng.below(100)), Double(5 * rng.below(100)))
            segments.append(SegmentShape(a: a, b: b))
        }
        let segmentBounds = segments.map { AABB.of($0) }
        let pairs = BroadPhase.pairs(boxes, against: segmentBounds).map { [$0.body, $0.segment] }
        var expected: [[Int]] = []
        for i in boxes.indices {
            for s in segmentBounds.indices where boxes[i].overlaps(segmentBounds[s]) {
                expected.append([i, s])
            }
        }
        #expect(pairs == expected)
        #expect(!pairs.isEmpty)
    }

    @Test func bodiesAgainstNoSegments() {
        let boxes = [AABB(lower: .zero, upper: Vec2(1, 1))]
        #expect(BroadPhase.pairs(boxes, against: []).isEmpty)
        #expect(BroadPhase.pairs([], against: boxes).isEmpty)
    }

    /// The world keeps one sweep from step to step and re-sorts it by insertion. Over many
    /// "steps" of jittered, drifting, teleported, added and removed boxes its pairs must stay
    /// those of a fresh brute-force check, and the segment query must match too.
    @Test(arguments: [51 as UInt64, 52])
    func persistentSweepMatchesBruteForceAsBoxesMove(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var boxes = Self.randomBoxes(count: 400, area: 600, maxSize: 30, seed: seed)
        var sweep = SweepAndPrune()
        var keys: [UInt64] = []
        let segments = [AABB(lower: Vec2(0, 300), upper: Vec2(600, 300)), AABB(lower: Vec2(200, 0), upper: Vec2(260, 600))]
        for step in 0..<40 {
            switch step % 10 {
            case 3:  // a few boxes jump far: the order changes a lot
                for _ in 0..<40 { boxes[rng.below(boxes.count)] = Self.randomBoxes(count: 1, area: 600, maxSize: 30, seed: rng.next())[0] }
            case 6: boxes.removeLast(7)
            case 8: boxes += Self.randomBoxes(count: 11, area: 600, maxSize: 30, seed: rng.next())
            default:  // everything drifts a little, as bodies between two steps
                boxes = boxes.map { box in
                    let d = Vec2(6 * rng.unit() - 3, 6 * rng.unit() - 3)
                    return AABB(lower: box.lower + d, upper: box.upper + d)
                }
            }
            sweep.pairKeys(boxes, into: &keys)
            #expect(keys.map { [Int($0 >> 32), Int($0 & 0xFFFF_FFFF)] } == Self.bruteForce(boxes), "step \(step)")
            BroadPhase.segmentPairKeys(boxes, segments, into: &keys)
            var expected: [[Int]] = []
            for i in boxes.indices {
                for s in segments.indices where boxes[i].overlaps(segments[s]) { expected.append([i, s]) }
            }
            #expect(keys.map { [Int($0 >> 32), Int($0 & 0xFFFF_FFFF)] } == expected, "step \(step)")
        }
    }
}
