(function () {
  const { f2, make, hideShown, placeNode } = tetherSVG;
  const MARGIN = 24;
  const data = JSON.parse(document.getElementById("tune-data").textContent);
  const $ = (selector) => document.querySelector(selector);
  function html(tag, attributes, parent, text) {
    const node = document.createElement(tag);
    for (const name in attributes) node.setAttribute(name, attributes[name]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  // ---- The runs: CompactSeries text, decoded when a point is first shown. ----
  const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const DIGIT = new Int16Array(128).fill(-1);
  for (let i = 0; i < DIGITS.length; i++) DIGIT[DIGITS.charCodeAt(i)] = i;
  function reader(text) {
    let at = 0;
    function unsigned() {
      let value = 0, scale = 1;
      for (;;) {
        const d = at < text.length ? DIGIT[text.charCodeAt(at++)] : -1;
        if (d < 0) throw new Error("corrupt run data at character " + at);
        if (d < 32) return value + d * scale;
        value += (d - 32) * scale;
        scale *= 32;
      }
    }
    function signed() { const z = unsigned(); return z % 2 === 0 ? z / 2 : -(z + 1) / 2; }
    // n values: v0, v1 − v0, then second differences; a 0 is followed by its run length − 1.
    function series(n) {
      const out = new Float64Array(n);
      for (let i = 0; i < n;) {
        const v = signed();
        if (v === 0) i += unsigned() + 1; else out[i++] = v;
      }
      let step = 0;
      for (let j = 1; j < n; j++) { step += out[j]; out[j] = out[j - 1] + step; }
      return out;
    }
    return { unsigned, series, finished: () => at === text.length };
  }
  const decoded = new Map();
  function run(point) {
    if (decoded.has(point)) return decoded.get(point);
    const n = data.frameCount;
    const r = reader(data.runs[point]);
    const scroll = [r.series(n), r.series(n), r.series(n), r.series(n), r.series(n)];
    const frames = Array.from({ length: n }, () => []);
    const spans = r.unsigned();
    for (let s = 0; s < spans; s++) {
      const slot = r.unsigned(), start = r.unsigned(), length = r.unsigned();
      const xs = r.series(length), ys = r.series(length), angles = r.series(length), sprung = r.series(length);
      for (let i = 0; i < length; i++) frames[start + i].push(slot, xs[i] / 100, ys[i] / 100, angles[i] / 100, sprung[i]);
    }
    if (!r.finished()) throw new Error("run " + point + " has trailing data");
    const result = { scroll, frames };
    if (decoded.size >= 48) decoded.delete(decoded.keys().next().value);
    decoded.set(point, result);
    return result;
  }

  // ---- Grid geometry. ----
  const axes = data.axes;
  const shape = axes.map((a) => a.labels.length);
  const pointCount = shape.reduce((a, b) => a * b, 1);
  const coordinates = (point) => axes.length === 2 ? [Math.floor(point / shape[1]), point % shape[1]] : [point];
  const pointAt = (c) => axes.length === 2 ? c[0] * shape[1] + c[1] : c[0];
  const describe = (point) => coordinates(point).map((c, a) => axes[a].path + "=" + axes[a].labels[c]).join(", ");

  // ---- Stages. ----
  const [vw, vh] = data.viewport;
  function stage(svg, layers) {
    svg.setAttribute("viewBox", [-MARGIN, -MARGIN, vw + 2 * MARGIN, vh + 2 * MARGIN].join(" "));
    const clipId = "clip-" + svg.dataset.stage;
    make("rect", { x: 0, y: 0, width: vw, height: vh }, make("clipPath", { id: clipId }, make("defs", {}, svg)));
    make("rect", { class: "screen", x: 0, y: 0, width: vw, height: vh, fill: "#fff", stroke: "#888" }, svg);
    const content = make("g", { class: "content" }, make("g", { "clip-path": "url(#" + clipId + ")" }, svg));
    const springs = make("g", { class: "springs" }, content);
    const built = layers.map(({ name, ghost }) => {
      const layer = make("g", { class: ghost ? "ghost" : "solid", "data-track": name }, content);
      const nodes = data.elements.map(([key, kind, section, item, w, h, , , fill, caption, , alpha]) => {
        const rect = make("rect", { "data-key": key, width: w, height: h, rx: 3, ry: 3, fill, opacity: alpha, display: "none" }, layer);
        const label = make("text", { class: "label", display: "none", "font-size": Math.min(11, h * 0.5) }, layer);
        label.textContent = caption;
        const spring = ghost ? null : make("line", { class: "spring", display: "none" }, springs);
        return { rect, label, spring, w, h };
      });
      return { name, ghost, layer, nodes, shown: [] };
    });
    const touch = make("circle", { class: "touch", r: 22, fill: "rgba(40,90,220,.25)", stroke: "#2a5ad8", display: "none" }, content);
    return { svg, content, layers: built, touch };
  }
  function place(layer, frame, withSprings) {
    hideShown(layer);
    if (!frame) return;
    for (let i = 0; i < frame.length; i += 5) {
      const slot = frame[i];
      placeNode(layer.nodes[slot], data.elements[slot], frame[i + 1], frame[i + 2], frame[i + 3], frame[i + 4] && withSprings);
      layer.shown.push(slot);
    }
  }
  // Each stage draws its layers' points at frame n; the first layer sets the scroll and finger.
  function drawStage(s, points, n) {
    s.layers.forEach((layer, i) => {
      const point = points[i];
      layer.layer.setAttribute("data-point", point === null ? "" : point);
      place(layer, point === null ? null : run(point).frames[n], springBox.checked);
    });
    const main = run(points[0]);
    s.content.setAttribute("transform", "translate(" + f2(-main.scroll[0][n] / 100) + " " + f2(-main.scroll[1][n] / 100) + ")");
    if (main.scroll[2][n]) {
      s.touch.setAttribute("cx", f2(main.scroll[3][n] / 100)); s.touch.setAttribute("cy", f2(main.scroll[4][n] / 100));
      s.touch.setAttribute("display", "inline");
    } else {
      s.touch.setAttribute("display", "none");
    }
    s.svg.setAttribute("data-frame", n);
    s.svg.setAttribute("data-point", points[0]);
  }

  const stageB = stage($(".stage-b svg"), [{ name: "B", ghost: false }, { name: "A", ghost: true }]);
  const stageA = stage($(".stage-a svg"), [{ name: "A", ghost: false }]);

  // ---- State and drawing. ----
  const middle = pointAt(shape.map((n) => Math.floor((n - 1) / 2)));
  const state = { point: middle, pinned: null, mode: "ghost", frame: 0, playing: false };
  const frameSlider = $(".frame");
  const clock = $(".clock");
  const springBox = $(".springs");
  const speed = $(".speed");
  frameSlider.max = data.frameCount - 1;

  function draw() {
    const n = state.frame;
    const pinned = state.pinned;
    const side = pinned !== null && state.mode === "side";
    const ghost = pinned !== null && state.mode === "ghost" ? pinned : null;
    drawStage(stageB, [state.point, ghost], n);
    $(".stage-a").hidden = !side;
    if (side) drawStage(stageA, [pinned], n); else place(stageA.layers[0], null, false);
    frameSlider.value = n;
    const offset = run(state.point).scroll;
    clock.textContent = "frame " + n + " · " + (n / data.hz).toFixed(3) + " s · offset " + f2(offset[0][n] / 100) + ", " + f2(offset[1][n] / 100);
  }
  function showFrame(n) {
    state.frame = Math.max(0, Math.min(data.frameCount - 1, Math.round(Number(n)) || 0));
    draw();
  }

  // ---- Playback: one clock for every stage, at the scenario's hz times the speed. ----
  const playButton = $(".play");
  let position = 0, last = 0;
  function tick(now) {
    if (!state.playing) return;
    position += (now - last) / 1000 * data.hz * Number(speed.value);
    last = now;
    if (position >= data.frameCount) position = 0;
    if (Math.floor(position) !== state.frame) showFrame(Math.floor(position));
    requestAnimationFrame(tick);
  }
  function play(on) {
    state.playing = on;
    playButton.textContent = on ? "pause" : "play";
    if (on) { position = state.frame; last = performance.now(); requestAnimationFrame(tick); }
  }
  function step(by) { play(false); showFrame(state.frame + by); }
  playButton.addEventListener("click", () => play(!state.playing));
  $(".back").addEventListener("click", () => step(-1));
  $(".forward").addEventListener("click", () => step(1));
  frameSlider.addEventListener("input", () => { play(false); showFrame(frameSlider.value); });
  springBox.addEventListener("change", draw);
  const lastFrame = Math.max(1, data.frameCount - 1);
  for (const [frame, label] of data.events) {
    const mark = html("span", { title: "frame " + frame + ": " + label }, $(".events"));
    mark.style.left = (100 * Math.min(frame / lastFrame, 1)) + "%";
  }

  // ---- One slider per varied path. ----
  const sliders = axes.map((axis, a) => {
    const row = html("div", { class: "axis" }, $(".axes"));
    const label = html("label", { for: "axis-" + a }, row, axis.path);
    const input = html("input", { type: "range", class: "axis-slider", id: "axis-" + a, "data-axis": a, min: 0, max: axis.labels.length - 1, step: 1, value: 0 }, row);
    const output = html("output", {}, row);
    input.addEventListener("input", () => {
      const c = coordinates(state.point);
      c[a] = Number(input.value);
      select(pointAt(c));
    });
    return { input, output, label };
  });

  // ---- The heatmap: first parameter down, second across; a click selects. ----
  const heat = $(".heat");
  const columns = axes.length === 2 ? shape[1] : shape[0];
  heat.style.gridTemplateColumns = (axes.length === 2 ? "max-content " : "") + "repeat(" + columns + ", minmax(36px, 1fr))";
  if (axes.length === 2) html("div", { class: "title" }, heat, "↓ " + axes[0].path + "   → " + axes[1].path);
  else html("div", { class: "title" }, heat, "→ " + axes[0].path);
  if (axes.length === 2) html("div", { class: "head" }, heat, "");
  (axes.length === 2 ? axes[1] : axes[0]).labels.forEach((label) => html("div", { class: "head" }, heat, label));
  const cells = [];
  for (let point = 0; point < pointCount; point++) {
    const c = coordinates(point);
    if (axes.length === 2 && c[1] === 0) html("div", { class: "head" }, heat, axes[0].labels[c[0]]);
    const cell = html("button", { type: "button", class: "cell", "data-point": point, title: describe(point) }, heat);
    cell.addEventListener("click", () => select(point));
    cells.push(cell);
  }
  const metricSelect = $(".metric");
  data.metrics.forEach((m, i) => html("option", { value: i }, metricSelect, m.name + (m.unit ? " (" + m.unit + ")" : "")));
  function colour() {
    const m = data.metrics[Number(metricSelect.value)];
    cells.forEach((cell, point) => {
      const [fill, ink] = m.fills[point].split(" ");
      cell.style.background = fill;
      cell.style.color = ink;
      cell.textContent = m.texts[point];
      cell.title = describe(point) + ": " + m.name + " " + m.texts[point] + (m.unit ? " " + m.unit : "");
    });
    $(".legend").textContent = m.name + " as 'tether sweep' measures it: dark purple is the smallest value, yellow the largest, grey never/none. Click a cell to select it.";
  }
  metricSelect.value = data.firstMetric;
  metricSelect.addEventListener("change", colour);

  // ---- A/B. ----
  const modeSelect = $(".mode");
  function pin(point) {
    state.pinned = point;
    $(".swap").disabled = point === null;
    $(".pinned").textContent = point === null ? "nothing pinned" : "A: " + describe(point);
    cells.forEach((cell, p) => cell.classList.toggle("pinned", p === point));
    texts();
    draw();
  }
  $(".pin").addEventListener("click", () => pin(state.point));
  modeSelect.addEventListener("change", () => { state.mode = modeSelect.value; texts(); draw(); });
  $(".swap").addEventListener("click", () => {
    if (state.pinned === null) return;
    const a = state.pinned;
    state.pinned = state.point;
    pin(state.pinned);
    select(a);
  });

  // ---- The chosen setting in words. ----
  function texts() {
    const point = state.point, pinned = state.pinned;
    const p = data.points[point];
    $(".set").textContent = p.set;
    $(".command").textContent = data.runCommand + " " + p.set + " -o " + data.name + "-" + point + ".csv";
    $(".snippet").textContent = p.snippet;
    const values = $(".values");
    values.textContent = "";
    const head = html("tr", {}, values);
    html("th", {}, head, "");
    html("th", {}, head, "B (shown)");
    if (pinned !== null) html("th", {}, head, "A (pinned)");
    const rows = [["point", String(point), pinned === null ? "" : String(pinned)]];
    axes.forEach((axis, a) => rows.push([axis.path, axis.labels[coordinates(point)[a]], pinned === null ? "" : axis.labels[coordinates(pinned)[a]]]));
    for (const m of data.metrics) rows.push([m.name + (m.unit ? " (" + m.unit + ")" : ""), m.texts[point], pinned === null ? "" : m.texts[pinned]]);
    for (const [name, b, a] of rows) {
      const tr = html("tr", {}, values);
      html("td", {}, tr, name);
      html("td", { class: "number" }, tr, b);
      if (pinned !== null) html("td", { class: "number" }, tr, a);
    }
    const spring = $(".spring");
    spring.textContent = "";
    const vocabulary = data.springs[point];
    if (!vocabulary) {
      html("tr", {}, spring).appendChild(html("td", {}, null, "no spring at this point (not a springy list)"));
    } else {
      let group = "";
      data.springRows.forEach(([title, name, unit], i) => {
        const tr = html("tr", {}, spring);
        html("td", {}, tr, title === group ? "" : title);
        group = title;
        html("td", {}, tr, name);
        html("td", { class: "number" }, tr, vocabulary[i]);
        html("td", {}, tr, /^-?[0-9]/.test(vocabulary[i]) ? unit : "");
      });
    }
    $(".caption-b").textContent = "B: " + describe(point);
    $(".caption-a").textContent = pinned === null ? "" : "A: " + describe(pinned);
  }

  function select(point) {
    state.point = Math.max(0, Math.min(pointCount - 1, point));
    const c = coordinates(state.point);
    sliders.forEach((s, a) => { s.input.value = c[a]; s.output.textContent = axes[a].labels[c[a]]; });
    cells.forEach((cell, p) => cell.classList.toggle("current", p === state.point));
    texts();
    draw();
  }

  // ---- Keyboard and touch. ----
  function moveAxis(a, by) {
    if (a >= axes.length) return;
    const c = coordinates(state.point);
    c[a] = Math.max(0, Math.min(shape[a] - 1, c[a] + by));
    select(pointAt(c));
  }
  document.addEventListener("keydown", (event) => {
    const t = event.target;
    // Controls keep their own keys: a focused button or checkbox takes space, a slider its arrows.
    if (t.tagName === "SELECT" || t.tagName === "BUTTON" && (event.key === " " || event.key === "Enter")) return;
    if (t.tagName === "INPUT" && (t.type === "checkbox" ? event.key === " " : event.key !== " ")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    switch (event.key) {
      case " ": play(!state.playing); break;
      case "ArrowLeft": step(-1); break;
      case "ArrowRight": step(1); break;
      case "Home": step(-data.frameCount); break;
      case "End": step(data.frameCount); break;
      case "ArrowUp": moveAxis(0, -1); break;
      case "ArrowDown": moveAxis(0, 1); break;
      case "[": moveAxis(1, -1); break;
      case "]": moveAxis(1, 1); break;
      case "p": case "P": pin(state.point); break;
      case "x": case "X": $(".swap").click(); break;
      case "c": case "C":
        modeSelect.selectedIndex = (modeSelect.selectedIndex + 1) % modeSelect.options.length;
        modeSelect.dispatchEvent(new Event("change"));
        break;
      case "-": speed.selectedIndex = Math.max(0, speed.selectedIndex - 1); break;
      case "+": case "=": speed.selectedIndex = Math.min(speed.options.length - 1, speed.selectedIndex + 1); break;
      default: return;
    }
    event.preventDefault();
  });
  for (const svg of document.querySelectorAll(".stage")) {
    let drag = null;
    svg.addEventListener("pointerdown", (event) => {
      drag = { x: event.clientX, frame: state.frame, moved: false, id: event.pointerId };
      svg.setPointerCapture(event.pointerId);
    });
    svg.addEventListener("pointermove", (event) => {
      if (!drag || event.pointerId !== drag.id) return;
      const frames = Math.round((event.clientX - drag.x) / 4);
      if (Math.abs(event.clientX - drag.x) > 6) drag.moved = true;
      if (drag.moved) { play(false); showFrame(drag.frame + frames); }
    });
    const end = () => { if (drag && !drag.moved) play(!state.playing); drag = null; };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", () => { drag = null; });
  }

  // ---- Start: #point=K&frame=N&pin=K&compare=side|ghost|off&metric=NAME opens there, paused
  // when a point or frame is given; otherwise the middle point plays. ----
  const hash = new URLSearchParams(location.hash.slice(1));
  const number = (name) => hash.has(name) && /^\d+$/.test(hash.get(name)) ? Number(hash.get(name)) : null;
  if (["off", "side", "ghost"].includes(hash.get("compare"))) { modeSelect.value = hash.get("compare"); state.mode = modeSelect.value; }
  const named = data.metrics.findIndex((m) => m.name === hash.get("metric"));
  if (named >= 0) metricSelect.value = named;
  colour();
  if (number("pin") !== null && number("pin") < pointCount) pin(number("pin"));
  select(number("point") !== null ? number("point") : middle);
  if (number("frame") !== null) showFrame(number("frame")); else if (number("point") === null) play(true);
  window.tune = { data, state, select, pin, showFrame, play, run };
})();
