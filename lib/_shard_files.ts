/**
 * What the merges of shard folders share (sweep, natural, scale-simulate and
 * retention-simulate runs; the rule is lib/shard.ts's): reading every folder,
 * checking that all are shards of one run and form one complete partition,
 * and checking that a shard holds exactly its share of lines. Every problem
 * is an {@linkcode InputError} naming the folder or file. Private to lib/.
 *
 * @module
 */
import { z } from "./deps.ts";
import { InputError } from "./errors.ts";
import { readJsonOr } from "./fs.ts";
import { validateInput } from "./validate_input.ts";
import { checkShardSet, type Shard } from "./shard.ts";

/** What a merge reads of one shard folder: at least the folder and its shard. */
export interface ShardDir {
  /** The folder. */
  dir: string;
  /** Its shard. */
  shard: Shard;
}

/** How a merge tells the shards of one run from another run's. */
export interface SameRun<S> {
  /** Whether `s` is a shard of the same run as `first`. */
  same(first: S, s: S): boolean;
  /** The file that identifies the run of `s` (named in the error). */
  file(s: S): string;
  /** The JSON path named in the error. */
  path: string;
  /** The run's name in the error (default: `path`). */
  word?: string;
  /** What must agree, e.g. "same seed, simulators and ladder". */
  detail: string;
}

/**
 * The error of a failed merge of shard folders (not a complete partition, shares that do not add
 * up), naming all the folders.
 *
 * @param dirs the shard folders
 * @param expected what was wrong, as "expected ..."
 * @returns an InputError with the verb "merge"
 */
export function shardMergeError(dirs: readonly string[], expected: string): InputError {
  return new InputError(dirs.join(", "), { path: "" }, expected, [], "merge");
}

/**
 * Reads the shard folders of a merge and checks that they are shards of one
 * run (every one compared with the first) forming one complete partition.
 *
 * @param dirs the shard folders, any order
 * @param outDir the merged folder (named when there are no folders)
 * @param read reads one folder
 * @param run how to compare two shards' runs, and the error's file, path, word and detail
 * @returns the shards in the order of `dirs`, and by index (entry I is shard I/N, N the length)
 * @throws {InputError} for no folders, a shard of another run, or shards that overlap or miss
 *   one (verb "merge", naming all the folders); and what `read` throws
 */
export async function readShardSet<S extends ShardDir>(
  dirs: readonly string[],
  outDir: string,
  read: (dir: string) => Promise<S>,
  run: SameRun<S>,
): Promise<{ shards: S[]; byIndex: S[] }> {
  if (dirs.length === 0) {
    throw new InputError(outDir, { path: "" }, "expected at least one shard folder to merge");
  }
  const shards: S[] = [];
  for (const dir of dirs) shards.push(await read(dir));
  const first = shards[0];
  for (const s of shards.slice(1)) {
    if (!run.same(first, s)) {
      throw new InputError(
        run.file(s),
        { path: run.path },
        `expected a shard of the same ${run.word ?? run.path} as ${first.dir} (${run.detail})`,
      );
    }
  }
  let n: number;
  try {
    n = checkShardSet(shards.map((s) => ({ shard: s.shard, label: s.dir })));
  } catch (err) {
    throw shardMergeError(dirs, (err as Error).message);
  }
  const byIndex = new Array<S>(n);
  for (const s of shards) byIndex[s.shard.index] = s;
  return { shards, byIndex };
}

/** A shard as a shard's files record it: `{index, count}` with 0 <= index < count. */
export const SHARD_JSON = z.looseObject({
  index: z.int().nonnegative(),
  count: z.int().positive(),
}).refine((s) => s.index < s.count, "expected an index below the count");

/** A non-empty list of names (methods, simulators' names, users). */
export const NAMES_JSON = z.array(z.string()).min(1);

/**
 * Checks what a merge reads of a shard's JSON file (the run's fields it uses
 * to lay out the lines) before it uses them: a file edited by hand is bad
 * input at its JSON path, not an internal error.
 *
 * @param file the file (named in the error)
 * @param value its parsed content
 * @param shape the fields the merge reads, as zod schemas (other keys are kept)
 * @returns the value
 * @throws {InputError} naming the file and the JSON path of the first field that is not so
 */
