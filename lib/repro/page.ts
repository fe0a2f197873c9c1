/**
 * `out/index.html`: one self-contained page (inline style, images as data URLs, no script, no
 * network) with, per notebook (one paper section each), our figures beside the paper's
 * reference panels, the status of every claim, and links to the executed notebooks.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { PNG_ZOOM } from "../plot/png.ts";
import type { ReferencePanel } from "./reference.ts";
import type { ChecksSummary } from "../report/checks.ts";
import { summaryLines, type Tally } from "../report/tally.ts";
import { escapeHtml as esc } from "../report/table.ts";
import { detailHtml, neededNames, withoutMachinePaths } from "./_details.ts";

/** One section of the page: a notebook and what it showed. */
export interface ReportSection {
  /** File name of the notebook, e.g. `03_exact_budget_sweep.ipynb`. */
  notebook: string;
  /** Its heading (the paper section it checks). */
  title: string;
  /** Its opening paragraph (the claim it checks), as plain text. */
  claim: string;
  /** Whether it executed without an error. */
  ok: boolean;
  /** Our figures: the PNG (base64) and the figure's text line, from its outputs. */
  figures: { png: string; label: string }[];
  /** The paper's panels (reference data). */
  reference: ReferencePanel[];
  /** Its checks summaries. */
  summaries: ChecksSummary[];
  /** Links (relative to the page) to the executed notebook as HTML and as .ipynb. */
  links: { html?: string; ipynb: string };
}

const STYLE =
  `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:1em 2em;color:#111}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em;border-top:1px solid #ccc;padding-top:1em}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1.5em}.cols>div{min-width:0}
.cols h3{font-size:1em;margin:.3em 0}img{max-width:100%;height:auto;border:1px solid #eee}
figure{margin:0 0 1em}figcaption{font-size:.85em;color:#444}
table{border-collapse:collapse;font-size:.85em;margin:.4em 0;max-width:100%}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:break-word}
td.passed,td.failed,td.skipped{white-space:nowrap}table.mini{font-size:.95em;margin:0}ul.kv{margin:0;padding-left:1.1em}.more{color:#555}
.needs{font-size:.85em;color:#444}.noref{font-size:.85em;color:#555;font-style:italic}
@media (max-width:760px){body{padding:.5em 1em}.cols{grid-template-columns:1fr}}
.passed{color:#0b6b2f;font-weight:600}.failed{color:#b00020;font-weight:700}.skipped{color:#8a5a00;font-weight:600}
.summary{background:#f4f4f4;padding:.6em 1em;border-left:4px solid #0072B2}.ref{background:#fbfbf4}`;

function checksTable(summaries: ChecksSummary[]): string {
  const rows = summaries.flatMap((s) =>
    s.checks ??
      s.skipped.map((k) => ({ claim: k.claim, status: "skipped" as const, detail: k.reason }))
  );
  if (rows.length === 0) {
    return "<p class=failed>No checks ran: the notebook stopped before them.</p>";
  }
  const tr = rows.map((r) =>
    `<tr><td>${esc(withoutMachinePaths(r.claim))}</td><td class=${r.status}>${r.status}</td><td>${
      detailHtml(r.detail)
    }</td></tr>`
  ).join("\n");
  // What the skipped claims need, once for the section, by file name (no machine paths).
  const needs = neededNames(summaries.flatMap((s) => s.skipped.flatMap((k) => k.missing)));
  const needsLine = needs.length > 0
    ? `<p class=needs>The skipped claims need: ${needs.map(esc).join(", ")}.</p>`
    : "";
  const table =
    `<table><thead><tr><th>claim</th><th>status</th><th>detail</th></tr></thead><tbody>\n${tr}\n</tbody></table>`;
  if (rows.length <= OPEN_CLAIMS) return table + needsLine;
  // A long list folds (no script: <details>), open when a claim failed or was skipped.
  const count = (st: string) => rows.filter((r) => r.status === st).length;
  const open = count("failed") + count("skipped") > 0 ? " open" : "";
  return `<details${open}><summary>${rows.length} claims: ${count("passed")} passed, ${
    count("failed")
  } failed, ${count("skipped")} skipped</summary>${table}</details>${needsLine}`;
}

/** Claims tables longer than this fold into a summary line. */
const OPEN_CLAIMS = 20;

/** The CSS width of a figure's PNG: its pixel width over PNG_ZOOM (from the IHDR chunk). */
function cssWidth(png: Uint8Array): number {
  return Math.round(new DataView(png.buffer, png.byteOffset).getUint32(16) / PNG_ZOOM);
}

function img(png: Uint8Array, alt: string): string {
  const b64 = Buffer.from(png).toString("base64");
  return `<img alt="${esc(alt)}" width="${cssWidth(png)}" src="data:image/png;base64,${b64}">`;
}

function oursColumn(s: ReportSection): string {
  if (s.figures.length === 0) {
    return "<p>(no figure in this section: see its tables in the notebook)</p>";
  }
  return s.figures.map((f) =>
    `<figure>${img(Buffer.from(f.png, "base64"), f.label)}<figcaption>${
      esc(f.label)
    }</figcaption></figure>`
  ).join("\n");
}

function paperColumn(s: ReportSection): string {
  return s.reference.map((p) => {
    const body = p.png ? img(p.png, p.caption) : p.html ?? "";
    return `<figure>${body}<figcaption>${esc(p.caption)}</figcaption></figure>`;
  }).join("\n");
}

function section(s: ReportSection): string {
  const links = [
    s.links.html ? `<a href="${esc(s.links.html)}">executed notebook (HTML)</a>` : "",
    `<a href="${esc(s.links.ipynb)}">executed notebook (.ipynb)</a>`,
  ].filter((x) => x).join(" · ");
  const error = s.ok ? "" : " · <span class=failed>the notebook raised an error</span>";
  const ours = `<h3>Ours</h3>${oursColumn(s)}`;
  const paper = `<div class=ref><h3>Paper (reference data)</h3>${paperColumn(s)}</div>`;
  // No empty half page: our column takes the width, and one line says why.
  const body = s.reference.length === 0
    ? `${ours}<p class=noref>The paper gives no numbers for this section.</p>`
    : `<div class=cols><div>${ours}</div>${paper}</div>`;
  return `<section id="${esc(s.notebook)}"><h2>${esc(s.title)}</h2>
<p>${esc(s.claim)}</p><p>${links}${error}</p>
${body}
<h3>Claims</h3>${checksTable(s.summaries)}</section>`;
}

/**
 * The page.
 *
 * @param sections one per executed notebook, in order
 * @param t the run's counts (the same as `./run repro`'s closing lines)
 * @param note a line on how the page was made (e.g. the command and the output folder)
 * @returns the HTML document
 */
export function reportHtml(sections: readonly ReportSection[], t: Tally, note: string): string {
  const summary = summaryLines(t).map((l) => `<div>${esc(l)}</div>`).join("");
  const toc = sections.map((s) => `<li><a href="#${esc(s.notebook)}">${esc(s.title)}</a></li>`)
    .join("");
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>memaudit: reproduction report</title>
<style>${STYLE}</style></head><body>
<h1>memaudit: reproduction report</h1>
<p>${esc(note)}</p>
<div class=summary>${summary}</div>
<p>Left: our results from this run. Right: the paper's reported numbers, shown as reference data
beside ours, never as ours. Offline stand-ins (simulated systems, lexical judges) are labelled
in each section.</p>
<ul>${toc}</ul>
${sections.map(section).join("\n")}
</body></html>
`;
}
