import TetherPhysics

/// Drag to reorder (UICollectionView's interactive movement): which cell is lifted, where the
/// finger holds it, and the slot it would drop into.
public struct InteractiveMove: Sendable, Hashable {
    /// The lifted cell's index path when it was lifted (the data order does not change until the drop).
    public var item: ItemPath
    /// The lifted cell's center minus the finger's content location at the lift, so the cell
    /// does not jump under the finger.
    public var grabOffset: Vec2
    /// Where the cell would drop now: the nearest slot of its section by layout center.
    public var target: ItemPath

    /// The lifted cell's spring while it follows the finger: stiff and critically damped.
    public static let frequency = 8.0
    public static let dampingRatio = 1.0
    /// The lifted cell is drawn above the others.
    public static let liftedZIndex = 1

    public init(item: ItemPath, grabOffset: Vec2, target: ItemPath) {
        self.item = item
        self.grabOffset = grabOffset
        self.target = target
    }

    /// The slot of `section` whose layout center is nearest to `point` (ties: the lower index).
    public static func nearestSlot(to point: Vec2, section: Int, in attributes: [LayoutAttributes]) -> ItemPath? {
        var best: (distance: Double, item: Int)?
        for a in attributes where a.key.kind == .cell && a.key.section == section {
            let d = (a.center - point).length
            if best == nil || d < best!.distance { best = (d, a.key.item) }
        }
        return best.map { ItemPath(section: section, item: $0.item) }
    }
}
