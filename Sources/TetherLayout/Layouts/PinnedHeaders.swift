/// Section headers pinned to the visible bounds (UICollectionViewFlowLayout's
/// `sectionHeadersPinToVisibleBounds`).
///
/// Written for vertical scrolling; horizontal is the same along x. With `top` the visible rect's
/// top (the content offset; Tether has no content insets), a header of height h in a section
/// whose band runs from `section.minY` (the header's own layout position) to `section.maxY` (the
/// end of its footer, where the next section's header starts) sits at
///
///     y = min(max(top, header.minY), section.maxY − h)
///
/// - before its section reaches the top, the header is at its layout position;
/// - while its section covers the top, it stays at the top of the viewport;
/// - when the section's end comes within h of the top, the next section's header pushes it up,
///   its bottom edge on the section's end (it never leaves its section);
/// - pulled past the top edge (rubber band), it moves with the content.
///
/// The pinned header keeps its layout position across the scroll axis and its size. Pinning
/// depends on the content offset, so it is applied when a frame is output, after the dynamics:
/// headers are never sprung. Layouts that pin give headers zIndex 1024 so they draw over cells.
public struct PinnedHeaders: Sendable {
    /// UIKit's zIndex for pinned headers, above cells (0) and background decorations (−1).
    public static let zIndex = 1024

    public let axis: Axis
    /// Per section, its band (`CollectionLayout.sectionFrames`).
    public let sectionFrames: [Rect]
    /// The headers: element index into the layout's attributes, and the layout frame; ascending.
    private let headers: [(index: Int, frame: Rect)]
    /// For each entry of `headers`, its section's band.
    private let headerSections: [Rect]

    /// Nil when the layout does not pin its headers.
    public init?(layout: any CollectionLayout) {
        guard layout.pinHeaders else { return nil }
        self.init(attributes: layout.attributes, sectionFrames: layout.sectionFrames, axis: layout.scrollDirection)
    }

    public init(attributes: [LayoutAttributes], sectionFrames: [Rect], axis: Axis) {
        self.axis = axis
        self.sectionFrames = sectionFrames
        var headers: [(index: Int, frame: Rect)] = []
        var bands: [Rect] = []
        for (i, a) in attributes.enumerated() where a.key.kind == .header && sectionFrames.indices.contains(a.key.section) {
            headers.append((i, a.frame))
            bands.append(sectionFrames[a.key.section])
        }
        self.headers = headers
        self.headerSections = bands
    }

    /// The pure rule: where a header of layout frame `header`, in a section whose band is
    /// `section`, is drawn when the visible rect is `visibleRect`.
    public static func pinnedFrame(header: Rect, section: Rect, visibleRect: Rect, axis: Axis) -> Rect {
        let length = header.size[axis]
        let along = Swift.min(Swift.max(visibleRect.min(axis), header.min(axis)), section.max(axis) - length)
        var frame = header
        frame.origin[axis] = Swift.max(along, header.min(axis))
        return frame
    }

    /// Moves `attributes` to its pinned frame if it is a header; leaves anything else alone.
    public func adjust(_ attributes: inout LayoutAttributes, visibleRect: Rect) {
        guard attributes.key.kind == .header, sectionFrames.indices.contains(attributes.key.section) else { return }
        attributes.frame = Self.pinnedFrame(
            header: attributes.frame, section: sectionFrames[attributes.key.section], visibleRect: visibleRect, axis: axis)
    }

    /// `indices` (ascending element indexes found intersecting `visibleRect` at layout frames)
    /// with the headers replaced by those whose pinned frame intersects `visibleRect`; ascending.
    public func visibleIndices(_ indices: [Int], in visibleRect: Rect) -> [Int] {
        // Only sections whose band overlaps the visible rect along the axis can show their header;
        // bands follow one another, so a binary search finds the first.
        var lo = 0
        var hi = headers.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if headerSections[mid].max(axis) > visibleRect.min(axis) { hi = mid } else { lo = mid + 1 }
        }
        var pinned: [Int] = []
        var p = lo
        while p < headers.count, headerSections[p].min(axis) < visibleRect.max(axis) {
            let frame = Self.pinnedFrame(header: headers[p].frame, section: headerSections[p], visibleRect: visibleRect, axis: axis)
            if frame.intersects(visibleRect) { pinned.append(headers[p].index) }
            p += 1
        }
        var result: [Int] = []
        result.reserveCapacity(indices.count + pinned.count)
        var j = 0
        for i in indices {
            while j < pinned.count, pinned[j] < i {
                result.append(pinned[j])
                j += 1
            }
            if j < pinned.count, pinned[j] == i { j += 1; result.append(i); continue }
            if isHeader(i) { continue }
            result.append(i)
        }
        result.append(contentsOf: pinned[j...])
        return result
    }

    /// Whether element `i` is one of the headers (binary search over their ascending indexes).
    private func isHeader(_ i: Int) -> Bool {
        var lo = 0
        var hi = headers.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if headers[mid].index < i { lo = mid + 1 } else { hi = mid }
        }
        return lo < headers.count && headers[lo].index == i
    }
}
