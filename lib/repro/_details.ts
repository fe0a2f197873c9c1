/**
 * A claim's detail as the report page shows it (issue 30 item 5): numbers rounded to the
 * claim's tolerance (no float noise), JSON folded into a readable list or a short table, no
 * machine paths, and never over {@linkcode MAX_CELL_CHARS} characters of text in a cell (the
 * notebook holds the whole detail). Private to lib/repro/.
 *
 * @module
 */
import { escapeHtml as esc } from "../report/table.ts";

/** Most characters of text a table cell of the report shows. */
export const MAX_CELL_CHARS = 300;

/** Rows of a JSON table shown in a cell; the rest is counted. */
const MAX_ROWS = 6;

/** Entries of a JSON object listed in a cell; the rest is counted. */
const MAX_ENTRIES = 8;

/** A number as shown: 12 significant digits at most (0.6999999999999998 is 0.7). */
export function shownNumber(x: number): string {
  if (!Number.isFinite(x) || Number.isInteger(x)) return String(x);
  return String(Number(x.toPrecision(12)));
}

/** The decimals a tolerance resolves (1e-9: 9; 0.005: 3; 0 or none: 12 significant digits). */
function decimalsOf(tol: number): number | null {
  if (!(tol > 0) || !Number.isFinite(tol)) return null;
  return Math.min(15, Math.max(0, Math.ceil(-Math.log10(tol)) + 1));
}

/** `x` rounded to `d` decimals, trailing zeros dropped. */
function rounded(x: number, d: number | null): string {
  if (d === null || !Number.isFinite(x)) return shownNumber(x);
  return shownNumber(Number(x.toFixed(d)));
}

/**
 * Absolute paths (two or more parts) replaced by their last part: a reader of the page needs
 * the file's name, not where it sat on the machine that ran the report.
 */
export function withoutMachinePaths(s: string): string {
  return s.replace(/(^|[\s("'=:,[])(\/[^\s/()"',\]]+){2,}\/?/g, (m, lead: string) => {
    const path = m.slice(lead.length).replace(/\/$/, "");
    return lead + path.slice(path.lastIndexOf("/") + 1);
  });
}

/** Float noise in free text: every decimal with 13+ digits after the point, shown to 12. */
function withoutFloatNoise(s: string): string {
  return s.replace(/-?\d+\.\d{13,}(?:e[-+]?\d+)?/gi, (m) => shownNumber(Number(m)));
}

/** Text cut to `max` characters (on a word boundary when there is one), marked as cut. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = s.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return (space > max * 0.6 ? head.slice(0, space) : head) + "…";
}

/** A scalar JSON value as text. */
function scalarText(v: unknown): string {
  if (typeof v === "number") return shownNumber(v);
  if (typeof v === "string") return withoutMachinePaths(v);
  if (v === null || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map(scalarText).join(", ");
  return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k} ${scalarText(x)}`)
    .join(", ");
}

/** An array of objects: a short table of their keys (at most {@linkcode MAX_ROWS} rows). */
function jsonTable(rows: Record<string, unknown>[], budget: number): string {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].slice(0, 6);
  let used = cols.join("").length;
  const body: string[] = [];
  for (const r of rows.slice(0, MAX_ROWS)) {
    const cells = cols.map((c) => cut(scalarText(r[c] ?? ""), 24));
    used += cells.join("").length;
    if (used > budget) break;
    body.push(`<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`);
  }
  const more = rows.length - body.length;
  return `<table class=mini><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join("")}</tr>${
    body.join("")
  }</table>${more > 0 ? `<span class=more>and ${more} more rows (in the notebook)</span>` : ""}`;
}

/** An object: one line per key (at most {@linkcode MAX_ENTRIES}). */
function jsonList(o: Record<string, unknown>, budget: number): string {
  const items: string[] = [];
  let used = 0;
  const entries = Object.entries(o);
  for (const [k, v] of entries.slice(0, MAX_ENTRIES)) {
    const text = cut(scalarText(v), 60);
    used += k.length + text.length + 2;
    if (used > budget) break;
    items.push(`<li>${esc(k)}: ${esc(text)}</li>`);
  }
  const more = entries.length - items.length;
  return `<ul class=kv>${items.join("")}${
    more > 0 ? `<li class=more>and ${more} more (in the notebook)</li>` : ""
  }</ul>`;
}

/** The JSON a detail holds (an object or an array), or undefined. */
function jsonOf(detail: string): unknown {
  const t = detail.trim();
  if (!(t.startsWith("{") || t.startsWith("["))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/**
 * A claim's detail as HTML for its table cell.
 *
 * @param detail the detail as the notebook recorded it
 * @returns escaped HTML: a list for a JSON object, a short table for a JSON array of objects,
 *   else the text with `A vs B (tol T)` rounded to T, float noise and machine paths removed,
 *   cut to {@linkcode MAX_CELL_CHARS} characters
 */
export function detailHtml(detail: string): string {
  const json = jsonOf(detail);
  const budget = MAX_CELL_CHARS - 40;
  if (Array.isArray(json) && json.length > 0 && json.every((r) => r && typeof r === "object")) {
    return jsonTable(json as Record<string, unknown>[], budget);
  }
  if (json !== undefined && !Array.isArray(json) && json !== null) {
    return jsonList(json as Record<string, unknown>, budget);
  }
  const close = /^(\S+) vs (\S+) \(tol (\S+)\)$/.exec(detail.trim());
  if (close !== null) {
    const [a, b, tol] = [Number(close[1]), Number(close[2]), Number(close[3])];
    if ([a, b, tol].every((x) => !Number.isNaN(x))) {
      const d = decimalsOf(tol);
      return esc(`${rounded(a, d)} vs ${rounded(b, d)} (tol ${tol})`);
    }
  }
  return esc(cut(withoutFloatNoise(withoutMachinePaths(detail)), MAX_CELL_CHARS));
}

/**
 * What the skipped claims of a section need, each file once, by name (no machine paths).
 *
 * @param missing the missing paths of every skipped claim
 * @returns the distinct file or folder names, in first-seen order
 */
export function neededNames(missing: readonly string[]): string[] {
  return [...new Set(missing.map((p) => p.split("/").filter((x) => x !== "").pop() ?? p))];
}
