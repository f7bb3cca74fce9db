  // chart.html, part 4 of 4 (see model.js): the panel of a clicked class, Massey files,
  // search, line toggles, the page switch, and the start.
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
