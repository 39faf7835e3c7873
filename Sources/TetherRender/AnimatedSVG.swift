import TetherLayout
import TetherPhysics
import TetherScenario

/// An animated SVG of a recording, small enough for a README: SMIL, no script.
///
/// Every element of the table is a `<g data-key="cell 0.12">` (a rect and its label) drawn at
/// its resting place and moved by one `<animateTransform type="translate">` holding its
/// displacement from rest. Positions are simplified before they are written: a frame is kept
/// only where straight-line interpolation from the last kept frame would miss some frame by
/// more than `tolerance` points (linear `calcMode` with `keyTimes`), so a cell at rest costs
/// nothing per frame. Visibility (drawn in that frame or not) is a discrete `<animate>` with
/// the frames where it changes. The content offset moves one group the same way, and the
/// finger is a circle. The loop lasts as long as the run, at the scenario's clock.
///
/// A world scene shows its reference bounds (and what lies around them, unclipped): boundaries
/// as lines (hidden while their behavior is not in the animator), attachments as lines whose
/// ends move, and a dot at each point where a contact began, visible for a few frames.
public enum AnimatedSVG {
    public struct Options: Sendable {
        /// Largest distance, in points, between a drawn position and the recorded one.
        public var tolerance: Double
        /// Decimals of positions.
        public var decimals: Int

        public init(tolerance: Double = 0.25, decimals: Int = 1) {
            self.tolerance = tolerance
            self.decimals = decimals
        }
    }

