/// Where every item went: the two index maps UIKit builds to animate a batch update.
///
/// Both maps are complete and inverse to each other: an old item that survives (kept or moved)
/// maps to exactly one new index path, which maps back to it.
public struct BatchUpdateResult: Sendable, Hashable {
    /// Items per section after the update.
    public var newCounts: [Int]
    /// For every old item (section-major order): where it went, or nil if deleted.
    public var newIndexOfOld: [[ItemPath?]]
    /// For every new item: where it came from, or nil if inserted.
    public var oldIndexOfNew: [[ItemPath?]]

    public init(newCounts: [Int], newIndexOfOld: [[ItemPath?]], oldIndexOfNew: [[ItemPath?]]) {
        self.newCounts = newCounts
        self.newIndexOfOld = newIndexOfOld
        self.oldIndexOfNew = oldIndexOfNew
    }

    /// Where the old item at `old` is now; nil if it was deleted.
    public func newIndex(ofOld old: ItemPath) -> ItemPath? {
        newIndexOfOld[old.section][old.item]
    }

    /// Where the new item at `new` was before; nil if it was inserted.
    public func oldIndex(ofNew new: ItemPath) -> ItemPath? {
        oldIndexOfNew[new.section][new.item]
    }
}
