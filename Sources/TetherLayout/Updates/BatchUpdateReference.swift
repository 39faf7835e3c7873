/// One side of one change (a delete, a move's source, an insert or a move's destination), in the
/// order validation checks them.
///
/// Sorting by index path first makes every error name the lowest offending path, whatever order
/// the caller listed the changes in, and puts duplicates next to each other.
struct BatchUpdateReference: Comparable {
    /// The index path this side refers to.
    var path: ItemPath
    /// 0 for a delete or insert, 1 for a move; ties at one path list the plain change first.
    var rank: Int
    /// For a move, its other end (a tiebreak between moves sharing `path`); otherwise `path`.
    var other: ItemPath
    /// The change, for messages.
    var change: BatchUpdateError.Change

    /// Deletes and move sources: the index paths before the update, sorted.
    static func oldSide(of update: BatchUpdate) -> [BatchUpdateReference] {
        let deletes = update.deletes.map { BatchUpdateReference(path: $0, rank: 0, other: $0, change: .delete($0)) }
        let moves = update.moves.map { BatchUpdateReference(path: $0.from, rank: 1, other: $0.to, change: .move($0)) }
        return (deletes + moves).sorted()
    }

    /// Inserts and move destinations: the index paths after the update, sorted.
    static func newSide(of update: BatchUpdate) -> [BatchUpdateReference] {
        let inserts = update.inserts.map { BatchUpdateReference(path: $0, rank: 0, other: $0, change: .insert($0)) }
        let moves = update.moves.map { BatchUpdateReference(path: $0.to, rank: 1, other: $0.from, change: .move($0)) }
        return (inserts + moves).sorted()
    }

    static func < (a: BatchUpdateReference, b: BatchUpdateReference) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.rank != b.rank { return a.rank < b.rank }
        return a.other < b.other
    }

    static func == (a: BatchUpdateReference, b: BatchUpdateReference) -> Bool {
        a.path == b.path && a.rank == b.rank && a.other == b.other
    }
}
