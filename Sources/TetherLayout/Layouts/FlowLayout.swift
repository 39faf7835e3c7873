/// UICollectionViewFlowLayout: items fill lines across the scroll axis, lines stack along it,
/// sections follow one another with optional header and footer.
///
/// The rules are written for `.vertical`; `.horizontal` is the exact transpose (lines become
/// columns filled top to bottom; x/y, width/height, left/top and right/bottom swap roles).
///
/// - Each section is: header (if `headerSize` is positive along the scroll axis; it spans the
///   whole viewport across), `sectionInset.top`, the lines, `sectionInset.bottom`, footer (same
///   rule as the header). An empty section keeps its header, insets and footer.
/// - A line takes items while their widths plus `minimumInteritemSpacing` between them fit the
///   available width (viewport minus left and right insets, 1e-9 of slack for round-off). An item
///   wider than that sits alone on its line at `sectionInset.left`.
/// - A line is as tall as its tallest item; items are centered on the line's midline, because
///   UIKit aligns the items of a line on their centers. Lines are `minimumLineSpacing` apart.
/// - Across the line, UIKit's own behavior:
///   - a line of two or more items that is not the section's last is justified: first item at
///     the left inset, last item flush with the right inset, equal gaps between;
///   - the section's last line of two or more items is left-aligned with exactly
///     `minimumInteritemSpacing` between items, because justifying a short last line would
///     scatter its items;
///   - a line holding one item (last or not) is centered in the available width.
///
/// Optional extras: `pinHeaders` keeps each section's header on screen while its section is
/// (see `PinnedHeaders`; headers then get zIndex 1024, above cells), and `sectionBackground`
/// adds one `.decoration` element (item 0) per section behind its items: the band between header
/// and footer, insets included, the whole width across, zIndex −1. A section whose band has zero
/// length (no items, no insets) gets none.
///
/// `itemSizes` overrides `itemSize`; an index it does not cover falls back to `itemSize`, so a
/// short array never traps. Negative item counts count as zero.
///
/// Everything is computed when the layout is made or a property changes, so `attributes` and
/// `contentSize` are stored reads even for tens of thousands of items.
public struct FlowLayout: CollectionLayout, Sendable, Hashable {
    /// The collection view's bounds size.
    public var viewportSize: Size { didSet { recompute() } }
    public var scrollDirection: Axis { didSet { recompute() } }
    /// Item count per section.
    public var sections: [Int] { didSet { recompute() } }
    public var itemSize: Size { didSet { recompute() } }
    /// Per section, per item sizes; overrides `itemSize` where present.
    public var itemSizes: [[Size]]? { didSet { recompute() } }
    /// Space between lines (UIKit default 10).
    public var minimumLineSpacing: Double { didSet { recompute() } }
    /// Smallest space between items of a line (UIKit default 10).
    public var minimumInteritemSpacing: Double { didSet { recompute() } }
    public var sectionInset: EdgeInsets { didSet { recompute() } }
    /// Reference size; zero along the scroll axis means no header.
    public var headerSize: Size { didSet { recompute() } }
    /// Reference size; zero along the scroll axis means no footer.
    public var footerSize: Size { didSet { recompute() } }
    /// Section headers stay on screen while their section is (sectionHeadersPinToVisibleBounds).
    public var pinHeaders: Bool { didSet { recompute() } }
    /// One background decoration per section (the added `sectionBackground` key).
    public var sectionBackground: Bool { didSet { recompute() } }

    /// The computed layout; derived from the properties above, so equality and hashing skip it.
    private var computed: Computed

    public init(
        viewportSize: Size,
        scrollDirection: Axis = .vertical,
        sections: [Int],
        itemSize: Size = Size(width: 50, height: 50),
        itemSizes: [[Size]]? = nil,
        minimumLineSpacing: Double = 10,
        minimumInteritemSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero,
        headerSize: Size = .zero,
        footerSize: Size = .zero,
        pinHeaders: Bool = false,
        sectionBackground: Bool = false
    ) {
        self.viewportSize = viewportSize
        self.scrollDirection = scrollDirection
        self.sections = sections
        self.itemSize = itemSize
        self.itemSizes = itemSizes
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerSize = headerSize
        self.footerSize = footerSize
        self.pinHeaders = pinHeaders
        self.sectionBackground = sectionBackground
        self.computed = Computed(attributes: [], contentSize: .zero, sectionFrames: [])
        recompute()
    }

    /// The size of the scrollable content: the viewport across, the end of the last section along.
    public var contentSize: Size { computed.contentSize }

    /// Every element, sorted by `ElementKey` (section, then header < cell < footer < decoration,
    /// then item).
    public var attributes: [LayoutAttributes] { computed.attributes }

    /// Per section: header start to footer end along the scroll axis, the content across.
    public var sectionFrames: [Rect] { computed.sectionFrames }

    /// The size of one item: `itemSizes[section][item]` when present, else `itemSize`.
    public func size(ofItem item: Int, inSection section: Int) -> Size {
        if let itemSizes, itemSizes.indices.contains(section), itemSizes[section].indices.contains(item) {
            return itemSizes[section][item]
        }
        return itemSize
    }