    public static func document(_ r: RenderRecording, options: Options = Options()) -> [UInt8] {
        let margin = 8.0
        let w = r.viewport.width, h = r.viewport.height
        let frames = r.frames
        let count = frames.count
        let firstIndex = frames.first?.index ?? 0
        let lastIndex = max(frames.last?.index ?? 0, firstIndex + 1)
        let timeline = Timeline(frames: frames.map(\.index), first: firstIndex, last: lastIndex)
        let duration = Double(lastIndex - firstIndex) / Double(r.hz)

        // A world scene shows its reference bounds and whatever is drawn around them, unclipped.
        let stage = r.world?.bounds ?? Rect(x: 0, y: 0, width: w, height: h)
        let extent = r.world?.extent ?? stage
        var m = Markup()
        m.text("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"")
        m.number(extent.minX - margin, 2); m.text(" "); m.number(extent.minY - margin, 2); m.text(" ")
        m.number(extent.size.width + 2 * margin, 2); m.text(" "); m.number(extent.size.height + 2 * margin, 2)
        m.text("\" width=\""); m.number(extent.size.width + 2 * margin, 2)
        m.text("\" height=\""); m.number(extent.size.height + 2 * margin, 2)
        m.text("\" data-frames=\""); m.integer(count)
        m.text("\" data-elements=\""); m.integer(r.elements.count)
        m.text("\" data-hz=\""); m.integer(r.hz)
        m.text("\" data-every=\""); m.integer(r.every)
        m.line("\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\">")
        m.line("<title>\(XMLText.escaped(r.name)) (tether)</title>")
        // Overlapping elements stay apart: each is outlined, and its label, near its top edge
        // (where a card in a stack stays visible), is dark on a white halo over any fill.
        m.line("<style>g[data-key]>rect{stroke:#1f1f1f;stroke-opacity:.55}text{fill:#1a1a1a;stroke:#fff;stroke-width:3px;stroke-linejoin:round;paint-order:stroke;font-weight:600}</style>")
        m.text("<defs><clipPath id=\"viewport\"><rect width=\""); m.number(w, 2)
        m.text("\" height=\""); m.number(h, 2); m.line("\"/></clipPath></defs>")
        m.text("<rect")
        if r.world != nil {
            m.text(" x=\""); m.number(stage.minX, 2); m.text("\" y=\""); m.number(stage.minY, 2); m.text("\"")
        }
        m.text(" width=\""); m.number(w, 2); m.text("\" height=\""); m.number(h, 2)
        m.line("\" fill=\"#fff\" stroke=\"#888\"/>")
        m.line(r.world == nil ? "<g clip-path=\"url(#viewport)\">" : "<g>")

        // The content group: moved by minus the content offset.
        m.line("<g class=\"content\">")
        let offsets = frames.map { Vec2(-$0.contentOffset.x, -$0.contentOffset.y) }
        writeTranslate(
            points: offsets, known: Array(repeating: true, count: count),
            timeline: timeline, duration: duration, options: options, into: &m)

        if let world = r.world {
            writeBoundaries(world, timeline: timeline, duration: duration, into: &m)
            writeAttachments(world, timeline: timeline, duration: duration, options: options, into: &m)
        }

        // Where each element is in each frame (nil: not drawn).
        var positions = Array(repeating: [Vec2?](repeating: nil, count: count), count: r.elements.count)
        var angles = Array(repeating: [Double](repeating: 0, count: count), count: r.elements.count)
        var rotates = Array(repeating: false, count: r.elements.count)
        for (f, frame) in frames.enumerated() {
            for p in frame.placements {
                positions[p.element][f] = p.center
                angles[p.element][f] = p.angle
                if p.angle != 0 { rotates[p.element] = true }
            }
        }
        for (slot, element) in r.elements.enumerated() {
            let track = positions[slot]
            guard track.contains(where: { $0 != nil }) else { continue }
            let fill = Palette.fill(element)
            m.text("<g data-key=\"\(XMLText.escaped(element.key))\" fill=\"\(fill)\"")
            if element.alpha < 1 { m.text(" opacity=\""); m.number(element.alpha, 3); m.text("\"") }
            if track[0] == nil { m.text(" visibility=\"hidden\"") }
            m.line(">")
            m.text("<rect x=\""); m.number(element.rest.x - element.size.width / 2, 2)
            m.text("\" y=\""); m.number(element.rest.y - element.size.height / 2, 2)
            m.text("\" width=\""); m.number(element.size.width, 2)
            m.text("\" height=\""); m.number(element.size.height, 2)
            if element.shape == .ellipse {
                m.text("\" rx=\""); m.number(element.size.width / 2, 2)
                m.text("\" ry=\""); m.number(element.size.height / 2, 2); m.line("\"/>")
            } else {
                m.line("\" rx=\"3\"/>")
            }
            if element.size.height >= 12 && element.size.width >= 12 {
                m.text("<text x=\""); m.number(element.rest.x, 2)
                m.text("\" y=\""); m.number(labelBaseline(element), 2)
                m.text("\">")
                m.text(XMLText.escaped(element.caption))
                m.line("</text>")
            }
            // Displacement from rest; frames where it is not drawn are free.
            let known = track.map { $0 != nil }
            let points = track.map { ($0 ?? element.rest) - element.rest }
            writeTranslate(
                points: points, known: known, timeline: timeline, duration: duration, options: options, into: &m)
            if rotates[slot] {
                writeRotate(angles[slot], known: known, around: element.rest, timeline: timeline, duration: duration, into: &m)
            }
            writeVisibility(known, timeline: timeline, duration: duration, into: &m)
            m.line("</g>")
        }

        if let world = r.world { writeContacts(world, timeline: timeline, duration: duration, into: &m) }

        // The finger, in content coordinates.
        let touches = frames.map { $0.touch }
        if let firstTouch = touches.firstIndex(where: { $0 != nil }) {
            let at = touches[firstTouch]!
            m.text("<circle cx=\"0\" cy=\"0\" r=\"22\" fill=\"#2a5ad8\" fill-opacity=\"0.25\" stroke=\"#2a5ad8\"")
            if touches[0] == nil { m.text(" visibility=\"hidden\"") }
            m.line(">")
            let known = touches.map { $0 != nil }
            writeTranslate(
                points: touches.map { $0 ?? at }, known: known, timeline: timeline, duration: duration,
                options: options, into: &m)
            writeVisibility(known, timeline: timeline, duration: duration, into: &m)
            m.line("</circle>")
        }
        m.line("</g>")
        m.line("</g>")
        m.line("</svg>")
        return m.bytes
    }

    // MARK: World scenes

    /// Boundaries as lines, hidden in the frames where their behavior is not in the animator.
    private static func writeBoundaries(_ world: WorldLayer, timeline: Timeline, duration: Double, into m: inout Markup) {
        guard !world.boundaries.isEmpty else { return }
        var present = Array(repeating: [Bool](repeating: false, count: world.frames.count), count: world.boundaries.count)
        for (f, frame) in world.frames.enumerated() {
            for b in frame.boundaries { present[b][f] = true }
        }
        m.line("<g class=\"boundaries\" stroke=\"#222\" stroke-width=\"2\" stroke-linecap=\"round\">")
        for (i, b) in world.boundaries.enumerated() {
            m.text("<line data-key=\"boundary \(XMLText.escaped(b.name ?? "(bounds)"))\" x1=\""); m.number(b.from.x, 2)
            m.text("\" y1=\""); m.number(b.from.y, 2); m.text("\" x2=\""); m.number(b.to.x, 2)
            m.text("\" y2=\""); m.number(b.to.y, 2); m.text("\"")
            if !present[i].contains(false) {
                m.line("/>")
                continue
            }
            if present[i].first != true { m.text(" visibility=\"hidden\"") }
            m.line(">")
            writeVisibility(present[i], timeline: timeline, duration: duration, into: &m)
            m.line("</line>")
        }
        m.line("</g>")
    }

    /// Attachments as lines whose ends move (each end simplified like an element's position).
    private static func writeAttachments(
        _ world: WorldLayer, timeline: Timeline, duration: Double, options: Options, into m: inout Markup
    ) {
        var keys: [Int] = []
        for frame in world.frames {
            for a in frame.attachments where !keys.contains(a.key) { keys.append(a.key) }
        }
        guard !keys.isEmpty else { return }
        let count = world.frames.count
        m.line("<g class=\"attachments\" stroke=\"#333\" stroke-width=\"1.5\" stroke-opacity=\"0.7\">")
        for key in keys {
            let track = world.frames.map { frame in frame.attachments.first { $0.key == key } }
            let known = track.map { $0 != nil }
            guard let first = track.first(where: { $0 != nil }) ?? nil else { continue }
            let from = track.map { $0?.from ?? first.from }
            let to = track.map { $0?.to ?? first.to }
            m.text("<line data-key=\"attachment \(key)\" x1=\""); m.number(first.from.x, options.decimals)
            m.text("\" y1=\""); m.number(first.from.y, options.decimals); m.text("\" x2=\""); m.number(first.to.x, options.decimals)
            m.text("\" y2=\""); m.number(first.to.y, options.decimals); m.text("\"")
            if track[0] == nil { m.text(" visibility=\"hidden\"") }
            m.line(">")
            // Each end moves on its own (an end held at a fixed anchor costs nothing).
            for (names, points) in [(("x1", "y1"), from), (("x2", "y2"), to)] {
                let kept = simplify(points, known: known, tolerance: options.tolerance)
                guard kept.count > 1, kept.contains(where: { points[$0] != points[kept[0]] }) else { continue }
                var frames = kept
                if frames[0] != 0 { frames.insert(0, at: 0) }
                if frames[frames.count - 1] != count - 1 { frames.append(count - 1) }
                let clamp = { (f: Int) -> Int in f < kept[0] ? kept[0] : (f > kept[kept.count - 1] ? kept[kept.count - 1] : f) }
                let times = frames.map { timeline.keyTimes[$0] }.joined(separator: ";")
                for (name, x) in [(names.0, true), (names.1, false)] {
                    m.text("<animate attributeName=\"\(name)\" dur=\""); m.number(duration, 3)
                    m.text("s\" repeatCount=\"indefinite\" keyTimes=\"\(times)\" values=\"")
                    for (i, f) in frames.enumerated() {
                        if i > 0 { m.text(";") }
                        let p = points[clamp(f)]
                        m.number(x ? p.x : p.y, options.decimals)
                    }
                    m.line("\"/>")
                }
            }
            writeVisibility(known, timeline: timeline, duration: duration, into: &m)
            m.line("</line>")
        }
        m.line("</g>")
    }

    /// A red dot at each point where a contact began, shown for the frames that draw it.
    private static func writeContacts(_ world: WorldLayer, timeline: Timeline, duration: Double, into m: inout Markup) {
        var marks: [WorldLayer.ContactMark] = []
        var shown: [[Bool]] = []
        for (f, frame) in world.frames.enumerated() {
            for c in frame.contacts {
                let i: Int
                if let known = marks.lastIndex(of: c) {
                    i = known
                } else {
                    marks.append(c)
                    shown.append(Array(repeating: false, count: world.frames.count))
                    i = marks.count - 1
                }
                shown[i][f] = true
            }
        }
        guard !marks.isEmpty else { return }
        m.line("<g class=\"contacts\" fill=\"#d00\" stroke=\"#fff\">")
        for (i, c) in marks.enumerated() {
            m.text("<circle r=\"4\" cx=\""); m.number(c.point.x, 1); m.text("\" cy=\""); m.number(c.point.y, 1); m.text("\"")
            if !shown[i][0] { m.text(" visibility=\"hidden\"") }
            m.line(">")
            writeVisibility(shown[i], timeline: timeline, duration: duration, into: &m)
            m.line("</circle>")
        }
        m.line("</g>")
    }

    /// Recorded frame positions as key times in [0, 1], exact to enough decimals to stay increasing.
    struct Timeline {
        var keyTimes: [String]

        init(frames: [Int], first: Int, last: Int) {
            var decimals = 2
            var n = last - first
            while n > 0 {
                decimals += 1
                n /= 10
            }
            keyTimes = frames.map { fmt(Double($0 - first) / Double(last - first), decimals) }
            if let lastTime = keyTimes.indices.last, frames.count > 1 { keyTimes[lastTime] = "1" }
        }
    }

    /// Frames to keep so that linear interpolation between kept frames stays within
    /// `tolerance` of every known point. Greedy: from each kept frame, reach as far as possible
    /// (at most `maxSpan` frames, which bounds the work).
    static func simplify(_ points: [Vec2], known: [Bool], tolerance: Double, maxSpan: Int = 240) -> [Int] {
        let candidates = points.indices.filter { known[$0] }
        guard candidates.count > 2 else { return candidates }
        var kept = [candidates[0]]
        var i = 0
        while i < candidates.count - 1 {
            var best = i + 1
            var k = i + 2
            while k < candidates.count && candidates[k] - candidates[i] <= maxSpan {
                if fits(points, candidates, from: i, to: k, tolerance: tolerance) { best = k } else { break }
                k += 1
            }
            // A run of equal values needs only its ends.
            if kept.count >= 2, points[kept[kept.count - 2]] == points[kept[kept.count - 1]],
               points[kept[kept.count - 1]] == points[candidates[best]] {
                kept.removeLast()
            }
            kept.append(candidates[best])
            i = best
        }
        return kept
    }

    private static func fits(_ points: [Vec2], _ frames: [Int], from i: Int, to k: Int, tolerance: Double) -> Bool {
        let a = points[frames[i]], b = points[frames[k]]
        let t0 = Double(frames[i]), span = Double(frames[k] - frames[i])
        for j in (i + 1)..<k {
            let s = (Double(frames[j]) - t0) / span
            let p = a + (b - a) * s
            let d = points[frames[j]] - p
            if d.x * d.x + d.y * d.y > tolerance * tolerance { return false }
        }
        return true
    }

    /// A translate animation through the kept frames (a static `transform` if nothing moves).
    private static func writeTranslate(
        points: [Vec2], known: [Bool], timeline: Timeline, duration: Double, options: Options,
        into m: inout Markup
    ) {
        let kept = simplify(points, known: known, tolerance: options.tolerance)
        let moves = kept.contains { points[$0] != points[kept[0]] }
        guard moves, kept.count > 1 else {
            if let first = kept.first, points[first] != .zero {
                // Constant: a one-value animation that holds.
                m.text("<animateTransform attributeName=\"transform\" type=\"translate\" values=\"")
                m.number(points[first].x, options.decimals); m.text(","); m.number(points[first].y, options.decimals)
                m.line("\" dur=\"1s\" fill=\"freeze\"/>")
            }
            return
        }
        // Held before the first and after the last known frame.
        var frames = kept
        if frames[0] != 0 { frames.insert(0, at: 0) }
        if frames[frames.count - 1] != points.count - 1 { frames.append(points.count - 1) }
        let value = { (f: Int) -> Vec2 in points[f < kept[0] ? kept[0] : (f > kept[kept.count - 1] ? kept[kept.count - 1] : f)] }
        m.text("<animateTransform attributeName=\"transform\" type=\"translate\" dur=\"")
        m.number(duration, 3)
        m.text("s\" repeatCount=\"indefinite\" keyTimes=\"")
        for (i, f) in frames.enumerated() {
            if i > 0 { m.text(";") }
            m.text(timeline.keyTimes[f])
        }
        m.text("\" values=\"")
        for (i, f) in frames.enumerated() {
            if i > 0 { m.text(";") }
            let v = value(f)
            m.number(v.x, options.decimals); m.text(","); m.number(v.y, options.decimals)
        }
        m.line("\"/>")
    }

    private static func writeRotate(
        _ angles: [Double], known: [Bool], around center: Vec2, timeline: Timeline, duration: Double, into m: inout Markup
    ) {
        // Degrees through the same simplification (as 1-D points), 0.5° tolerance.
        let degrees = angles.map { Vec2($0 * 180 / Double.pi, 0) }
        var frames = simplify(degrees, known: known, tolerance: 0.5)
        guard !frames.isEmpty else { return }
        if frames[0] != 0 { frames.insert(0, at: 0) }
        if frames[frames.count - 1] != angles.count - 1 { frames.append(angles.count - 1) }
        m.text("<animateTransform attributeName=\"transform\" type=\"rotate\" additive=\"sum\" dur=\"")
        m.number(duration, 3)
        m.text("s\" repeatCount=\"indefinite\" keyTimes=\"")
        m.text(frames.map { timeline.keyTimes[$0] }.joined(separator: ";"))
        m.text("\" values=\"")
        for (i, f) in frames.enumerated() {
            if i > 0 { m.text(";") }
            m.number(degrees[f].x, 1); m.text(" "); m.number(center.x, 2); m.text(" "); m.number(center.y, 2)
        }
        m.line("\"/>")
    }

    /// Discrete visibility with a value at each change (nothing if always drawn).
    private static func writeVisibility(_ known: [Bool], timeline: Timeline, duration: Double, into m: inout Markup) {
        guard known.contains(false) else { return }
        var times: [String] = []
        var values: [String] = []
        for (f, shown) in known.enumerated() where f == 0 || shown != known[f - 1] {
            times.append(f == 0 ? "0" : timeline.keyTimes[f])
            values.append(shown ? "visible" : "hidden")
        }
        m.text("<animate attributeName=\"visibility\" calcMode=\"discrete\" dur=\"")
        m.number(duration, 3)
        m.line("s\" repeatCount=\"indefinite\" keyTimes=\"\(times.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\"/>")
    }
}

extension AnimatedSVG {
    /// Where an element's label sits (its baseline, 11 px text): a circle's in its middle, a
    /// rectangle's near its top edge — in a stack of overlapping cards only each card's top strip
    /// shows, and a label in the middle would be hidden under the next card. Small elements keep
    /// theirs in the middle.
    static func labelBaseline(_ element: RenderElement) -> Double {
        if element.shape == .ellipse { return element.rest.y + 4 }
        return element.rest.y - element.size.height / 2 + min(element.size.height / 2, 11) + 4
    }
}
