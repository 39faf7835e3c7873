import TetherLayout
import TetherPhysics
import TetherScenario

/// One run drawn by the HTML player: a recording's frames, drawn solid or as a ghost.
public struct PlayerTrack: Sendable {
    public var name: String
    public var ghost: Bool
    public var frames: [RenderFrame]

    public init(name: String, ghost: Bool = false, frames: [RenderFrame]) {
        self.name = name
        self.ghost = ghost
        self.frames = frames
    }
}

/// What one player on a page shows. The last track is the main one: its frames set the
/// slider, the clock and the finger.
public struct PlayerScene: Sendable {
    public var recording: RenderRecording
    public var tracks: [PlayerTrack]
    /// Per frame of the main track: slots of elements drawn highlighted (check reports).
    public var highlights: [[Int]]
    /// Shown paused at this frame position when the page loads (otherwise it plays).
    public var startFrame: Int?

    public init(recording: RenderRecording, tracks: [PlayerTrack]? = nil, highlights: [[Int]] = [], startFrame: Int? = nil) {
        self.recording = recording
        self.tracks = tracks ?? [PlayerTrack(name: "run", frames: recording.frames)]
        self.highlights = highlights
        self.startFrame = startFrame
    }

    /// Values per placement in a frame array, after the frame's six header numbers.
    static let stride = 5

    /// The scene as one JSON object: the element table, the events, and per track one array of
    /// numbers per frame, each on its own line:
    ///
    ///     [frame, offsetX, offsetY, touching, touchX, touchY,  slot, x, y, angle°, sprung,  slot, …]
    ///
    /// Positions in points with 2 decimals (content coordinates); a sprung element's anchor
    /// is its layout center (`rest` in the table).
    func json() -> [UInt8] {
        let r = recording
        var m = Markup()
        m.line("{")
        m.line("\"name\": \(jsonString(r.name)),")
        m.line("\"description\": \(jsonString(r.description ?? "")),")
        m.text("\"hz\": "); m.integer(r.hz); m.line(",")
        m.text("\"every\": "); m.integer(r.every); m.line(",")
        m.text("\"viewport\": ["); m.number(r.viewport.width, 2); m.text(", "); m.number(r.viewport.height, 2); m.line("],")
        m.text("\"content\": ["); m.number(r.contentSize.width, 2); m.text(", "); m.number(r.contentSize.height, 2); m.line("],")
        m.text("\"startFrame\": "); m.integer(startFrame ?? -1); m.line(",")
        Self.appendElements(r.elements, to: &m)
        Self.appendEvents(r.events, to: &m)
        m.text("\"highlights\": [")
        for (i, slots) in highlights.enumerated() {
            if i > 0 { m.text(", ") }
            m.text("[")
            for (j, s) in slots.enumerated() {
                if j > 0 { m.text(",") }
                m.integer(s)
            }
            m.text("]")
        }
        m.line("],")
        if let world = r.world { Self.appendWorld(world, to: &m) }
        m.line("\"tracks\": [")
        for (t, track) in tracks.enumerated() {
            m.line("{\"name\": \(jsonString(track.name)), \"ghost\": \(track.ghost), \"frames\": [")
            for (i, frame) in track.frames.enumerated() {
                Self.appendFrame(frame, to: &m)
                m.line(i == track.frames.count - 1 ? "" : ",")
            }
            m.line(t == tracks.count - 1 ? "]}" : "]},")
        }
        m.line("]")
        m.text("}")
        return m.bytes
    }

    /// `"elements": [[key, kind, section, item, width, height, restX, restY, fill, caption, shape, alpha], …],`
    /// the element table every player script reads.
    static func appendElements(_ elements: [RenderElement], to m: inout Markup) {
        m.line("\"elements\": [")
        for (i, e) in elements.enumerated() {
            m.text("[\(jsonString(e.key)), \(jsonString(e.kind.rawValue)), ")
            m.integer(e.section); m.text(", "); m.integer(e.item); m.text(", ")
            m.number(e.size.width, 2); m.text(", "); m.number(e.size.height, 2); m.text(", ")
            m.number(e.rest.x, 2); m.text(", "); m.number(e.rest.y, 2)
            m.text(", \(jsonString(Palette.fill(e))), \(jsonString(e.caption)), \(jsonString(e.shape.rawValue)), ")
            m.number(e.alpha, 3); m.text("]")
            m.line(i == elements.count - 1 ? "" : ",")
        }
        m.line("],")
    }

