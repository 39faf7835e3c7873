import TetherJSON
import TetherLayout
import TetherPhysics

/// Plays a layout scenario frame by frame: events → scroll model → dynamics → physics step → frame.
///
/// Frame 0 is the state before any step. For each later frame f (1…frames) the events of frame
/// f − 1 apply in file order, the scroll model advances one frame, the dynamics follow the
/// content-offset change, and the physics steps once (`clock.substeps` substeps).
public struct Replay: SceneReplay {
    public let scenario: Scenario
    public let scene: LayoutScene
    public private(set) var scroll: ScrollModel
    public private(set) var dynamics: any LayoutDynamics
    /// The layout with the current counts (changes with data-source updates).
    public private(set) var layout: any CollectionLayout
    /// The data source: a stable id per item, so fades and physics follow items.
    public private(set) var list: ListModel
    /// Inserted items fading in: id and the frame whose events inserted them.
    private var appearing: [(id: Int, frame: Int)] = []
    /// Deleted cells fading out where they were: their attributes when deleted (old index path).
    private var disappearing: [(attributes: LayoutAttributes, frame: Int)] = []
    /// The reordering finger: viewport point and its pending spread movement.
    private var moveFinger: (point: Vec2, step: Vec2, stepsLeft: Int)?
    /// The frame whose state the replay holds.
    public private(set) var frame = 0
    private var nextEvent = 0
    /// The frame at which the scene came to rest and has stayed at rest since, if it is at rest.
    public private(set) var restingSince: Int?
    /// Headers pinned to the visible bounds, when the layout pins them (Replay+PinnedHeaders.swift).
    private(set) var pinnedHeaders: PinnedHeaders?

    /// A replay of a layout scenario (`scenario.layoutScene` must not be nil; see `makeReplay`).
    public init(_ scenario: Scenario) {
        guard let scene = scenario.layoutScene else { preconditionFailure("Replay plays layout scenes; use makeReplay") }
        self.scenario = scenario
        self.scene = scene
        let layout = scene.layout
        pinnedHeaders = PinnedHeaders(layout: layout)
        self.layout = layout
        list = ListModel(counts: layout.sections)
        var contentSize = layout.contentSize
        if case .gravity = scene.dynamics { contentSize = scene.viewport }
        scroll = ScrollModel(
            viewportSize: scene.viewport, contentSize: contentSize, axis: layout.scrollDirection,
            contentOffset: scene.contentOffset, frameDuration: scenario.clock.frameDuration)
        switch scene.dynamics {
        case .none: dynamics = StaticDynamics(layout: layout)
        case .springy(let configuration): dynamics = SpringyDynamics(layout: layout, configuration: configuration)
        case .gravity(let configuration):
            dynamics = GravityDynamics(
                sections: layout.sections.count, viewport: scene.viewport, configuration: configuration,
                sizesFromLayout: layout is CustomLayout)
        }
        dynamics.setAllowsPause(scenario.allowsPause)
        dynamics.setSolverKind(scenario.solver)
        dynamics.setWorkers(scenario.workers)
        // The first layout pass creates the springs for what is visible at rest.
        dynamics.contentOffsetDidChange(by: .zero, touchLocation: nil, visibleRect: visibleRect)
    }

    /// The viewport in content coordinates.
    public var visibleRect: Rect { Rect(origin: scroll.contentOffset, size: scene.viewport) }

    public var world: World { dynamics.world }
    /// Layout scenes have no collision behaviors.
    public var contactEvents: [ContactEvent] { [] }
    public var contactRecords: [ContactRecord] { [] }

