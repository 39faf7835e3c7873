extension BatchUpdate {
    /// Checks the batch against the item counts before the update and returns the counts after it.
    ///
    /// UIKit's rules, checked in this order (within each step the lowest index path is reported,
    /// so the error does not depend on the order the changes were listed in):
    /// 1. every delete and move source names an existing section and an old item in it;
    /// 2. no old item is deleted twice, moved twice, or both deleted and moved;
    /// 3. every insert and move destination names an existing section;
    /// 4. the new counts add up, `old − deletes − moves out + inserts + moves in`, and every
    ///    insert and move destination lies below its section's new count;
    /// 5. no two inserts or move destinations share a new index path.
    @discardableResult
    public func validate(against counts: [Int]) throws(BatchUpdateError) -> [Int] {
        for (section, count) in counts.enumerated() where count < 0 {
            throw .negativeCount(section: section, count: count)
        }

        let old = BatchUpdateReference.oldSide(of: self)
        for reference in old {
            let section = reference.path.section
            guard counts.indices.contains(section) else {
                throw .noSuchSection(reference.change, section: section, sectionCount: counts.count)
            }
            guard counts[section] > 0 else { throw .emptySection(reference.change, section: section) }
            guard (0..<counts[section]).contains(reference.path.item) else {
                throw .itemBeyondOldCount(reference.change, count: counts[section])
            }
        }
        for (a, b) in zip(old, old.dropFirst()) where a.path == b.path {
            // Sorted: at one path the deletes (rank 0) come before the moves (rank 1).
            switch (a.rank, b.rank) {
            case (0, 0): throw .deletedTwice(a.path)
            case (0, _): throw .deletedAndMoved(a.path)
            default: throw .movedTwice(a.path)
            }
        }

        let new = BatchUpdateReference.newSide(of: self)
        for reference in new where !counts.indices.contains(reference.path.section) {
            throw .noSuchSection(reference.change, section: reference.path.section, sectionCount: counts.count)
        }

        var newCounts = counts
        for path in deletes { newCounts[path.section] -= 1 }
        for move in moves {
            newCounts[move.from.section] -= 1
            newCounts[move.to.section] += 1
        }
        for path in inserts { newCounts[path.section] += 1 }

        for reference in new where !(0..<newCounts[reference.path.section]).contains(reference.path.item) {
            throw .itemBeyondNewCount(reference.change, newCount: newCounts[reference.path.section])
        }
        for (a, b) in zip(new, new.dropFirst()) where a.path == b.path {
            throw .twoItemsEndAt(a.path)
        }
        return newCounts
    }
}