export function checkShardJson<T>(file: string, value: T, shape: z.ZodRawShape): T {
  validateInput(z.looseObject(shape), value, file);
  return value;
}

/**
 * Reads the JSON file in which a shard records its shard and its run
 * (`scale_shard.json`, `retention_shard.json`): it must carry the schema tag
 * and a shard.
 *
 * @param file the file
 * @param schema its schema tag, e.g. `memaudit.scale-simulate-shard/1`
 * @param kind the run's kind in the error, e.g. "scale-simulate"
 * @param shape the other fields the merge reads ({@linkcode checkShardJson})
 * @returns the content (validated: the tag, `shard` and `shape`)
 * @throws {InputError} naming the file: "expected a KIND shard's JSON" for a file that is not
 *   JSON, "expected SCHEMA" at path `schema` for another file, a bad field at its JSON path, and
 *   what reading it throws
 */
export async function readShardMeta<M extends { schema: string; shard: Shard }>(
  file: string,
  schema: string,
  kind: string,
  shape: z.ZodRawShape,
): Promise<M> {
  const meta = await readJsonOr(file, () => `expected a ${kind} shard's JSON`) as M;
  if (meta?.schema !== schema || meta.shard === undefined) {
    throw new InputError(file, { path: "schema" }, `expected ${schema}`);
  }
  return checkShardJson(file, meta, { shard: SHARD_JSON, ...shape });
}

/**
 * Checks that a shard's file holds its share of lines.
 *
 * @param file the file (named in the error)
 * @param found the lines it holds
 * @param want the lines its share of units has
 * @param what what a line is, with any detail, e.g. "rows" or "lines"
 * @throws {InputError} "expected WANT WHAT, found FOUND" if they differ
 */
export function checkShardLines(file: string, found: number, want: number, what: string): void {
  if (found !== want) {
    throw new InputError(file, { path: "" }, `expected ${want} ${what}, found ${found}`);
  }
}

/**
 * The lines of a shard's JSONL (or CSV) file as written (each ending in a newline).
 *
 * @param text the file's content
 * @param file the file (named in the error)
 * @returns its lines without the newlines (none for an empty file)
 * @throws {InputError} "expected whole lines ending in a newline" for a text whose last line has
 *   none (a file cut short)
 */
export function shardLines(text: string, file: string): string[] {
  if (text === "") return [];
  if (!text.endsWith("\n")) {
    throw new InputError(file, { path: "" }, "expected whole lines ending in a newline");
  }
  return text.slice(0, -1).split("\n");
}

/**
 * Line `i` of a shard's JSONL file, parsed; with `write`, also checked to be
 * the very text the run writes for that row (so an edited line, a CR or
 * spaces added are refused: the merged file must be one machine's bytes).
 *
 * @param file the file (named in the error)
 * @param lines its lines ({@linkcode shardLines})
 * @param i the line's index (0-based; the error names line i + 1)
 * @param write how the run writes a row (e.g. `JSON.stringify`)
 * @returns the row
 * @throws {InputError} at `line i+1`: "expected JSON", or "expected the line the run writes for
 *   its row: ..." when `write` gives another text
 */
export function shardRow<T>(
  file: string,
  lines: readonly string[],
  i: number,
  write?: (row: T) => string,
): T {
  let row: T;
  try {
    row = JSON.parse(lines[i]) as T;
  } catch {
    throw new InputError(file, { path: `line ${i + 1}` }, "expected JSON");
  }
  if (write !== undefined && write(row) !== lines[i]) {
    throw new InputError(
      file,
      { path: `line ${i + 1}` },
      `expected the line the run writes for its row: ${write(row).slice(0, 80)}`,
    );
  }
  return row;
}

/**
 * Checks what a row at line `i` of a shard's file must be.
 *
 * @param file the file (named in the error)
 * @param i the line's index (0-based)
 * @param ok whether the row is right
 * @param expected what it should be, as "expected ..."
 * @throws {InputError} at `line i+1` with `expected` unless `ok`
 */
export function checkShardRow(file: string, i: number, ok: boolean, expected: string): void {
  if (!ok) throw new InputError(file, { path: `line ${i + 1}` }, expected);
}
