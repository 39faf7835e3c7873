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
        return { rect, label, spring, w, h, round };
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
