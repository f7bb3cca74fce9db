// First paint and frame time of a chart.html in headless Chromium (the browser of
// browser.mjs, 1280×800, device scale 1). Not a test: it prints one JSON line.
//   node tests/browser/perf.mjs CHART.html [LOADS]
// first_paint_ms: from navigation start to the end of the chart's first draw (the mean of
// LOADS fresh loads, default 5; also their largest); fcp_ms: Chromium's first contentful
// paint; frame times: the draw of one frame (pan by drag steps, zoom by wheel steps,
// 60 frames each) and the interval between frames of a 120-frame animation in the page
// (requestAnimationFrame: 16.7 ms at 60 Hz is the best), at the whole chart and zoomed in
// 8× on its middle.

import { launch, openChart, afterFrame } from "./browser.mjs";

const file = process.argv[2];
const loads = Number(process.argv[3] || 5);
const browser = await launch();

const firstPaints = [];
let fcp = null;
let classes = 0;
for (let k = 0; k < loads; k++) {
  const { page, problems } = await openChart(browser.context, file);
  const got = await page.evaluate(() => ({
    paint: window.adamsChart.stats.firstPaintMs,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    classes: window.adamsChart.data.classes.length,
  }));
  if (problems.length) throw new Error(problems.join("; "));
  firstPaints.push(got.paint);
  fcp = got.fcp;
  classes = got.classes;
  if (k < loads - 1) await page.close();
}
const page = browser.context.pages().at(-1);

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

// Draw times and frame intervals of `steps` frames, each after one input step.
async function measure(step, steps = 60) {
  const draws = [];
  const stamps = [];
  for (let k = 0; k < steps; k++) {
    await afterFrame(page, () => step(k));
    const s = await page.evaluate(() => [window.adamsChart.stats.frameMs, performance.now()]);
    draws.push(s[0]);
    stamps.push(s[1]);
  }
  return { draw_mean_ms: +mean(draws).toFixed(2), draw_p95_ms: +p95(draws).toFixed(2) };
}
// An animation in the page: 120 frames, each panning (or zooming) a step and drawing,
// chained by requestAnimationFrame; the intervals between frames as the browser ran them.
async function animate(kind) {
  const gaps = await page.evaluate((kind) => new Promise((done) => {
    const stamps = [];
    const c = document.getElementById("chart");
    const step = (now) => {
      stamps.push(now);
      const k = stamps.length;
      const v = window.adamsChart.view;
      if (kind === "pan") v.ox += k % 60 < 30 ? 8 : -8;
      else {
        const f = k % 60 < 30 ? 1.02 : 1 / 1.02;
        const [cx, cy] = [c.clientWidth / 2, c.clientHeight / 2];
        v.ox = cx - (cx - v.ox) * f;
        v.oy = cy - (cy - v.oy) * f;
        v.scale *= f;
      }
      window.adamsChart.draw();
      if (k < 121) requestAnimationFrame(step);
      else done(stamps.slice(1).map((t, j) => t - stamps[j]));
    };
    requestAnimationFrame(step);
  }), kind);
  return { interval_mean_ms: +mean(gaps).toFixed(1), interval_p95_ms: +p95(gaps).toFixed(1) };
}
const pan = () => measure(async (k) => {
  await page.mouse.move(600, 400);
  await page.mouse.down();
  await page.mouse.move(600 + (k % 2 ? -20 : 20), 400, { steps: 1 });
  await page.mouse.up();
});
const zoom = () => measure((k) => page.mouse.move(640, 420).then(() => page.mouse.wheel(0, k % 2 ? 60 : -60)));

const out = { file, classes, loads, first_paint_ms: +mean(firstPaints).toFixed(0), first_paint_max_ms: +Math.max(...firstPaints).toFixed(0), fcp_ms: fcp && +fcp.toFixed(0) };
await afterFrame(page, () => page.evaluate(() => window.adamsChart.fit()));
out.whole = { pan: await pan(), zoom: await zoom(), animate_pan: await animate("pan"), animate_zoom: await animate("zoom") };
await afterFrame(page, () => page.evaluate(() => {
  window.adamsChart.fit();
  const c = document.getElementById("chart");
  const v = window.adamsChart.view;
  const [cx, cy] = [c.clientWidth / 2, c.clientHeight / 2];
  const [wx, wy] = window.adamsChart.centreWorld();
  v.scale *= 8;
  v.ox = cx - wx * v.scale;
  v.oy = cy + wy * v.scale;
  window.adamsChart.draw();
}));
out.zoomed = { pan: await pan(), zoom: await zoom(), animate_pan: await animate("pan"), animate_zoom: await animate("zoom") };
console.log(JSON.stringify(out));
await browser.close();
