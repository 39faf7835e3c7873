import TetherLayout

/// The data source of a living list: a stable id for every item, in index-path order, and the
/// items whose removal is scheduled (the drop-in list deletes a cut item `removeAfter` later).
///
/// The loader plays every update through one of these to check the script; the replay plays the
/// same updates through another, so both agree on every count and index.
public struct ListModel: Sendable, Hashable {
    /// Item ids per section, in index order.
    public private(set) var ids: [[Int]]
    private var nextID: Int
    /// Items whose rope is cut, with the frame before which the data source deletes them, in
    /// the order they were cut.
    public private(set) var pendingRemovals: [(id: Int, frame: Int)] = []

    public init(counts: [Int]) {
        var next = 0
        ids = counts.map { count in
            defer { next += count }
            return Array(next..<(next + count))
        }
        nextID = next
    }

    public var counts: [Int] { ids.map(\.count) }
    public var totalCount: Int { ids.reduce(0) { $0 + $1.count } }

    /// The current index path of the item with `id`.
    public func path(of id: Int) -> ItemPath? {
        for (section, list) in ids.enumerated() {
            if let item = list.firstIndex(of: id) { return ItemPath(section: section, item: item) }
        }
        return nil
    }

    /// Applies the update; returns where every old item went and the new items' ids.
    @discardableResult
    public mutating func perform(_ update: BatchUpdate) throws(BatchUpdateError) -> (result: BatchUpdateResult, insertedIDs: [Int]) {
        let result = try update.apply(to: counts)
        let inserted = Array(nextID..<(nextID + update.inserts.count))
        ids = try update.newOrder(of: ids, insertedIDs: inserted)
        nextID += inserted.count
        pendingRemovals.removeAll { entry in !ids.contains { $0.contains(entry.id) } }
        return (result, inserted)
    }

    /// Whether the item at `path` is already waiting for its removal.
    public func isPendingRemoval(_ path: ItemPath) -> Bool {
        let id = ids[path.section][path.item]
        return pendingRemovals.contains { $0.id == id }
    }

    /// Schedules the deletion of the item at `path` before frame `frame`.
    public mutating func scheduleRemoval(of path: ItemPath, atFrame frame: Int) {
        pendingRemovals.append((ids[path.section][path.item], frame))
    }

    /// Schedules the deletion of the item that was at `path` before `update` (already performed).
    public mutating func scheduleRemoval(of path: ItemPath, atFrame frame: Int, before update: BatchUpdate) {
        guard let result = try? update.apply(to: Self.counts(before: update, after: counts)),
              let now = result.newIndex(ofOld: path)
        else { return }
        scheduleRemoval(of: now, atFrame: frame)
    }

    /// The counts before an update without deletes, given the counts after it.
    static func counts(before update: BatchUpdate, after counts: [Int]) -> [Int] {
        var result = counts
        for p in update.inserts { result[p.section] -= 1 }
        for m in update.moves {
            result[m.to.section] -= 1
            result[m.from.section] += 1
        }
        return result
    }

    /// The deletes due before `frame`, as one batch (index paths as of now), or nil.
    public func removals(dueAt frame: Int) -> BatchUpdate? {
        let due = pendingRemovals.filter { $0.frame == frame }.compactMap { path(of: $0.id) }
        return due.isEmpty ? nil : BatchUpdate(deletes: due.sorted())
    }

    public static func == (a: ListModel, b: ListModel) -> Bool {
        a.ids == b.ids && a.nextID == b.nextID && a.pendingRemovals.map(\.id) == b.pendingRemovals.map(\.id)
            && a.pendingRemovals.map(\.frame) == b.pendingRemovals.map(\.frame)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ids)
        hasher.combine(nextID)
    }
}
