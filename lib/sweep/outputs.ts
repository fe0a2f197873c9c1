/**
 * The output folder of a sweep while it runs: a lock against a second sweep
 * in the same folder, the journal, and the `.part` files that grow unit by
 * unit until they are renamed to their final names. Not a public API.
 *
 * @module
 */
import { join } from "node:path";
import { InputError } from "../base/errors.ts";
import { canonicalJson } from "../base/canonical_json.ts";
import { statOrNull } from "../base/fs.ts";
import { appendEntry, openJournal, writeAllSync } from "./journal.ts";
import { CSV_COLUMNS, type ResultRow } from "./row.ts";
import { type LiteBlock, liteBlock, SummaryBuilder } from "./summary.ts";
import type { UnitRef } from "./lane.ts";
import type { SweepFiles, SweepGrid } from "./grid.ts";

/** The output files that grow unit by unit, in journal `bytes` order. */
export const OUTPUT_KEYS = ["results", "csv", "timings"] as const;

/** Where an output file grows until the sweep completes. */
export function partPath(file: string): string {
  return `${file}.part`;
}

/**
 * Takes the folder's lock (an exclusive `flock` on `sweep.lock`, released by
 * the system if the process dies), so that two sweeps never write the same
 * folder.
 *
 * @returns a function that releases the lock and removes the lock file
 * @throws {InputError} naming the lock file if another sweep holds it
 */
export async function lockFolder(outDir: string): Promise<() => void> {
  const path = join(outDir, "sweep.lock");
  for (;;) {
    const f = await Deno.open(path, { read: true, write: true, create: true });
    if (!(await f.tryLock(true))) {
      f.close();
      throw new InputError(
        path,
        { path: "" },
        "expected no other sweep writing to this folder (another one is running in it)",
        [],
        "lock",
      );
    }
    // A sweep that just finished may have removed the file we opened: lock the current one.
    const [held, now] = [await f.stat(), await statOrNull(path)];
    if (now !== null && held.ino === now.ino && held.dev === now.dev) {
      return () => {
        Deno.removeSync(path);
        f.close();
      };
    }
    f.close();
  }
}

/**
 * The open journal and growing output files of a sweep, and what an earlier
 * run left. Units are appended in output order: a unit that finishes early
 * waits for its predecessors; each unit's bytes are written before its
 * journal line.
 */
export class Outputs {
  readonly #journal: Deno.FsFile;
  /** Results JSONL, results CSV, timings JSONL (`.part` files), positioned for appending. */
  readonly #parts: Deno.FsFile[];
  readonly #units: readonly UnitRef[];
  readonly #waiting = new Map<number, { bytes: Uint8Array[]; lite: LiteBlock }>();
  #next: number;

  constructor(
    journal: Deno.FsFile,
    parts: Deno.FsFile[],
    units: readonly UnitRef[],
    /** Units already recorded: the first `done` units of the output order. */
    readonly done: number,
    /** The summary so far: their rows, read back from the results file. */
    readonly resumed: SummaryBuilder,
  ) {
    this.#journal = journal;
    this.#parts = parts;
    this.#units = units;
    this.#next = done;
  }

