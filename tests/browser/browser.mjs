// Headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core, kept off the
// network: the launch flags below, a fresh profile folder, and every request that is not
// a file:// one refused and counted as a failure.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// A browser with a fresh profile; close() removes the profile.
export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), "adams-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Opens chart.html from file:// and waits for its first frame. Console errors, page
// errors and requests that are not file:// are collected in `problems`.
export async function openChart(context, file) {
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push("console error: " + m.text());
  });
  page.on("pageerror", (e) => problems.push("page error: " + e.message));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file://")) return route.continue();
    problems.push("request off the file: " + url);
    return route.abort();
  });
  await page.goto(pathToFileURL(path.resolve(file)).href);
  await page.waitForFunction(() => window.adamsChart && window.adamsChart.stats.frames > 0);
  return { page, problems };
}

// Runs `action` and resolves once the chart drew a frame after it.
export async function afterFrame(page, action) {
  const frames = await page.evaluate(() => window.adamsChart.stats.frames);
  await action();
  await page.waitForFunction((n) => window.adamsChart.stats.frames > n, frames);
}
