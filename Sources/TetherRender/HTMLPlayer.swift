/// The self-contained HTML player: one file, no network, no external scripts or fonts.
///
/// Each player is a `<section class="player">` holding its scene as JSON in
/// `<script type="application/json" class="tether-data">` and an SVG stage. The script (below,
/// `playerScript`) draws every element of the table once as `<rect data-key="cell 0.12">` plus
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
        if let heading { m.line("<h1>\(escapeXML(heading))</h1>") }
        for (index, (scene, extra)) in sections.enumerated() {
            section(scene, index: index, extra: extra, into: &m)
        }
        close(scripts: [drawingScript, playerScript], into: &m)
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
        m.line("<title>\(escapeXML(title))</title>")
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
        m.line("<h2>\(escapeXML(r.name))</h2>")
        if let d = r.description, !d.isEmpty { m.line("<p class=\"description\">\(escapeXML(d))</p>") }
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
        .stage .label { font: 11px sans-serif; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
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

    /// Drawing shared by the player and the tuning page (`tetherSVG`): SVG nodes are made once
    /// per element and moved by `placeNode`, which writes `x`, `y`, `data-cx`, `data-cy` and
    /// `display` as attributes (what the browser tests read back).
    static let drawingScript = #"""
        "use strict";
        const tetherSVG = (function () {
          const NS = "http://www.w3.org/2000/svg";
          const f2 = (v) => (Math.round(v * 100) / 100).toFixed(2);
          function make(tag, attributes, parent) {
            const node = document.createElementNS(NS, tag);
            for (const name in attributes) node.setAttribute(name, attributes[name]);
            if (parent) parent.appendChild(node);
            return node;
          }
          // Hides what a layer showed last ({nodes, shown: [slot]}, nodes {rect, label, spring}).
          function hideShown(layer) {
            for (const slot of layer.shown) {
              const n = layer.nodes[slot];
              n.rect.setAttribute("display", "none");
              n.label.setAttribute("display", "none");
              if (n.spring) n.spring.setAttribute("display", "none");
            }
            layer.shown = [];
          }
          // Draws node n (of size n.w × n.h) centred at (x, y), turned by angle degrees; its spring
          // line runs from the element's rest place (element[6], element[7]) when withSpring.
          function placeNode(n, element, x, y, angle, withSpring) {
            n.rect.setAttribute("x", f2(x - n.w / 2));
            n.rect.setAttribute("y", f2(y - n.h / 2));
            n.rect.setAttribute("data-cx", f2(x));
            n.rect.setAttribute("data-cy", f2(y));
            n.rect.setAttribute("display", "inline");
            if (angle) n.rect.setAttribute("transform", "rotate(" + angle + " " + f2(x) + " " + f2(y) + ")"); else n.rect.removeAttribute("transform");
            n.label.setAttribute("x", f2(x));
            n.label.setAttribute("y", f2(y));
            n.label.setAttribute("display", "inline");
            if (n.spring && withSpring) {
              n.spring.setAttribute("x1", element[6]); n.spring.setAttribute("y1", element[7]);
              n.spring.setAttribute("x2", f2(x)); n.spring.setAttribute("y2", f2(y));
              n.spring.setAttribute("display", "inline");
            }
          }
          return { NS, f2, make, hideShown, placeNode };
        })();

        """#

    /// The player's script: plain DOM and SVG, no libraries.
    static let playerScript = #"""
        "use strict";
        (function () {
          const { f2, make, hideShown, placeNode } = tetherSVG;
          const STRIDE = 5; // slot, x, y, angle (degrees), sprung — after 6 numbers per frame
          const MARGIN = 24;

          function player(root) {
            const data = JSON.parse(root.querySelector(".tether-data").textContent);
            const svg = root.querySelector(".stage");
            const [vw, vh] = data.viewport;
            // A world scene's stage is its reference bounds, in world coordinates, unclipped.
            const W = data.world;
            const [sx, sy] = W ? W.bounds : [0, 0];
            const [ex, ey, ew, eh] = W ? W.extent : [0, 0, vw, vh];
            svg.setAttribute("viewBox", [ex - MARGIN, ey - MARGIN, ew + 2 * MARGIN, eh + 2 * MARGIN].join(" "));
            svg.setAttribute("width", ew + 2 * MARGIN);
            const clipId = root.id + "-viewport";
            make("rect", { id: clipId, x: 0, y: 0, width: vw, height: vh }, make("clipPath", { id: clipId + "-clip" }, make("defs", {}, svg)));
            make("rect", { class: "screen", x: sx, y: sy, width: vw, height: vh, fill: "#fff", stroke: "#888" }, svg);
            const clipped = make("g", W ? {} : { "clip-path": "url(#" + clipId + "-clip)" }, svg);
            const content = make("g", { class: "content" }, clipped);
            const world = make("g", { class: "world" }, content); // world scenes: boundaries and contacts
            const springs = make("g", { class: "springs" }, content);
            const boundaryNodes = W ? W.boundaries.map(([x1, y1, x2, y2, name]) => {
              const line = make("line", { class: "boundary", "data-key": "boundary " + (name === null ? "(bounds)" : name), x1, y1, x2, y2, display: "none" }, world);
              make("title", {}, line).textContent = name === null ? "reference bounds" : "boundary " + name;
              return line;
            }) : [];
            const contactLayer = make("g", { class: "contacts" }, content);
            let attachmentNodes = [], contactNodes = [];
            const main = data.tracks.length - 1;
            // One drawing per element per track, created once and moved by showFrame.
            const tracks = data.tracks.map((track, t) => {
              const layer = make("g", { class: track.ghost ? "ghost" : "solid", "data-track": track.name }, content);
              const nodes = data.elements.map(([key, kind, section, item, w, h, , , fill, caption, shape, alpha]) => {
                const round = shape === "ellipse";
                const rect = make("rect", { "data-key": key, width: w, height: h, rx: round ? w / 2 : 3, ry: round ? h / 2 : 3, fill: fill, opacity: alpha, display: "none" }, layer);
                const label = make("text", { class: "label", display: "none", "font-size": Math.min(11, h * 0.5) }, layer);
                label.textContent = caption !== undefined ? caption : kind === "cell" ? String(item) : kind.charAt(0).toUpperCase() + section;
                const spring = t === main ? make("line", { class: "spring", "data-key": "spring " + key, display: "none" }, springs) : null;
                return { rect, label, spring, w, h };
              });
              return { frames: track.frames, nodes, shown: [], layer, ghost: track.ghost };
            });
            for (const track of tracks) if (track.ghost) content.appendChild(track.layer); // outlines over the run
            content.appendChild(contactLayer); // contact points over the items
            const touch = make("circle", { class: "touch", r: 22, fill: "rgba(40,90,220,.25)", stroke: "#2a5ad8", display: "none" }, content);
            const bar = make("rect", { class: "scroll-indicator", width: 3, rx: 1.5, fill: "rgba(0,0,0,.45)", display: "none" }, svg);

            const frameCount = tracks[main].frames.length;
            const slider = root.querySelector(".slider");
            const clock = root.querySelector(".clock");
            const playButton = root.querySelector(".play");
            const speed = root.querySelector(".speed");
            const springBox = root.querySelector(".springs");
            const eventBar = root.querySelector(".events");
            const lastIndex = tracks[main].frames[frameCount - 1][0] || 1;
            for (const [frame, label] of data.events) {
              const mark = document.createElement("span");
              mark.style.left = (100 * Math.min(frame / lastIndex, 1)) + "%";
              mark.title = "frame " + frame + ": " + label;
              eventBar.appendChild(mark);
            }

            let current = 0;
            function place(track, frame, highlighted, withSprings) {
              hideShown(track);
              if (!frame) return;
              for (let i = 6; i < frame.length; i += STRIDE) {
                const slot = frame[i];
                placeNode(track.nodes[slot], data.elements[slot], frame[i + 1], frame[i + 2], frame[i + 3], frame[i + 4] && withSprings);
                track.nodes[slot].rect.setAttribute("class", highlighted.has(slot) ? "highlight" : "");
                track.shown.push(slot);
              }
            }

            function showFrame(n) {
              n = Math.max(0, Math.min(frameCount - 1, Math.round(Number(n)) || 0));
              current = n;
              const frame = tracks[main].frames[n];
              const highlighted = new Set(data.highlights[n] || []);
              tracks.forEach((track, t) => place(track, track.frames[n], t === main ? highlighted : new Set(), t === main && springBox.checked));
              content.setAttribute("transform", "translate(" + f2(-frame[1]) + " " + f2(-frame[2]) + ")");
              if (frame[3]) {
                touch.setAttribute("cx", f2(frame[4])); touch.setAttribute("cy", f2(frame[5]));
                touch.setAttribute("display", "inline");
              } else {
                touch.setAttribute("display", "none");
              }
              const [cw, ch] = data.content;
              if (ch > vh) {
                const length = Math.max(12, vh * vh / ch);
                bar.setAttribute("x", vw - 5); bar.setAttribute("height", f2(length));
                bar.setAttribute("y", f2(Math.max(0, Math.min(vh - length, (vh - length) * frame[2] / (ch - vh)))));
                bar.setAttribute("display", "inline");
              } else if (cw > vw) {
                const length = Math.max(12, vw * vw / cw);
                bar.setAttribute("y", vh - 5); bar.setAttribute("height", 3); bar.setAttribute("width", f2(length));
                bar.setAttribute("x", f2(Math.max(0, Math.min(vw - length, (vw - length) * frame[1] / (cw - vw)))));
                bar.setAttribute("display", "inline");
              }
              if (W) drawWorld(W.frames[n], springBox.checked);
              svg.setAttribute("data-frame", frame[0]);
              slider.value = n;
              clock.textContent = "frame " + frame[0] + " · " + (frame[0] / data.hz).toFixed(3) + " s" + (W ? "" : " · offset " + f2(frame[1]) + ", " + f2(frame[2]));
            }

            // World scenes: boundaries present in the frame, attachments (with the springs box),
            // and the points of contacts that began in the last few frames.
            function drawWorld(layer, withAttachments) {
              const [present, links, points] = layer || [[], [], []];
              const on = new Set(present);
              boundaryNodes.forEach((line, i) => line.setAttribute("display", on.has(i) ? "inline" : "none"));
              const linkCount = withAttachments ? links.length / 5 : 0;
              while (attachmentNodes.length < linkCount) attachmentNodes.push(make("line", { class: "attachment" }, springs));
              attachmentNodes.forEach((line, i) => {
                if (i >= linkCount) { line.setAttribute("display", "none"); return; }
                const k = 5 * i;
                line.setAttribute("data-key", "attachment " + links[k]);
                line.setAttribute("x1", f2(links[k + 1])); line.setAttribute("y1", f2(links[k + 2]));
                line.setAttribute("x2", f2(links[k + 3])); line.setAttribute("y2", f2(links[k + 4]));
                line.setAttribute("display", "inline");
              });
              const pointCount = points.length / 2;
              while (contactNodes.length < pointCount) contactNodes.push(make("circle", { class: "contact", r: 4 }, contactLayer));
              contactNodes.forEach((dot, i) => {
                if (i >= pointCount) { dot.setAttribute("display", "none"); return; }
                dot.setAttribute("cx", f2(points[2 * i])); dot.setAttribute("cy", f2(points[2 * i + 1]));
                dot.setAttribute("display", "inline");
              });
            }

            // Playback at the scenario's clock: data.hz frames per second times the speed.
            let playing = false, position = 0, last = 0;
            function tick(now) {
              if (!playing) return;
              position += (now - last) / 1000 * data.hz * Number(speed.value) / data.every;
              last = now;
              if (position >= frameCount) position = 0;
              if (Math.floor(position) !== current) showFrame(Math.floor(position));
              requestAnimationFrame(tick);
            }
            function play(on) {
              playing = on;
              playButton.textContent = on ? "pause" : "play";
              if (on) { position = current; last = performance.now(); requestAnimationFrame(tick); }
            }
            function step(by) { play(false); showFrame(current + by); }

            playButton.addEventListener("click", () => play(!playing));
            root.querySelector(".back").addEventListener("click", () => step(-1));
            root.querySelector(".forward").addEventListener("click", () => step(1));
            slider.addEventListener("input", () => { play(false); showFrame(slider.value); });
            springBox.addEventListener("change", () => showFrame(current));
            const api = { frameCount, showFrame, play, step, root, startFrame: data.startFrame };
            root.addEventListener("pointerdown", () => { active = api; });
            return api;
          }

          const players = Array.from(document.querySelectorAll(".player")).map(player);
          let active = players[0];
          document.addEventListener("keydown", (event) => {
            if (!active || event.target.tagName === "SELECT" || event.target.tagName === "INPUT" && event.target.type !== "range") return;
            if (event.key === "ArrowLeft") active.step(-1);
            else if (event.key === "ArrowRight") active.step(1);
            else if (event.key === " ") active.play(active.root.querySelector(".play").textContent === "play");
            else return;
            event.preventDefault();
          });
          const requested = /(?:^#|&)frame=(\d+)/.exec(location.hash);
          players.forEach((p, i) => {
            const start = requested ? Number(requested[1]) : p.startFrame;
            if (start >= 0) { p.showFrame(start); } else { p.showFrame(0); if (i === 0) p.play(true); }
          });
          window.tether = players[0] ? { frameCount: players[0].frameCount, showFrame: players[0].showFrame, players } : { frameCount: 0, showFrame() {}, players };
        })();

        """#
}
