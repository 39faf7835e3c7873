import TetherScenario

/// The self-contained HTML player: one file, no network, no external scripts or fonts.
///
/// Each player is a `<section class="player">` holding its scene as JSON in
/// `<script type="application/json" class="tether-data">` and an SVG stage. The script
/// (`Scripts/player.js`, over the drawing helpers of `Scripts/drawing.js`) draws every element of the table once as `<rect data-key="cell 0.12">` plus
/// a label and a spring line, and `showFrame(n)` moves them: `x`, `y` (top-left corner, content
/// coordinates), `data-cx`, `data-cy` (center) and `display` are written as attributes, so a
/// dumped DOM says where everything is. `window.tether = {frameCount, showFrame, players}` is
/// the first player; `#frame=N` in the URL (or `--start-frame`) shows frame position N paused.
/// A world scene (`data.world`) is drawn in world coordinates on its reference bounds, unclipped,
/// with its boundaries, attachments (toggled by the springs checkbox) and recent contact points
/// in the `world`, `springs` and `contacts` layers.
public enum HTMLPlayer {
    /// A page with one player.
    public static func document(_ scene: PlayerScene) -> [UInt8] {
        page(title: scene.recording.name, sections: [(scene, nil)])
    }

    /// A page with one player per scene, each followed by optional extra HTML (a plot, notes).
    public static func page(title: String, heading: String? = nil, sections: [(PlayerScene, String?)]) -> [UInt8] {
        var m = Markup()
        open(title: title, style: style, into: &m)
        if let heading { m.line("<h1>\(XMLText.escaped(heading))</h1>") }
        for (index, (scene, extra)) in sections.enumerated() {
            section(scene, index: index, extra: extra, into: &m)
        }
        close(scripts: [PageScripts.drawing, PageScripts.player], into: &m)
        return m.bytes
    }

    /// A page's start, up to and including `<body>`: no network, one inline style sheet.
    static func open(title: String, style: String, into m: inout Markup) {
        m.line("<!DOCTYPE html>")
        m.line("<html lang=\"en\">")
        m.line("<head>")
        m.line("<meta charset=\"utf-8\">")
        m.line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        m.line("<meta name=\"generator\" content=\"tether\">")
        m.line("<title>\(XMLText.escaped(title))</title>")
        m.line("<style>")
        m.text(style)
        m.line("</style>")
        m.line("</head>")
        m.line("<body>")
    }

    /// A page's end: the scripts, inline, in order, then `</body></html>`.
    static func close(scripts: [String], into m: inout Markup) {
        m.line("<script>")
        for script in scripts { m.text(script) }
        m.line("</script>")
        m.line("</body>")
        m.line("</html>")
    }

    private static func section(_ scene: PlayerScene, index: Int, extra: String?, into m: inout Markup) {
        let r = scene.recording
        m.line("<section class=\"player\" id=\"player-\(index)\" tabindex=\"0\">")
        m.line("<h2>\(XMLText.escaped(r.name))</h2>")
        if let d = r.description, !d.isEmpty { m.line("<p class=\"description\">\(XMLText.escaped(d))</p>") }
        m.line("<div class=\"controls\">")
        m.line("<button type=\"button\" class=\"play\" title=\"play/pause (space)\">play</button>")
        m.line("<button type=\"button\" class=\"back\" title=\"previous frame (←)\">◀</button>")
        m.line("<button type=\"button\" class=\"forward\" title=\"next frame (→)\">▶</button>")
        m.line("<input type=\"range\" class=\"slider\" min=\"0\" max=\"\(max(0, (scene.tracks.last?.frames.count ?? 1) - 1))\" value=\"0\" aria-label=\"frame\">")
        m.line("<label>speed <select class=\"speed\"><option value=\"0.25\">0.25×</option><option value=\"0.5\">0.5×</option><option value=\"1\" selected>1×</option><option value=\"2\">2×</option></select></label>")
        m.line("<label><input type=\"checkbox\" class=\"springs\" checked> \(r.world == nil ? "springs" : "attachments")</label>")
        m.line("<output class=\"clock\">frame 0 · 0.000 s</output>")
        m.line("</div>")
        m.line("<div class=\"events\"></div>")
        m.line("<svg class=\"stage\" xmlns=\"http://www.w3.org/2000/svg\"></svg>")
        if let extra { m.line(extra) }
        m.text("<script type=\"application/json\" class=\"tether-data\">")
        m.append(scene.json())
        m.line("</script>")
        m.line("</section>")
    }

    static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; background: #fff; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin: 24px 0 4px; }
        .description { max-width: 60em; color: #555; margin: 0 0 8px; }
        .controls { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 6px 0; }
        .controls .slider { flex: 1 1 240px; }
        .clock { font-variant-numeric: tabular-nums; min-width: 14em; }
        .events { position: relative; height: 14px; margin: 0 0 6px; }
        .events span { position: absolute; top: 0; width: 2px; height: 12px; background: #c33; }
        .stage { display: block; max-height: 78vh; max-width: 100%; background: #eef0f3; }
        .stage .solid rect[data-key]:not(.highlight) { stroke: #1f1f1f; stroke-opacity: .55; }
        .stage .label { font: 600 11px sans-serif; fill: #1a1a1a; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; paint-order: stroke; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
        .stage .ghost rect { fill: none; stroke: #333; stroke-dasharray: 3 2; }
        .stage .ghost .label { display: none; }
        .stage rect.highlight { stroke: #d00; stroke-width: 3; }
        .stage .spring { stroke: #333; stroke-width: 1; opacity: .6; }
        .stage .boundary { stroke: #222; stroke-width: 2; stroke-linecap: round; }
        .stage .attachment { stroke: #333; stroke-width: 1.5; opacity: .7; }
        .stage .contact { fill: #d00; stroke: #fff; stroke-width: 1; }
        .player:focus { outline: none; }
        .plot { max-width: 100%; height: auto; }

        """
}
