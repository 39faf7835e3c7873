import TetherLayout
import TetherPhysics
import TetherScenario

/// What a picture of a world scene draws besides the items: the reference bounds as the stage,
/// the collision boundaries, the attachments and the points where contacts began.
public struct WorldLayer: Sendable {
    /// A collision boundary (a fixed segment); `name` is nil for the reference bounds' edges.
    public struct Boundary: Sendable, Hashable {
        public var name: String?
        public var from: Vec2
        public var to: Vec2

        public init(name: String?, from: Vec2, to: Vec2) {
            self.name = name
            self.from = from
            self.to = to
        }
    }

    /// An attachment (or snap) in one frame: a line between its end points.
    public struct Attachment: Sendable, Hashable {
        /// Identifies the attachment across frames (the joint id).
        public var key: Int
        public var from: Vec2
        public var to: Vec2

        public init(key: Int, from: Vec2, to: Vec2) {
            self.key = key
            self.from = from
            self.to = to
        }
    }

    /// Where a contact began, drawn for `contactFrames` frames from `frame`.
    public struct ContactMark: Sendable, Hashable {
        public var frame: Int
        public var point: Vec2

        public init(frame: Int, point: Vec2) {
            self.frame = frame
            self.point = point
        }
    }

    /// The world layer of one recorded frame.
    public struct Frame: Sendable, Hashable {
        /// Indices into `boundaries` of the boundaries present in this frame.
        public var boundaries: [Int]
        public var attachments: [Attachment]
        public var contacts: [ContactMark]

        public init(boundaries: [Int], attachments: [Attachment], contacts: [ContactMark]) {
            self.boundaries = boundaries
            self.attachments = attachments
            self.contacts = contacts
        }
    }

    /// How many frames a contact point stays drawn after its `began` event.
    public static let contactFrames = 12

    /// The reference bounds.
    public var bounds: Rect
    /// What the picture shows: the bounds and everything drawn outside them, at most half the
    /// bounds' larger side beyond them.
    public var extent: Rect
    /// Every boundary that exists in some recorded frame, in creation order.
    public var boundaries: [Boundary]
    /// Parallel to the recording's frames.
    public var frames: [Frame]

    public init(bounds: Rect, extent: Rect, boundaries: [Boundary], frames: [Frame]) {
        self.bounds = bounds
        self.extent = extent
        self.boundaries = boundaries
        self.frames = frames
    }
}

extension RenderRecording {
    /// A world scene: items are the `item` rows `tether run --items …` prints, drawn rotated at
    /// their centers, on a stage that is the reference bounds.
    static func recordWorld(_ scenario: Scenario, items: Scenario.ItemSelection, every: Int) throws(ReplayError) -> RenderRecording {
        var replay = WorldReplay(scenario)
        let scene = replay.scene
        let bounds = Rect(x: scene.bounds.origin.x, y: scene.bounds.origin.y, width: scene.bounds.size.x, height: scene.bounds.size.y)
        let elements = scene.items.enumerated().map { i, item in
            RenderElement(
                kind: .item, section: 0, item: i, size: Size(width: item.size.x, height: item.size.y), rest: item.center,
                label: item.id, shape: item.shape)
        }
        var boundaries: [WorldLayer.Boundary] = []
        var boundarySlot: [Int: Int] = [:]
        var recentContacts: [WorldLayer.ContactMark] = []
        var frames: [RenderFrame] = []
        var worldFrames: [WorldLayer.Frame] = []
        var box = Box(bounds)

        func capture(_ replay: WorldReplay) {
            let record = replay.frameRecord(items: items)
            let placements = record.rows.map { row in Placement(element: row.item, center: row.center, angle: row.angle) }
            for row in record.rows {
                box.add(row.center, radius: 0.5 * (row.size.width * row.size.width + row.size.height * row.size.height).squareRoot())
            }
            frames.append(RenderFrame(index: replay.frame, contentOffset: .zero, placements: placements))
            var present: [Int] = []
            for b in replay.animator.boundaryDrawings {
                let slot: Int
                if let known = boundarySlot[b.key] {
                    slot = known
                } else {
                    slot = boundaries.count
                    boundaries.append(WorldLayer.Boundary(name: b.name, from: b.from, to: b.to))
                    boundarySlot[b.key] = slot
                    box.add(b.from, radius: 0)
                    box.add(b.to, radius: 0)
                }
                present.append(slot)
            }
            let attachments = replay.animator.attachmentDrawings.map { a in
                box.add(a.from, radius: 0)
                box.add(a.to, radius: 0)
                return WorldLayer.Attachment(key: a.key, from: a.from, to: a.to)
            }
            let shown = recentContacts.filter { replay.frame - $0.frame < WorldLayer.contactFrames }
            worldFrames.append(WorldLayer.Frame(boundaries: present, attachments: attachments, contacts: shown))
        }

        capture(replay)
        while !replay.isFinished {
            try replay.advance()
            recentContacts.removeAll { replay.frame - $0.frame >= WorldLayer.contactFrames }
            for event in replay.contactEvents where event.phase == .began {
                if let point = event.point { recentContacts.append(WorldLayer.ContactMark(frame: replay.frame, point: point)) }
            }
            if replay.frame % every == 0 { capture(replay) }
        }
        let reach = 0.5 * max(bounds.size.width, bounds.size.height)
        let limit = bounds.outset(by: reach)
        let x0 = max(box.minX, limit.minX), y0 = max(box.minY, limit.minY)
        let x1 = min(box.maxX, limit.maxX), y1 = min(box.maxY, limit.maxY)
        let extent = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return RenderRecording(
            name: scenario.name, description: scenario.description, hz: scenario.clock.hz, every: every,
            viewport: bounds.size, contentSize: bounds.size, elements: elements, frames: frames,
            events: scenario.events.map(RenderEvent.init),
            world: WorldLayer(bounds: bounds, extent: extent, boundaries: boundaries, frames: worldFrames))
    }

    /// A growing axis-aligned box (only finite points count).
    private struct Box {
        var minX, minY, maxX, maxY: Double

        init(_ r: Rect) {
            (minX, minY, maxX, maxY) = (r.minX, r.minY, r.maxX, r.maxY)
        }

        mutating func add(_ p: Vec2, radius: Double) {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = Swift.min(minX, p.x - radius)
            minY = Swift.min(minY, p.y - radius)
            maxX = Swift.max(maxX, p.x + radius)
            maxY = Swift.max(maxY, p.y + radius)
        }
    }
}