  /**
   * Takes unit `id`'s share of the three files and records every unit that
   * is now next in output order, calling `onRecorded` for each, in order.
   *
   * @param id the unit's position in output order
   * @param bytes its results JSONL, results CSV and timings JSONL bytes
   * @param lite its rows' summary fields
   * @param onRecorded called after each unit's bytes and journal line are written
   */
  append(
    id: number,
    bytes: Uint8Array[],
    lite: LiteBlock,
    onRecorded: (lite: LiteBlock) => void,
  ): void {
    this.#waiting.set(id, { bytes, lite });
    for (let w = this.#waiting.get(this.#next); w; w = this.#waiting.get(this.#next)) {
      this.#waiting.delete(this.#next);
      this.#parts.forEach((f, j) => writeAllSync(f, w.bytes[j]));
      const sizes = w.bytes.map((b) => b.length) as [number, number, number];
      appendEntry(this.#journal, { ...this.#units[this.#next++], bytes: sizes });
      onRecorded(w.lite);
    }
  }

  /** Closes the journal and the output files. */
  close(): void {
    for (const f of [this.#journal, ...this.#parts]) f.close();
  }
}

/**
 * A folder without a journal may hold a finished sweep: rerunning the same
 * grid rewrites the same files, but another grid would silently replace
 * them, so it is refused.
 *
 * @throws {InputError} naming `summary.json` if it is not a sweep summary or holds another grid
 */
async function checkFinishedGrid(files: SweepFiles, grid: SweepGrid): Promise<void> {
  let text: string;
  try {
    text = await Deno.readTextFile(files.summary);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    throw err;
  }
  let old: unknown;
  try {
    old = (JSON.parse(text) as { grid?: unknown }).grid;
  } catch {
    old = undefined;
  }
  if (old === undefined || canonicalJson(old) !== canonicalJson(grid)) {
    throw new InputError(
      files.summary,
      { path: "grid" },
      "expected the summary of a finished sweep of the same grid (this folder holds the results " +
        "of another sweep: remove them, choose another output folder, or pass replace / --replace)",
    );
  }
}

/**
 * Opens the journal and the `.part` output files (the folder must be
 * locked). A new run starts them empty (the CSV with its header); a rerun
 * checks that the journal records the first units of the output order and
 * that the files hold exactly the recorded units (each unit's bytes end a
 * line and hold `rowsPerUnit` lines; its result rows are its own), cuts each
 * file back to the recorded bytes (dropping a unit written but not recorded)
 * and reads the recorded rows' summary fields back.
 *
 * @param files the output paths
 * @param grid the grid (the journal header)
 * @param units every unit, in output order
 * @param rowsPerUnit result rows per unit (budgets × methods)
 * @throws {InputError} naming the file and line when anything does not match
 */
export async function openOutputs(
  files: SweepFiles,
  grid: SweepGrid,
  units: readonly UnitRef[],
  rowsPerUnit: number,
  replace = false,
): Promise<Outputs> {
  for (const key of [...OUTPUT_KEYS, "summary"] as const) {
    for (const path of key === "summary" ? [files[key]] : [files[key], partPath(files[key])]) {
      if ((await statOrNull(path))?.isDirectory) {
        throw InputError.atRoot(path, "expected a file, found a folder");
      }
    }
  }
  await removeStaleTemporaries(files);
  if (!replace && (await statOrNull(files.journal)) === null) {
    await checkFinishedGrid(files, grid);
  }
  const { file: journal, entries } = await openJournal(files.journal, grid);
  const parts: Deno.FsFile[] = [];
  try {
    entries.forEach((e, i) => {
      const u = units[i];
      if (u === undefined || e.distribution !== u.distribution || e.seed !== u.seed) {
        const expected = u === undefined
          ? "no more units (the grid is complete)"
          : `unit (${u.distribution}, seed ${u.seed}), the next one in output order`;
        throw new InputError(files.journal, { path: `line ${i + 2}` }, `expected ${expected}`);
      }
    });
    const header = new TextEncoder().encode(CSV_COLUMNS.join(",") + "\n");
    const start = OUTPUT_KEYS.map((_, j) => (j === 1 ? header.length : 0));
    const expected = OUTPUT_KEYS.map((_, j) => entries.reduce((s, e) => s + e.bytes[j], start[j]));
    const resumed = new SummaryBuilder();
    for (const [j, key] of OUTPUT_KEYS.entries()) {
      const path = partPath(files[key]);
      if (entries.length === 0) {
        const f = await Deno.open(path, { write: true, create: true, truncate: true });
        parts.push(f);
        if (j === 1) writeAllSync(f, header);
        continue;
      }
      let size = (await statOrNull(path))?.size;
      if (
        size === undefined && entries.length === units.length &&
        (await statOrNull(files[key])) !== null
      ) {
        // Every unit recorded, then interrupted while renaming the finished files: take it back.
        await Deno.rename(files[key], path);
        size = (await Deno.stat(path)).size;
      }
      if (size === undefined || size < expected[j]) {
        throw InputError.atRoot(
          path,
          `expected ${expected[j]} bytes or more, as recorded in ${files.journal}` +
            ` (found ${size ?? "no file"}; remove the journal to start over)`,
        );
      }
      if (size > expected[j]) await Deno.truncate(path, expected[j]);
      const bytes = (await Deno.readFile(path)).subarray(0, expected[j]);
      checkUnitChunks(bytes, start[j], entries.map((e) => e.bytes[j]), rowsPerUnit, path, files);
      if (j === 0) readRows(bytes, units, rowsPerUnit, path, resumed);
      parts.push(await Deno.open(path, { append: true }));
    }
    return new Outputs(journal, parts, units, entries.length, resumed);
  } catch (err) {
    for (const f of [journal, ...parts]) f.close();
    throw err;
  }
}

/** Checks that each recorded unit's bytes hold `rows` whole lines. */
function checkUnitChunks(
  bytes: Uint8Array,
  start: number,
  sizes: readonly number[],
  rows: number,
  path: string,
  files: SweepFiles,
): void {
  let at = start;
  sizes.forEach((size, i) => {
    let lines = 0;
    for (let b = at; b < at + size; b++) if (bytes[b] === 0x0a) lines++;
    if (lines !== rows || bytes[at + size - 1] !== 0x0a) {
      throw new InputError(
        files.journal,
        { path: `line ${i + 2}` },
        `expected the byte counts of ${rows} whole lines of ${path} (found ${lines} line ends)`,
      );
    }
    at += size;
  });
}

/** Reads the recorded result rows back into the summary, checking each row's unit and fields. */
function readRows(
  bytes: Uint8Array,
  units: readonly UnitRef[],
  rowsPerUnit: number,
  path: string,
  into: SummaryBuilder,
): void {
  const lines = new TextDecoder("utf-8", { fatal: true }).decode(bytes).split("\n");
  lines.pop(); // the text ends with "\n"
  let unit: ResultRow[] = [];
  lines.forEach((line, i) => {
    const where = { path: `line ${i + 1}` };
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new InputError(path, where, "expected a result row (JSON)");
    }
    const problem = liteProblem(row);
    if (problem !== null) throw new InputError(path, where, `expected a result row (${problem})`);
    const r = row as ResultRow, u = units[Math.floor(i / rowsPerUnit)];
    if (r.distribution !== u.distribution || r.seed !== u.seed) {
      throw new InputError(
        path,
        where,
        `expected a row of unit (${u.distribution}, seed ${u.seed}), found (${r.distribution}, seed ${r.seed})`,
      );
    }
    unit.push(r);
    if (unit.length === rowsPerUnit) {
      into.addBlock(liteBlock(unit));
      unit = [];
    }
  });
}

/** What is wrong with the summary fields of a parsed row, or null. */
function liteProblem(v: unknown): string | null {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return "an object";
  const r = v as Record<string, unknown>;
  const is = (k: string, t: string, nullable = false) =>
    (nullable && r[k] === null) || typeof r[k] === t;
  for (const k of ["distribution", "instance_id", "method"]) {
    if (!is(k, "string")) return `${k}: a string`;
  }
  if (!Number.isSafeInteger(r.seed)) return "seed: an integer";
  for (const k of ["budget", "objective_value", "selected_cost"]) {
    if (!is(k, "number")) return `${k}: a number`;
  }
  for (const k of ["ratio_to_opt", "ratio_to_upper_bound", "ratio_to_reference"]) {
    if (!is(k, "number", true)) return `${k}: a number or null`;
  }
  for (const k of ["budget_feasible", "group_feasible", "opt_degenerate"]) {
    if (!is(k, "boolean")) return `${k}: true or false`;
  }
  const m = r.update_metrics as Record<string, unknown> | null;
  if (m === null || typeof m !== "object" || Array.isArray(m)) return "update_metrics: an object";
  const inv = m.invalidation_units_covered;
  if (inv !== undefined && typeof inv !== "number") {
    return "update_metrics.invalidation_units_covered: a number";
  }
  return null;
}

/** Removes temporary files an interrupted final write of these outputs left (the folder is locked). */
async function removeStaleTemporaries(files: SweepFiles): Promise<void> {
  const names = new Set(
    [...OUTPUT_KEYS, "summary" as const].map((k) => files[k].split("/").pop()!),
  );
  const dir = files.journal.slice(0, files.journal.lastIndexOf("/") + 1) || "./";
  for await (const e of Deno.readDir(dir)) {
    const m = /^\.(.+)\.\d+\.\d+\.tmp$/.exec(e.name);
    if (e.isFile && m !== null && names.has(m[1])) await Deno.remove(dir + e.name);
  }
}

/**
 * Puts the finished files under their final names and removes the journal
 * (the summary is written before, atomically).
 */
export async function finishOutputs(files: SweepFiles): Promise<void> {
  for (const f of OUTPUT_KEYS) await Deno.rename(partPath(files[f]), files[f]);
  await Deno.remove(files.journal);
}
