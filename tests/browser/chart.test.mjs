// chart.html in a real browser (scripts/browser-test.sh writes the charts and runs this):
//   E2_DIR  the output folder of `adams resolve` (the sphere through stem 40, s <= 20):
//           chart.html and ext.csv;
//   D2_DIR  the output folder of `adams d2` over the same range: chart.html and e3.csv;
//   MASSEY  the massey.json of `adams massey S_2 h3 h0^4 -` over the same range;
//   REF_DIR tests/data/ext, the independent tables: S_2.csv (Ext, from Lin's archive) and
//           E3_S_2.csv (E3 = ker d2 / im d2, its provenance in tests/data/README.md).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { launch, openChart, afterFrame } from "./browser.mjs";

const E2_DIR = process.env.E2_DIR;
const D2_DIR = process.env.D2_DIR;
const REF_DIR = process.env.REF_DIR;
const MASSEY = process.env.MASSEY;

// The rows (stem, s, dim) of an ext.csv-form table; comment and header lines skipped.
function table(file) {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#") && !l.startsWith("stem"))
    .map((l) => l.split(",").map(Number))
    .map(([stem, s, , dim]) => ({ stem, s, dim }));
}
const total = (rows, keep) => rows.filter(keep).reduce((sum, r) => sum + r.dim, 0);

let browser;
let e2;
before(async () => {
  browser = await launch();
  e2 = await openChart(browser.context, path.join(E2_DIR, "chart.html"));
});
after(async () => {
  await browser.close();
});

// The canvas-relative position of class `query` (a name or "n,s,i") on the page.
async function classOnPage(page, query) {
  return page.evaluate((q) => {
    const i = window.adamsChart.find(q);
    const [x, y] = window.adamsChart.screenOf(i);
    const rect = document.getElementById("chart").getBoundingClientRect();
    return { i, x: x + rect.left, y: y + rect.top };
  }, query);
}

test("one mark per class: the sum of ext.csv, and of the reference table in range", async () => {
  const { page } = e2;
  await afterFrame(page, () => page.evaluate(() => window.adamsChart.fit()));
  const marks = await page.evaluate(() => window.adamsChart.stats.marks);
  const range = await page.evaluate(() => [window.adamsChart.data.max_stem, window.adamsChart.data.max_s]);
  assert.deepEqual(range, [40, 20]);
  assert.equal(marks, total(table(path.join(E2_DIR, "ext.csv")), () => true));
  const reference = table(path.join(REF_DIR, "S_2.csv"));
  assert.equal(marks, total(reference, (r) => r.stem <= 40 && r.s <= 20));
});

test("hovering a class shows its bidegree, name and index", async () => {
  const { page } = e2;
  const h1 = await classOnPage(page, "h1");
  await page.mouse.move(h1.x, h1.y);
  const tip = await page.locator("#tip").innerText();
  assert.match(tip, /^h₁ · \(n, s\) = \(1, 1\), t = 2 · index 0 of 1$/);
});