    /// Advances to the next frame. Throws `ReplayError` if an event cannot apply or the
    /// simulation blows up.
    public mutating func advance() throws(ReplayError) {
        while let due = list.pendingRemovals.map(\.frame).min(), due <= frame {
            if let removal = list.removals(dueAt: due) {
                try performUpdate(removal, layoutAfter: nil, path: scenario.events.first?.path ?? .root)
            }
        }
        while nextEvent < scenario.events.count, scenario.events[nextEvent].frame == frame {
            try apply(scenario.events[nextEvent])
            nextEvent += 1
        }
        let delta = scroll.advance()
        followMoveFinger()
        dynamics.contentOffsetDidChange(
            by: delta, touchLocation: scroll.hasTouchLocation ? scroll.touchLocation : nil, visibleRect: visibleRect)
        dynamics.step(timeStep: scenario.clock.frameDuration, substeps: scenario.clock.substeps)
        frame += 1
        let fade = Self.fadeFrames(hz: scenario.clock.hz)
        appearing.removeAll { frame - $0.frame >= fade }
        disappearing.removeAll { frame - $0.frame >= fade }
        if let body = dynamics.world.firstNonFiniteBody {
            throw .simulationFailed(frame: frame, reason: "body \(body.rawValue) has a non-finite position or velocity")
        }
        if isAtRest {
            if restingSince == nil { restingSince = frame }
        } else {
            restingSince = nil
        }
    }

    /// The physics world is paused (every body still for `World.restDuration`) and the content
    /// offset is not moving.
    public var isAtRest: Bool {
        dynamics.world.isPaused && !scroll.isMoving && appearing.isEmpty && disappearing.isEmpty
            && list.pendingRemovals.isEmpty
    }

    /// No event is left to apply.
    public var hasPendingEvents: Bool { nextEvent < scenario.events.count }

    /// Data-source updates and drag to reorder.
    private mutating func applyLiving(_ event: ScenarioEvent) throws(ReplayError) {
        switch event.action {
        case .update(let update, let layoutAfter):
            try performEventUpdate(update, layoutAfter: layoutAfter, path: event.path)
        case .beginMove(let item, let point):
            guard dynamics.hasCellSprings else { break }
            moveFinger = (point, .zero, 0)
            dynamics.beginInteractiveMove(item: item, finger: point + scroll.contentOffset, visibleRect: visibleRect)
        case .updateMove(let point, let frames):
            guard let finger = moveFinger else { break }
            moveFinger = (finger.point, (point - finger.point) * (1 / Double(frames)), frames)
        case .endMove:
            guard let move = dynamics.interactiveMove else { break }
            moveFinger = nil
            if move.target != move.item {
                try performUpdate(.move(from: move.item, to: move.target), layoutAfter: nil, path: event.path)
            }
            dynamics.endInteractiveMove()
        case .cancelMove:
            guard dynamics.hasCellSprings else { break }
            moveFinger = nil
            dynamics.endInteractiveMove()
        default:
            break
        }
    }

    private mutating func apply(_ event: ScenarioEvent) throws(ReplayError) {
        try applyLiving(event)
        do throws(ScrollError) {
            switch event.action {
            case .touchDown(let point): try scroll.touchDown(at: point)
            case .drag(let by, let frames): try scroll.drag(by: by, frames: frames)
            case .touchUp(let velocity): try scroll.touchUp(velocity: velocity)
            case .scroll(let by, let frames): scroll.scroll(by: by, frames: frames)
            case .scrollTo(let offset): try scroll.scrollTo(offset)
            case .fling(let velocity, let rate): try scroll.fling(velocity: velocity, rate: rate)
            case .addBehavior, .removeBehavior, .replaceBehavior:
                break  // world scenes only; the decoder never gives them to layout scenarios
            case .set(_, let change):
                dynamics.apply(change)
            case .update, .beginMove, .updateMove, .endMove, .cancelMove:
                break  // applyLiving
            }
        } catch {
            throw .eventFailed(path: event.path, frame: frame, reason: error.message)
        }
    }

    /// UIKit's default animation duration for inserts and deletes (UIView animations: 0.25 s).
    public static let fadeDuration = 0.25

    /// Frames a fade lasts at `hz`: the first frame at or after 0.25 s ends it.
    static func fadeFrames(hz: Int) -> Int { Int((fadeDuration * Double(hz)).rounded(.up)) }

