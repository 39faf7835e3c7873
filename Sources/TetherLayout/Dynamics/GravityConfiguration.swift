import TetherPhysics

/// The drop-in list (`"dynamics": {"type": "gravity"}`): Ash Furrow's Newtonian collection view
/// (objc.io #5). Inserted items swing in on a rope, deleted ones fall.
public struct GravityConfiguration: Sendable, Hashable {
    /// Side of the square items, in points (the demo's `kItemSize`).
    public var itemSize: Double
    /// The rope's fixed end; nil = (viewport midX, 64), the demo's `attachmentPoint`.
    public var anchor: Vec2?
    /// The rope: a spring attachment from the anchor to the item's center.
    public var ropeLength: Double
    /// The rope's damping ratio ζ (the file's `rope.damping`).
    public var ropeDampingRatio: Double
    public var ropeFrequency: Double
    /// An inserted item's frame origin; nil = (viewport maxX + itemSize, 300).
    public var entry: Vec2?
    /// Seconds between a delete (the rope is cut) and the item leaving the data source.
    public var removeAfter: Double
    /// The most items the list may hold (the demo disables "+" at 10).
    public var maxItems: Int
    /// Whether the viewport's edges are collision boundaries (the demo has none).
    public var boundaries: Bool

    /// UIGravityBehavior magnitude 1.0, straight down: 1000 pt/s².
    public static let gravity = Vec2(0, 1000)

    public init(
        itemSize: Double = 100, anchor: Vec2? = nil, ropeLength: Double = 300, ropeDampingRatio: Double = 0.4,
        ropeFrequency: Double = 1, entry: Vec2? = nil, removeAfter: Double = 2, maxItems: Int = 10,
        boundaries: Bool = false
    ) {
        self.itemSize = itemSize
        self.anchor = anchor
        self.ropeLength = ropeLength
        self.ropeDampingRatio = ropeDampingRatio
        self.ropeFrequency = ropeFrequency
        self.entry = entry
        self.removeAfter = removeAfter
        self.maxItems = maxItems
        self.boundaries = boundaries
    }

    /// The rope's anchor for a viewport of this size.
    public func anchor(in viewport: Size) -> Vec2 { anchor ?? Vec2(viewport.width / 2, 64) }

    /// An inserted item's frame origin for a viewport of this size.
    public func entry(in viewport: Size) -> Vec2 { entry(in: viewport, itemWidth: itemSize) }

    /// The same for an item `itemWidth` wide: by default it starts one width beyond the right edge.
    public func entry(in viewport: Size, itemWidth: Double) -> Vec2 { entry ?? Vec2(viewport.width + itemWidth, 300) }

    /// Frames between the delete and the removal at `hz` frames per second (rounded to nearest).
    public func removalDelay(hz: Int) -> Int { max(1, Int((removeAfter * Double(hz)).rounded())) }
}
