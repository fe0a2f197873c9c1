/**
 * The append-only journal that makes a sweep resumable: a header line with
 * the resolved grid, then one JSON line per finished unit.
 *
 * @module
 */
import { InputError } from "../errors.ts";
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
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Opens a journal for `grid`: reads back the finished units of an earlier,
 * interrupted run of the same grid (dropping a truncated last line, and
 * cutting it off the file), or starts a new journal with a header line.
 *
 * @param path journal file
 * @param grid the resolved grid (any JSON value); a journal written for a different grid is refused
 * @returns the open file (positioned for appending) and the finished units
 * @throws {InputError} if the journal belongs to another grid or a complete line is not valid JSON
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
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const end = bytes === null ? -1 : bytes.lastIndexOf(NL);
  const droppedBytes = bytes === null ? 0 : bytes.length - (end + 1);
  if (bytes === null || end < 0) {
    // No journal, or not even a complete header: start afresh.
    await Deno.writeTextFile(path, header);
  } else {
    const lines = decoder.decode(bytes.subarray(0, end)).split("\n");
    if (lines[0] + "\n" !== header) {
      throw new InputError(
        path,
        { path: "line 1" },
        "a journal written for the same grid (remove it, or choose another output folder)",
      );
    }
    for (let i = 1; i < lines.length; i++) {
      let u: UnitResult;
      try {
        u = JSON.parse(lines[i]);
      } catch {
        throw new InputError(path, { path: `line ${i + 1}` }, "a complete JSON line");
      }
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
  const data = new TextEncoder().encode(JSON.stringify(unit) + "\n");
  let off = 0;
  while (off < data.length) off += await file.write(data.subarray(off));
  if (sync) await file.syncData();
}
