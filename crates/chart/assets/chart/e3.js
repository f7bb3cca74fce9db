  // chart.html, part 2 of 4 (see model.js): the E3 page.
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
