extension FlowLayout {
    /// The layout after a batch update: the new counts, and per-item sizes that follow their
    /// items (an inserted item takes `itemSize`).
    public func applying(_ update: BatchUpdate) throws(BatchUpdateError) -> FlowLayout {
        let newCounts = try update.validate(against: sections)
        var copy = self
        if let sizes = itemSizes {
            // A short per-section array falls back to `itemSize`, as the layout itself does.
            let full = sections.indices.map { s in
                (0..<sections[s]).map { i in s < sizes.count && i < sizes[s].count ? sizes[s][i] : itemSize }
            }
            copy.itemSizes = try update.newOrder(
                of: full, insertedIDs: Array(repeating: itemSize, count: update.inserts.count))
        }
        copy.sections = newCounts
        return copy
    }
}

extension Array where Element == LayoutAttributes {
    /// The index of the element with `key` in attributes sorted by key (binary search).
    public func index(of key: ElementKey) -> Int? {
        var (low, high) = (0, count)
        while low < high {
            let mid = (low + high) / 2
            if self[mid].key < key { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low].key == key ? low : nil
    }
}

/// Where each element of the layout before an update is in the layout after it.
///
/// Cells follow `result` (a deleted cell maps to nil); headers, footers and decorations keep
/// their section (updates never add or remove sections) and map to the element with the same key.
public func elementIndexMap(
    from old: [LayoutAttributes], to new: [LayoutAttributes], result: BatchUpdateResult
) -> [Int?] {
    old.map { attributes in
        let key = attributes.key
        if key.kind == .cell {
            guard let path = result.newIndex(ofOld: ItemPath(key)) else { return nil }
            return new.index(of: path.cellKey)
        }
        return new.index(of: key)
    }
}
