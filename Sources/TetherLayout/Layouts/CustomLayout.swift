/// Any `UICollectionViewLayout`, given by the attributes its `prepare` computed: every cell,
/// supplementary view and decoration with its frame, zIndex, alpha and angle.
///
/// The layout does no geometry of its own. It sorts the elements into output order (section,
/// then header < cell < footer < decoration, then item), counts the cells of each section and
/// answers the content size: the given one, or the union of the elements' frames from the origin
/// (their largest x and y; a turned element counts with its bounding box). The elements must be
/// valid (`problem(in:)` is nil): no two with one key, the cells of every section numbered
/// 0 … n − 1. The scenario decoder checks that, with file positions, before making one.
///
/// A frame is the element's untransformed rectangle (its center and bounds size, as Tether's
/// output prints them); `angle` turns it about its center.
public struct CustomLayout: CollectionLayout, Sendable, Hashable {
    public let scrollDirection: Axis
    /// Cells per section. Sections no element names are empty.
    public private(set) var sections: [Int]
    public let contentSize: Size
    /// Every element, sorted by `ElementKey`.
    public let attributes: [LayoutAttributes]

    /// Makes a layout of valid `elements` (in any order). `sectionCount` adds empty sections at
    /// the end: a data source may have sections that no element of this layout names.
    public init(elements: [LayoutAttributes], scrollDirection: Axis = .vertical, contentSize: Size? = nil, sectionCount: Int = 0) {
        let sorted = Self.sortedByKey(elements).map { elements[$0] }
        var counts = Array(repeating: 0, count: Swift.max(sectionCount, (sorted.last?.key.section ?? -1) + 1))
        for a in sorted where a.key.kind == .cell { counts[a.key.section] += 1 }
        self.scrollDirection = scrollDirection
        self.sections = counts
        self.attributes = sorted
        self.contentSize = contentSize ?? Self.union(of: sorted)
    }

    /// The same layout with at least `count` sections (empty ones added at the end).
    public func withSectionCount(_ count: Int) -> CustomLayout {
        var copy = self
        if count > sections.count { copy.sections += Array(repeating: 0, count: count - sections.count) }
        return copy
    }

    /// The largest x and y any element reaches, from the origin (never negative).
    static func union(of elements: [LayoutAttributes]) -> Size {
        var size = Size.zero
        for a in elements {
            let box = a.boundingBox
            size.width = Swift.max(size.width, box.maxX)
            size.height = Swift.max(size.height, box.maxY)
        }
        return size
    }

    /// Indexes of `elements` in key order; elements with equal keys keep their given order.
    static func sortedByKey(_ elements: [LayoutAttributes]) -> [Int] {
        elements.indices.sorted { a, b in
            let ka = elements[a].key, kb = elements[b].key
            return ka != kb ? ka < kb : a < b
        }
    }
}

extension CustomLayout {
    /// What makes a list of elements not a layout. Indexes refer to the list as given.
    public enum Problem: Sendable, Hashable {
        /// Elements `first` and `second` (`first` < `second`) have the same kind and index path.
        case duplicate(first: Int, second: Int)
        /// Section `section` has no cell `missing`, though element `next` is cell `section.item`
        /// with a higher item number (cells are numbered 0 … n − 1 without gaps).
        case missingCell(section: Int, missing: Int, next: Int)
    }

    /// The first problem in key order, or nil when the elements make a layout.
    public static func problem(in elements: [LayoutAttributes]) -> Problem? {
        let order = sortedByKey(elements)
        var previous: Int?
        var expectedItem = 0
        for i in order {
            let key = elements[i].key
            if let p = previous, elements[p].key == key { return .duplicate(first: p, second: i) }
            if key.kind == .cell {
                if previous.map({ elements[$0].key.section != key.section || elements[$0].key.kind != .cell }) ?? true {
                    expectedItem = 0
                }
                if key.item != expectedItem { return .missingCell(section: key.section, missing: expectedItem, next: i) }
                expectedItem += 1
            }
            previous = i
        }
        return nil
    }
}
