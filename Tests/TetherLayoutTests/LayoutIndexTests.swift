import Testing
import TetherTestSupport
@testable import TetherLayout


@Suite struct LayoutIndexTests {
    private func bruteForce(_ attributes: [LayoutAttributes], _ rect: Rect) -> [Int] {
        attributes.indices.filter { attributes[$0].frame.intersects(rect) }
    }

    /// A 2 000-item flow layout with varied item sizes, headers and footers.
    private func bigLayout(_ axis: Axis) -> FlowLayout {
        var rng = SplitMix64(seed: 0x7E7E_0001)
        let counts = [700, 0, 500, 800]
        let sizes = counts.map { count in
            (0..<count).map { _ in Size(width: rng.whole(20, 90), height: rng.whole(20, 90)) }
        }
        return FlowLayout(viewportSize: Size(width: 390, height: 844), scrollDirection: axis, sections: counts,
                          itemSizes: sizes, sectionInset: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
                          headerSize: Size(width: 44, height: 44), footerSize: Size(width: 30, height: 30))
    }

    /// Checks many seeded rects, plus rects built to touch a frame's edge only.
    private func checkAgainstBruteForce(_ attributes: [LayoutAttributes], axis: Axis, content: Size, seed: UInt64) {
        let index = LayoutIndex(attributes, axis: axis)
        #expect(index.count == attributes.count)
        var rng = SplitMix64(seed: seed)
        var nonEmpty = 0
        for _ in 0..<600 {
            let rect = Rect(x: rng.whole(-100, Int(content.width) + 100), y: rng.whole(-100, Int(content.height) + 100),
                            width: rng.whole(0, 500), height: rng.whole(0, 900))
            let expected = bruteForce(attributes, rect)
            #expect(index.indices(intersecting: rect) == expected, "\(rect)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 300)
        for _ in 0..<200 {
            let rect = Rect(x: rng.uniform(-50, content.width), y: rng.uniform(-50, content.height),
                            width: rng.uniform(0, 300), height: rng.uniform(0, 300))
            #expect(index.indices(intersecting: rect) == bruteForce(attributes, rect), "\(rect)")
        }
        // Rects that share only an edge with a frame on each side: that frame is never reported.
        for _ in 0..<200 {
            let i = Int(rng.next() % UInt64(attributes.count))
            let f = attributes[i].frame
            let touching = [
                Rect(x: f.minX - 7, y: f.minY, width: 7, height: f.size.height),  // left
                Rect(x: f.maxX, y: f.minY, width: 7, height: f.size.height),  // right
                Rect(x: f.minX, y: f.minY - 7, width: f.size.width, height: 7),  // above
                Rect(x: f.minX, y: f.maxY, width: f.size.width, height: 7),  // below
            ]
            for rect in touching {
                let found = index.indices(intersecting: rect)
                #expect(!found.contains(i))
                #expect(found == bruteForce(attributes, rect), "\(rect)")
            }
        }
    }

    @Test func verticalFlowMatchesBruteForce() {
        let layout = bigLayout(.vertical)
        #expect(layout.attributes.count == 2000 + 8)
        checkAgainstBruteForce(layout.attributes, axis: .vertical, content: layout.contentSize, seed: 42)
    }

    @Test func horizontalFlowMatchesBruteForce() {
        let layout = bigLayout(.horizontal)
        checkAgainstBruteForce(layout.attributes, axis: .horizontal, content: layout.contentSize, seed: 43)
    }

    @Test func unorderedOverlappingFramesMatchBruteForce() {
        // No flow order at all, long frames mixed with short ones: the running maximum must cope.
        var rng = SplitMix64(seed: 7)
        let attributes = (0..<2000).map { i in
            LayoutAttributes(key: .cell(0, i),
                             frame: Rect(x: rng.whole(0, 1000), y: rng.whole(0, 5000),
                                         width: rng.whole(1, 200), height: i % 97 == 0 ? rng.whole(500, 3000) : rng.whole(1, 120)))
        }
        checkAgainstBruteForce(attributes, axis: .vertical, content: Size(width: 1200, height: 8000), seed: 8)
        checkAgainstBruteForce(attributes, axis: .horizontal, content: Size(width: 1200, height: 8000), seed: 9)
    }

    @Test func emptyAndEdgeCases() {
        let layout = FlowLayout(viewportSize: Size(width: 320, height: 568), sections: [12],
                                itemSize: Size(width: 44, height: 44),
                                sectionInset: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        let index = LayoutIndex(layout.attributes, axis: .vertical)
        // Past the content, before it, and the gap between rows (y 54..64) hold nothing.
        #expect(index.indices(intersecting: Rect(x: 0, y: 172, width: 320, height: 100)).isEmpty)
        #expect(index.indices(intersecting: Rect(x: 0, y: -50, width: 320, height: 60)).isEmpty)
        #expect(index.indices(intersecting: Rect(x: 0, y: 54, width: 320, height: 10)).isEmpty)
        // The first row only: y 10..54.
        #expect(index.indices(intersecting: Rect(x: 0, y: 10, width: 320, height: 44)) == [0, 1, 2, 3, 4])
        // Rows 2 and 3, the column at x 74..118 only (the last row's second item at 64..108 too).
        #expect(index.indices(intersecting: Rect(x: 80, y: 60, width: 10, height: 200)) == [6, 11])
        // Everything, ascending.
        #expect(index.indices(intersecting: Rect(x: -1, y: -1, width: 400, height: 400)) == Array(0..<12))
        // No elements.
        #expect(LayoutIndex([], axis: .vertical).indices(intersecting: Rect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
    }
}
