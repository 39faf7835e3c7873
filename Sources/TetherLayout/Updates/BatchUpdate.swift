/// One `performBatchUpdates` block's item changes, as UIKit receives them.
///
/// Deletes and move sources name index paths *before* the update; inserts and move destinations
/// name index paths *after* it. The order inside each array does not matter: UIKit processes
/// every delete before any insert, so `apply(to:)` gives the same result for any ordering.
/// Sections are neither inserted nor deleted; their number stays the same.
public struct BatchUpdate: Sendable, Hashable {
    /// An item moved from an old index path to a new one (possibly in another section).
    ///
    /// A struct rather than a tuple so the batch can be `Hashable`.
    public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// Where the item was before the update.
        public var from: ItemPath
        /// Where the item is after the update.
        public var to: ItemPath

        public init(from: ItemPath, to: ItemPath) {
            self.from = from
            self.to = to
        }

        /// "from 0.2 to 1.0".
        public var description: String { "from \(from) to \(to)" }
    }

    /// Items removed, by index path before the update.
    public var deletes: [ItemPath]
    /// Items added, by index path after the update.
    public var inserts: [ItemPath]
    /// Items that keep their identity but change place.
    public var moves: [Move]

    public init(deletes: [ItemPath] = [], inserts: [ItemPath] = [], moves: [Move] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
    }

    /// `insertItems(at:)` on its own: a batch with inserts only.
    public static func insert(_ paths: ItemPath...) -> BatchUpdate { BatchUpdate(inserts: paths) }

    /// `deleteItems(at:)` on its own: a batch with deletes only.
    public static func delete(_ paths: ItemPath...) -> BatchUpdate { BatchUpdate(deletes: paths) }

    /// `moveItem(at:to:)` on its own: a batch with one move.
    public static func move(from: ItemPath, to: ItemPath) -> BatchUpdate {
        BatchUpdate(moves: [Move(from: from, to: to)])
    }
}
