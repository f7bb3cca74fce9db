// chart.html: the Adams chart of a chart.json, drawn on a canvas (stem n across,
// filtration s up), with pan, zoom, hover, a panel of a clicked class's products, line
// toggles, a search box and, when the chart carries the Adams d2, the E3 page.
//
// E3 = ker d2 / im d2 in each bidegree (Adams 1958; d2 : E2^{s,t} -> E2^{s+2,t+1}),
// computed here over F_2 from the d2 of chart.json. Products by a class h pass to E3 when
// d2(h) = 0 (d2 is a derivation: d2(h x) = d2(h) x + h d2(x), May 1981 / Bruner 1984);
// h0, h1, h2 are permanent cycles (they detect 2, eta, nu).
//
// The page's script is these four files in order, in one function scope that
// crates/chart/src/html.rs wraps them in (strict mode): model.js (the chart's classes and
// products, the E2 page), e3.js (the E3 page), view.js (drawing, pan, zoom, hover),
// panel.js (the panel, search, toggles, the start).
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
