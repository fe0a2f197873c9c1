/**
 * Package I/O as a folder of CSV tables (DESIGN §2 "Formats": "every ratio reproducible from a
 * candidate table, a cost vector, a coverage matrix, evidence weights and a budget").
 *
 * ## Layout
 *
 * One folder, six UTF-8 CSV files, each with a header row and one record per
 * line (RFC 4180 quoting). Columns may come in any order; columns marked
 * "opt" may be left out of the header. Unknown columns are an error.
 *
 * | file | columns (schema field names) |
 * |---|---|
 * | `package.csv` (exactly one data row) | `schema_version`, `id`, `weight_source` (`queries` or `explicit`), `budgets` (opt, list of numbers), `group_cap` (opt, default 1), `description` (opt), `h` (opt, JSON), `meta` (opt, JSON) |
 * | `experiences.csv` | `id`, `order`, `text` (opt), `session` (opt), `timestamp` (opt) |
 * | `candidates.csv` | `id`, `experience`, `kind`, `cost`, `representation` (opt), `text` (opt), `confidence` (opt), `estimated_value` (opt), `salience` (opt), `source` (opt) |
 * | `units.csv` (row order = summation order of F) | `id`, `family`, `weight` (opt; required iff `weight_source` is `explicit`), `validity` (opt), `h` (opt, JSON), `text` (opt) |
 * | `queries.csv` (opt file when `weight_source` is `explicit`; missing = no queries) | `id`, `required_units` (list of unit ids), `importance` (opt, default 1), `category` (opt), `text` (opt), `answer` (opt) |
 * | `coverage.csv` (sparse matrix A) | `candidate`, `unit`, `value` (a_ur in [0, 1]), `provenance` (opt) |
 *
 * Cells:
 * - **Numbers** are plain decimals (`3`, `0.25`, `-1.5e-3`); no spaces, no
 *   `Infinity`/`NaN`, and an empty cell in a required number column is an error.
 * - **Lists** (`required_units`, `budgets`) are one cell with items separated
 *   by `;` and no spaces: `u1;u2;u3`. An empty cell is the empty list. Ids
 *   used in lists must not contain `;` (the writer refuses them).
 * - **Structured cells** (`h`, `meta`) hold JSON, e.g.
 *   `"[{""width"":1,""slope"":1}]"` for h(z) = min(1, z).
 * - **Optional text**: an unquoted empty cell means "absent"; a quoted empty
 *   cell (`""`) is the empty string. The writer follows the same rule, so
 *   JSON -> CSV -> JSON gives a deep-equal package.
 *
 * Accepted variants on read: a UTF-8 byte-order mark, CRLF line ends, quoted
 * fields holding newlines, blank lines (e.g. a trailing one).
 *
 * Error locations: `row N` is the N-th **data record** (1-based, the header is not counted, a
 * quoted newline does not start a new row), `column` is the header name. Header problems are
 * reported at `header`, CSV syntax problems at `line N` (physical line). Schema problems found
 * after conversion are mapped back: `candidates[3].cost` is reported as `candidates.csv`, row 4,
 * column `cost`; package-level fields as `package.csv`, row 1. A problem inside a JSON cell names
 * the inner path as the column: `units[2].h[1].slope` is `units.csv`, row 3, column `h[1].slope`.
 *
 * Writing is all or nothing: the six tables go to a temporary sibling folder, which is then renamed
 * into place. An existing package folder is moved aside only once the new one is complete, then
 * removed (there is a moment between the two renames when the folder is absent, never one when it
 * is half-written). A folder holding anything besides the six tables is refused rather than
 * replaced.
 *
 * @module
 */
import { parseCsv } from "../base/deps/csv_parse.ts";
import { stringifyCsv } from "../base/deps/csv_stringify.ts";
import { basename, dirname, join, resolve } from "node:path";
import { formatPath, InputError, type Where } from "../base/errors.ts";
import { strictJsonIssue } from "../base/json_text.ts";
import { makeFolder, readTextInput, readTextInputIfExists, statOrNull } from "../base/fs.ts";
import { parsePackage } from "./parse.ts";
import { type Package, type PackageInput, PackageSchema } from "./schema.ts";

