/// A cell's position: which section, and which item within it.
///
/// UIKit's `IndexPath` for cells. Batch updates talk about cells only, so this is smaller than
/// `ElementKey` (no kind); it is not called `IndexPath` so that it never clashes with Foundation's.
public struct ItemPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// The cell's element key, so physics state keyed by `ElementKey` can follow the item.
    public init(_ key: ElementKey) {
        self.init(section: key.section, item: key.item)
    }

    /// The key of the cell at this index path.
    public var cellKey: ElementKey { .cell(section, item) }

    /// Section-major, the order UIKit enumerates items in.
    public static func < (a: ItemPath, b: ItemPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }

    /// "0.3": section, then item, as error messages print it.
    public var description: String { "\(section).\(item)" }
}