test("clicking h0 shows its products and its h0-tower", async () => {
  const { page } = e2;
  const h0 = await classOnPage(page, "h0");
  await page.mouse.click(h0.x, h0.y);
  const panel = page.locator("#panel");
  await panel.waitFor({ state: "visible" });
  assert.equal(await panel.locator("h2").innerText(), "h₀");
  const text = await panel.innerText();
  // Adams 1958: Ext^{s,s} = F_2 on h0^s; h0 h1 = 0; h2 h0 is the class h0 h2 of (3, 2).
  assert.match(text, /h₀ · h₀ = h₀²/);
  assert.match(text, /h₁ · h₀ = 0/);
  assert.match(text, /h₂ · h₀ = h₀ h₂/);
  assert.match(text, /h₀ = h₀ · \(0,0\)#0/);
  const tower = panel.locator("li.tower-h0");
  // h0^2 … h0^20: one class in each (0, s), s <= max_s = 20 (S_2.csv), then the range ends.
  assert.equal(await tower.getAttribute("data-length"), "19");
  const steps = await tower.locator("button").evaluateAll((bs) => bs.map((b) => [b.dataset.stem, b.dataset.s]));
  assert.deepEqual(steps, Array.from({ length: 19 }, (_, k) => ["0", String(k + 2)]));
  const reference = table(path.join(REF_DIR, "S_2.csv"));
  for (let s = 2; s <= 20; s++) assert.equal(total(reference, (r) => r.stem === 0 && r.s === s), 1);
});

test("wheel, keys and buttons change the view transform", async () => {
  const { page } = e2;
  const transform = () => page.locator("#chart").getAttribute("data-transform");
  const scale = () => page.evaluate(() => window.adamsChart.view.scale);
  await afterFrame(page, () => page.evaluate(() => window.adamsChart.fit()));
  const before = await transform();
  const s0 = await scale();
  await afterFrame(page, () => page.mouse.move(640, 400).then(() => page.mouse.wheel(0, -400)));
  assert.ok((await scale()) > s0 * 1.5, "the wheel zooms in");
  assert.notEqual(await transform(), before);
  const s1 = await scale();
  await afterFrame(page, () => page.click("#zoom-out"));
  assert.ok(Math.abs((await scale()) - s1 * 0.8) < 1e-9, "the button zooms out");
  const ox = await page.evaluate(() => window.adamsChart.view.ox);
  await page.locator("#chart").focus();
  await afterFrame(page, () => page.keyboard.press("ArrowLeft"));
  assert.ok((await page.evaluate(() => window.adamsChart.view.ox)) > ox, "the arrow key pans");
  const dragFrom = await page.evaluate(() => [window.adamsChart.view.ox, window.adamsChart.view.oy]);
  await afterFrame(page, async () => {
    await page.mouse.move(500, 500);
    await page.mouse.down();
    await page.mouse.move(560, 470, { steps: 4 });
    await page.mouse.up();
  });
  const dragTo = await page.evaluate(() => [window.adamsChart.view.ox, window.adamsChart.view.oy]);
  assert.deepEqual([dragTo[0] - dragFrom[0], dragTo[1] - dragFrom[1]], [60, -30], "dragging pans");
});

test("searching c0 centres the view on it", async () => {
  const { page } = e2;
  await afterFrame(page, () => page.evaluate(() => window.adamsChart.fit()));
  await afterFrame(page, async () => {
    await page.fill("#search", "c0");
    await page.press("#search", "Enter");
  });
  const c0 = await page.evaluate(() => {
    const i = window.adamsChart.find("c0");
    const d = window.adamsChart.data.classes[i];
    return { stem: d.stem, s: d.s, centre: window.adamsChart.centreWorld() };
  });
  // c0 in (8, 3): Isaksen, "Stable stems", Table 8.
  assert.deepEqual([c0.stem, c0.s], [8, 3]);
  assert.ok(Math.abs(c0.centre[0] - 8) < 0.3 && Math.abs(c0.centre[1] - 3) < 0.01, `centre ${c0.centre}`);
  assert.equal(await page.locator("#panel h2").innerText(), "c₀");
  // Typed as the page sets it, P²h₁ is the class named P^2h1.
  await page.fill("#search", "P²h₁");
  await page.press("#search", "Enter");
  assert.equal(await page.locator("#panel h2").innerText(), "P²h₁");
  await page.fill("#search", "no such class");
  await page.press("#search", "Enter");
  assert.equal(await page.locator("#found").innerText(), "not found");
});

test("a line family's toggle hides and shows its lines", async () => {
  const { page } = e2;
  await afterFrame(page, () => page.evaluate(() => window.adamsChart.fit()));
  const lines = () => page.evaluate(() => window.adamsChart.stats.lines);
  const shown = await lines();
  assert.ok(shown.h0 > 0 && shown.h1 > 0 && shown.h2 > 0);
  assert.equal(shown.h3, undefined, "h3 is off at first");
  await afterFrame(page, () => page.click('#toggles input[data-key="h1"]'));
  const hidden = await lines();
  assert.equal(hidden.h1, undefined);
  assert.equal(hidden.h0, shown.h0);
  await afterFrame(page, () => page.click('#toggles input[data-key="h3"]'));
  assert.ok((await lines()).h3 > 0);
});

// A screenshot of the page, decoded in the browser: its size, the share of pixels that are
// not near white, the number of colours, and the colour at each of `points`.
async function screenshot(page, points) {
  const png = await page.screenshot({ type: "png" });
  const probe = await browser.context.newPage();
  const seen = await probe.evaluate(
    async ({ src, points }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const c = document.createElement("canvas");
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const px = g.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      const colours = new Set();
      for (let k = 0; k < px.length; k += 4) {
        if (px[k] + px[k + 1] + px[k + 2] < 700) ink++;
        colours.add((px[k] << 16) | (px[k + 1] << 8) | px[k + 2]);
      }
      const at = points.map(({ x, y }) => {
        const k = (Math.round(y) * c.width + Math.round(x)) * 4;
        return [px[k], px[k + 1], px[k + 2]];
      });
      return { width: img.width, height: img.height, ink: ink / (px.length / 4), colours: colours.size, at };
    },
    { src: "data:image/png;base64," + png.toString("base64"), points }
  );
  await probe.close();
  return seen;
}

test("a screenshot has the page's size, is not blank and has black dots where the classes are", async () => {
  const { page } = e2;
  await afterFrame(page, () => page.evaluate(() => (window.adamsChart.fit(), (document.getElementById("panel").hidden = true))));
  const queries = ["h0", "h1", "h2", "c0", "Ph1", "(0,0,0)"];
  const dots = async () => Promise.all(queries.map((q) => classOnPage(page, q)));
  const seen = await screenshot(page, await dots());
  assert.deepEqual([seen.width, seen.height], [1280, 800]);
  assert.ok(seen.ink > 0.005 && seen.ink < 0.5, `ink ${seen.ink}`);
  assert.ok(seen.colours > 10, "grid, lines, dots and text in several colours");
  for (const colour of seen.at) assert.deepEqual(colour, [0, 0, 0], "a dot is black at its centre");
  // A pan copies the drawn layer: the dots are still black where the classes now are.
  const layers = await page.evaluate(() => window.adamsChart.stats.layers);
  await afterFrame(page, async () => {
    await page.mouse.move(700, 300);
    await page.mouse.down();
    await page.mouse.move(737, 277, { steps: 3 });
    await page.mouse.up();
  });
  assert.equal(await page.evaluate(() => window.adamsChart.stats.layers), layers, "the pan drew no new layer");
  const moved = await screenshot(page, await dots());
  for (const colour of moved.at) assert.deepEqual(colour, [0, 0, 0], "a dot is black at its centre after the pan");
});

test("E3 of the d2 chart: ker d2 / im d2 by bidegree, as e3.csv and the reference E3 table", async () => {
  const d2 = await openChart(browser.context, path.join(D2_DIR, "chart.html"));
  const { page } = d2;
  await afterFrame(page, () => page.selectOption("#page", "E3"));
  await afterFrame(page, () => page.evaluate(() => window.adamsChart.fit()));
  const got = await page.evaluate(() => ({
    page: window.adamsChart.page(),
    dims: window.adamsChart.dims(),
    marks: window.adamsChart.stats.marks,
    notCycles: window.adamsChart.stats.notCycles,
  }));
  assert.equal(got.page, "E3");
  const toggle = await page.locator('#toggles input[data-key="d2"]').boundingBox();
  assert.ok(toggle.x + toggle.width <= 1280, "the last line toggle fits in the bar");
  assert.equal(got.notCycles, 0, "every E3 product of a cycle is a cycle");
  assert.equal(got.marks, Object.values(got.dims).reduce((a, b) => a + b, 0), "every known mark drawn");
  // e3.csv covers stem <= 39, s <= 18 (there d2 into and out of each bidegree is in the
  // range); the page knows E3 there and wherever else both d2 are known.
  const inRange = (key) => Number(key.split(",")[0]) <= 39 && Number(key.split(",")[1]) <= 18;
  const page3 = Object.fromEntries(Object.entries(got.dims).filter(([k]) => inRange(k)));
  const asMap = (rows) => Object.fromEntries(rows.filter((r) => r.dim > 0).map((r) => [r.stem + "," + r.s, r.dim]).filter(([k]) => inRange(k)));
  assert.deepEqual(page3, asMap(table(path.join(D2_DIR, "e3.csv"))));
  assert.deepEqual(page3, asMap(table(path.join(REF_DIR, "E3_S_2.csv"))));
  // d2(h4) = h0 h3^2 (Adams 1960), so h4 is not in E3: the search shows it on E2.
  await page.fill("#search", "h4");
  await page.press("#search", "Enter");
  assert.equal(await page.evaluate(() => window.adamsChart.page()), "E2", "h4 is shown on E2");
  assert.match(await page.locator("#panel").innerText(), /d₂\(h₄\) = h₀ h₃²/);
  assert.deepEqual(d2.problems, []);
});

test("Massey products loaded from massey.json show in the panel", async () => {
  const { page } = e2;
  await page.setInputFiles("#massey-file", MASSEY);
  await page.waitForFunction(() => document.getElementById("found").textContent === "");
  const massey = async (q) => {
    await page.fill("#search", q);
    await page.press("#search", "Enter");
    return page.locator("#panel li.massey").innerText();
  };
  // Ph1 = <h3, h0^4, h1> and Ph2 = <h3, h0^4, h2>, no indeterminacy (Isaksen, "Stable
  // stems", Table 8); h0^4 h0 = h0^5 ≠ 0, so <h3, h0^4, h0> is not defined.
  assert.equal(await massey("h1"), "⟨A, B, h₁⟩ of massey.json: Ph₁, no indeterminacy");
  assert.equal(await massey("h2"), "⟨A, B, h₂⟩ of massey.json: Ph₂, no indeterminacy");
  assert.match(await massey("h0"), /not in the file/);
});

test("no console errors, page errors or requests off the file", async () => {
  assert.deepEqual(e2.problems, []);
});
