extension BatchUpdate {
    /// Performs the batch on sections holding `counts` items: where every old item goes and where
    /// every new item comes from.
    ///
    /// Inserts and move destinations take their stated new index paths; the items that are neither
    /// deleted nor moved fill the remaining slots of their own section in their old order. The
    /// counts from `validate(against:)` guarantee the remaining slots match the survivors exactly.
    public func apply(to counts: [Int]) throws(BatchUpdateError) -> BatchUpdateResult {
        let newCounts = try validate(against: counts)

        var newIndexOfOld: [[ItemPath?]] = counts.map { Array(repeating: nil, count: $0) }
        var oldIndexOfNew: [[ItemPath?]] = newCounts.map { Array(repeating: nil, count: $0) }
        // Old items that leave their slot (deleted or moved), and new slots already claimed.
        var leaves: [[Bool]] = counts.map { Array(repeating: false, count: $0) }
        var claimed: [[Bool]] = newCounts.map { Array(repeating: false, count: $0) }

        for path in deletes { leaves[path.section][path.item] = true }
        for path in inserts { claimed[path.section][path.item] = true }
        for move in moves {
            leaves[move.from.section][move.from.item] = true
            claimed[move.to.section][move.to.item] = true
            newIndexOfOld[move.from.section][move.from.item] = move.to
            oldIndexOfNew[move.to.section][move.to.item] = move.from
        }

        for section in counts.indices {
            var slot = 0
            for item in 0..<counts[section] where !leaves[section][item] {
                while claimed[section][slot] { slot += 1 }
                let old = ItemPath(section: section, item: item)
                let new = ItemPath(section: section, item: slot)
                newIndexOfOld[section][item] = new
                oldIndexOfNew[section][slot] = old
                slot += 1
            }
        }
        return BatchUpdateResult(newCounts: newCounts, newIndexOfOld: newIndexOfOld, oldIndexOfNew: oldIndexOfNew)
    }
}
