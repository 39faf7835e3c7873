extension BatchUpdate {
    /// The new arrangement of stable ids: the old items' ids carried to their new index paths, and
    /// `insertedIDs[k]` placed at `inserts[k]`.
    ///
    /// Physics state is keyed by item, not by index path; this lets a body follow its item through
    /// an update instead of staying with a slot that now holds something else.
    public func newOrder<ID>(of oldIDs: [[ID]], insertedIDs: [ID]) throws(BatchUpdateError) -> [[ID]] {
        guard insertedIDs.count == inserts.count else {
            throw .insertedIDCountMismatch(inserts: inserts.count, ids: insertedIDs.count)
        }
        let result = try apply(to: oldIDs.map(\.count))

        // Which insert fills each new slot that has no old item.
        var insertOfNew: [[Int?]] = result.newCounts.map { Array(repeating: nil, count: $0) }
        for (k, path) in inserts.enumerated() { insertOfNew[path.section][path.item] = k }

        return result.oldIndexOfNew.enumerated().map { section, origins in
            origins.enumerated().map { item, origin in
                if let origin { return oldIDs[origin.section][origin.item] }
                // Every slot without an origin was claimed by an insert (validated counts).
                return insertedIDs[insertOfNew[section][item]!]
            }
        }
    }
}