    /// The reordering finger moves its share for this frame; the lifted cell follows it.
    private mutating func followMoveFinger() {
        guard var finger = moveFinger, dynamics.hasCellSprings else { return }
        if finger.stepsLeft > 0 {
            finger.point += finger.step
            finger.stepsLeft -= 1
            moveFinger = finger
        }
        dynamics.updateInteractiveMove(finger: finger.point + scroll.contentOffset)
    }

    /// An update event: the drop-in list cuts the ropes of deleted items and deletes them later;
    /// everything else goes straight to the data source.
    private mutating func performEventUpdate(_ update: BatchUpdate, layoutAfter: CustomLayout?, path: JSONPath) throws(ReplayError) {
        guard case .gravity(let configuration) = scene.dynamics, !update.deletes.isEmpty
        else { return try performUpdate(update, layoutAfter: layoutAfter, path: path) }
        for item in update.deletes { dynamics.detach(item) }
        let rest = BatchUpdate(inserts: update.inserts, moves: update.moves)
        try performUpdate(rest, layoutAfter: layoutAfter, path: path)
        let removal = frame + configuration.removalDelay(hz: scenario.clock.hz)
        for item in update.deletes { list.scheduleRemoval(of: item, atFrame: removal, before: rest) }
    }

    /// One performBatchUpdates: the data source, the layout, the dynamics, the content size, and
    /// the fades of inserted and deleted cells. A flow layout recomputes itself with the new
    /// counts; a custom layout becomes `layoutAfter`, or stays when the update gives none (the
    /// loader made sure the counts agree).
    private mutating func performUpdate(_ update: BatchUpdate, layoutAfter: CustomLayout?, path: JSONPath) throws(ReplayError) {
        var ghosts: [LayoutAttributes] = []
        for item in update.deletes {
            if let i = dynamics.layoutAttributes.index(of: item.cellKey) { ghosts.append(dynamics.currentAttributes(at: i)) }
        }
        do throws(BatchUpdateError) {
            let (result, inserted) = try list.perform(update)
            switch layout {
            case let flow as FlowLayout: layout = try flow.applying(update)
            case is CustomLayout: if let layoutAfter { layout = layoutAfter }
            default: return  // the decoder lets updates reach flow and custom layouts only
            }
            pinnedHeaders = PinnedHeaders(layout: layout)
            dynamics.performUpdate(
                result, layout: layout, touchLocation: scroll.hasTouchLocation ? scroll.touchLocation : nil,
                visibleRect: visibleRect)
            if case .gravity = scene.dynamics {} else { scroll.contentSize = layout.contentSize }
            appearing += inserted.map { ($0, frame) }
            disappearing += ghosts.map { ($0, frame) }
        } catch {
            throw .eventFailed(path: path, frame: frame, reason: error.message)
        }
    }

    /// An inserted cell's alpha: 0 → 1 over the fade; 1 otherwise.
    private func appearAlpha(_ key: ElementKey) -> Double {
        guard key.kind == .cell, !appearing.isEmpty else { return 1 }
        let id = list.ids[key.section][key.item]
        guard let entry = appearing.first(where: { $0.id == id }) else { return 1 }
        return min(1, Double(frame - entry.frame) / (Self.fadeDuration * Double(scenario.clock.hz)))
    }

