import Foundation

/// A mosaic of photos, as a photo app lays it out: the items fill rows of repeating segments —
/// one wide item; two halves; a large two-thirds item beside two stacked thirds; the same
/// mirrored — under a section title. Plain values in, frames out, as a
/// `UICollectionViewLayout`'s `prepare()` computes them before `layoutAttributesForElements(in:)`
/// hands them to UIKit.
public struct MosaicLayout: Sendable, Hashable {
    /// One element's place: a cell's index path, or the section title (item 0).
    public struct Attributes: Sendable, Hashable {
        public var section: Int
        public var item: Int
        public var isHeader: Bool
        public var frame: CGRect
    }

    /// The shapes a segment of the mosaic takes, in the order they repeat.
    enum Segment: CaseIterable {
        case wide
        case halves
        case largeLeft
        case largeRight

        var itemCount: Int {
            switch self {
            case .wide: 1
            case .halves: 2
            case .largeLeft, .largeRight: 3
            }
        }
    }

    /// The collection view's width.
    public var width: Double
    public var segmentHeight: Double
    public var spacing: Double
    public var headerHeight: Double

    public init(width: Double, segmentHeight: Double = 180, spacing: Double = 4, headerHeight: Double = 44) {
        self.width = width
        self.segmentHeight = segmentHeight
        self.spacing = spacing
        self.headerHeight = headerHeight
    }

    /// The title, then every item of one section of `itemCount` items, in item order.
    public func attributes(itemCount: Int) -> [Attributes] {
        var attributes = [Attributes(section: 0, item: 0, isHeader: true, frame: CGRect(x: 0, y: 0, width: width, height: headerHeight))]
        var top = headerHeight + spacing
        var item = 0
        var segments = Segment.allCases.makeIterator()
        while item < itemCount {
            let segment = segments.next() ?? {
                segments = Segment.allCases.makeIterator()
                return segments.next()!
            }()
            let count = min(segment.itemCount, itemCount - item)
            for frame in frames(of: segment, top: top).prefix(count) {
                attributes.append(Attributes(section: 0, item: item, isHeader: false, frame: frame))
                item += 1
            }
            top += segmentHeight + spacing
        }
        return attributes
    }

    /// The scrollable size for `itemCount` items.
    public func contentSize(itemCount: Int) -> CGSize {
        let bottom = attributes(itemCount: itemCount).map { $0.frame.maxY }.max() ?? 0
        return CGSize(width: width, height: bottom + spacing)
    }

    /// The frames of one segment's items whose top edge is `top`.
    func frames(of segment: Segment, top: Double) -> [CGRect] {
        let half = (width - spacing) / 2
        let third = (width - 2 * spacing) / 3
        let large = width - third - spacing
        let stacked = (segmentHeight - spacing) / 2
        switch segment {
        case .wide:
            return [CGRect(x: 0, y: top, width: width, height: segmentHeight)]
        case .halves:
            return [
                CGRect(x: 0, y: top, width: half, height: segmentHeight),
                CGRect(x: half + spacing, y: top, width: half, height: segmentHeight),
            ]
        case .largeLeft:
            return [
                CGRect(x: 0, y: top, width: large, height: segmentHeight),
                CGRect(x: large + spacing, y: top, width: third, height: stacked),
                CGRect(x: large + spacing, y: top + stacked + spacing, width: third, height: stacked),
            ]
        case .largeRight:
            return [
                CGRect(x: 0, y: top, width: third, height: stacked),
                CGRect(x: 0, y: top + stacked + spacing, width: third, height: stacked),
                CGRect(x: third + spacing, y: top, width: large, height: segmentHeight),
            ]
        }
    }
}
