/**
 * The append-only journal that makes a sweep resumable: a header line with
 * the resolved grid, then one JSON line per unit whose rows were appended to
 * the output files, with the bytes it added to each (so that a rerun can cut
 * the files back to the last recorded unit).
 *
 * Reading a journal back is strict: it must be UTF-8, its header must be the
 * header of the same grid, and every complete line after it must be a unit
 * record of the expected shape. Anything else is an {@linkcode InputError}
 * naming the journal file and line; a journal is never overwritten unless it
 * is empty or a cut-off copy of this grid's header (a crash while writing it).
 *
 * @module
 */
import { formatPath, InputError } from "../base/errors.ts";
import { decodeUtf8Input } from "../base/fs.ts";
import { canonicalJson } from "../base/canonical_json.ts";

/** Identifies a journal file and its format. */
export const JOURNAL_FORMAT = "memaudit-sweep-journal/2";

/**
 * One journal line: a unit whose rows were appended to the output files,
 * and how many bytes it added to each of them.
 */
export interface JournalEntry {
  distribution: string;
  seed: number;
  /** Bytes added to the results JSONL, the results CSV and the timings JSONL, in that order. */
  bytes: [number, number, number];
}

const NL = 0x0a;

/** The shape of a unit line (read when a journal has unit lines: a resume). */
async function entryShape() {
  const { z } = await import("../base/deps/zod.ts");
  const count = z.int().nonnegative();
  return z.strictObject({
    distribution: z.string(),
    seed: z.int().nonnegative(),
    bytes: z.tuple([count, count, count]),
  });
}

/** Parses and checks one unit line; throws an InputError at `line N`. */
function parseEntryLine(
  shape: Awaited<ReturnType<typeof entryShape>>,
  text: string,
  path: string,
  line: number,
): JournalEntry {
  const where = { path: `line ${line}` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new InputError(path, where, "expected a complete JSON line");
  }
  const result = shape.safeParse(data);
  if (!result.success) {
    const [issue] = result.error.issues;
    const at = issue.path.length > 0 ? ` at ${formatPath(issue.path)}` : "";
    throw new InputError(path, where, `expected a unit record (${issue.message}${at})`);
  }
  return result.data as JournalEntry;
}

/**
 * Opens a journal for `grid`: reads back the recorded units of an earlier,
 * interrupted run of the same grid (dropping a truncated last line, and
 * cutting it off the file), or starts a new journal with a header line.
 *
 * @param path journal file
 * @param grid the resolved grid (any JSON value); a journal written for a different grid is refused
 * @returns the open file (positioned for appending) and the recorded units, in the order they
 *   were appended
 * @throws {InputError} naming the journal and line if the journal is a folder, is not UTF-8,
 *   belongs to another grid (a foreign file included, with or without a final newline), or a
 *   complete line is not a unit record (not JSON, null, wrong field types)
 */
export async function openJournal(
  path: string,
  grid: unknown,
): Promise<{ file: Deno.FsFile; entries: JournalEntry[] }> {
  const header = canonicalJson({ format: JOURNAL_FORMAT, grid }) + "\n";
  const entries: JournalEntry[] = [];
  let bytes: Uint8Array | null = null;
  try {
    bytes = await Deno.readFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.IsADirectory) {
      throw InputError.atRoot(path, "expected a journal file, found a folder");
    }
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  const end = bytes === null ? -1 : bytes.lastIndexOf(NL);
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
    let shape: Awaited<ReturnType<typeof entryShape>> | undefined;
    for (let i = 1; i < lines.length; i++) {
      entries.push(parseEntryLine(shape ??= await entryShape(), lines[i], path, i + 1));
    }
    if (end + 1 < bytes.length) await Deno.truncate(path, end + 1);
  }
  const file = await Deno.open(path, { append: true });
  return { file, entries };
}

/**
 * Appends one unit record as a single line, writing every byte before it
 * returns (a crash leaves at most one truncated last line).
 *
 * @param file journal opened by {@linkcode openJournal}
 * @param entry the unit and the bytes it added to each output file
 */
export function appendEntry(file: Deno.FsFile, entry: JournalEntry): void {
  const { distribution, seed, bytes } = entry;
  writeAllSync(
    file,
    new TextEncoder().encode(JSON.stringify({ distribution, seed, bytes }) + "\n"),
  );
}

/** Writes every byte of `data` at the file's position. */
export function writeAllSync(file: Deno.FsFile, data: Uint8Array): void {
  let off = 0;
  while (off < data.length) off += file.writeSync(data.subarray(off));
}