    /// Fills `record` with the current frame's rows, in output order, reusing its storage.
    public func record(into record: inout FrameRecord, items: Scenario.ItemSelection) {
        if let count = recordInParts(into: &record, items: items) {
            // The usual frame: the dynamics' attributes as they are, each stored in its place.
            // The rows keep their count from frame to frame, so after the first frame nothing
            // is allocated or appended (an append per row checked the array's uniqueness and
            // capacity each time, a third of the cost of building the row).
            record.rows.resizeForFilling(to: count)
            record.rows.withUnsafeMutableBufferPointer { rows in
                forEachRowPart(count: count, rowsPerPart: defaultRowsPerPart) { part, scratch in
                    fillRows(part, into: UnsafeMutableBufferPointer(rebasing: rows[part]), scratch: scratch)
                }
            }
            return
        }
        let viewport = visibleRect
        fillHead(of: &record)
        let viewportRow = ElementRow(section: 0, item: 0, kind: .viewport, center: viewport.center, size: viewport.size)
        if items == .all {
            record.rows.removeAll(keepingCapacity: true)
            record.rows.append(viewportRow)
            let count = dynamics.layoutAttributes.count
            record.rows.reserveCapacity(count + 1)
            dynamics.forEachCurrentAttributes(in: 0..<count) { current in
                var a = current
                pinnedHeaders?.adjust(&a, visibleRect: viewport)
                record.rows.append(Self.row(a, alpha: a.alpha * appearAlpha(a.key)))
            }
        } else {
            record.rows.removeAll(keepingCapacity: true)
            record.rows.append(viewportRow)
            for i in displayedIndices(items: items) {
                let a = displayedAttributes(at: i)
                record.rows.append(Self.row(a, alpha: a.alpha * appearAlpha(a.key)))
            }
        }
        if !disappearing.isEmpty { insertDisappearing(into: &record.rows, items: items, viewport: viewport) }
    }

    /// The usual frame (every element, none pinned, fading in or out) is the viewport's row and
    /// the dynamics' attributes as they are, row i + 1 being element i: its rows can be built
    /// in any parts.
    public func recordInParts(into record: inout FrameRecord, items: Scenario.ItemSelection) -> Int? {
        guard items == .all && pinnedHeaders == nil && appearing.isEmpty && disappearing.isEmpty else { return nil }
        fillHead(of: &record)
        return dynamics.layoutAttributes.count + 1
    }

    public func fillRows(_ range: Range<Int>, into rows: UnsafeMutableBufferPointer<ElementRow>, scratch: RowScratch) {
        // The dynamics check the upper end (reading their resting attributes' count through
        // the protocol here retained and released the array for every part).
        precondition(range.count == rows.count && range.lowerBound >= 0)
        precondition(range.count <= scratch.rows)
        guard var next = rows.baseAddress else { return }
        if range.lowerBound == 0 {
            let viewport = visibleRect
            next.pointee = ElementRow(section: 0, item: 0, kind: .viewport, center: viewport.center, size: viewport.size)
            next += 1
        }
        let elements = Swift.max(range.lowerBound, 1) - 1 ..< range.upperBound - 1
        // Dynamics that keep runs hand over each element's place alone: a run's section, kind,
        // size, alpha and z-index are read once, and its items counted.
        let places = scratch.places
        let placed = dynamics.storeCurrentPlaces(in: elements, to: places) { runs in
            Self.fillRows(elements, into: next, places: places, runs: runs)
        }
        if placed { return }
        // The attributes come into scratch memory that stays in the cache, and each becomes a
        // row in a loop with no call (one call per element, its attributes passed through the
        // stack, had cost a third of the row).
        let attributes = scratch.attributes
        dynamics.storeCurrentAttributes(in: elements, to: attributes)
        for a in UnsafeBufferPointer(start: attributes, count: elements.count) {
            next.pointee = Self.row(a, alpha: a.alpha)
            next += 1
        }
    }

    /// The rows of `elements` from their places and runs, stored from `next` on.
    private static func fillRows(
        _ elements: Range<Int>, into next: UnsafeMutablePointer<ElementRow>, places: UnsafeMutablePointer<ElementPlace>,
        runs: AttributesRuns
    ) {
        var next = next
        var place = places
        runs.forEachRun(overlapping: elements) { run, part in
            let a = run.first
            var row = ElementRow(
                section: a.key.section, item: a.key.item + (part.lowerBound - run.elements.lowerBound),
                kind: RowKind(a.key.kind), center: .zero, size: a.frame.size, angle: 0, alpha: a.alpha, zIndex: a.zIndex)
            for _ in part {
                row.center = place.pointee.center
                row.angle = place.pointee.angle
                next.pointee = row
                row.item += 1
                next += 1
                place += 1
            }
        }
    }

