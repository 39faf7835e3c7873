import TetherPhysics

/// A layout source: computes the resting attributes of every element (UICollectionViewLayout's
/// `prepare` + `layoutAttributesForElements(in:)`).
public protocol CollectionLayout: Sendable {
    /// The scroll axis.
    var scrollDirection: Axis { get }
    /// Item counts per section.
    var sections: [Int] { get }
    /// The size of the scrollable content.
    var contentSize: Size { get }
    /// Every element's attributes, sorted by `ElementKey`.
    var attributes: [LayoutAttributes] { get }
    /// Per section, the band it occupies: from its header's start to its footer's end along the
    /// scroll axis (insets included), the whole content across. Pinned headers stay inside it.
    var sectionFrames: [Rect] { get }
    /// Section headers stay on screen while their section is (sectionHeadersPinToVisibleBounds).
    var pinHeaders: Bool { get }
}

extension CollectionLayout {
    /// Layouts without pinning need not say so.
    public var pinHeaders: Bool { false }

    /// The union of each section's elements along the scroll axis, the content across: a fallback
    /// for layouts that do not track their insets (an empty section gets a zero-length band).
    public var sectionFrames: [Rect] {
        let axis = scrollDirection
        var low = Array(repeating: Double.infinity, count: sections.count)
        var high = Array(repeating: -Double.infinity, count: sections.count)
        for a in attributes where sections.indices.contains(a.key.section) {
            low[a.key.section] = Swift.min(low[a.key.section], a.frame.min(axis))
            high[a.key.section] = Swift.max(high[a.key.section], a.frame.max(axis))
        }
        var previousEnd = 0.0
        return sections.indices.map { s in
            let start = low[s].isFinite ? low[s] : previousEnd
            let end = high[s].isFinite ? high[s] : start
            previousEnd = end
            var origin = Vec2.zero
            origin[axis] = start
            var size = contentSize
            size[axis] = end - start
            return Rect(origin: origin, size: size)
        }
    }
}
