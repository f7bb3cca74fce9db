  // chart.html, part 3 of 4 (see model.js): drawing on the canvas, pan, zoom, hover.
  // ---- the view ----
  const stats = { marks: 0, lines: {}, layers: 0, frames: 0, frameMs: 0, firstPaintMs: null, notCycles: 0 };
  const view = { scale: 20, ox: 40, oy: 400 };
  const shown = {};
  families.forEach((f) => (shown[f.key] = f.on));
  const pages = { E2: e2Page() };
  let page = pages.E2;
  let selected = null;
  let dpr = window.devicePixelRatio || 1;
  let queued = false;
  const MARGIN_LEFT = 34;
  const MARGIN_BOTTOM = 22;

  const toScreen = (x, y) => [view.ox + x * view.scale, view.oy - y * view.scale];
  const toWorld = (px, py) => [(px - view.ox) / view.scale, (view.oy - py) / view.scale];
  const dotRadius = () => Math.max(1.6, Math.min(4.5, view.scale * 0.11));

  function resize() {
    dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
    canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
    redraw();
  }

  function fit() {
    const w = canvas.clientWidth - MARGIN_LEFT - 20;
    const h = canvas.clientHeight - MARGIN_BOTTOM - 20;
    const stems = data.max_stem - data.min_stem + 1;
    const rows = data.max_s + 1;
    view.scale = Math.max(1, Math.min(w / stems, h / rows));
    view.ox = MARGIN_LEFT + 10 + (0.5 - data.min_stem) * view.scale;
    view.oy = canvas.clientHeight - MARGIN_BOTTOM - 10 - 0.5 * view.scale;
    redraw();
  }

  function redraw() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      draw();
    });
  }

  // The part of the chart (world coordinates, one stem of margin) on a w × h px area at
  // the view.
  function boxOf(w, h) {
    const [x0, y1] = toWorld(0, 0);
    const [x1, y0] = toWorld(w, h);
    const pad = 1;
    return { x0: x0 - pad, x1: x1 + pad, y0: y0 - pad, y1: y1 + pad };
  }
  const visibleBox = () => boxOf(canvas.clientWidth, canvas.clientHeight);

  function tickStep(min) {
    for (const step of [1, 2, 5, 10, 20, 50, 100, 200, 500]) {
      if (step * view.scale >= min) return step;
    }
    return 1000;
  }

  function drawGrid(box, w, h) {
    const step = tickStep(28);
    g.lineWidth = 1;
    g.strokeStyle = "#ececec";
    g.beginPath();
    for (let n = Math.ceil(box.x0 / step) * step; n <= box.x1; n += step) {
      const [x] = toScreen(n, 0);
      g.moveTo(Math.round(x) + 0.5, 0);
      g.lineTo(Math.round(x) + 0.5, h);
    }
    for (let s = Math.max(0, Math.ceil(box.y0 / step) * step); s <= box.y1; s += step) {
      const [, y] = toScreen(0, s);
      g.moveTo(0, Math.round(y) + 0.5);
      g.lineTo(w, Math.round(y) + 0.5);
    }
    g.stroke();
  }

  function drawLines(box) {
    stats.lines = {};
    for (const line of page.lines) {
      if (!shown[line.family.key] || !line.usable) continue;
      const f = line.family;
      g.strokeStyle = f.colour;
      g.lineWidth = f.width;
      g.setLineDash(view.scale >= DASH_FROM ? f.dash : []);
      g.beginPath();
      const segs = line.segs;
      let count = 0;
      for (let k = 0; k < segs.length; k += 4) {
        const ax = segs[k], ay = segs[k + 1], bx = segs[k + 2], by = segs[k + 3];
        if (Math.max(ax, bx) < box.x0 || Math.min(ax, bx) > box.x1) continue;
        if (Math.max(ay, by) < box.y0 || Math.min(ay, by) > box.y1) continue;
        g.moveTo(view.ox + ax * view.scale, view.oy - ay * view.scale);
        g.lineTo(view.ox + bx * view.scale, view.oy - by * view.scale);
        count++;
      }
      stats.lines[f.key] = count;
      g.stroke();
      g.setLineDash([]);
    }
  }

  // Zoomed out, dots are small squares and dashes solid: software rasterization (no GPU)
  // of 16 500 circles took 3× as long as of squares (docs/EXPERIMENTS.md, 2026-12-02).
  const SQUARE_BELOW = 2.6;
  const DASH_FROM = 16;

  function drawMarks(box) {
    const r = dotRadius();
    const square = r < SQUARE_BELOW;
    let count = 0;
    g.fillStyle = DOT;
    g.beginPath();
    const hollow = [];
    for (const m of page.marks) {
      if (m.x < box.x0 || m.x > box.x1 || m.y < box.y0 || m.y > box.y1) continue;
      if (m.unknown) {
        hollow.push(m);
        continue;
      }
      const x = view.ox + m.x * view.scale;
      const y = view.oy - m.y * view.scale;
      if (square) g.rect(x - r, y - r, 2 * r, 2 * r);
      else {
        g.moveTo(x + r, y);
        g.arc(x, y, r, 0, 2 * Math.PI);
      }
      count++;
    }
    g.fill();
    if (hollow.length) {
      g.strokeStyle = "#a0a0a0";
      g.lineWidth = 1;
      g.beginPath();
      for (const m of hollow) {
        const [x, y] = toScreen(m.x, m.y);
        g.moveTo(x + r, y);
        g.arc(x, y, r, 0, 2 * Math.PI);
      }
      g.stroke();
    }
    return count;
  }

  // Names beside their dots when zoomed in, each kept only where it overlaps no name
  // already placed (greedy, in the marks' order).
  function drawLabels(box) {
    if (view.scale < 26) return;
    const font = 11;
    g.font = font + "px DejaVu Sans, Liberation Sans, Arial, sans-serif";
    g.fillStyle = "#333";
    g.textBaseline = "middle";
    const placed = [];
    const r = dotRadius();
    for (const m of page.marks) {
      if (!m.label || m.x < box.x0 || m.x > box.x1 || m.y < box.y0 || m.y > box.y1) continue;
      if (view.scale < 60 && m.label.includes(" ")) continue;
      const [x, y] = toScreen(m.x, m.y);
      const w = g.measureText(m.label).width;
      const b = { x0: x + r + 1, x1: x + r + 2 + w, y0: y - font - r, y1: y - r };
      if (placed.some((p) => p.x0 < b.x1 && b.x0 < p.x1 && p.y0 < b.y1 && b.y0 < p.y1)) continue;
      placed.push(b);
      g.fillText(m.label, b.x0, (b.y0 + b.y1) / 2);
    }
  }

  function drawAxes(w, h) {
    ctx.fillStyle = "rgba(255,255,255,0.92)";
    ctx.fillRect(0, h - MARGIN_BOTTOM, w, MARGIN_BOTTOM);
    ctx.fillRect(0, 0, MARGIN_LEFT, h);
    ctx.fillStyle = "#222";
    ctx.font = "11px DejaVu Sans, Liberation Sans, Arial, sans-serif";
    ctx.textBaseline = "middle";
    ctx.textAlign = "center";
    const box = visibleBox();
    const stemStep = tickStep(30);
    for (let n = Math.ceil(box.x0 / stemStep) * stemStep; n <= box.x1; n += stemStep) {
      const [x] = toScreen(n, 0);
      if (x > MARGIN_LEFT) ctx.fillText(String(n), x, h - MARGIN_BOTTOM / 2);
    }
    ctx.textAlign = "right";
    const sStep = tickStep(18);
    for (let s = Math.max(0, Math.ceil(box.y0 / sStep) * sStep); s <= box.y1; s += sStep) {
      const [, y] = toScreen(0, s);
      if (y < h - MARGIN_BOTTOM) ctx.fillText(String(s), MARGIN_LEFT - 6, y);
    }
    ctx.textAlign = "left";
    ctx.fillStyle = "#666";
    ctx.fillText("n", w - 14, h - MARGIN_BOTTOM / 2);
    ctx.fillText("s", 4, 10);
  }

  function drawSelection() {
    if (selected === null || !page.marks[selected]) return;
    const m = page.marks[selected];
    const [x, y] = toScreen(m.x, m.y);
    ctx.strokeStyle = SELECTED;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x, y, dotRadius() + 4, 0, 2 * Math.PI);
    ctx.stroke();
  }

  // The grid, lines, dots and names are drawn into a layer half a viewport larger on each
  // side; a pan within that margin only copies the layer onto the canvas. A zoom, a
  // toggle, the page switch or a new size draws the layer again. (Without a GPU, Chromium
  // rasterizes a whole chart of 16 500 classes in tens of ms; docs/EXPERIMENTS.md,
  // 2026-12-02.)
  // While the wheel turns, frames scale the layer (up to 2× either way) and the layer is
  // drawn again once the wheel rests for ZOOM_REST_MS.
  const layer = { canvas: document.createElement("canvas"), key: "", scale: 0, ox: 0, oy: 0, padX: 0, padY: 0 };
  let g = ctx;
  const layerKey = (w, h) => [page.name, w, h, dpr, JSON.stringify(shown)].join(" ");
  const ZOOM_REST_MS = 150;
  let zooming = false;
  let zoomRest = null;
  function zoomed() {
    zooming = true;
    clearTimeout(zoomRest);
    zoomRest = setTimeout(() => {
      zooming = false;
      redraw();
    }, ZOOM_REST_MS);
  }

  function drawLayer(w, h) {
    const padX = Math.ceil(w / 2);
    const padY = Math.ceil(h / 2);
    const lw = w + 2 * padX;
    const lh = h + 2 * padY;
    const c = layer.canvas;
    if (c.width !== Math.round(lw * dpr) || c.height !== Math.round(lh * dpr)) {
      c.width = Math.round(lw * dpr);
      c.height = Math.round(lh * dpr);
    }
    const saved = [view.ox, view.oy];
    g = c.getContext("2d", { alpha: false });
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, lw, lh);
    view.ox += padX;
    view.oy += padY;
    try {
      const box = boxOf(lw, lh);
      drawGrid(box, lw, lh);
      drawLines(box);
      drawMarks(box);
      drawLabels(box);
    } finally {
      [view.ox, view.oy] = saved;
      g = ctx;
    }
    Object.assign(layer, { key: layerKey(w, h), scale: view.scale, ox: saved[0], oy: saved[1], padX, padY });
    stats.layers++;
  }

  // The marks of the page in view (the unknown ones of E3 apart).
  function marksInView() {
    const box = visibleBox();
    let count = 0;
    for (const m of page.marks) {
      if (!m.unknown && m.x >= box.x0 && m.x <= box.x1 && m.y >= box.y0 && m.y <= box.y1) count++;
    }
    return count;
  }

  function draw() {
    const t0 = performance.now();
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    const k = view.scale / layer.scale;
    const fresh = layer.key === layerKey(w, h);
    if (fresh && k !== 1 && zooming && k >= 0.5 && k <= 2) {
      // The layer's pixel (lx, ly) shows the world point at screen (ox + (lx − lox)·k, …).
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, w, h);
      const lox = layer.ox + layer.padX;
      const loy = layer.oy + layer.padY;
      const c = layer.canvas;
      ctx.drawImage(c, view.ox - lox * k, view.oy - loy * k, (c.width / dpr) * k, (c.height / dpr) * k);
    } else {
      const dx = view.ox - layer.ox;
      const dy = view.oy - layer.oy;
      if (!fresh || k !== 1 || Math.abs(dx) > layer.padX || Math.abs(dy) > layer.padY) drawLayer(w, h);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      const at = (d, pad) => Math.round((d - pad) * dpr);
      ctx.drawImage(layer.canvas, at(view.ox - layer.ox, layer.padX), at(view.oy - layer.oy, layer.padY));
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    }
    stats.marks = marksInView();
    drawSelection();
    drawAxes(w, h);
    stats.frames++;
    stats.frameMs = performance.now() - t0;
    if (stats.firstPaintMs === null) stats.firstPaintMs = performance.now();
    canvas.dataset.transform = view.scale.toFixed(4) + " " + view.ox.toFixed(2) + " " + view.oy.toFixed(2);
  }

  // ---- interaction ----
  function zoomAt(factor, px, py, wheel) {
    if (wheel) zoomed();
    const scale = Math.max(0.5, Math.min(600, view.scale * factor));
    const [wx, wy] = toWorld(px, py);
    view.scale = scale;
    view.ox = px - wx * scale;
    view.oy = py + wy * scale;
    redraw();
  }

  function panBy(dx, dy) {
    view.ox += dx;
    view.oy += dy;
    redraw();
  }

  function centreOn(m) {
    if (view.scale < 40) view.scale = 40;
    view.ox = canvas.clientWidth / 2 - m.x * view.scale;
    view.oy = canvas.clientHeight / 2 + m.y * view.scale;
    redraw();
  }

  // The mark under the pointer (within a few pixels of its dot), or null.
  function hit(px, py) {
    const [wx, wy] = toWorld(px, py);
    const r = Math.max(dotRadius() + 3, 6);
    let best = null;
    let bestD = r * r;
    for (let n = Math.floor(wx) - 1; n <= Math.ceil(wx) + 1; n++) {
      for (let s = Math.floor(wy) - 1; s <= Math.ceil(wy) + 1; s++) {
        for (const id of page.at.get(bkey(n, s)) || []) {
          const [x, y] = toScreen(page.marks[id].x, page.marks[id].y);
          const d = (x - px) * (x - px) + (y - py) * (y - py);
          if (d <= bestD) {
            bestD = d;
            best = id;
          }
        }
      }
    }
    return best;
  }

  function markText(m) {
    const c = classes[m.ids[0]];
    const where = "(n, s) = (" + m.stem + ", " + m.s + "), t = " + (m.stem + m.s);
    if (page.name === "E3" && !m.unknown) {
      return "[" + m.ids.map(classLabel).join(" + ") + "] in E3 · " + where;
    }
    const name = c.name ? typeset(c.name) + " · " : "";
    const dim = (classesAt.get(bkey(c.stem, c.s)) || []).length;
    return name + where + " · index " + c.index + " of " + dim + (m.unknown ? " · E3 not known here" : "");
  }

  function showTip(id, px, py) {
    if (id === null) {
      tip.hidden = true;
      return;
    }
    tip.textContent = markText(page.marks[id]);
    tip.hidden = false;
    tip.style.left = px + 14 + "px";
    tip.style.top = py + 39 + 12 + "px";
  }

  let drag = null;
  canvas.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, ox: view.ox, oy: view.oy, moved: false };
    canvas.setPointerCapture(e.pointerId);
    canvas.focus();
  });
  canvas.addEventListener("pointermove", (e) => {
    const rect = canvas.getBoundingClientRect();
    const px = e.clientX - rect.left;
    const py = e.clientY - rect.top;
    if (drag) {
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
      if (drag.moved) {
        canvas.classList.add("dragging");
        view.ox = drag.ox + dx;
        view.oy = drag.oy + dy;
        tip.hidden = true;
        redraw();
        return;
      }
    }
    showTip(hit(px, py), px, py);
  });
  canvas.addEventListener("pointerup", (e) => {
    const rect = canvas.getBoundingClientRect();
    if (drag && !drag.moved) {
      const id = hit(e.clientX - rect.left, e.clientY - rect.top);
      if (id !== null) select(id);
    }
    drag = null;
    canvas.classList.remove("dragging");
  });
  canvas.addEventListener("pointerleave", () => (tip.hidden = true));
  canvas.addEventListener(
    "wheel",
    (e) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      zoomAt(Math.exp(-e.deltaY * unit * 0.0015), e.clientX - rect.left, e.clientY - rect.top, true);
    },
    { passive: false }
  );
  window.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    const keys = {
      ArrowLeft: () => panBy(w / 8, 0),
      ArrowRight: () => panBy(-w / 8, 0),
      ArrowUp: () => panBy(0, h / 8),
      ArrowDown: () => panBy(0, -h / 8),
      "+": () => zoomAt(1.25, w / 2, h / 2),
      "=": () => zoomAt(1.25, w / 2, h / 2),
      "-": () => zoomAt(0.8, w / 2, h / 2),
      "0": fit,
      Escape: () => select(null),
      "/": () => document.getElementById("search").focus(),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
  const centre = () => [canvas.clientWidth / 2, canvas.clientHeight / 2];
  document.getElementById("zoom-in").onclick = () => zoomAt(1.25, ...centre());
  document.getElementById("zoom-out").onclick = () => zoomAt(0.8, ...centre());
  document.getElementById("fit").onclick = fit;
