/**
 * Headless Chromium (Debian's `chromium`) as a test instrument: loads an HTML file from disk and
 * reports, for each figure (every `<img>` and inline `<svg>` of at least 40 × 40 px), how many of
 * its pixels are not white, and every error the page raised (script errors, failed resources,
 * `console.error`). The page is loaded from a copy beside it (so relative links still resolve)
 * with a probe script put first in its `<head>`.
 */
import { basename, dirname, join } from "node:path";

/** Chromium's flags for a quiet, offline, throwaway run. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium binary on PATH, or null. */
export async function findChromium(): Promise<string | null> {
  for (const name of ["chromium", "chromium-browser"]) {
    // A program missing from PATH throws as the command is spawned, not in the promise.
    try {
      const r = await new Deno.Command(name, {
        args: ["--version"],
        stdout: "null",
        stderr: "null",
      })
        .output();
      if (r.success) return name;
    } catch {
      // not this name
    }
  }
  return null;
}

const PROBE = `<script>(() => {
  const errors = [];
  addEventListener("error", (e) => errors.push(e.message || ("failed to load " + (e.target && (e.target.src || e.target.href)))), true);
  const ce = console.error.bind(console);
  console.error = (...a) => { errors.push(a.join(" ")); ce(...a); };
  function paint(el) {
    const r = el.getBoundingClientRect();
    const w = Math.round(r.width), h = Math.round(r.height);
    const c = document.createElement("canvas");
    c.width = w; c.height = h;
    const g = c.getContext("2d");
    g.fillStyle = "white"; g.fillRect(0, 0, w, h);
    if (el.tagName.toLowerCase() === "img") g.drawImage(el, 0, 0, w, h);
    else return new Promise((ok) => {
      const img = new Image();
      img.onload = () => { g.drawImage(img, 0, 0, w, h); ok(count(g, w, h)); };
      img.onerror = () => ok(-1);
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(el));
    });
    return Promise.resolve(count(g, w, h));
  }
  function count(g, w, h) {
    const d = g.getImageData(0, 0, w, h).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
    return n;
  }
  addEventListener("load", async () => {
    const els = [...document.querySelectorAll("img, svg")].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width >= 40 && r.height >= 40 && !(el.tagName.toLowerCase() === "svg" && el.closest("svg") !== el);
    });
    const figures = [];
    for (const el of els) {
      let painted = -1;
      try { painted = await paint(el); } catch (e) { errors.push("cannot draw a figure: " + e.message); }
      figures.push({ tag: el.tagName.toLowerCase(), painted });
    }
    const root = document.documentElement;
    const sideways = root.scrollWidth > root.clientWidth;
    // Table cells: their text length, and every word laid out on more than one line.
    const cellLengths = [], brokenWords = [];
    for (const td of document.querySelectorAll("td, th")) {
      cellLengths.push(td.textContent.length);
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) brokenWords.push(m[0]);
        }
      }
    }
    const pre = document.createElement("pre");
    pre.id = "memaudit-probe";
    pre.textContent = JSON.stringify({ figures, errors, sideways, cellLengths, brokenWords });
    document.body.appendChild(pre);
  });
})();</script>`;

/** What the probe saw. */
export interface PageReport {
  /** One entry per figure, in document order: its tag and its count of non-white pixels. */
  figures: { tag: string; painted: number }[];
  /** Errors the page raised. */
  errors: string[];
  /** Whether the page is wider than the window (it scrolls sideways). */
  sideways: boolean;
  /** The text length of every table cell (`td`, `th`), in document order. */
  cellLengths: number[];
  /** Every word of a table cell that is laid out on more than one line (broken inside). */
  brokenWords: string[];
}

/**
 * Loads `htmlPath` in headless Chromium and returns what the probe saw.
 *
 * @param chromium the binary ({@linkcode findChromium})
 * @param htmlPath an HTML file on disk
 * @param size the window's size as `W,H` (default: Chromium's)
 * @returns the figures' painted pixel counts, the page's errors, its table cells' lengths and
 *   broken words, and whether it scrolls sideways
 * @throws {Error} if Chromium prints no probe result (the page did not load)
 */
export async function probePage(
  chromium: string,
  htmlPath: string,
  size?: string,
): Promise<PageReport> {
  const html = await Deno.readTextFile(htmlPath);
  const probed = join(dirname(htmlPath), `.probe-${basename(htmlPath)}`);
  const at = html.search(/<head[^>]*>/i);
  const headEnd = at < 0 ? 0 : html.indexOf(">", at) + 1;
  await Deno.writeTextFile(probed, html.slice(0, headEnd) + PROBE + html.slice(headEnd));
  const profile = await Deno.makeTempDir({ prefix: "memaudit-chromium-" });
  try {
    const out = await new Deno.Command(chromium, {
      args: [
        ...FLAGS,
        `--user-data-dir=${profile}`,
        "--virtual-time-budget=10000",
        ...(size ? [`--window-size=${size}`] : []),
        "--dump-dom",
        probed,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dom = new TextDecoder().decode(out.stdout);
    const m = dom.match(/<pre id="memaudit-probe">([^<]*)<\/pre>/);
    if (!m) throw new Error(`chromium printed no probe result for ${htmlPath}`);
    const text = m[1].replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
    return JSON.parse(text);
  } finally {
    await Deno.remove(probed).catch(() => {});
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

/**
 * Takes a screenshot of `htmlPath` (PNG) in headless Chromium.
 *
 * @param chromium the binary
 * @param htmlPath the page
 * @param pngPath where to write the screenshot
 * @param size window size as `W,H`
 */
export async function screenshot(
  chromium: string,
  htmlPath: string,
  pngPath: string,
  size = "1280,2400",
): Promise<void> {
  const profile = await Deno.makeTempDir({ prefix: "memaudit-chromium-" });
  try {
    await new Deno.Command(chromium, {
      args: [
        ...FLAGS,
        `--user-data-dir=${profile}`,
        "--hide-scrollbars",
        "--virtual-time-budget=10000",
        `--window-size=${size}`,
        `--screenshot=${pngPath}`,
        htmlPath,
      ],
      stdout: "null",
      stderr: "null",
    }).output();
  } finally {
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}
