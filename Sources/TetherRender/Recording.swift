import TetherLayout
import TetherPhysics
import TetherScenario

/// One element that appears somewhere in a recording: what it is and its resting frame.
public struct RenderElement: Sendable, Hashable {
    /// "cell 0.12" (kind section.item), the name reports and CSV checks use.
    public var key: String
    public var kind: RowKind
    public var section: Int
    public var item: Int
    public var size: Size
    /// The layout center (a spring's anchor); the first center seen for elements read from a CSV.
    public var rest: Vec2
    /// The text drawn on it: a world item's id; nil draws the item number (cells) or the kind.
    public var label: String?
    /// World items may be ellipses (drawn as an ellipse inscribed in the frame).
    public var shape: BodyShape
    /// The layout's alpha (a custom layout's translucent cards); fades of inserts and deletes are
    /// not drawn.
    public var alpha: Double

    public init(
        kind: RowKind, section: Int, item: Int, size: Size, rest: Vec2, label: String? = nil, shape: BodyShape = .rectangle,
        alpha: Double = 1
    ) {
        self.key = "\(kind.rawValue) \(section).\(item)"
        self.kind = kind
        self.section = section
        self.item = item
        self.size = size
        self.rest = rest
        self.label = label
        self.shape = shape
        self.alpha = alpha
    }

    /// The text drawn on the element.
    public var caption: String {
        if let label { return label }
        return kind == .cell ? String(item) : String(kind.rawValue.prefix(1).uppercased()) + String(section)
    }
}

/// Where one element is drawn in one frame.
public struct Placement: Sendable, Hashable {
    /// Index into `RenderRecording.elements`.
    public var element: Int
    public var center: Vec2
    /// Radians.
    public var angle: Double
    /// The spring's anchor while the element hangs on one.
    public var anchor: Vec2?
    /// Set only when the size differs from the element table's (a CSV that disagrees with it).
    public var size: Size?

    public init(element: Int, center: Vec2, angle: Double = 0, anchor: Vec2? = nil, size: Size? = nil) {
        self.element = element
        self.center = center
        self.angle = angle
        self.anchor = anchor
        self.size = size
    }
}

/// One recorded frame: the scroll state, the finger and the elements drawn.
public struct RenderFrame: Sendable {
    public var index: Int
    public var contentOffset: Vec2
    /// The finger in content coordinates while it is down.
    public var touch: Vec2?
    /// In output order (the order `tether run` prints rows).
    public var placements: [Placement]

    public init(index: Int, contentOffset: Vec2, touch: Vec2? = nil, placements: [Placement]) {
        self.index = index
        self.contentOffset = contentOffset
        self.touch = touch
        self.placements = placements
    }
}

/// A scripted event, for the time axis of players and plots.
public struct RenderEvent: Sendable, Hashable {
    /// The event applies before the step that produces frame `frame + 1`.
    public var frame: Int
    public var label: String

    public init(frame: Int, label: String) {
        self.frame = frame
        self.label = label
    }
}

/// A replay kept in memory for drawing: an element table and, per recorded frame, where each
/// drawn element is. Everything is in array order; nothing reaching a picture iterates a
/// dictionary, so the same scenario always gives the same bytes.
///
/// World scenes add `world`: the reference bounds (the stage), and per frame the boundaries,
/// attachments and recent contact points the players draw in their `world` layer.
public struct RenderRecording: Sendable {
    public var name: String
    public var description: String?
    public var hz: Int
    /// Recorded frames are 0 and every `every`-th frame.
    public var every: Int
    public var viewport: Size
    public var contentSize: Size
    public var elements: [RenderElement]
    public var frames: [RenderFrame]
    public var events: [RenderEvent]
    /// World scenes only: what is drawn besides the items.
    public var world: WorldLayer?

    public init(
        name: String, description: String? = nil, hz: Int, every: Int, viewport: Size, contentSize: Size,
        elements: [RenderElement], frames: [RenderFrame], events: [RenderEvent], world: WorldLayer? = nil
    ) {
        self.name = name
        self.description = description
        self.hz = hz
        self.every = every
        self.viewport = viewport
        self.contentSize = contentSize
        self.elements = elements
        self.frames = frames
        self.events = events
        self.world = world
    }

    /// Seconds of frame `index`.
    public func time(ofFrame index: Int) -> Double { Double(index) / Double(hz) }

    /// Replays `scenario`, recording frame 0 and every `every`-th frame with the elements
    /// `tether run --items …` would print, the springs of the sprung ones and the finger.
    /// Layout scenes call `observe` with the replay at frame 0 and after every step, so one
    /// replay can feed a recording and another recorder (the tuning page's metrics).
    public static func record(
        _ scenario: Scenario, items: Scenario.ItemSelection = .visible, every: Int = 1,
        observe: (Replay) -> Void = { _ in }
    ) throws(ReplayError) -> RenderRecording {
        precondition(every >= 1, "every must be at least 1")
        if scenario.layoutScene == nil { return try recordWorld(scenario, items: items, every: every) }
        var replay = Replay(scenario)
        var builder = Builder(layout: replay.dynamics.layoutAttributes)
        var frames: [RenderFrame] = []
        frames.append(builder.frame(of: replay, items: items))
        observe(replay)
        while !replay.isFinished {
            try replay.advance()
            observe(replay)
            if replay.frame % every == 0 { frames.append(builder.frame(of: replay, items: items)) }
        }
        let (elements, drawnFrames) = builder.inDrawingOrder(frames)
        return RenderRecording(
            name: scenario.name, description: scenario.description, hz: scenario.clock.hz, every: every,
            viewport: replay.scene.viewport, contentSize: replay.scene.layout.contentSize,
            elements: elements, frames: drawnFrames, events: scenario.events.map(RenderEvent.init))
    }