    /// The frame's number, time and content offset; no item ids (a layout has no world items).
    private func fillHead(of record: inout FrameRecord) {
        record.index = frame
        record.time = Double(frame) / Double(scenario.clock.hz)
        record.contentOffset = scroll.contentOffset
        record.itemIDs.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private static func row(_ a: LayoutAttributes, alpha: Double) -> ElementRow {
        ElementRow(
            section: a.key.section, item: a.key.item, kind: RowKind(a.key.kind), center: a.center,
            size: a.frame.size, angle: a.angle, alpha: alpha, zIndex: a.zIndex)
    }

    /// Fading-out cells keep the index path they had before the update (UIKit's
    /// finalLayoutAttributesForDisappearingItem) and sort after a live cell with the same path.
    private func insertDisappearing(into rows: inout [ElementRow], items: Scenario.ItemSelection, viewport: Rect) {
        var keyed = rows.dropFirst().map { (key: ElementKey(section: $0.section, kind: ElementKind(rawValue: $0.kind.rawValue)!, item: $0.item), ghost: false, row: $0) }
        let fade = Self.fadeDuration * Double(scenario.clock.hz)
        for ghost in disappearing where items == .all || ghost.attributes.boundingBox.intersects(viewport) {
            let alpha = ghost.attributes.alpha * max(0, 1 - Double(frame - ghost.frame) / fade)
            keyed.append((ghost.attributes.key, true, Self.row(ghost.attributes, alpha: alpha)))
        }
        keyed.sort { a, b in a.key != b.key ? a.key < b.key : (!a.ghost && b.ghost) }
        rows.removeSubrange(1...)
        rows.append(contentsOf: keyed.lazy.map(\.row))
    }
}

/// A scenario being played, frame by frame, whatever its kind of scene.
public protocol SceneReplay: Sendable {
    var scenario: Scenario { get }
    /// The frame whose state the replay holds.
    var frame: Int { get }
    /// The frame at which the scene came to rest and has stayed at rest since, if it is at rest.
    var restingSince: Int? { get }
    /// An event is still to come.
    var hasPendingEvents: Bool { get }
    var world: World { get }
    /// UIKit's contact callbacks of the last frame, in a deterministic order.
    var contactEvents: [ContactEvent] { get }
    /// The same, with item and boundary names.
    var contactRecords: [ContactRecord] { get }
    mutating func advance() throws(ReplayError)
    /// Fills `record` with the current frame (its rows in output order), reusing its storage:
    /// a run fills one record frame after frame.
    func record(into record: inout FrameRecord, items: Scenario.ItemSelection)
    /// When the current frame's rows can be built a part at a time (`fillRows(_:into:)`), fills
    /// `record` with everything but its rows and returns how many rows the frame has; nil
    /// when only `record(into:items:)` builds them.
    func recordInParts(into record: inout FrameRecord, items: Scenario.ItemSelection) -> Int?
    /// Stores the rows `range` of the current frame (in output order) in `rows`, which holds
    /// `range.count`; only after `recordInParts` returned a count, with the same items.
    /// `scratch` has room for as many rows' attributes or places, for the replay to use as it
    /// needs (the caller allocates it once for all the parts of a frame).
    func fillRows(_ range: Range<Int>, into rows: UnsafeMutableBufferPointer<ElementRow>, scratch: RowScratch)
}

extension SceneReplay {
    public var isFinished: Bool { frame >= scenario.frames }

    /// The current frame in a record of its own.
    public func frameRecord(items: Scenario.ItemSelection) -> FrameRecord {
        var record = FrameRecord()
        self.record(into: &record, items: items)
        return record
    }
}

/// The replay for a scenario's kind of scene.
public func makeReplay(_ scenario: Scenario) -> any SceneReplay {
    switch scenario.scene {
    case .layout: Replay(scenario)
    case .world: WorldReplay(scenario)
    }
}

/// Why a replay stopped.
public enum ReplayError: Error, Sendable {
    /// An event could not apply.
    case eventFailed(path: JSONPath, frame: Int, reason: String)
    /// The state became non-finite.
    case simulationFailed(frame: Int, reason: String)
}
