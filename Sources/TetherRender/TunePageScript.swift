import TetherScenario

/// The tuning page's markup and style; its script is `Scripts/tune.js` (`PageScripts.tune`):
/// plain DOM and SVG, no libraries, no network.
///
/// The page draws each stage as the HTML player does: one `<rect data-key="cell 0.12">` per
/// element and layer with `x`, `y`, `data-cx`, `data-cy` and `display` written as attributes,
/// so a dumped DOM says where everything is. Layers are `<g data-track="B">` (the chosen point,
/// solid) and `<g data-track="A">` (the pinned point: solid on its own stage side by side, a
/// dashed ghost over B otherwise); each carries `data-point` (its grid index) and each stage
/// `data-frame`. `window.tune` exposes the state for debugging; everything can be done with
/// the controls, the keyboard or a finger.
enum TunePageScript {
    /// The static part of the page; the script fills in sliders, heatmap and texts from the data.
    static func body(title: String, description: String) -> String {
        """
        <header>
        <h1>Tuning \(XMLText.escaped(title))</h1>
        \(description.isEmpty ? "" : "<p class=\"description\">\(XMLText.escaped(description))</p>")
        </header>
        <main class="tune">
        <div class="viewer">
        <div class="controls">
        <button type="button" class="play" title="play/pause (space)">play</button>
        <button type="button" class="back" title="previous frame (←)">◀</button>
        <button type="button" class="forward" title="next frame (→)">▶</button>
        <input type="range" class="frame" min="0" max="0" value="0" aria-label="frame">
        <label>speed <select class="speed"><option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option></select></label>
        <label><input type="checkbox" class="springs" checked> springs</label>
        <output class="clock">frame 0</output>
        </div>
        <div class="events"></div>
        <div class="stages">
        <figure class="stage-a" hidden><figcaption class="caption-a">A</figcaption><svg class="stage" data-stage="A" xmlns="http://www.w3.org/2000/svg"></svg></figure>
        <figure class="stage-b"><figcaption class="caption-b">B</figcaption><svg class="stage" data-stage="B" xmlns="http://www.w3.org/2000/svg"></svg></figure>
        </div>
        <p class="hint">Drag across a stage to scrub, tap it to play or pause.</p>
        </div>
        <div class="panel">
        <section class="axes"></section>
        <section class="compare">
        <button type="button" class="pin" title="pin this point as A (P)">pin as A</button>
        <label>compare <select class="mode"><option value="off">off</option><option value="side">side by side</option><option value="ghost" selected>ghost overlay</option></select></label>
        <button type="button" class="swap" title="swap A and B (X)" disabled>swap A ↔ B</button>
        <output class="pinned">nothing pinned</output>
        </section>
        <section class="heat-section">
        <label>heatmap <select class="metric"></select></label>
        <div class="heat" role="grid"></div>
        <p class="legend"></p>
        </section>
        <section class="setting">
        <h2>This setting</h2>
        <table class="values"></table>
        <h3>As <code>--set</code> flags</h3>
        <pre class="set"></pre>
        <h3>The exact CSV of this point</h3>
        <pre class="command"></pre>
        <p class="note">The stages draw positions rounded to 0.01 pt; this command prints every frame exactly.</p>
        <h3>In the scenario file</h3>
        <pre class="snippet"></pre>
        <h3>The spring in other vocabularies</h3>
        <table class="spring"></table>
        </section>
        <section class="keys">
        <h2>Keys</h2>
        <p><kbd>space</kbd> play/pause · <kbd>←</kbd> <kbd>→</kbd> step a frame · <kbd>Home</kbd> first frame ·
        <kbd>↑</kbd> <kbd>↓</kbd> first parameter · <kbd>[</kbd> <kbd>]</kbd> second parameter ·
        <kbd>P</kbd> pin as A · <kbd>C</kbd> compare mode · <kbd>X</kbd> swap A and B · <kbd>-</kbd> <kbd>+</kbd> speed</p>
        </section>
        </div>
        </main>

        """
    }

    static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 12px; color: #222; background: #fff; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 14px 0 6px; } h3 { font-size: 13px; margin: 10px 0 4px; color: #444; }
        .description { max-width: 70em; color: #555; margin: 0 0 8px; }
        .tune { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        .viewer { flex: 1 1 420px; min-width: 300px; }
        .panel { flex: 1 1 380px; min-width: 300px; max-width: 720px; }
        .controls, .compare, .axis { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 6px 0; }
        .controls .frame { flex: 1 1 200px; }
        button, select { font: inherit; min-height: 32px; padding: 2px 10px; touch-action: manipulation; }
        input[type=range] { touch-action: manipulation; min-height: 28px; }
        .clock { font-variant-numeric: tabular-nums; min-width: 15em; }
        .events { position: relative; height: 14px; margin: 0 0 6px; }
        .events span { position: absolute; top: 0; width: 2px; height: 12px; background: #c33; }
        .stages { display: flex; gap: 10px; }
        .stages figure { flex: 1 1 0; margin: 0; min-width: 0; }
        .stages figcaption { font-size: 12px; color: #444; min-height: 1.4em; }
        .stage { display: block; width: 100%; height: auto; max-height: 76vh; background: #eef0f3; touch-action: pan-y; cursor: ew-resize; }
        .stage .solid rect[data-key]:not(.highlight) { stroke: #1f1f1f; stroke-opacity: .55; }
        .stage .label { font: 600 11px sans-serif; fill: #1a1a1a; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; paint-order: stroke; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
        .stage .ghost rect { fill: none; stroke: #1d3f9e; stroke-width: 1.5; stroke-dasharray: 4 2; }
        .stage .ghost .label { display: none; }
        .stage .spring { stroke: #333; stroke-width: 1; opacity: .5; }
        .hint, .note, .legend { color: #666; font-size: 12px; margin: 4px 0; }
        .axis label { min-width: 14em; font-family: ui-monospace, monospace; font-size: 12px; }
        .axis input { flex: 1 1 160px; }
        .axis output { font-weight: bold; min-width: 4em; font-variant-numeric: tabular-nums; }
        .heat { display: grid; gap: 2px; margin: 6px 0; font-size: 11px; }
        .heat .cell { min-height: 30px; padding: 0; border: 2px solid transparent; border-radius: 3px; font-variant-numeric: tabular-nums; cursor: pointer; position: relative; }
        .heat .cell.current { border-color: #e0218a; box-shadow: 0 0 0 2px #e0218a; z-index: 1; }
        .heat .cell.pinned::after { content: "A"; position: absolute; top: -1px; right: 1px; font-size: 9px; font-weight: bold; color: #1d3f9e; background: #fff; padding: 0 2px; border-radius: 2px; }
        .heat .head { display: flex; align-items: center; justify-content: center; color: #444; font-family: ui-monospace, monospace; }
        .heat .title { grid-column: 1 / -1; color: #444; font-family: ui-monospace, monospace; }
        pre { background: #f4f5f7; padding: 6px 8px; white-space: pre-wrap; word-break: break-all; margin: 0; font-size: 12px; user-select: all; }
        table { border-collapse: collapse; font-size: 12px; font-variant-numeric: tabular-nums; }
        td, th { padding: 1px 10px 1px 0; text-align: left; }
        td.number { text-align: right; }
        .pinned { color: #1d3f9e; }
        @media (pointer: coarse) { button, select { min-height: 44px; } input[type=range] { min-height: 44px; } .heat .cell { min-height: 44px; } }

        """
}
