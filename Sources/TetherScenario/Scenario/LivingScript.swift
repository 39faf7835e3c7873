import TetherJSON
import TetherLayout

/// Load-time check of the data-source updates and drag-to-reorder events: the counts are played
/// through `BatchUpdate` (and, for the drop-in list, the delayed removals and `maxItems`), and
/// the reorder state machine must make sense, so a bad script fails before anything runs.
enum LivingScript {
    static func check(_ events: [ScenarioEvent], sources: [JSONValue], scene: LayoutScene, hz: Int) throws {
        var list = ListModel(counts: scene.layout.sections)
        var gravity: GravityConfiguration?
        if case .gravity(let configuration) = scene.dynamics { gravity = configuration }
        var springy = false
        if case .springy = scene.dynamics { springy = true }
        let custom = scene.layout is CustomLayout
        var lifted: ItemPath?
        for (k, event) in events.enumerated() {
            let typePath = event.path.appending("type")
            try performRemovals(&list, upTo: event.frame)
            switch event.action {
            case .update(let update, let layoutAfter):
                if lifted != nil {
                    throw ValidationError(typePath, "a cell is lifted for reordering (end it with endMove or cancelMove before this update)")
                }
                let type = (try? sources[k].object(at: event.path)["type"]?.string(at: typePath)) ?? "batch"
                let countsBefore = list.counts
                if let gravity {
                    try checkGravity(update, type: type, event: event, list: &list, gravity: gravity, hz: hz)
                } else {
                    try perform(update, type: type, event: event, list: &list)
                }
                if custom { try checkLayoutAfter(layoutAfter, event: event, before: countsBefore, after: list.counts) }
            case .beginMove(let item, _):
                guard springy else {
                    throw ValidationError(typePath, "drag to reorder needs springy dynamics (\"dynamics\": {\"type\": \"springy\"})")
                }
                if let lifted {
                    throw ValidationError(typePath, "cell \(lifted) is already lifted (end it with endMove or cancelMove first)")
                }
                let counts = list.counts
                guard item.section < counts.count else {
                    throw ValidationError(event.path.appending("item"), "at frame \(event.frame): section \(item.section) does not exist (\(counts.count == 1 ? "1 section" : "\(counts.count) sections"))")
                }
                guard item.item < counts[item.section] else {
                    throw ValidationError(event.path.appending("item"), "at frame \(event.frame): section \(item.section) has only \(items(counts[item.section])); there is no item \(item.item) to lift")
                }
                lifted = item
            case .updateMove, .endMove, .cancelMove:
                if lifted == nil {
                    throw ValidationError(typePath, "no cell is lifted (add a beginMove before this \(label(event.action)))")
                }
                if case .updateMove = event.action {} else { lifted = nil }
            default:
                break
            }
        }
    }

    /// A custom layout's update gives the layout after it, with the cells the data source then
    /// holds (for the drop-in list, falling items still count until they are removed); without one
    /// the layout stays, which needs the counts to stay too.
    static func checkLayoutAfter(_ layout: CustomLayout?, event: ScenarioEvent, before: [Int], after: [Int]) throws {
        guard let layout else {
            if before == after { return }
            throw ValidationError(
                event.path,
                "at frame \(event.frame): this update changes the cells per section from \(before) to \(after); give the layout after it in \"layout\"")
        }
        if layout.sections != after {
            throw ValidationError(
                event.path.appending("layout"),
                "at frame \(event.frame): the layout after this update has \(layout.sections) cells per section, but the update leaves \(after) (before it: \(before))")
        }
    }

    static func label(_ action: ScenarioEvent.Action) -> String {
        switch action {
        case .updateMove: "updateMove"
        case .endMove: "endMove"
        default: "cancelMove"
        }
    }

    /// Applies the drop-in list's delayed deletes due at or before `frame`.
    static func performRemovals(_ list: inout ListModel, upTo frame: Int) throws {
        while let due = list.pendingRemovals.map(\.frame).min(), due <= frame {
            if let removal = list.removals(dueAt: due) { try list.perform(removal) }
        }
    }

    static func perform(_ update: BatchUpdate, type: String, event: ScenarioEvent, list: inout ListModel) throws {
        do {
            try list.perform(update)
        } catch {
            throw ValidationError(
                sourcePath(of: error, in: update, type: type, event: event),
                "at frame \(event.frame): \(error.message); before this update the sections hold \(list.counts), after it \(naiveCounts(update, list.counts))")
        }
    }

