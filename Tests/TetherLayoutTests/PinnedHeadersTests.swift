import Testing
@testable import TetherLayout

/// Pinned header positions and section backgrounds against hand-computed values.
@Suite struct PinnedHeadersTests {
    /// Three sections of four 320×50 rows, no spacing, a 30 pt header each (optionally a 20 pt
    /// footer): section s spans [230·s, 230·s + 230) without footers.
    static func list(footer: Double = 0, axis: Axis = .vertical) -> FlowLayout {
        let row = axis == .vertical ? Size(width: 320, height: 50) : Size(width: 50, height: 320)
        let header = axis == .vertical ? Size(width: 0, height: 30) : Size(width: 30, height: 0)
        let footerSize = axis == .vertical ? Size(width: 0, height: footer) : Size(width: footer, height: 0)
        return FlowLayout(
            viewportSize: axis == .vertical ? Size(width: 320, height: 100) : Size(width: 100, height: 320),
            scrollDirection: axis, sections: [4, 4, 4], itemSize: row, minimumLineSpacing: 0,
            minimumInteritemSpacing: 0, headerSize: header, footerSize: footerSize, pinHeaders: true)
    }

    static func header(_ section: Int) -> ElementKey { ElementKey(section: section, kind: .header, item: 0) }

    /// Section `section`'s header drawn with the viewport scrolled to `offset`.
    static func pinnedY(_ layout: FlowLayout, section: Int, offset: Double) throws -> Double {
        let pins = try #require(PinnedHeaders(layout: layout))
        var a = try #require(layout.attributes.first { $0.key == header(section) })
        pins.adjust(&a, visibleRect: Rect(x: 0, y: offset, width: 320, height: 100))
        return a.frame.minY
    }

    @Test func theHeaderFollowsTheRule() throws {
        let layout = Self.list()
        #expect(layout.sectionFrames.map(\.minY) == [0, 230, 460])
        #expect(layout.sectionFrames.map(\.size.height) == [230, 230, 230])
        // y = min(max(offset, 230), 460 − 30 = 430) for section 1's header.
        #expect(try Self.pinnedY(layout, section: 1, offset: 100) == 230)  // before its section: at rest
        #expect(try Self.pinnedY(layout, section: 1, offset: 230) == 230)  // section reaches the top
        #expect(try Self.pinnedY(layout, section: 1, offset: 300) == 300)  // inside: at the top
        #expect(try Self.pinnedY(layout, section: 1, offset: 420) == 420)  // still at the top
        #expect(try Self.pinnedY(layout, section: 1, offset: 440) == 430)  // pushed by header 2 (at 460)
        #expect(try Self.pinnedY(layout, section: 1, offset: 500) == 430)  // after: left with its section
        // Section 0 pulled down past the top (rubber band) moves with the content.
        #expect(try Self.pinnedY(layout, section: 0, offset: -20) == 0)
        #expect(try Self.pinnedY(layout, section: 0, offset: 150) == 150)
    }

    @Test func theFooterBelongsToTheSection() throws {
        // With a 20 pt footer, section 0 spans 0…250 (header 30, rows 200, footer 20): its header
        // stops at 250 − 30 = 220, bottom edge on the next header.
        let layout = Self.list(footer: 20)
        #expect(try Self.pinnedY(layout, section: 0, offset: 210) == 210)
        #expect(try Self.pinnedY(layout, section: 0, offset: 240) == 220)
        #expect(layout.attributes.first { $0.key == Self.header(1) }?.frame.minY == 250)
    }

    @Test func horizontalPinsAlongX() throws {
        let layout = Self.list(axis: .horizontal)
        let pins = try #require(PinnedHeaders(layout: layout))
        var a = try #require(layout.attributes.first { $0.key == Self.header(1) })
        #expect(a.frame == Rect(x: 230, y: 0, width: 30, height: 320))
        pins.adjust(&a, visibleRect: Rect(x: 300, y: 0, width: 100, height: 320))
        #expect(a.frame == Rect(x: 300, y: 0, width: 30, height: 320))
        pins.adjust(&a, visibleRect: Rect(x: 440, y: 0, width: 100, height: 320))
        #expect(a.frame == Rect(x: 430, y: 0, width: 30, height: 320))
    }