    /// `"events": [[frame, label], …],` for the time axis.
    static func appendEvents(_ events: [RenderEvent], to m: inout Markup) {
        m.text("\"events\": [")
        for (i, e) in events.enumerated() {
            if i > 0 { m.text(", ") }
            m.text("["); m.integer(e.frame); m.text(", \(jsonString(e.label))]")
        }
        m.line("],")
    }

    /// A world scene's layer: the bounds and the drawn extent as `[x, y, width, height]`, the
    /// boundary table `[x1, y1, x2, y2, name]` (name null for the bounds' edges), and per frame
    /// of the main track `[[boundary, …], [key, x1, y1, x2, y2, …], [x, y, …]]`: the boundaries
    /// present, the attachments' end points, the points of contacts that began recently.
    static func appendWorld(_ world: WorldLayer, to m: inout Markup) {
        func rect(_ r: Rect) {
            m.text("["); m.number(r.minX, 2); m.text(", "); m.number(r.minY, 2); m.text(", ")
            m.number(r.size.width, 2); m.text(", "); m.number(r.size.height, 2); m.text("]")
        }
        m.line("\"world\": {")
        m.text("\"bounds\": "); rect(world.bounds); m.line(",")
        m.text("\"extent\": "); rect(world.extent); m.line(",")
        m.text("\"boundaries\": [")
        for (i, b) in world.boundaries.enumerated() {
            if i > 0 { m.text(", ") }
            m.text("["); m.number(b.from.x, 2); m.text(","); m.number(b.from.y, 2); m.text(",")
            m.number(b.to.x, 2); m.text(","); m.number(b.to.y, 2); m.text(",")
            m.text(b.name.map(jsonString) ?? "null"); m.text("]")
        }
        m.line("],")
        m.line("\"frames\": [")
        for (i, frame) in world.frames.enumerated() {
            m.text("[[")
            for (j, b) in frame.boundaries.enumerated() {
                if j > 0 { m.text(",") }
                m.integer(b)
            }
            m.text("],[")
            for (j, a) in frame.attachments.enumerated() {
                if j > 0 { m.text(",") }
                m.integer(a.key); m.text(",")
                m.number(a.from.x, 2); m.text(","); m.number(a.from.y, 2); m.text(",")
                m.number(a.to.x, 2); m.text(","); m.number(a.to.y, 2)
            }
            m.text("],[")
            for (j, c) in frame.contacts.enumerated() {
                if j > 0 { m.text(",") }
                m.number(c.point.x, 2); m.text(","); m.number(c.point.y, 2)
            }
            m.text("]]")
            m.line(i == world.frames.count - 1 ? "" : ",")
        }
        m.line("]")
        m.line("},")
    }

    static func appendFrame(_ frame: RenderFrame, to m: inout Markup) {
        m.text("[")
        m.integer(frame.index); m.text(",")
        m.number(frame.contentOffset.x, 2); m.text(",")
        m.number(frame.contentOffset.y, 2); m.text(",")
        if let touch = frame.touch {
            m.text("1,"); m.number(touch.x, 2); m.text(","); m.number(touch.y, 2)
        } else {
            m.text("0,0,0")
        }
        for p in frame.placements {
            m.text(",")
            m.integer(p.element); m.text(",")
            m.number(p.center.x, 2); m.text(",")
            m.number(p.center.y, 2); m.text(",")
            m.number(p.angle * 180 / Double.pi, 2); m.text(",")
            m.text(p.anchor == nil ? "0" : "1")
        }
        m.text("]")
    }
}
