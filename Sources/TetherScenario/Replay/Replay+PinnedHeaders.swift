import TetherLayout

extension Replay {
    /// The elements a frame shows, ascending: every element with `.all`; with `.visible` those
    /// whose drawn frame intersects the viewport — for pinned headers, their pinned frame.
    public func displayedIndices(items: Scenario.ItemSelection) -> [Int] {
        if items == .all { return Array(dynamics.layoutAttributes.indices) }
        let found = dynamics.indices(intersecting: visibleRect)
        guard let pinnedHeaders else { return found }
        return pinnedHeaders.visibleIndices(found, in: visibleRect)
    }

    /// Element `index` as drawn now: the dynamics' attributes, then a pinned header moved to the
    /// visible bounds. Springs act on cells only, so pinning never fights the dynamics.
    public func displayedAttributes(at index: Int) -> LayoutAttributes {
        var attributes = dynamics.currentAttributes(at: index)
        pinnedHeaders?.adjust(&attributes, visibleRect: visibleRect)
        return attributes
    }
}
