/**
 * The append-only journal that makes a sweep resumable: a header line with
 * the resolved grid, then one JSON line per finished unit.
 *
 * Reading a journal back is strict: it must be UTF-8, its header must be the
 * header of the same grid, and every complete line after it must be a unit
 * result of the expected shape. Anything else is an {@linkcode InputError}
 * naming the journal file and line; a journal is never overwritten unless it
 * is empty or a cut-off copy of this grid's header (a crash while writing it).
 *
 * @module
 */
import { z } from "zod";
import { formatPath, InputError } from "../errors.ts";
import { decodeUtf8Input } from "../fs.ts";
import { canonicalJson } from "../generate/package_hash.ts";
import type { UnitResult } from "./run_unit.ts";

/** Identifies a journal file and its format. */
export const JOURNAL_FORMAT = "memaudit-sweep-journal/1";

/** What was read back from a journal. */
export interface JournalState {
  /** Finished units by {@linkcode unitKey}. */
  units: Map<string, UnitResult>;
  /** Bytes dropped from a truncated last line (0 if none). */
  droppedBytes: number;
}

/** The key of a (distribution, seed) unit. */
export function unitKey(distribution: string, seed: number): string {
  return `${distribution}\u0000${seed}`;
}

const NL = 0x0a;

const num = z.number();
const nullableNum = num.nullable();
const RowShape = z.looseObject({
  schema_version: num,
  instance_id: z.string(),
  seed: z.int(),
  distribution: z.string(),
  budget: num,
  method: z.string(),
  selected_candidate_ids: z.array(z.string()),
  selected_cost: num,
  objective_value: num,
  denominator_label: z.string(),
  ratio_to_opt: nullableNum,
  opt_degenerate: z.boolean(),
  ratio_to_upper_bound: nullableNum,
  ratio_to_reference: nullableNum,
  optimum_value: nullableNum,
  upper_bound: nullableNum,
  upper_bound_source: z.string().nullable(),
  reference_value: num,
  budget_feasible: z.boolean(),
  group_feasible: z.boolean(),
  representation_mix: z.record(z.string(), num),
  update_metrics: z.record(z.string(), num),
  retrieval_metrics: z.record(z.string(), z.unknown()),
  policy_metadata: z.record(z.string(), z.string()),
  certificate_status: z.string().optional(),
  versions: z.looseObject({ memaudit: z.string(), schema: num }),
});
const TimingShape = z.looseObject({
  distribution: z.string(),
  seed: z.int(),
  budget: num,
  method: z.string(),
  runtime_sec: num,
});
const UnitShape = z.looseObject({
  distribution: z.string(),
  seed: z.int(),
  rows: z.array(RowShape),
  timings: z.array(TimingShape),
});

/** Parses and checks one unit line; throws an InputError at `line N`. */
function parseUnitLine(text: string, path: string, line: number): UnitResult {
  const where = { path: `line ${line}` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InputError(path, where, "expected a complete JSON line");
  }
  const result = UnitShape.safeParse(data);
  if (!result.success) {
    const [issue] = result.error.issues;
    const at = issue.path.length > 0 ? ` at ${formatPath(issue.path)}` : "";
    throw new InputError(path, where, `expected a unit result (${issue.message}${at})`);
  }
  const u = result.data as unknown as UnitResult;
  for (const r of [...u.rows, ...u.timings]) {
    if (r.distribution !== u.distribution || r.seed !== u.seed) {
      throw new InputError(
        path,
        where,
        `expected rows of unit (${u.distribution}, seed ${u.seed}); found (${r.distribution}, seed ${r.seed})`,
      );
    }
  }
  return u;
}

/**
 * Opens a journal for `grid`: reads back the finished units of an earlier,
 * interrupted run of the same grid (dropping a truncated last line, and
 * cutting it off the file), or starts a new journal with a header line.
 *
 * @param path journal file
 * @param grid the resolved grid (any JSON value); a journal written for a different grid is refused
 * @returns the open file (positioned for appending) and the finished units
 * @throws {InputError} naming the journal and line if the journal is a folder, is not UTF-8,
 *   belongs to another grid (a foreign file included, with or without a final newline), or a
 *   complete line is not a unit result (not JSON, null, wrong field types)
 */
export async function openJournal(
  path: string,
  grid: unknown,
): Promise<{ file: Deno.FsFile; state: JournalState }> {
  const header = canonicalJson({ format: JOURNAL_FORMAT, grid }) + "\n";
  const units = new Map<string, UnitResult>();
  let bytes: Uint8Array | null = null;
  try {
    bytes = await Deno.readFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.IsADirectory) {
      throw new InputError(path, { path: "" }, "expected a journal file, found a folder");
    }
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const end = bytes === null ? -1 : bytes.lastIndexOf(NL);
  const droppedBytes = bytes === null ? 0 : bytes.length - (end + 1);
  const refuse = (): never => {
    throw new InputError(
      path,
      { path: "line 1" },
      "expected a journal written for the same grid (remove it, or choose another output folder)",
    );
  };
  if (bytes === null || end < 0) {
    // No journal, or not even a complete header. Only an empty file or a cut-off copy of this
    // grid's header (a crash while it was written) may be overwritten; anything else is foreign.
    if (bytes !== null && !header.startsWith(decodeUtf8Input(bytes, path))) refuse();
    await Deno.writeTextFile(path, header);
  } else {
    const lines = decodeUtf8Input(bytes.subarray(0, end), path).split("\n");
    if (lines[0] + "\n" !== header) refuse();
    for (let i = 1; i < lines.length; i++) {
      const u = parseUnitLine(lines[i], path, i + 1);
      units.set(unitKey(u.distribution, u.seed), u);
    }
    if (droppedBytes > 0) await Deno.truncate(path, end + 1);
  }
  const file = await Deno.open(path, { append: true });
  return { file, state: { units, droppedBytes } };
}

/**
 * Appends one finished unit as a single line, writing every byte before it
 * returns (a crash leaves at most one truncated last line).
 *
 * @param file journal opened by {@linkcode openJournal}
 * @param unit the unit's rows and timings
 * @param sync also flush the file to disk (fdatasync)
 */
export async function appendUnit(file: Deno.FsFile, unit: UnitResult, sync = false): Promise<void> {
  await appendLine(file, JSON.stringify(unit) + "\n", sync);
}

/** Appends one already serialized unit line (ending in "\n") to the journal. */
export async function appendLine(file: Deno.FsFile, line: string, sync = false): Promise<void> {
  const data = new TextEncoder().encode(line);
  let off = 0;
  while (off < data.length) off += await file.write(data.subarray(off));
  if (sync) await file.syncData();
}