    /// Assigns table slots to layout elements in the order they first appear. Cells are keyed by
    /// item identity (labelled with the index path they first had), other elements by key, so
    /// data-source updates keep every cell on its own track.
    private struct Builder {
        var slots: [ElementKey: Int] = [:]
        /// Cells by item identity, so a cell keeps its slot when updates change its index path.
        var cellSlots: [Int: Int] = [:]
        var elements: [RenderElement] = []
        /// The layout zIndex of each entry of `elements`.
        var zIndex: [Int] = []

        init(layout: [LayoutAttributes]) {}

        mutating func frame(of replay: Replay, items: Scenario.ItemSelection) -> RenderFrame {
            let dynamics = replay.dynamics
            let layout = dynamics.layoutAttributes
            var sprung = [Bool](repeating: false, count: layout.count)
            for i in dynamics.sprungIndices { sprung[i] = true }
            let indices = replay.displayedIndices(items: items)
            var placements: [Placement] = []
            placements.reserveCapacity(indices.count)
            for i in indices {
                let a = replay.displayedAttributes(at: i)
                let anchor = sprung[i] ? dynamics.springAnchor(of: i) : nil
                let id = layout[i].key.kind == .cell ? replay.list.ids[layout[i].key.section][layout[i].key.item] : nil
                placements.append(Placement(element: slot(for: layout[i], id: id), center: a.center, angle: a.angle, anchor: anchor))
            }
            let scroll = replay.scroll
            return RenderFrame(
                index: replay.frame, contentOffset: scroll.contentOffset,
                touch: scroll.isTouching ? scroll.touchLocation : nil, placements: placements)
        }

        /// The element table in drawing order, and `frames` renumbered to match: decorations under
        /// everything else (UIKit draws decoration views behind cells), then cells and supplementary
        /// views by zIndex (pinned headers, 1024, over cells); first appearance breaks ties. Players
        /// draw elements in table order; with every zIndex 0 and no decorations nothing moves.
        func inDrawingOrder(_ frames: [RenderFrame]) -> ([RenderElement], [RenderFrame]) {
            func layer(_ i: Int) -> (Int, Int) { (elements[i].kind == .decoration ? 0 : 1, zIndex[i]) }
            let order = elements.indices.sorted { a, b in layer(a) != layer(b) ? layer(a) < layer(b) : a < b }
            if order == Array(elements.indices) { return (elements, frames) }
            var newSlot = Array(repeating: 0, count: order.count)
            for (position, old) in order.enumerated() { newSlot[old] = position }
            let renumbered = frames.map { frame in
                var frame = frame
                for p in frame.placements.indices { frame.placements[p].element = newSlot[frame.placements[p].element] }
                return frame
            }
            return (order.map { elements[$0] }, renumbered)
        }

        mutating func slot(for a: LayoutAttributes, id: Int?) -> Int {
            if let id, let s = cellSlots[id] { return s }
            if id == nil, let s = slots[a.key] { return s }
            elements.append(RenderElement(
                kind: RowKind(a.key.kind), section: a.key.section, item: a.key.item, size: a.frame.size, rest: a.center,
                alpha: a.alpha))
            zIndex.append(a.zIndex)
            if let id { cellSlots[id] = elements.count - 1 } else { slots[a.key] = elements.count - 1 }
            return elements.count - 1
        }
    }
}

extension RenderEvent {
    init(_ event: ScenarioEvent) {
        self.init(frame: event.frame, label: event.action.label)
    }
}

extension ScenarioEvent.Action {
    /// The event's `type` as written in scenario files.
    var label: String {
        switch self {
        case .touchDown: "touchDown"
        case .drag: "drag"
        case .touchUp: "touchUp"
        case .scroll: "scroll"
        case .scrollTo: "scrollTo"
        case .fling: "fling"
        case .set(let path, _): "set \(path)"
        case .addBehavior: "addBehavior"
        case .removeBehavior: "removeBehavior"
        case .replaceBehavior: "set behavior"
        case .update(let update, _):
            update.moves.isEmpty && update.inserts.isEmpty ? "delete"
                : update.moves.isEmpty && update.deletes.isEmpty ? "insert"
                : update.inserts.isEmpty && update.deletes.isEmpty && update.moves.count == 1 ? "move" : "batch"
        case .beginMove: "beginMove"
        case .updateMove: "updateMove"
        case .endMove: "endMove"
        case .cancelMove: "cancelMove"
        }
    }
}
