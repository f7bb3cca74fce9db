// chart.html: the Adams chart of a chart.json, drawn on a canvas (stem n across,
// filtration s up), with pan, zoom, hover, a panel of a clicked class's products, line
// toggles, a search box and, when the chart carries the Adams d2, the E3 page.
//
// E3 = ker d2 / im d2 in each bidegree (Adams 1958; d2 : E2^{s,t} -> E2^{s+2,t+1}),
// computed here over F_2 from the d2 of chart.json. Products by a class h pass to E3 when
// d2(h) = 0 (d2 is a derivation: d2(h x) = d2(h) x + h d2(x), May 1981 / Bruner 1984);
// h0, h1, h2 are permanent cycles (they detect 2, eta, nu).
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("chart-data").textContent);
  const meta = JSON.parse(document.getElementById("chart-meta").textContent);
  const canvas = document.getElementById("chart");
  const ctx = canvas.getContext("2d", { alpha: false });
  const tip = document.getElementById("tip");
  const panel = document.getElementById("panel");
  const classes = data.classes;
  const families = meta.families;
  const DOT = "#000000";
  const SELECTED = "#e67e22";
  const bkey = (n, s) => n + "," + s;
  const termIndex = (t) => (Array.isArray(t) ? t[0] : t);

  // The classes of each bidegree, by index.
  const classesAt = new Map();
  classes.forEach((c, i) => {
    const k = bkey(c.stem, c.s);
    let list = classesAt.get(k);
    if (!list) classesAt.set(k, (list = []));
    list[c.index] = i;
  });

  // A product of class i by family f: null (unknown or absent), or the ids of the
  // classes of the target bidegree whose sum it is.
  // A target left of min_stem (d2 of stem min_stem) is 0: Ext vanishes in stems below the
  // module's bottom cell (its minimal resolution has no generator there), and min_stem is
  // at most the bottom cell.
  function product(i, f) {
    const value = classes[i][f.key];
    const c = classes[i];
    if (value === null && c.stem + f.shift[0] < data.min_stem) return [];
    if (!Array.isArray(value)) return null;
    const at = classesAt.get(bkey(c.stem + f.shift[0], c.s + f.shift[1])) || [];
    return value.map((t) => at[termIndex(t)]);
  }

  // Names as the literature sets them: `^k` as a superscript, the digits after a letter
  // as a subscript (h0^2 -> h₀², P^2h1 -> P²h₁, c0 -> c₀); and back, for the search box.
  const SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  const SUB = "₀₁₂₃₄₅₆₇₈₉";
  const digits = (d, set) => [...d].map((c) => set[c]).join("");
  function typeset(name) {
    return name
      .replace(/\^(\d+)/g, (_, d) => digits(d, SUP))
      .replace(/([A-Za-z])(\d+)/g, (_, l, d) => l + digits(d, SUB));
  }
  function untypeset(text) {
    return text
      .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (d) => "^" + [...d].map((c) => SUP.indexOf(c)).join(""))
      .replace(/[₀₁₂₃₄₅₆₇₈₉]/g, (c) => String(SUB.indexOf(c)));
  }

  function classLabel(i) {
    const c = classes[i];
    return c.name ? typeset(c.name) : "(" + c.stem + "," + c.s + ")#" + c.index;
  }

  // Sources of each product: reverse[f.key].get(i) = the ids j with i a term of f·j.
  const reverse = {};
  function reverseOf(f) {
    if (reverse[f.key]) return reverse[f.key];
    const map = new Map();
    classes.forEach((_, j) => {
      for (const i of product(j, f) || []) {
        if (!map.has(i)) map.set(i, []);
        map.get(i).push(j);
      }
    });
    return (reverse[f.key] = map);
  }

  // Where the marks of one bidegree go: side by side around the stem.
  function placeMarks(marks) {
    const at = new Map();
    marks.forEach((m, id) => {
      const k = bkey(m.stem, m.s);
      if (!at.has(k)) at.set(k, []);
      at.get(k).push(id);
    });
    for (const ids of at.values()) {
      const pitch = Math.min(0.24, 0.84 / ids.length);
      ids.forEach((id, j) => {
        marks[id].x = marks[id].stem + (j - (ids.length - 1) / 2) * pitch;
        marks[id].y = marks[id].s;
      });
    }
    return at;
  }

  // A page: its marks, their places, and per family the segments between marks.
  function makePage(name, marks, edgesOf, familyOn) {
    const at = placeMarks(marks);
    const lines = families.map((f) => {
      const segs = [];
      if (familyOn(f)) {
        marks.forEach((m, id) => {
          for (const to of edgesOf(id, f) || []) {
            const t = marks[to];
            segs.push(m.x, m.y, t.x, t.y);
          }
        });
      }
      return { family: f, segs: new Float32Array(segs), usable: familyOn(f) };
    });
    return { name, marks, at, lines };
  }

  function e2Page() {
    const marks = classes.map((c, i) => ({ stem: c.stem, s: c.s, ids: [i], label: c.name ? typeset(c.name) : "" }));
    return makePage("E2", marks, (id, f) => product(id, f), () => true);
  }

  // ---- F_2 linear algebra on bit vectors (BigInt), for E3 ----
  const bit = (j) => 1n << BigInt(j);
  function highBit(v) {
    return v.toString(2).length - 1;
  }
  // Reduces v by echelon rows (distinct pivots, sorted by pivot, highest first), each row
  // carrying a tag; returns the residue and the XOR of the tags of the rows used.
  function reduce(rows, v) {
    let tag = 0n;
    for (const r of rows) {
      if ((v >> BigInt(r.pivot)) & 1n) {
        v ^= r.v;
        tag ^= r.tag;
      }
    }
    return { v, tag };
  }
  function insertRow(rows, v, tag) {
    rows.push({ v, tag, pivot: highBit(v) });
    rows.sort((a, b) => b.pivot - a.pivot);
  }
  // The bit vector (over the classes of their bidegree) of a sum of classes.
  function asVector(ids) {
    let v = 0n;
    for (const i of ids) v ^= bit(classes[i].index);
    return v;
  }
  const d2Family = { key: "d2", shift: [-1, 2] };

  // E3 at one bidegree: null when some d2 into or out of it is unknown; else the
  // representatives (bit vectors over its classes) and the echelon rows (im d2 with
  // tag 0, representatives with their tags) that give a cycle's E3 coordinates.
  function e3At(n, s) {
    const here = classesAt.get(bkey(n, s)) || [];
    const out = here.map((i) => product(i, d2Family));
    if (out.some((p) => p === null)) return null;
    const rows = [];
    if (s >= 2) {
      if (n + 1 > data.max_stem) return null;
      for (const j of classesAt.get(bkey(n + 1, s - 2)) || []) {
        const image = product(j, d2Family);
        if (image === null) return null;
        const r = reduce(rows, asVector(image));
        if (r.v !== 0n) insertRow(rows, r.v, 0n);
      }
    }
    // The kernel of d2 here: single classes first, then combinations.
    const kernel = [];
    const images = [];
    out.forEach((image, j) => {
      const r = reduce(images, asVector(image));
      const combo = r.tag ^ bit(j);
      if (r.v === 0n) kernel.push(combo);
      else insertRow(images, r.v, combo);
    });
    kernel.sort((a, b) => a.toString(2).replace(/0/g, "").length - b.toString(2).replace(/0/g, "").length);
    const reps = [];
    for (const v of kernel) {
      const r = reduce(rows, v);
      if (r.v !== 0n) {
        insertRow(rows, r.v, r.tag ^ bit(reps.length));
        reps.push(v);
      }
    }
    return { here, reps, rows };
  }

  function idsOf(v, here) {
    return here.filter((i) => (v >> BigInt(classes[i].index)) & 1n);
  }

  // Whether products by f pass to E3: its class is a d2-cycle.
  function passesToE3(f) {
    if (f.key === "d2") return false;
    if (f.permanent) return true;
    if (!f.class) return false;
    const at = classesAt.get(bkey(f.class[0], f.class[1])) || [];
    const i = at[f.class[2]];
    const d2 = i === undefined ? null : classes[i].d2;
    return Array.isArray(d2) && d2.length === 0;
  }

  function e3Page() {
    const info = new Map();
    const marks = [];
    for (const [k, here] of classesAt) {
      const c = classes[here.find((i) => i !== undefined)];
      const e3 = e3At(c.stem, c.s);
      info.set(k, e3);
      if (e3 === null) {
        for (const i of here) marks.push({ stem: c.stem, s: c.s, ids: [i], unknown: true, label: "" });
      } else {
        e3.reps.forEach((v, r) => {
          const ids = idsOf(v, here);
          const label = ids.length === 1 && classes[ids[0]].name ? typeset(classes[ids[0]].name) : "";
          marks.push({ stem: c.stem, s: c.s, ids, rep: r, label });
        });
      }
    }
    const markOf = new Map();
    marks.forEach((m, id) => {
      if (m.rep !== undefined) markOf.set(bkey(m.stem, m.s) + "#" + m.rep, id);
    });
    const page = makePage("E3", marks, (id, f) => e3Product(marks[id], f, info, markOf), passesToE3);
    page.info = info;
    page.markOf = markOf;
    return page;
  }

  // The E3 product f·[m]: null when unknown, else the marks of the target's E3 basis.
  function e3Product(m, f, info, markOf) {
    if (m.unknown) return null;
    const tn = m.stem + f.shift[0];
    const ts = m.s + f.shift[1];
    const target = info.get(bkey(tn, ts));
    let v = 0n;
    for (const i of m.ids) {
      const p = product(i, f);
      if (p === null) return null;
      v ^= asVector(p);
    }
    if (v === 0n) return [];
    if (!target) return target === null ? null : [];
    const r = reduce(target.rows, v);
    if (r.v !== 0n) {
      stats.notCycles++;
      return null;
    }
    const out = [];
    target.reps.forEach((_, k) => {
      if ((r.tag >> BigInt(k)) & 1n) out.push(markOf.get(bkey(tn, ts) + "#" + k));
    });
    return out;
  }

  // ---- the view ----
  const stats = { marks: 0, lines: {}, frames: 0, frameMs: 0, firstPaintMs: null, notCycles: 0 };
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

  function visibleBox() {
    const [x0, y1] = toWorld(0, 0);
    const [x1, y0] = toWorld(canvas.clientWidth, canvas.clientHeight);
    const pad = 1;
    return { x0: x0 - pad, x1: x1 + pad, y0: y0 - pad, y1: y1 + pad };
  }

  function tickStep(min) {
    for (const step of [1, 2, 5, 10, 20, 50, 100, 200, 500]) {
      if (step * view.scale >= min) return step;
    }
    return 1000;
  }

  function drawGrid(box, w, h) {
    const step = tickStep(28);
    ctx.lineWidth = 1;
    ctx.strokeStyle = "#ececec";
    ctx.beginPath();
    for (let n = Math.ceil(box.x0 / step) * step; n <= box.x1; n += step) {
      const [x] = toScreen(n, 0);
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, h);
    }
    for (let s = Math.max(0, Math.ceil(box.y0 / step) * step); s <= box.y1; s += step) {
      const [, y] = toScreen(0, s);
      ctx.moveTo(0, Math.round(y) + 0.5);
      ctx.lineTo(w, Math.round(y) + 0.5);
    }
    ctx.stroke();
  }

  function drawLines(box) {
    stats.lines = {};
    for (const line of page.lines) {
      if (!shown[line.family.key] || !line.usable) continue;
      const f = line.family;
      ctx.strokeStyle = f.colour;
      ctx.lineWidth = f.width;
      ctx.setLineDash(view.scale >= DASH_FROM ? f.dash : []);
      ctx.beginPath();
      const segs = line.segs;
      let count = 0;
      for (let k = 0; k < segs.length; k += 4) {
        const ax = segs[k], ay = segs[k + 1], bx = segs[k + 2], by = segs[k + 3];
        if (Math.max(ax, bx) < box.x0 || Math.min(ax, bx) > box.x1) continue;
        if (Math.max(ay, by) < box.y0 || Math.min(ay, by) > box.y1) continue;
        ctx.moveTo(view.ox + ax * view.scale, view.oy - ay * view.scale);
        ctx.lineTo(view.ox + bx * view.scale, view.oy - by * view.scale);
        count++;
      }
      stats.lines[f.key] = count;
      ctx.stroke();
      ctx.setLineDash([]);
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
    ctx.fillStyle = DOT;
    ctx.beginPath();
    const hollow = [];
    for (const m of page.marks) {
      if (m.x < box.x0 || m.x > box.x1 || m.y < box.y0 || m.y > box.y1) continue;
      if (m.unknown) {
        hollow.push(m);
        continue;
      }
      const x = view.ox + m.x * view.scale;
      const y = view.oy - m.y * view.scale;
      if (square) ctx.rect(x - r, y - r, 2 * r, 2 * r);
      else {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      count++;
    }
    ctx.fill();
    if (hollow.length) {
      ctx.strokeStyle = "#a0a0a0";
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (const m of hollow) {
        const [x, y] = toScreen(m.x, m.y);
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.stroke();
    }
    return count;
  }

  // Names beside their dots when zoomed in, each kept only where it overlaps no name
  // already placed (greedy, in the marks' order).
  function drawLabels(box) {
    if (view.scale < 26) return;
    const font = 11;
    ctx.font = font + "px DejaVu Sans, Liberation Sans, Arial, sans-serif";
    ctx.fillStyle = "#333";
    ctx.textBaseline = "middle";
    const placed = [];
    const r = dotRadius();
    for (const m of page.marks) {
      if (!m.label || m.x < box.x0 || m.x > box.x1 || m.y < box.y0 || m.y > box.y1) continue;
      if (view.scale < 60 && m.label.includes(" ")) continue;
      const [x, y] = toScreen(m.x, m.y);
      const w = ctx.measureText(m.label).width;
      const b = { x0: x + r + 1, x1: x + r + 2 + w, y0: y - font - r, y1: y - r };
      if (placed.some((p) => p.x0 < b.x1 && b.x0 < p.x1 && p.y0 < b.y1 && b.y0 < p.y1)) continue;
      placed.push(b);
      ctx.fillText(m.label, b.x0, (b.y0 + b.y1) / 2);
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

  function draw() {
    const t0 = performance.now();
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, w, h);
    const box = visibleBox();
    drawGrid(box, w, h);
    drawLines(box);
    stats.marks = drawMarks(box);
    drawLabels(box);
    drawSelection();
    drawAxes(w, h);
    stats.frames++;
    stats.frameMs = performance.now() - t0;
    if (stats.firstPaintMs === null) stats.firstPaintMs = performance.now();
    canvas.dataset.transform = view.scale.toFixed(4) + " " + view.ox.toFixed(2) + " " + view.oy.toFixed(2);
  }

  // ---- interaction ----
  function zoomAt(factor, px, py) {
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
      zoomAt(Math.exp(-e.deltaY * unit * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
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

  // ---- the panel ----
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // A link to a class of E2 (switching back to E2 from E3).
  function classButton(i) {
    const b = el("button", classLabel(i), "cls");
    b.dataset.stem = classes[i].stem;
    b.dataset.s = classes[i].s;
    b.dataset.index = classes[i].index;
    b.title = "(" + classes[i].stem + ", " + classes[i].s + ") index " + classes[i].index;
    b.onclick = () => {
      if (page.name !== "E2") setPage("E2");
      select(i);
      centreOn(page.marks[i]);
    };
    return b;
  }

  function sumNode(ids, zero, unknown) {
    const span = el("span");
    if (ids === null) span.append(el("span", unknown, "note"));
    else if (ids.length === 0) span.append(zero);
    ids &&
      ids.forEach((i, k) => {
        if (k) span.append(" + ");
        span.append(classButton(i));
      });
    return span;
  }

  function item(list, head, ids, unknown) {
    const li = el("li", head);
    li.append(sumNode(ids, "0", unknown || "unknown (outside the computed range)"));
    list.append(li);
  }

  function carried(i, f) {
    return Object.prototype.hasOwnProperty.call(classes[i], f.key);
  }

  // h^k·x for k = 1, 2, …, while h^k·x is one class.
  function tower(i, f) {
    const out = [];
    let at = i;
    for (;;) {
      const p = product(at, f);
      if (p === null || p.length !== 1) return { ids: out, end: p === null ? "unknown beyond" : p.length ? "then a sum" : "then 0" };
      out.push(p[0]);
      at = p[0];
    }
  }

  function productsSection(i, x) {
    const list = el("ul");
    for (const f of families) {
      if (f.key === "d2" || !carried(i, f)) continue;
      item(list, typeset(f.key) + " · " + x + " = ", product(i, f));
    }
    const towers = el("ul");
    for (const f of families.filter((f) => f.tower)) {
      if (!carried(i, f)) continue;
      const t = tower(i, f);
      if (t.ids.length < 2) continue;
      const li = el("li", typeset(f.key) + "-tower (" + t.ids.length + " classes, " + t.end + "): ");
      li.className = "tower tower-" + f.key;
      li.dataset.length = t.ids.length;
      t.ids.forEach((j, k) => {
        if (k) li.append(", ");
        li.append(classButton(j));
      });
      towers.append(li);
    }
    return [list, towers];
  }

  function sourcesSection(i, x) {
    const list = el("ul");
    for (const f of families) {
      if (f.key === "d2") continue;
      for (const j of reverseOf(f).get(i) || []) {
        const p = product(j, f);
        const key = typeset(f.key);
        const li = el("li", p.length === 1 ? x + " = " + key + " · " : x + " is a term of " + key + " · ");
        li.append(classButton(j));
        list.append(li);
      }
    }
    return list;
  }

  function d2Section(i, x) {
    const list = el("ul");
    item(list, "d₂(" + x + ") = ", product(i, d2Family), "unknown (its target is outside the range)");
    const into = reverseOf(d2Family).get(i) || [];
    const li = el("li", into.length ? x + " is a term of d₂ of: " : "no d₂ into " + x + " from classes of the chart");
    into.forEach((j, k) => {
      if (k) li.append(", ");
      li.append(classButton(j));
    });
    list.append(li);
    return list;
  }

  // ---- Massey products: the massey.json files of `adams massey A B -`, loaded by hand ----
  // Each file holds <A, B, x> for the classes x of the range with Bx = 0: the class x
  // (stem, s, index), the value's bidegree and indices, a basis of the indeterminacy.
  const masseyFiles = [];
  function readMassey(name, text) {
    const entries = JSON.parse(text);
    if (!Array.isArray(entries)) throw new Error("not a list of entries");
    const byClass = new Map();
    entries.forEach((e, k) => {
      const at = (n, s) => classesAt.get(bkey(n, s)) || [];
      const ids = (list) => {
        if (!Array.isArray(list)) throw new Error("entry " + k + ": a value is not a list");
        return list.map((j) => {
          const i = at(e.value_stem, e.value_s)[termIndex(j)];
          if (i === undefined) throw new Error("entry " + k + ": no class " + j + " at (" + e.value_stem + ", " + e.value_s + ")");
          return i;
        });
      };
      const x = at(e.stem, e.s)[e.index];
      if (x === undefined) throw new Error("entry " + k + ": no class (" + e.stem + ", " + e.s + ")#" + e.index + " in this chart");
      byClass.set(x, { value: ids(e.value), indeterminacy: (e.indeterminacy || []).map(ids) });
    });
    masseyFiles.push({ name, byClass });
  }

  function loadMassey(files) {
    const found = document.getElementById("found");
    return Promise.all(
      [...files].map((f) =>
        f.text().then((text) => {
          try {
            readMassey(f.name, text);
            found.textContent = "";
          } catch (e) {
            found.textContent = f.name + ": " + e.message;
          }
        })
      )
    ).then(() => {
      if (selected !== null) select(selected);
    });
  }
  document.getElementById("massey-file").addEventListener("change", (e) => loadMassey(e.target.files));

  function masseySection(i, x) {
    const list = el("ul");
    if (masseyFiles.length === 0) {
      list.append(el("li", "none loaded: adams massey S_2 A B - writes <A, B, x> for every x to massey.json; load it with “Massey…”", "note"));
    }
    for (const file of masseyFiles) {
      const e = file.byClass.get(i);
      const li = el("li", "⟨A, B, " + x + "⟩ of " + file.name + ": ");
      li.className = "massey";
      if (!e) li.append(el("span", "not in the file (undefined: B·" + x + " ≠ 0, or outside its range)", "note"));
      else {
        li.append(sumNode(e.value, "0", ""));
        if (e.indeterminacy.length) {
          li.append(" modulo ");
          e.indeterminacy.forEach((v, k) => {
            if (k) li.append(", ");
            li.append(sumNode(v, "0", ""));
          });
        } else li.append(", no indeterminacy");
      }
      list.append(li);
    }
    return list;
  }

  function e2Panel(i) {
    const c = classes[i];
    const x = c.name ? typeset(c.name) : "x";
    panel.append(el("h2", c.name ? typeset(c.name) : "class (" + c.stem + ", " + c.s + ")#" + c.index));
    const dim = (classesAt.get(bkey(c.stem, c.s)) || []).length;
    panel.append(el("div", "(n, s) = (" + c.stem + ", " + c.s + "), t = " + c.t + "; index " + c.index + " of dim " + dim));
    const [products, towers] = productsSection(i, x);
    panel.append(el("h3", "Products"), products);
    if (towers.childNodes.length) panel.append(el("h3", "Towers"), towers);
    panel.append(el("h3", "As a product"));
    const sources = sourcesSection(i, x);
    panel.append(sources.childNodes.length ? sources : el("div", "not a term of any product the chart carries", "note"));
    if (meta.d2) panel.append(el("h3", "Adams d₂"), d2Section(i, x));
    panel.append(el("h3", "Massey products"), masseySection(i, x));
  }

  function e3Panel(id) {
    const m = page.marks[id];
    panel.append(el("h2", "E₃ class at (" + m.stem + ", " + m.s + ")"));
    const rep = el("div", "represented by ");
    m.ids.forEach((i, k) => {
      if (k) rep.append(" + ");
      rep.append(classButton(i));
    });
    panel.append(rep, el("h3", "Products in E₃"));
    const list = el("ul");
    for (const line of page.lines) {
      if (!line.usable || !carried(m.ids[0], line.family)) continue;
      const to = e3Product(m, line.family, page.info, page.markOf);
      const li = el("li", typeset(line.family.key) + " · [x] = ");
      if (to === null) li.append(el("span", "unknown", "note"));
      else if (to.length === 0) li.append("0");
      else li.append(to.map((t) => "[" + page.marks[t].ids.map(classLabel).join(" + ") + "]").join(" + "));
      list.append(li);
    }
    panel.append(list);
  }

  function select(id) {
    selected = id;
    panel.replaceChildren();
    if (id === null) {
      panel.hidden = true;
      redraw();
      return;
    }
    const close = el("button", "×", "close");
    close.title = "close (Esc)";
    close.onclick = () => select(null);
    panel.append(close);
    const m = page.marks[id];
    if (page.name === "E3" && !m.unknown) e3Panel(id);
    else e2Panel(m.ids[0]);
    panel.hidden = false;
    redraw();
  }

  // ---- search, toggles, page ----
  // A class by name (exact, then ignoring case and spaces) or by bidegree: "8,3", "(8,3)",
  // "(8,3,0)" (stem, s, index).
  function find(query) {
    const q = untypeset(query.trim());
    if (!q) return null;
    const byName = classes.findIndex((c) => c.name === q);
    if (byName >= 0) return byName;
    const squash = (t) => t.toLowerCase().replace(/[\s*]/g, "");
    const loose = classes.findIndex((c) => c.name && squash(c.name) === squash(q));
    if (loose >= 0) return loose;
    const m = q.match(/^\(?\s*(-?\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)?$/);
    if (m) {
      const at = classesAt.get(bkey(Number(m[1]), Number(m[2])));
      const i = at && at[m[3] === undefined ? 0 : Number(m[3])];
      if (i !== undefined) return i;
    }
    return null;
  }

  function search(query) {
    const found = document.getElementById("found");
    const i = find(query);
    if (i === null) {
      found.textContent = query.trim() ? "not found" : "";
      return false;
    }
    found.textContent = "";
    let id = i;
    if (page.name === "E3") {
      id = page.marks.findIndex((m) => m.ids.includes(i));
      if (id < 0) {
        setPage("E2");
        id = i;
      }
    }
    select(id);
    centreOn(page.marks[id]);
    return true;
  }

  const searchBox = document.getElementById("search");
  searchBox.addEventListener("keydown", (e) => {
    if (e.key === "Enter") search(searchBox.value);
  });
  searchBox.addEventListener("search", () => search(searchBox.value));

  function makeToggles() {
    const box = document.getElementById("toggles");
    for (const f of families) {
      const label = el("label");
      const input = el("input");
      input.type = "checkbox";
      input.checked = shown[f.key];
      input.dataset.key = f.key;
      input.onchange = () => {
        shown[f.key] = input.checked;
        redraw();
      };
      const swatch = el("span", undefined, "swatch");
      swatch.style.borderTopColor = f.colour;
      if (f.dash.length) swatch.style.borderTopStyle = "dashed";
      label.append(input, swatch, typeset(f.key));
      box.append(label);
    }
  }

  function setPage(name) {
    if (name === "E3" && !pages.E3) pages.E3 = e3Page();
    page = pages[name];
    document.getElementById("page").value = name;
    for (const input of document.querySelectorAll("#toggles input")) {
      const line = page.lines.find((l) => l.family.key === input.dataset.key);
      input.disabled = !line.usable;
      input.parentElement.title = line.usable ? "" : "not drawn on " + name + (name === "E3" ? ": this class is not a d2-cycle, or d2 is not in E3" : "");
    }
    select(null);
  }

  const pageSelect = document.getElementById("page");
  if (meta.d2) {
    pageSelect.onchange = () => setPage(pageSelect.value);
  } else {
    pageSelect.disabled = true;
    pageSelect.title = "E3 needs the Adams d2: adams d2 writes a chart with it";
  }

  makeToggles();
  window.addEventListener("resize", resize);
  window.adamsChart = {
    view,
    stats,
    data,
    fit,
    search,
    setPage,
    page: () => page.name,
    // The number of marks (classes of the page) by bidegree "n,s", where the page is known.
    dims: () => {
      const dims = {};
      for (const m of page.marks) if (!m.unknown) dims[bkey(m.stem, m.s)] = (dims[bkey(m.stem, m.s)] || 0) + 1;
      return dims;
    },
    screenOf: (i) => toScreen(page.marks[i].x, page.marks[i].y),
    centreWorld: () => toWorld(canvas.clientWidth / 2, canvas.clientHeight / 2),
    find,
    draw,
  };
  dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
  fit();
  draw();
})();
