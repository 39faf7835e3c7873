import TetherLayout
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
        m.line("\"elements\": [")
        for (i, e) in r.elements.enumerated() {
            m.text("[\(jsonString(e.key)), \(jsonString(e.kind.rawValue)), ")
            m.integer(e.section); m.text(", "); m.integer(e.item); m.text(", ")
            m.number(e.size.width, 2); m.text(", "); m.number(e.size.height, 2); m.text(", ")
            m.number(e.rest.x, 2); m.text(", "); m.number(e.rest.y, 2)
            m.text(", \(jsonString(Palette.fill(e)))]")
            m.line(i == r.elements.count - 1 ? "" : ",")
        }
        m.line("],")
        m.text("\"events\": [")
        for (i, e) in r.events.enumerated() {
            if i > 0 { m.text(", ") }
            m.text("["); m.integer(e.frame); m.text(", \(jsonString(e.label))]")
        }
        m.line("],")
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
