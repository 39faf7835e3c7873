/// Answers which elements intersect a rectangle in O(log n + k) for layouts whose elements are
/// roughly ordered along the scroll axis.
///
/// `layoutAttributesForElements(in:)` runs every frame while scrolling, so a linear scan over a
/// 10 000-item layout would dominate. Elements are sorted by where they start along the axis; a
/// running maximum of where they end lets a binary search skip everything that ends before the
/// rectangle even when a few elements are long (headers, oversized items). The scan then stops
/// at the first element starting after the rectangle, so the cost is the search plus the elements
/// overlapping the rectangle's band along the axis. Frames are expected to be finite. A turned
/// element (non-zero angle) is indexed by its bounding box, so a query finds what it covers.
public struct LayoutIndex: Sendable {
    /// The axis the elements are ordered along.
    public let axis: Axis
    /// The bounding boxes of the attributes given to init, by original index.
    private let frames: [Rect]
    /// Original indices sorted by `frame.min(axis)`, ties by index (a stable, deterministic order).
    private let order: [Int]
    /// `prefixMaxEnd[p]` is the largest `frame.max(axis)` among `order[0...p]`; never decreases.
    private let prefixMaxEnd: [Double]

    public init(_ attributes: [LayoutAttributes], axis: Axis) {
        self.axis = axis
        let frames = attributes.map(\.boundingBox)
        let order = frames.indices.sorted { a, b in
            let ma = frames[a].min(axis), mb = frames[b].min(axis)
            return ma != mb ? ma < mb : a < b
        }
        var prefix: [Double] = []
        prefix.reserveCapacity(order.count)
        var running = -Double.infinity
        for i in order {
            running = Swift.max(running, frames[i].max(axis))
            prefix.append(running)
        }
        self.frames = frames
        self.order = order
        self.prefixMaxEnd = prefix
    }

    /// The number of indexed elements.
    public var count: Int { frames.count }

    /// Indexes into the `attributes` array given to init, ascending, of the elements whose frame
    /// bounding box intersects `rect` (Rect.intersects semantics: positive-area overlap).
    public func indices(intersecting rect: Rect) -> [Int] {
        let lower = rect.min(axis)
        let upper = rect.max(axis)
        // First position whose running end passes the rectangle's start: everything before it
        // ends at or before `lower`, so cannot overlap with positive area.
        var lo = 0
        var hi = prefixMaxEnd.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if prefixMaxEnd[mid] > lower { hi = mid } else { lo = mid + 1 }
        }
        var found: [Int] = []
        var p = lo
        while p < order.count {
            let i = order[p]
            let frame = frames[i]
            // Sorted by start: once one starts at or after the end, all later ones do too.
            if frame.min(axis) >= upper { break }
            if frame.intersects(rect) { found.append(i) }
            p += 1
        }
        found.sort()
        return found
    }
}