/** Cell types: required/optional text, required/optional number, `;` lists, JSON. */
type Cell = "text" | "text?" | "number" | "number?" | "list" | "numbers" | "json?";

interface Table {
  /** File name inside the package folder. */
  file: string;
  /** Package field holding the rows, or null for the one-row package.csv. */
  key: "experiences" | "candidates" | "units" | "queries" | "coverage" | null;
  columns: Record<string, Cell>;
}

const TABLES: readonly Table[] = [
  {
    file: "package.csv",
    key: null,
    columns: {
      schema_version: "number",
      id: "text",
      weight_source: "text",
      budgets: "numbers",
      group_cap: "number?",
      description: "text?",
      h: "json?",
      meta: "json?",
    },
  },
  {
    file: "experiences.csv",
    key: "experiences",
    columns: { id: "text", order: "number", text: "text?", session: "text?", timestamp: "text?" },
  },
  {
    file: "candidates.csv",
    key: "candidates",
    columns: {
      id: "text",
      experience: "text",
      kind: "text",
      cost: "number",
      representation: "text?",
      text: "text?",
      confidence: "number?",
      estimated_value: "number?",
      salience: "number?",
      source: "text?",
    },
  },
  {
    file: "units.csv",
    key: "units",
    columns: {
      id: "text",
      family: "text",
      weight: "number?",
      validity: "text?",
      h: "json?",
      text: "text?",
    },
  },
  {
    file: "queries.csv",
    key: "queries",
    columns: {
      id: "text",
      required_units: "list",
      importance: "number?",
      category: "text?",
      text: "text?",
      answer: "text?",
    },
  },
  {
    file: "coverage.csv",
    key: "coverage",
    columns: { candidate: "text", unit: "text", value: "number", provenance: "text?" },
  },
];

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads a package from a folder of CSV tables (layout in the module doc) and
 * validates it through the package schema.
 *
 * @example Round trip through a temporary folder
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPackageCsv, writePackageCsv } from "./csv_io.ts";
 * const dir = await Deno.makeTempDir();
 * await writePackageCsv(dir, {
 *   schema_version: 1, id: "p", weight_source: "explicit",
 *   experiences: [{ id: "e", order: 0 }],
 *   candidates: [{ id: "c", experience: "e", kind: "raw", cost: 2 }],
 *   units: [{ id: "r", family: "fact", weight: 1 }],
 *   coverage: [{ candidate: "c", unit: "r", value: 1 }],
 * });
 * const pkg = await readPackageCsv(dir);
 * assert.ok(pkg.candidates[0].cost === 2);
 * ```
 *
 * @param dir the package folder
 * @returns the validated package
 * @throws {InputError} naming the file and the row and column (or header / line) of the first
 *   problem: a missing file or column, a cell that does not convert, or a schema violation
 */
export async function readPackageCsv(dir: string): Promise<Package> {
  const data: Record<string, unknown> = {};
  for (const table of TABLES) {
    const path = join(dir, table.file);
    const text = table.key === "queries"
      ? await readTextInputIfExists(path)
      : await readTextInput(path);
    if (text === undefined && data.weight_source === "queries") {
      throw InputError.atRoot(
        path,
        "expected queries.csv when weight_source is queries (the unit weights come from it)",
      );
    }
    const rows = text === undefined ? [] : parseTable(text, path, table);
    if (table.key !== null) data[table.key] = rows;
    else if (rows.length !== 1) {
      throw InputError.atRoot(path, `expected exactly one data row, found ${rows.length}`);
    } else Object.assign(data, rows[0]);
  }
  const result = PackageSchema.safeParse(data);
  if (result.success) return result.data;
  const located = result.error.issues.map((issue) => ({
    ...locate(dir, issue.path),
    expected: issue.message,
  }));
  const first = located[0];
  const same = located.filter((x) => x.file === first.file);
  throw new InputError(first.file, first.where, first.expected, same);
}

/**
 * Writes a package as a folder of CSV tables (layout in the module doc). The
 * package is validated first; the tables are written to a temporary sibling
 * folder that is renamed into place once complete (see the module doc).
 *
 * @param dir the package folder (created if missing; an existing one is replaced)
 * @param pkg the package
 * @returns nothing once all six files are in place
 * @throws {InputError} (file `<memory>`) if `pkg` does not match the schema, or a listed id
 *   contains `;`; (file `dir`) if `dir` is a file or a folder holding anything but the six
 *   tables as plain files (another file, a folder or a link, even under a table's name);
 *   nothing is written then
 */
export async function writePackageCsv(dir: string, pkg: Package | PackageInput): Promise<void> {
  const valid = parsePackage(pkg, "<memory>");
  valid.queries.forEach((q, i) =>
    q.required_units.forEach((r, j) => {
      if (r.includes(";")) {
        const where = { path: formatPath(["queries", i, "required_units", j]) };
        const expected = "expected a unit id without ';' (the CSV list separator)";
        throw new InputError("<memory>", where, expected);
      }
    })
  );
  const texts = TABLES.map((table) => {
    const rows = (table.key === null ? [valid] : valid[table.key]) as Record<string, unknown>[];
    const names = Object.keys(table.columns);
    const records = [
      names,
      ...rows.map((row) => names.map((c) => formatCell(row[c], table.columns[c]))),
    ];
    return stringifyCsv(records, {
      cast: { string: (v: string) => (v === "" ? { value: "", quoted_empty: true } : v) },
    });
  });

  const target = resolve(dir);
  const parent = dirname(target);
  await makeFolder(parent);
  const old = await statOrNull(target);
  if (old !== null) {
    if (!old.isDirectory) throw InputError.atRoot(dir, "expected a folder, found a file");
    const names = new Set(TABLES.map((t) => t.file));
    for await (const entry of Deno.readDir(target)) {
      // The old folder is removed whole: only the six tables as plain files may be in it (a
      // folder or a link named like a table may hold the user's files; issue 29 item 6).
      const plain = entry.isFile && !entry.isSymlink;
      if (!names.has(entry.name) || !plain) {
        const what = plain ? "" : entry.isSymlink ? " (a link)" : " (not a file)";
        throw InputError.atRoot(
          dir,
          `expected an empty folder or a CSV package folder to replace; it holds '${entry.name}'${what}`,
        );
      }
    }
  }
  const stem = join(parent, `.${basename(target)}.${Deno.pid}.${tempCounter++}`);
  const temp = `${stem}.tmp`;
  const aside = `${stem}.old`;
  try {
    await Deno.mkdir(temp);
    for (let t = 0; t < TABLES.length; t++) {
      await Deno.writeTextFile(join(temp, TABLES[t].file), texts[t]);
    }
    if (old?.mode != null) await Deno.chmod(temp, old.mode & 0o7777).catch(() => {});
    if (old === null) await Deno.rename(temp, target);
    else {
      await Deno.rename(target, aside);
      try {
        await Deno.rename(temp, target);
      } catch (err) {
        await Deno.rename(aside, target);
        throw err;
      }
      await Deno.remove(aside, { recursive: true });
    }
  } catch (err) {
    await Deno.remove(temp, { recursive: true }).catch(() => {});
    throw err;
  }
}

let tempCounter = 0;

/** Parses one CSV table into objects with converted cells (absent cells left out). */
function parseTable(text: string, file: string, table: Table): Record<string, unknown>[] {
  const bad = (path: string, expected: string) => new InputError(file, { path }, expected);
  let records: (string | null)[][];
  try {
    records = parseCsv(text, {
      bom: true,
      skip_empty_lines: true,
      // Any mixture of line ends (an LF header and CRLF rows, ...): no stray "\r" in a last cell.
      record_delimiter: ["\r\n", "\n", "\r"],
      // An unquoted empty cell is "absent" (null); a quoted one is the empty string.
      cast: (
        value: string,
        ctx: { quoting: boolean },
      ) => (value === "" && !ctx.quoting ? null : value),
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    const message = err instanceof Error ? err.message : String(err);
    throw bad(line ? `line ${line}` : "", `expected valid CSV (${message})`);
  }
  if (records.length === 0) throw bad("header", "expected a header row");
  const header = records[0].map((h) => h ?? "");
  const known = Object.keys(table.columns);
  header.forEach((name, i) => {
    if (!known.includes(name)) {
      throw bad(
        "header",
        `expected only the columns ${known.join(", ")}; found ${JSON.stringify(name)}`,
      );
    }
    if (header.indexOf(name) !== i) {
      throw bad("header", `expected each column once; ${JSON.stringify(name)} repeats`);
    }
  });
  for (const [name, type] of Object.entries(table.columns)) {
    if ((type === "text" || type === "number" || type === "list") && !header.includes(name)) {
      throw bad("header", `expected a column '${name}'`);
    }
  }
  return records.slice(1).map((record, r) => {
    const out: Record<string, unknown> = {};
    header.forEach((name, c) => {
      const value = convertCell(record[c], table.columns[name], { file, row: r + 1, column: name });
      if (value !== undefined) out[name] = value;
    });
    return out;
  });
}

/** Converts one cell strictly; `undefined` means the field is absent. */
function convertCell(
  cell: string | null,
  type: Cell,
  at: { file: string; row: number; column: string },
): unknown {
  const fail = (expected: string): never => {
    throw new InputError(at.file, { row: at.row, column: at.column }, expected);
  };
  // JSON-quoted, so invisible characters show: got "1\r".
  const shown = cell === null || cell === "" ? "an empty cell" : JSON.stringify(cell);
  const number = (text: string | null): number => {
    const got = text === null ? shown : JSON.stringify(text);
    if (text === null || !NUMBER.test(text)) return fail(`expected a finite number, got ${got}`);
    const n = Number(text);
    if (!Number.isFinite(n)) return fail(`expected a finite number, got ${got} (overflows)`);
    if (n === 0 && /[1-9]/.test(text.split(/[eE]/)[0])) {
      return fail(`expected a number a double can hold, got ${got} (underflows to 0)`);
    }
    return n;
  };
  switch (type) {
    case "text":
      return cell ?? "";
    case "text?":
      return cell ?? undefined;
    case "number":
      return number(cell === "" ? null : cell);
    case "number?":
      return cell === null || cell === "" ? undefined : number(cell);
    case "list":
    case "numbers": {
      if (cell === null || cell === "") return [];
      const items = cell.split(";");
      if (items.includes("")) fail(`expected ';'-separated items without empty ones, got ${shown}`);
      return type === "list" ? items : items.map(number);
    }
    case "json?": {
      if (cell === null || cell === "") return undefined;
      let value: unknown;
      try {
        value = JSON.parse(cell);
      } catch {
        return fail(`expected a JSON value, got ${shown}`);
      }
      // The package readers' strict checks: duplicate keys, underflow, nesting depth.
      const issue = strictJsonIssue(cell);
      if (issue !== undefined) {
        const at = formatPath(issue.path);
        return fail(at === "" ? issue.expected : `${at}: ${issue.expected}`);
      }
      return value;
    }
  }
}

/** Formats one field value as a cell: absent -> null (unquoted empty), "" stays "" (quoted). */
function formatCell(value: unknown, type: Cell): string | null {
  if (value === undefined) return null;
  if (type === "json?") return JSON.stringify(value);
  if (type === "list" || type === "numbers") return (value as unknown[]).map(String).join(";");
  return String(value);
}

/** Maps a schema issue path (e.g. `candidates[3].cost`) to its CSV file, row and column. */
function locate(dir: string, path: readonly PropertyKey[]): { file: string; where: Where } {
  const [head, index, field] = path;
  const table = TABLES.find((t) => t.key === head && typeof index === "number");
  if (table) {
    const column = typeof field !== "string"
      ? Object.keys(table.columns)[0]
      : table.columns[field] === "json?"
      ? formatPath(path.slice(2))
      : field;
    return { file: join(dir, table.file), where: { row: (index as number) + 1, column } };
  }
  const pkgTable = TABLES[0];
  if (typeof head === "string" && head in pkgTable.columns) {
    const column = pkgTable.columns[head] === "json?" ? formatPath(path) : head;
    return { file: join(dir, pkgTable.file), where: { row: 1, column } };
  }
  return { file: join(dir, pkgTable.file), where: { path: formatPath(path) } };
}
