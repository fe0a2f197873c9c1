/**
 * Tables shown as HTML (with a Markdown and a text fallback) in notebooks and
 * saved as CSV under `out/tables/`.
 *
 * @module
 */
import { CSV_CAST, stringifyCsv } from "../base/deps/csv_stringify.ts";
import { writeTextAtomic } from "../base/fs.ts";
import { join } from "node:path";
import { outRoot } from "./out.ts";

/** One column: the row key, a header label and an optional cell formatter. */
export interface Column {
  /** The row key the column shows. */
  key: string;
  /** Header label (default: the key). */
  label?: string;
  /** Formats a cell for display (CSV keeps the raw value). */
  format?: (v: unknown) => string;
}

/** HTML-escapes text (`&`, `<`, `>`, `"`). */
export const escapeHtml = (s: string): string =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll(
    '"',
    "&quot;",
  );

function show(v: unknown): string {
  if (v === null || v === undefined) return "–";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toFixed(4);
  return String(v);
}

/**
 * A table of rows with named columns, shown in notebooks as HTML (with Markdown and text
 * fallbacks) and saved as CSV under `out/tables/`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Table } from "./table.ts";
 *
 * const t = new Table("demo", [{ B: 4, ratio: 0.75 }, { B: 8, ratio: 1 }], [
 *   { key: "B", label: "budget" },
 *   "ratio",
 * ]);
 * assert.deepEqual(t.columns.map((c) => c.key), ["B", "ratio"]);
 * // `await t.save()` writes out/tables/demo.csv; ending a cell with `t` shows it.
 * ```
 */
export class Table {
  /** The columns, in display order. */
  readonly columns: Column[];
  /**
   * A table named `name` (the CSV's file stem) of `rows`.
   *
   * @param name file stem for {@linkcode Table.prototype.save} (e.g. `table1_solver_audit`)
   * @param rows the rows, as plain objects
   * @param columns the columns shown (keys or {@linkcode Column}s; default: the first row's keys)
   * @param caption a caption shown above the table
   */
  constructor(
    readonly name: string,
    readonly rows: Record<string, unknown>[],
    columns?: (Column | string)[],
    readonly caption?: string,
  ) {
    const cols = columns ?? Object.keys(rows[0] ?? {});
    this.columns = cols.map((c) => (typeof c === "string" ? { key: c } : c));
  }

  #cell(c: Column, row: Record<string, unknown>): string {
    return c.format ? c.format(row[c.key]) : show(row[c.key]);
  }

  /** GitHub-flavoured Markdown. */
  toMarkdown(): string {
    const head = this.columns.map((c) => c.label ?? c.key);
    const lines = [
      `| ${head.join(" | ")} |`,
      `| ${head.map(() => "---").join(" | ")} |`,
      ...this.rows.map((r) =>
        `| ${this.columns.map((c) => this.#cell(c, r).replaceAll("|", "\\|")).join(" | ")} |`
      ),
    ];
    return (this.caption ? `**${this.caption}**\n\n` : "") + lines.join("\n") + "\n";
  }

  /** An HTML table. */
  toHtml(): string {
    const th = this.columns.map((c) => `<th>${escapeHtml(c.label ?? c.key)}</th>`).join("");
    const trs = this.rows.map((r) =>
      `<tr>${this.columns.map((c) => `<td>${escapeHtml(this.#cell(c, r))}</td>`).join("")}</tr>`
    ).join("\n");
    const cap = this.caption ? `<caption>${escapeHtml(this.caption)}</caption>` : "";
    return `<table>${cap}<thead><tr>${th}</tr></thead>\n<tbody>\n${trs}\n</tbody></table>`;
  }

  /** CSV of the raw values (numbers unformatted, booleans `true`/`false`), header = column keys. */
  toCsv(): string {
    const keys = this.columns.map((c) => c.key);
    const cell = (
      v: unknown,
    ) => (v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : v);
    return stringifyCsv([keys, ...this.rows.map((r) => keys.map((k) => cell(r[k])))], {
      cast: CSV_CAST,
    });
  }

  /** Jupyter MIME bundle: HTML, Markdown and plain text. */
  [Symbol.for("Jupyter.display")](): Record<string, unknown> {
    return this.bundle();
  }

  /** The MIME bundle shown in notebooks. */
  bundle(): Record<string, unknown> {
    const md = this.toMarkdown();
    return { "text/html": this.toHtml(), "text/markdown": md, "text/plain": md };
  }

  /**
   * Writes `tables/<name>.csv` under the output root and, when the table has a caption,
   * `tables/<name>.caption.txt` beside it (the caption and a newline), so that a CSV copy keeps
   * labels such as "SIMULATED" or "reference data" that the notebook shows above the table.
   * Each file is written atomically (temporary file, then rename). Saved without a caption, it
   * removes a `<name>.caption.txt` left by an earlier save with one (a stale label).
   *
   * @param root the output root (default {@linkcode outRoot}: `$MEMAUDIT_OUT`, else `out/`)
   * @returns the table (to display it)
   */
  async save(root: string = outRoot()): Promise<this> {
    const tables = join(root, "tables");
    await writeTextAtomic(join(tables, `${this.name}.csv`), this.toCsv());
    const captionPath = join(tables, `${this.name}.caption.txt`);
    if (this.caption) await writeTextAtomic(captionPath, `${this.caption}\n`);
    else {
      await Deno.remove(captionPath).catch((err) => {
        if (!(err instanceof Deno.errors.NotFound)) throw err;
      });
    }
    return this;
  }
}