    public static func == (a: FlowLayout, b: FlowLayout) -> Bool {
        a.viewportSize == b.viewportSize && a.scrollDirection == b.scrollDirection
            && a.sections == b.sections && a.itemSize == b.itemSize && a.itemSizes == b.itemSizes
            && a.minimumLineSpacing == b.minimumLineSpacing
            && a.minimumInteritemSpacing == b.minimumInteritemSpacing
            && a.sectionInset == b.sectionInset && a.headerSize == b.headerSize
            && a.footerSize == b.footerSize && a.pinHeaders == b.pinHeaders
            && a.sectionBackground == b.sectionBackground
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewportSize)
        hasher.combine(scrollDirection)
        hasher.combine(sections)
        hasher.combine(itemSize)
        hasher.combine(itemSizes)
        hasher.combine(minimumLineSpacing)
        hasher.combine(minimumInteritemSpacing)
        hasher.combine(sectionInset)
        hasher.combine(headerSize)
        hasher.combine(footerSize)
        hasher.combine(pinHeaders)
        hasher.combine(sectionBackground)
    }
}

extension FlowLayout {
    /// The stored result of a layout pass.
    private struct Computed: Sendable {
        var attributes: [LayoutAttributes]
        var contentSize: Size
        var sectionFrames: [Rect]
    }

    /// Slack for "fits on the line", so sizes that add up exactly are not split by round-off.
    private static let fitTolerance = 1e-9

    /// Lays out every section from scratch.
    private mutating func recompute() {
        let scroll = scrollDirection
        let cross = scroll.cross
        // Insets named by role: "lead"/"trail" along the scroll axis, "start"/"end" across it.
        let insetLead = scroll == .vertical ? sectionInset.top : sectionInset.left
        let insetTrail = scroll == .vertical ? sectionInset.bottom : sectionInset.right
        let insetStart = scroll == .vertical ? sectionInset.left : sectionInset.top
        let insetEnd = scroll == .vertical ? sectionInset.right : sectionInset.bottom
        let crossExtent = viewportSize[cross]
        let available = crossExtent - insetStart - insetEnd

        var stack = SectionStack(
            axis: scroll, crossExtent: crossExtent, headerLength: headerSize[scroll], footerLength: footerSize[scroll],
            pinHeaders: pinHeaders, sectionBackground: sectionBackground,
            capacity: sections.reduce(0) { $0 + Swift.max($1, 0) } + 2 * sections.count)
        for section in sections.indices {
            stack.addSection(section) { start, result in
                var offset = start + insetLead
                let count = Swift.max(sections[section], 0)
                let sizes = (0..<count).map { size(ofItem: $0, inSection: section) }
                var lineStart = 0
                while lineStart < count {
                    // Greedy fill: the first item always goes in, the rest while they fit.
                    var used = sizes[lineStart][cross]
                    var lineEnd = lineStart + 1
                    var lineLength = sizes[lineStart][scroll]
                    while lineEnd < count {
                        let next = used + minimumInteritemSpacing + sizes[lineEnd][cross]
                        if next > available + Self.fitTolerance { break }
                        used = next
                        lineLength = Swift.max(lineLength, sizes[lineEnd][scroll])
                        lineEnd += 1
                    }
                    if lineStart > 0 { offset += minimumLineSpacing }

                    let n = lineEnd - lineStart
                    let isLastLine = lineEnd == count
                    let positions: [Double]
                    if n == 1 {
                        let breadth = sizes[lineStart][cross]
                        positions = [breadth > available ? insetStart : insetStart + (available - breadth) / 2]
                    } else {
                        var sumBreadth = 0.0
                        for i in lineStart..<lineEnd { sumBreadth += sizes[i][cross] }
                        let gap = isLastLine ? minimumInteritemSpacing : (available - sumBreadth) / Double(n - 1)
                        var x = insetStart
                        var placed: [Double] = []
                        placed.reserveCapacity(n)
                        for i in lineStart..<lineEnd {
                            placed.append(x)
                            x += sizes[i][cross] + gap
                        }
                        if !isLastLine {
                            // Flush with the end inset exactly, whatever the summed round-off.
                            placed[n - 1] = insetStart + available - sizes[lineEnd - 1][cross]
                        }
                        positions = placed
                    }

                    for i in lineStart..<lineEnd {
                        let s = sizes[i]
                        let along = offset + (lineLength - s[scroll]) / 2
                        let f = SectionStack.frame(scroll, along: along, across: positions[i - lineStart], length: s[scroll], breadth: s[cross])
                        result.append(LayoutAttributes(key: .cell(section, i), frame: f))
                    }
                    offset += lineLength
                    lineStart = lineEnd
                }
                return offset + insetTrail
            }
        }
        computed = Computed(attributes: stack.attributes, contentSize: stack.contentSize, sectionFrames: stack.sectionFrames)
    }
}
