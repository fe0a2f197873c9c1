/**
 * What the report reads from an executed notebook (parsed .ipynb JSON): its heading, its
 * opening claim and the PNG of every figure it displayed.
 *
 * @module
 */

type Cell = {
  cell_type?: string;
  source?: string | string[];
  outputs?: { data?: Record<string, unknown> }[];
};

const text = (s: string | string[] | undefined) => (Array.isArray(s) ? s.join("") : s ?? "");

/** Markdown to plain text, enough for a paragraph: no bold marks or backticks, links as their text. */
function plain(md: string): string {
  return md.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\*\*|`/g, "").replace(/\s+/g, " ")
    .trim();
}

/**
 * The heading and opening paragraph of the first Markdown cell.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headingOf } from "./executed.ts";
 *
 * const nb = { cells: [{ cell_type: "markdown", source: "# 03 · Sweep\n\n**Claim:** ratios rise.\n\nMore." }] };
 * assert.deepEqual(headingOf(nb, "03.ipynb"), { title: "03 · Sweep", claim: "Claim: ratios rise." });
 * ```
 *
 * @param notebook the parsed notebook
 * @param fallback the title when there is no heading (e.g. the file name)
 * @returns the title and the claim (empty when there is none)
 */
export function headingOf(notebook: unknown, fallback: string): { title: string; claim: string } {
  const cells = (notebook as { cells?: Cell[] })?.cells ?? [];
  const md = cells.find((c) => c.cell_type === "markdown");
  if (!md) return { title: fallback, claim: "" };
  const lines = text(md.source).split("\n");
  const h = lines.findIndex((l) => /^#\s/.test(l));
  const title = h >= 0 ? lines[h].replace(/^#\s+/, "").trim() : fallback;
  const rest = lines.slice(h + 1).join("\n").split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p);
  return { title, claim: rest.length > 0 ? plain(rest[0]) : "" };
}

/**
 * Every displayed figure's PNG (base64) and text line, in cell order.
 *
 * @param notebook the parsed, executed notebook
 * @returns the figures
 */
export function figuresOf(notebook: unknown): { png: string; label: string }[] {
  const cells = (notebook as { cells?: Cell[] })?.cells ?? [];
  return cells.flatMap((c) => c.outputs ?? []).flatMap((o) => {
    const png = o.data?.["image/png"];
    if (typeof png !== "string" && !Array.isArray(png)) return [];
    const label = text(o.data?.["text/plain"] as string | string[] | undefined);
    return [{ png: text(png).replace(/\s/g, ""), label }];
  });
}
