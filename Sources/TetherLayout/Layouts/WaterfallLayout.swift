/// A waterfall (masonry) layout, after the WaterFlowLayout / XRWaterfallLayout pattern: equal-width
/// columns, each item placed under the shortest column. Vertical scrolling only.
///
/// - Items are `(viewport width − left − right − (columns − 1)·columnSpacing) / columns` wide;
///   column c starts at `left + c·(itemWidth + columnSpacing)`.
/// - Each section is: header (if `headerSize.height` > 0; the whole viewport wide),
///   `sectionInset.top`, the columns, `sectionInset.bottom`, footer (same rule as the header).
///   Sections stack; every section starts its columns level, below the previous section.
/// - Items are placed in index order, each at the bottom of the **shortest column** — the one whose
///   last item ends highest, an empty column counting as its top — **ties going to the leftmost**.
///   `lineSpacing` separates consecutive items of a column (none above a column's first item).
/// - The section's columns end at its **tallest column**; the content is the viewport wide and as
///   tall as the sections stacked.
/// - `pinHeaders` and `sectionBackground` work as in `FlowLayout` (zIndex 1024 for pinned headers,
///   a zIndex −1 decoration over the band between header and footer).
///
/// Heights missing from `itemHeights` fall back to 50 pt, so a short array never traps (the
/// scenario decoder rejects them). Negative item counts count as zero; `columns` below 1 counts as 1.
public struct WaterfallLayout: CollectionLayout, Sendable, Hashable {
    /// The collection view's bounds size.
    public var viewportSize: Size { didSet { recompute() } }
    /// Item count per section.
    public var sections: [Int] { didSet { recompute() } }
    public var columns: Int { didSet { recompute() } }
    /// Per section, per item heights.
    public var itemHeights: [[Double]] { didSet { recompute() } }
    /// Space between columns.
    public var columnSpacing: Double { didSet { recompute() } }
    /// Space between consecutive items of a column.
    public var lineSpacing: Double { didSet { recompute() } }
    public var sectionInset: EdgeInsets { didSet { recompute() } }
    /// Reference size; zero height means no header.
    public var headerSize: Size { didSet { recompute() } }
    /// Reference size; zero height means no footer.
    public var footerSize: Size { didSet { recompute() } }
    public var pinHeaders: Bool { didSet { recompute() } }
    public var sectionBackground: Bool { didSet { recompute() } }

    private var computed = Computed()

    /// Waterfalls scroll vertically.
    public var scrollDirection: Axis { .vertical }

    public init(
        viewportSize: Size,
        sections: [Int],
        columns: Int = 2,
        itemHeights: [[Double]],
        columnSpacing: Double = 10,
        lineSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero,
        headerSize: Size = .zero,
        footerSize: Size = .zero,
        pinHeaders: Bool = false,
        sectionBackground: Bool = false
    ) {
        self.viewportSize = viewportSize
        self.sections = sections
        self.columns = columns
        self.itemHeights = itemHeights
        self.columnSpacing = columnSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
        self.headerSize = headerSize
        self.footerSize = footerSize
        self.pinHeaders = pinHeaders
        self.sectionBackground = sectionBackground
        recompute()
    }

    public var contentSize: Size { computed.contentSize }
    /// Every element, sorted by `ElementKey`.
    public var attributes: [LayoutAttributes] { computed.attributes }
    public var sectionFrames: [Rect] { computed.sectionFrames }

    /// The width of every item.
    public var itemWidth: Double {
        let n = Swift.max(columns, 1)
        return (viewportSize.width - sectionInset.left - sectionInset.right - Double(n - 1) * columnSpacing) / Double(n)
    }

    /// `itemHeights[section][item]`, or 50 where the array does not reach.
    public func height(ofItem item: Int, inSection section: Int) -> Double {
        if itemHeights.indices.contains(section), itemHeights[section].indices.contains(item) {
            return itemHeights[section][item]
        }
        return 50
    }

    public static func == (a: WaterfallLayout, b: WaterfallLayout) -> Bool {
        a.viewportSize == b.viewportSize && a.sections == b.sections && a.columns == b.columns
            && a.itemHeights == b.itemHeights && a.columnSpacing == b.columnSpacing
            && a.lineSpacing == b.lineSpacing && a.sectionInset == b.sectionInset
            && a.headerSize == b.headerSize && a.footerSize == b.footerSize
            && a.pinHeaders == b.pinHeaders && a.sectionBackground == b.sectionBackground
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewportSize)
        hasher.combine(sections)
        hasher.combine(columns)
        hasher.combine(itemHeights)
        hasher.combine(columnSpacing)
        hasher.combine(lineSpacing)
        hasher.combine(sectionInset)
        hasher.combine(headerSize)
        hasher.combine(footerSize)
        hasher.combine(pinHeaders)
        hasher.combine(sectionBackground)
    }
}

extension WaterfallLayout {
    private struct Computed: Sendable {
        var attributes: [LayoutAttributes] = []
        var contentSize = Size.zero
        var sectionFrames: [Rect] = []
    }

    private mutating func recompute() {
        let n = Swift.max(columns, 1)
        let itemWidth = self.itemWidth
        var stack = SectionStack(
            axis: .vertical, crossExtent: viewportSize.width, headerLength: headerSize.height,
            footerLength: footerSize.height, pinHeaders: pinHeaders, sectionBackground: sectionBackground,
            capacity: sections.reduce(0) { $0 + Swift.max($1, 0) } + 3 * sections.count)
        for section in sections.indices {
            stack.addSection(section) { start, cells in
                let top = start + sectionInset.top
                // Where each column's last item ends (its top while empty), and whether it has one.
                var ends = Array(repeating: top, count: n)
                var filled = Array(repeating: false, count: n)
                for item in 0..<Swift.max(sections[section], 0) {
                    var shortest = 0
                    for c in 1..<n where ends[c] < ends[shortest] { shortest = c }
                    let itemY = filled[shortest] ? ends[shortest] + lineSpacing : ends[shortest]
                    let h = height(ofItem: item, inSection: section)
                    let x = sectionInset.left + Double(shortest) * (itemWidth + columnSpacing)
                    cells.append(LayoutAttributes(key: .cell(section, item), frame: Rect(x: x, y: itemY, width: itemWidth, height: h)))
                    ends[shortest] = itemY + h
                    filled[shortest] = true
                }
                return ends.max()! + sectionInset.bottom
            }
        }
        computed = Computed(attributes: stack.attributes, contentSize: stack.contentSize, sectionFrames: stack.sectionFrames)
    }
}
