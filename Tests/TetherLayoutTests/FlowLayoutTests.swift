import Testing
@testable import TetherLayout

/// Expected frames are computed by hand; the arithmetic is in the comments.
@Suite struct FlowLayoutTests {
    /// The frame of one element, or nil when the layout has no such element.
    private func frame(_ layout: FlowLayout, _ key: ElementKey) -> Rect? {
        layout.attributes.first { $0.key == key }?.frame
    }

    private func cell(_ layout: FlowLayout, _ section: Int, _ item: Int) -> Rect? {
        frame(layout, .cell(section, item))
    }

    /// ASH's demo: 320x568, 44x44 items, spacing 10/10, inset 10 on every side.
    private func demo(items: Int) -> FlowLayout {
        FlowLayout(
            viewportSize: Size(width: 320, height: 568), sections: [items],
            itemSize: Size(width: 44, height: 44),
            sectionInset: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    }

    @Test func demoRowsAreJustifiedAndTheLastRowIsLeftAligned() {
        let layout = demo(items: 12)
        // Available width 320 − 10 − 10 = 300. Five items: 5·44 + 4·10 = 260 ≤ 300; six: 6·44 + 5·10
        // = 314 > 300, so five per row: rows of 5, 5, 2.
        // Justified gap (300 − 5·44) / 4 = 80 / 4 = 20 → x = 10, 10+44+20 = 74, 138, 202, 266.
        // Row y: 10 (top inset), 10+44+10 = 64, 64+44+10 = 118.
        let xs: [Double] = [10, 74, 138, 202, 266]
        let ys: [Double] = [10, 64]
        for row in 0..<2 {
            for column in 0..<5 {
                #expect(cell(layout, 0, row * 5 + column) == Rect(x: xs[column], y: ys[row], width: 44, height: 44))
            }
        }
        // Last row, two items: left-aligned, 10 apart → x = 10, 10+44+10 = 64.
        #expect(cell(layout, 0, 10) == Rect(x: 10, y: 118, width: 44, height: 44))
        #expect(cell(layout, 0, 11) == Rect(x: 64, y: 118, width: 44, height: 44))
        // 10 + 3·44 + 2·10 + 10 = 172.
        #expect(layout.contentSize == Size(width: 320, height: 172))
        #expect(layout.attributes.count == 12)
        #expect(layout.attributes.allSatisfy { $0.alpha == 1 && $0.angle == 0 && $0.zIndex == 0 && $0.key.kind == .cell })
    }

    @Test func aSingleItemLineIsCentered() {
        // One item: x = 10 + (300 − 44) / 2 = 10 + 128 = 138.
        #expect(cell(demo(items: 1), 0, 0) == Rect(x: 138, y: 10, width: 44, height: 44))
        // Six items: a full justified row, then item 5 alone on the last line, centered: x = 138,
        // y = 10 + 44 + 10 = 64.
        let six = demo(items: 6)
        #expect(cell(six, 0, 4) == Rect(x: 266, y: 10, width: 44, height: 44))
        #expect(cell(six, 0, 5) == Rect(x: 138, y: 64, width: 44, height: 44))
    }

    @Test func itemsAreCenteredVerticallyInTheirLine() {
        let sizes = [
            Size(width: 50, height: 20), Size(width: 50, height: 40), Size(width: 50, height: 30),
            Size(width: 120, height: 10), Size(width: 60, height: 50),
        ]
        let layout = FlowLayout(viewportSize: Size(width: 200, height: 400), sections: [5], itemSizes: [sizes])
        // Line 1: 50+10+50+10+50 = 170 ≤ 200; adding 10+120 = 300 > 200 → three items, not last:
        // justified gap (200 − 150) / 2 = 25 → x = 0, 75, 150. Line height max(20, 40, 30) = 40:
        // y = (40−20)/2 = 10, 0, (40−30)/2 = 5.
        #expect(cell(layout, 0, 0) == Rect(x: 0, y: 10, width: 50, height: 20))
        #expect(cell(layout, 0, 1) == Rect(x: 75, y: 0, width: 50, height: 40))
        #expect(cell(layout, 0, 2) == Rect(x: 150, y: 5, width: 50, height: 30))
        // Line 2 at y = 40 + 10 = 50: 120 + 10 + 60 = 190 ≤ 200, last line → left-aligned x = 0,
        // 120 + 10 = 130. Height 50: y = 50 + (50−10)/2 = 70 and 50.
        #expect(cell(layout, 0, 3) == Rect(x: 0, y: 70, width: 120, height: 10))
        #expect(cell(layout, 0, 4) == Rect(x: 130, y: 50, width: 60, height: 50))
        // 50 + 50 = 100.
        #expect(layout.contentSize == Size(width: 200, height: 100))
    }

    @Test func headersFootersAndAnEmptySection() {
        let layout = FlowLayout(
            viewportSize: Size(width: 300, height: 500), sections: [3, 0],
            itemSize: Size(width: 80, height: 50),
            sectionInset: EdgeInsets(top: 5, left: 10, bottom: 15, right: 10),
            headerSize: Size(width: 0, height: 30), footerSize: Size(width: 999, height: 20))
        // Section 0: header y 0..30, full width (reference width ignored).
        #expect(frame(layout, ElementKey(section: 0, kind: .header, item: 0)) == Rect(x: 0, y: 0, width: 300, height: 30))
        // Available 300 − 20 = 280; 3·80 + 2·10 = 260 ≤ 280 → one line, which is the last: left-aligned
        // x = 10, 100, 190 at y = 30 + 5 = 35.
        #expect(cell(layout, 0, 0) == Rect(x: 10, y: 35, width: 80, height: 50))
        #expect(cell(layout, 0, 1) == Rect(x: 100, y: 35, width: 80, height: 50))
        #expect(cell(layout, 0, 2) == Rect(x: 190, y: 35, width: 80, height: 50))
        // Footer at 35 + 50 + 15 = 100, to 120.
        #expect(frame(layout, ElementKey(section: 0, kind: .footer, item: 0)) == Rect(x: 0, y: 100, width: 300, height: 20))
        // Section 1 (empty): header 120..150, insets 5 + 15 → footer at 170, to 190.
        #expect(frame(layout, ElementKey(section: 1, kind: .header, item: 0)) == Rect(x: 0, y: 120, width: 300, height: 30))
        #expect(frame(layout, ElementKey(section: 1, kind: .footer, item: 0)) == Rect(x: 0, y: 170, width: 300, height: 20))
        #expect(layout.contentSize == Size(width: 300, height: 190))
        // Sorted by key: section, then header < cell < footer.
        #expect(layout.attributes.map(\.key) == [
            ElementKey(section: 0, kind: .header, item: 0), .cell(0, 0), .cell(0, 1), .cell(0, 2),
            ElementKey(section: 0, kind: .footer, item: 0),
            ElementKey(section: 1, kind: .header, item: 0), ElementKey(section: 1, kind: .footer, item: 0),
        ])
    }

    @Test func zeroHeightSupplementariesAndZeroSections() {
        // A header with width but no height is no header in a vertical layout.
        let noHeader = FlowLayout(viewportSize: Size(width: 100, height: 100), sections: [1],
                                  headerSize: Size(width: 100, height: 0))
        #expect(noHeader.attributes.map(\.key) == [.cell(0, 0)])
        let empty = FlowLayout(viewportSize: Size(width: 320, height: 568), sections: [])
        #expect(empty.contentSize == Size(width: 320, height: 0))
        #expect(empty.attributes.isEmpty)
        let emptyHorizontal = FlowLayout(viewportSize: Size(width: 320, height: 568), scrollDirection: .horizontal, sections: [])
        #expect(emptyHorizontal.contentSize == Size(width: 0, height: 568))
    }

    @Test func horizontalIsTheTranspose() {
        let layout = FlowLayout(
            viewportSize: Size(width: 568, height: 320), scrollDirection: .horizontal, sections: [12],
            itemSize: Size(width: 40, height: 44),
            sectionInset: EdgeInsets(top: 10, left: 20, bottom: 10, right: 30),
            headerSize: Size(width: 25, height: 999))
        // Header: x 0..25, full viewport height.
        #expect(frame(layout, ElementKey(section: 0, kind: .header, item: 0)) == Rect(x: 0, y: 0, width: 25, height: 320))
        // Available height 320 − 20 = 300 → five per column (as the demo), justified y = 10, 74,
        // 138, 202, 266. Columns x: 25 + 20 = 45, 45 + 40 + 10 = 95, 145.
        let ys: [Double] = [10, 74, 138, 202, 266]
        for column in 0..<2 {
            for row in 0..<5 {
                #expect(cell(layout, 0, column * 5 + row) == Rect(x: 45 + 50 * Double(column), y: ys[row], width: 40, height: 44))
            }
        }
        // Last column: top-aligned with spacing 10 → y = 10, 64.
        #expect(cell(layout, 0, 10) == Rect(x: 145, y: 10, width: 40, height: 44))
        #expect(cell(layout, 0, 11) == Rect(x: 145, y: 64, width: 40, height: 44))
        // 25 + 20 + 3·40 + 2·10 + 30 = 215.
        #expect(layout.contentSize == Size(width: 215, height: 320))
    }

    @Test func horizontalColumnsCenterItemsAcrossAndCenterSingles() {
        let sizes = [Size(width: 20, height: 50), Size(width: 40, height: 60), Size(width: 30, height: 100)]
        let layout = FlowLayout(viewportSize: Size(width: 100, height: 200), scrollDirection: .horizontal,
                                sections: [3], itemSizes: [sizes])
        // Column 1: 50 + 10 + 60 = 120; + 10 + 100 = 230 > 200 → two items, not last: justified,
        // gap 200 − 110 = 90 → y = 0, 140 (flush with 200). Width max(20, 40) = 40: x = (40−20)/2 = 10, 0.
        #expect(cell(layout, 0, 0) == Rect(x: 10, y: 0, width: 20, height: 50))
        #expect(cell(layout, 0, 1) == Rect(x: 0, y: 140, width: 40, height: 60))
        // Column 2 at x = 40 + 10 = 50: one item, centered: y = (200 − 100) / 2 = 50.
        #expect(cell(layout, 0, 2) == Rect(x: 50, y: 50, width: 30, height: 100))
        // 50 + 30 = 80.
        #expect(layout.contentSize == Size(width: 80, height: 200))
    }

    @Test func anOversizedItemSitsAloneAtTheLeftInset() {
        let sizes = [Size(width: 50, height: 20), Size(width: 120, height: 30),
                     Size(width: 30, height: 20), Size(width: 30, height: 20)]
        let layout = FlowLayout(viewportSize: Size(width: 100, height: 400), sections: [4], itemSizes: [sizes],
                                sectionInset: EdgeInsets(left: 10, right: 10))
        // Available 80. Line 1: 50, + 10 + 120 > 80 → alone, centered: 10 + (80 − 50)/2 = 25.
        #expect(cell(layout, 0, 0) == Rect(x: 25, y: 0, width: 50, height: 20))
        // Line 2 at y = 30: 120 > 80 → alone at the left inset.
        #expect(cell(layout, 0, 1) == Rect(x: 10, y: 30, width: 120, height: 30))
        // Line 3 at y = 30 + 30 + 10 = 70: 30 + 10 + 30 = 70 ≤ 80, last → x = 10, 50.
        #expect(cell(layout, 0, 2) == Rect(x: 10, y: 70, width: 30, height: 20))
        #expect(cell(layout, 0, 3) == Rect(x: 50, y: 70, width: 30, height: 20))
        #expect(layout.contentSize == Size(width: 100, height: 90))
    }

    @Test func itemSizesOverrideItemSize() {
        let layout = FlowLayout(viewportSize: Size(width: 200, height: 400), sections: [3, 1],
                                itemSize: Size(width: 50, height: 50),
                                itemSizes: [[Size(width: 30, height: 30), Size(width: 40, height: 40)]])
        #expect(layout.size(ofItem: 0, inSection: 0) == Size(width: 30, height: 30))
        #expect(layout.size(ofItem: 1, inSection: 0) == Size(width: 40, height: 40))
        // Indices itemSizes does not cover fall back to itemSize.
        #expect(layout.size(ofItem: 2, inSection: 0) == Size(width: 50, height: 50))
        #expect(layout.size(ofItem: 0, inSection: 1) == Size(width: 50, height: 50))
        // 30 + 10 + 40 + 10 + 50 = 140 ≤ 200, one last line: x = 0, 40, 90; height 50 → y = 10, 5, 0.
        #expect(cell(layout, 0, 0) == Rect(x: 0, y: 10, width: 30, height: 30))
        #expect(cell(layout, 0, 1) == Rect(x: 40, y: 5, width: 40, height: 40))
        #expect(cell(layout, 0, 2) == Rect(x: 90, y: 0, width: 50, height: 50))
        // Section 1 starts at 50; its single item is centered: x = (200 − 50)/2 = 75.
        #expect(cell(layout, 1, 0) == Rect(x: 75, y: 50, width: 50, height: 50))
    }

    @Test func changingAPropertyRecomputesAndEqualityIgnoresTheCache() {
        var layout = demo(items: 12)
        layout.sections = [1]
        #expect(layout.attributes.count == 1)
        #expect(layout.contentSize == Size(width: 320, height: 64))  // 10 + 44 + 10
        layout.scrollDirection = .horizontal
        // Available height 568 − 20 = 548: y = 10 + (548 − 44)/2 = 262.
        #expect(cell(layout, 0, 0) == Rect(x: 10, y: 262, width: 44, height: 44))
        layout.scrollDirection = .vertical
        #expect(layout == demo(items: 1))
        #expect(layout.hashValue == demo(items: 1).hashValue)
        #expect(layout != demo(items: 2))
    }

    @Test func manyItemsStaySortedAndInsideTheContent() {
        let layout = FlowLayout(viewportSize: Size(width: 375, height: 667), sections: [4000, 0, 6000],
                                sectionInset: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                                headerSize: Size(width: 0, height: 40), footerSize: Size(width: 0, height: 20))
        let attributes = layout.attributes
        #expect(attributes.count == 10_000 + 6)
        #expect(zip(attributes, attributes.dropFirst()).allSatisfy { $0.key < $1.key })
        #expect(attributes.allSatisfy { $0.frame.minX >= 0 && $0.frame.maxX <= 375 && $0.frame.maxY <= layout.contentSize.height })
    }
}
