import Testing
@testable import TetherLayout
import TetherPhysics

/// Expected frames are computed by hand; the arithmetic is in the comments.
@Suite struct WaterfallLayoutTests {
    private func frame(_ layout: WaterfallLayout, _ key: ElementKey) -> Rect? {
        layout.attributes.first { $0.key == key }?.frame
    }

    @Test func itemsGoToTheShortestColumn() {
        let layout = WaterfallLayout(
            viewportSize: Size(width: 320, height: 568), sections: [5], columns: 2,
            itemHeights: [[100, 50, 30, 80, 40]], columnSpacing: 10, lineSpacing: 10,
            sectionInset: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        // Width (320 − 10 − 10 − 1·10) / 2 = 145; columns at x = 10 and 10 + 145 + 10 = 165.
        #expect(layout.itemWidth == 145)
        // 0: both columns end at 10 (tie → left): y 10, column 0 ends at 110.
        // 1: column 1 (10 < 110): y 10, ends 60.
        // 2: column 1 (60 < 110): y 60 + 10 = 70, ends 100.
        // 3: column 1 (100 < 110): y 110, ends 190.
        // 4: column 0 (110 < 190): y 120, ends 160.
        let expected = [
            Rect(x: 10, y: 10, width: 145, height: 100), Rect(x: 165, y: 10, width: 145, height: 50),
            Rect(x: 165, y: 70, width: 145, height: 30), Rect(x: 165, y: 110, width: 145, height: 80),
            Rect(x: 10, y: 120, width: 145, height: 40),
        ]
        #expect(layout.attributes.map(\.frame) == expected)
        #expect(layout.attributes.map(\.key) == (0..<5).map { ElementKey.cell(0, $0) })
        // Tallest column ends at 190, plus the bottom inset 10.
        #expect(layout.contentSize == Size(width: 320, height: 200))
        #expect(layout.scrollDirection == .vertical)
    }

    @Test func tiesGoToTheLeftmostColumn() {
        // Three columns of (320 − 2·10) / 3 = 100 at x = 0, 110, 220, no insets.
        let layout = WaterfallLayout(
            viewportSize: Size(width: 320, height: 568), sections: [6], columns: 3,
            itemHeights: [[30, 50, 30, 10, 20, 5]])
        // 0 → col 0 (all 0), ends 30; 1 → col 1, ends 50; 2 → col 2, ends 30.
        // 3: cols 0 and 2 tie at 30 → col 0, y 40, ends 50.
        // 4: col 2 (30) → y 40, ends 60. 5: cols 0 and 1 tie at 50 → col 0, y 60.
        let expected = [
            Rect(x: 0, y: 0, width: 100, height: 30), Rect(x: 110, y: 0, width: 100, height: 50),
            Rect(x: 220, y: 0, width: 100, height: 30), Rect(x: 0, y: 40, width: 100, height: 10),
            Rect(x: 220, y: 40, width: 100, height: 20), Rect(x: 0, y: 60, width: 100, height: 5),
        ]
        #expect(layout.attributes.map(\.frame) == expected)
        // Column 2 ends at 60, column 0 at 65: content 65.
        #expect(layout.contentSize.height == 65)
    }

    @Test func sectionsStackWithHeadersFootersAndBackgrounds() {
        let layout = WaterfallLayout(
            viewportSize: Size(width: 200, height: 400), sections: [2, 1], columns: 2,
            itemHeights: [[40, 60], [25]], columnSpacing: 10, lineSpacing: 10,
            sectionInset: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0),
            headerSize: Size(width: 0, height: 30), footerSize: Size(width: 0, height: 20), sectionBackground: true)
        // Width (200 − 10) / 2 = 95. Section 0: header 0…30, top inset → 35; items at 35 in
        // both columns, tallest ends 95; bottom inset → 100; footer 100…120.
        #expect(frame(layout, ElementKey(section: 0, kind: .header, item: 0)) == Rect(x: 0, y: 0, width: 200, height: 30))
        #expect(frame(layout, .cell(0, 0)) == Rect(x: 0, y: 35, width: 95, height: 40))
        #expect(frame(layout, .cell(0, 1)) == Rect(x: 105, y: 35, width: 95, height: 60))
        #expect(frame(layout, ElementKey(section: 0, kind: .footer, item: 0)) == Rect(x: 0, y: 100, width: 200, height: 20))
        // Section 1 starts level at 120: header 120…150, item at 155, columns end 180, inset → 185,
        // footer 185…205.
        #expect(frame(layout, ElementKey(section: 1, kind: .header, item: 0)) == Rect(x: 0, y: 120, width: 200, height: 30))
        #expect(frame(layout, .cell(1, 0)) == Rect(x: 0, y: 155, width: 95, height: 25))
        #expect(frame(layout, ElementKey(section: 1, kind: .footer, item: 0)) == Rect(x: 0, y: 185, width: 200, height: 20))
        #expect(layout.contentSize == Size(width: 200, height: 205))
        // Backgrounds: the band between header and footer, insets included, zIndex −1.
        let backgrounds = layout.attributes.filter { $0.key.kind == .decoration }
        #expect(backgrounds.map(\.frame) == [Rect(x: 0, y: 30, width: 200, height: 70), Rect(x: 0, y: 150, width: 200, height: 35)])
        #expect(backgrounds.allSatisfy { $0.zIndex == -1 && $0.key.item == 0 })
        #expect(layout.sectionFrames == [Rect(x: 0, y: 0, width: 200, height: 120), Rect(x: 0, y: 120, width: 200, height: 85)])
        // Sorted by key: header, cells, footer, decoration per section.
        #expect(layout.attributes.map(\.key) == layout.attributes.map(\.key).sorted())
        #expect(layout.attributes.count == 2 * 3 + 3)
    }