    @Test func pinnedHeadersDrawAboveCellsAndOnlyHeadersMove() throws {
        let layout = Self.list()
        let headers = layout.attributes.filter { $0.key.kind == .header }
        #expect(headers.count == 3 && headers.allSatisfy { $0.zIndex == PinnedHeaders.zIndex })
        #expect(PinnedHeaders.zIndex == 1024)
        var unpinned = layout
        unpinned.pinHeaders = false
        #expect(unpinned.attributes.allSatisfy { $0.zIndex == 0 })
        #expect(PinnedHeaders(layout: unpinned) == nil)
        let pins = try #require(PinnedHeaders(layout: layout))
        var cell = layout.attributes[1]
        #expect(cell.key == .cell(0, 0))
        pins.adjust(&cell, visibleRect: Rect(x: 0, y: 100, width: 320, height: 100))
        #expect(cell == layout.attributes[1])
    }

    @Test func visibilityUsesThePinnedFrame() throws {
        let layout = Self.list()
        let pins = try #require(PinnedHeaders(layout: layout))
        let index = LayoutIndex(layout.attributes, axis: .vertical)
        // Elements: section s's header at 5·s, its rows at 5·s + 1 … 5·s + 4.
        func visible(_ offset: Double) -> [Int] {
            let rect = Rect(x: 0, y: offset, width: 320, height: 100)
            return pins.visibleIndices(index.indices(intersecting: rect), in: rect)
        }
        // Offset 300 (viewport 300…400): rows 1.0 (260…310), 1.1 (310…360), 1.2 (360…410) show;
        // header 1 pinned at 300 shows although its layout frame (230…260) does not.
        #expect(visible(300) == [5, 6, 7, 8])
        // Offset 200: header 1 at rest (230) shows; header 0 pinned at min(200, 200) = 200 shows too.
        // Rows 0.3 (180…230), 1.0 (260…310) show.
        #expect(visible(200) == [0, 4, 5, 6])
        // Offset 445 (445…545): header 1 pushed to 430…460 (15 pt on screen), row 1.3 (410…460),
        // header 2 at rest at 460, rows 2.0 (490…540) and 2.1 (540…590).
        #expect(visible(445) == [5, 9, 10, 11, 12])
        // Offset 500 (500…600): header 1 stays at 430…460, off screen; header 2 pinned at 500 over
        // row 2.0 (490…540); rows 2.1 and 2.2 (590…640).
        #expect(visible(500) == [10, 11, 12, 13])
    }

    @Test func flowSectionBackgroundsCoverTheItemsAndInsets() {
        let layout = FlowLayout(
            viewportSize: Size(width: 320, height: 568), sections: [3, 0, 1], itemSize: Size(width: 90, height: 40),
            minimumLineSpacing: 10, minimumInteritemSpacing: 10, sectionInset: EdgeInsets(top: 5, left: 10, bottom: 15, right: 10),
            headerSize: Size(width: 0, height: 30), footerSize: Size(width: 0, height: 20), sectionBackground: true)
        // Section 0: header 0…30; band 30 … 30 + 5 + 40 + 15 = 90 (three 90 pt items fit one
        // line: 3·90 + 2·10 = 290 ≤ 300); footer 90…110. Section 1: header 110…140, band 140…160 (insets only),
        // footer 160…180. Section 2: header 180…210, band 210…270, footer 270…290.
        let backgrounds = layout.attributes.filter { $0.key.kind == .decoration }
        #expect(backgrounds.map(\.key.section) == [0, 1, 2])
        #expect(backgrounds.map(\.frame) == [
            Rect(x: 0, y: 30, width: 320, height: 60), Rect(x: 0, y: 140, width: 320, height: 20),
            Rect(x: 0, y: 210, width: 320, height: 60),
        ])
        #expect(backgrounds.allSatisfy { $0.zIndex == -1 })
        #expect(layout.sectionFrames.map(\.minY) == [0, 110, 180])
        #expect(layout.contentSize.height == 290)
        // Keys stay sorted: the decoration follows the footer of its section.
        #expect(layout.attributes.map(\.key) == layout.attributes.map(\.key).sorted())
        // An empty section without insets has an empty band, so no background.
        let bare = FlowLayout(viewportSize: Size(width: 320, height: 568), sections: [0, 1], sectionBackground: true)
        #expect(bare.attributes.filter { $0.key.kind == .decoration }.map(\.key.section) == [1])
        // Horizontal: the band runs along x, the whole height across.
        var sideways = layout
        sideways.scrollDirection = .horizontal
        sideways.headerSize = Size(width: 30, height: 0)
        sideways.footerSize = Size(width: 20, height: 0)
        let first = sideways.attributes.first { $0.key.kind == .decoration }
        // Along x: header 0…30, then the band: left inset 10, one column of items 90 wide (all
        // three fit across 568 − 5 − 15), right inset 10 → 30…140.
        #expect(first?.frame == Rect(x: 30, y: 0, width: 110, height: 568))
    }
}