    /// The drop-in list: deletes cut the rope now and leave the data source `removeAfter` later;
    /// inserts and moves apply now; the list may never hold more than `maxItems`.
    static func checkGravity(
        _ update: BatchUpdate, type: String, event: ScenarioEvent, list: inout ListModel, gravity: GravityConfiguration, hz: Int
    ) throws {
        let deletes = BatchUpdate(deletes: update.deletes)
        do {
            try deletes.validate(against: list.counts)
        } catch {
            throw ValidationError(
                sourcePath(of: error, in: update, type: type, event: event),
                "at frame \(event.frame): \(error.message); before this update the sections hold \(list.counts), after it \(naiveCounts(deletes, list.counts))")
        }
        for (k, path) in update.deletes.enumerated() where list.isPendingRemoval(path) {
            let key = type == "batch" ? "deletes" : "items"
            throw ValidationError(
                event.path.appending(key).appending(k),
                "at frame \(event.frame): item \(path) is already falling (deleted earlier; it leaves the list \(ScenarioDecoder.format(gravity.removeAfter)) s after its delete)")
        }
        let rest = BatchUpdate(inserts: update.inserts, moves: update.moves)
        try perform(rest, type: type, event: event, list: &list)
        if list.totalCount > gravity.maxItems {
            let key = type == "batch" ? "inserts" : "items"
            throw ValidationError(
                event.path.appending(key),
                "at frame \(event.frame): the list would hold \(list.totalCount) items, more than maxItems \(gravity.maxItems) (items still falling count until they are removed)")
        }
        for path in update.deletes {
            // Paths of the deletes are as before the inserts and moves; follow them.
            list.scheduleRemoval(of: path, atFrame: event.frame + gravity.removalDelay(hz: hz), before: rest)
        }
    }

    /// The counts the update would give by plain arithmetic: old − deletes − moves out + inserts + moves in.
    static func naiveCounts(_ update: BatchUpdate, _ counts: [Int]) -> [Int] {
        var result = counts
        func add(_ section: Int, _ d: Int) { if result.indices.contains(section) { result[section] += d } }
        for p in update.deletes { add(p.section, -1) }
        for p in update.inserts { add(p.section, 1) }
        for m in update.moves {
            add(m.from.section, -1)
            add(m.to.section, 1)
        }
        return result
    }

    /// "12 items (0…11)".
    static func items(_ count: Int) -> String {
        count == 1 ? "1 item (0)" : count == 0 ? "0 items" : "\(count) items (0…\(count - 1))"
    }

    /// The JSON path of the change an error names, in the event as written.
    static func sourcePath(of error: BatchUpdateError, in update: BatchUpdate, type: String, event: ScenarioEvent) -> JSONPath {
        let deletesKey = type == "batch" ? "deletes" : "items"
        let insertsKey = type == "batch" ? "inserts" : "items"
        func movePath(_ k: Int, _ end: String) -> JSONPath {
            type == "batch" ? event.path.appending("moves").appending(k).appending(end) : event.path.appending(end)
        }
        func path(of change: BatchUpdateError.Change, oldSide: Bool, nth: Int = 0) -> JSONPath {
            switch change {
            case .delete(let p):
                let matches = update.deletes.indices.filter { update.deletes[$0] == p }
                return event.path.appending(deletesKey).appending(matches[min(nth, matches.count - 1)])
            case .insert(let p):
                let matches = update.inserts.indices.filter { update.inserts[$0] == p }
                return event.path.appending(insertsKey).appending(matches[min(nth, matches.count - 1)])
            case .move(let m):
                let k = update.moves.firstIndex(of: m) ?? 0
                return movePath(k, oldSide ? "from" : "to")
            }
        }
        switch error {
        case let .noSuchSection(change, section, _):
            if case .move(let m) = change { return path(of: change, oldSide: m.from.section == section) }
            return path(of: change, oldSide: true)
        case let .emptySection(change, _), let .itemBeyondOldCount(change, _):
            return path(of: change, oldSide: true)
        case let .itemBeyondNewCount(change, _):
            return path(of: change, oldSide: false)
        case let .deletedTwice(p):
            return path(of: .delete(p), oldSide: true, nth: 1)
        case let .movedTwice(p), let .deletedAndMoved(p):
            let matches = update.moves.indices.filter { update.moves[$0].from == p }
            let k = matches.count > 1 ? matches[1] : matches.first ?? 0
            return movePath(k, "from")
        case let .twoItemsEndAt(p):
            let inserts = update.inserts.indices.filter { update.inserts[$0] == p }
            if inserts.count > 1 { return event.path.appending(insertsKey).appending(inserts[1]) }
            if let k = update.moves.indices.filter({ update.moves[$0].to == p }).last { return movePath(k, "to") }
            return event.path
        case .negativeCount, .insertedIDCountMismatch:
            return event.path
        }
    }
}