    @Test func anEmptySectionKeepsItsInsetsAndSpacingOnlySeparatesItems() {
        let layout = WaterfallLayout(
            viewportSize: Size(width: 100, height: 100), sections: [0, 2], columns: 1,
            itemHeights: [[], [10, 20]], lineSpacing: 7,
            sectionInset: EdgeInsets(top: 3, left: 5, bottom: 4, right: 5))
        // Section 0: 3 + 4 = 7. Section 1: top 7 + 3 = 10; items at 10 and 10 + 10 + 7 = 27 (one
        // column of 100 − 10 = 90), ends 47, + 4 = 51.
        #expect(layout.attributes.map(\.frame) == [Rect(x: 5, y: 10, width: 90, height: 10), Rect(x: 5, y: 27, width: 90, height: 20)])
        #expect(layout.contentSize.height == 51)
    }

    @Test func springsActOnTheWaterfallsCellsOnly() {
        let layout = WaterfallLayout(
            viewportSize: Size(width: 320, height: 200), sections: [6], columns: 2,
            itemHeights: [[100, 50, 30, 80, 40, 60]], headerSize: Size(width: 0, height: 40), sectionBackground: true)
        var dynamics = SpringyDynamics(layout: layout, configuration: SpringyConfiguration(resistance: 100, distance: .axis, tilePadding: nil))
        let viewport = Rect(x: 0, y: 0, width: 320, height: 200)
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: viewport)
        // Elements: header 0, cells 1…6, decoration 7.
        #expect(dynamics.sprungIndices == Array(1...6))
        // Scroll by 30 with the finger at y 0: a cell whose anchor is ≥ 100 pt away moves the whole 30.
        dynamics.contentOffsetDidChange(by: Vec2(0, 30), touchLocation: Vec2(0, 0), visibleRect: viewport.offsetBy(Vec2(0, 30)))
        let item3 = dynamics.layoutAttributes[4]  // cell 3: column 1 under 50 and 30, y 140, center 180
        #expect(item3.key == .cell(0, 3))
        #expect(dynamics.currentAttributes(at: 4).center.y == item3.center.y + 30)
        #expect(dynamics.currentAttributes(at: 0) == dynamics.layoutAttributes[0])
        #expect(dynamics.currentAttributes(at: 7) == dynamics.layoutAttributes[7])
    }
}
