/**
 * A shard's manifest, `shard.json`: the shard, the run digest, the units it holds and the SHA-256
 * of every file it wrote, with how each file is merged (issue 20, "one sharded-run framework";
 * issue 22, "merges that cannot be fooled").
 *
 * Merge rules of a file:
 * - `interleave`: a head (e.g. a CSV header) and then, in `groups` groups, one chunk of bytes per
 *   unit of the shard, in the shard's unit order. The merged file is the head and then, group by
 *   group, the chunks of every unit of the run in output order (lib/shard/partition.ts).
 * - `copy`: copied to the merged folder under the same name (a name in several shards must have the
 *   same bytes in each).
 * - `none`: checked, not copied (e.g. a summary that the merge recomputes).
 *
 * {@linkcode ShardWriter} writes a shard's files and, last, its manifest: a shard cut short has
 * none, and a merge refuses it.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../base/deps/zod.ts";
import { InputError } from "../base/errors.ts";
import { writeFileSet } from "../base/write_files.ts";
import { sha256Hex } from "../base/hash.ts";
import { type RunDigest, runDigestSha256 } from "./digest.ts";
import type { Shard } from "./partition.ts";

/** File name of a shard's manifest. */
export const SHARD_MANIFEST = "shard.json";

/** Schema tag of a shard's manifest. */
export const SHARD_SCHEMA = "memaudit.shard/1";

const count = z.int().nonnegative();

/**
 * The content of `shard.json` as zod checks it (a merge checks it before it uses any field):
 * the kind of run (e.g. `sweep`, which merge joins it), this shard, the run digest (equal on
 * every shard of the run) and the SHA-256 of its canonical JSON, the units of the whole run and
 * this shard's unit ids in its output order, and every file the shard wrote (path relative to
 * its folder, `/`-separated): the SHA-256 (hex) and size of its bytes, its merge rule (see the
 * module doc) and, for `interleave`, the bytes of the head, the groups of chunks (each group one
 * chunk per unit of the shard) and the bytes of each chunk, group by group.
 */
export const SHARD_MANIFEST_SCHEMA = z.object({
  schema: z.literal(SHARD_SCHEMA),
  kind: z.string().min(1),
  shard: z.object({ index: count, count: z.int().positive() })
    .refine((s) => s.index < s.count, "expected an index below the count"),
  run: z.object({
    memaudit: z.string(),
    command: z.string(),
    flags: z.record(z.string(), z.unknown()),
    inputs: z.array(z.object({ name: z.string(), sha256: z.string() })),
  }),
  run_sha256: z.string(),
  units: count,
  unit_ids: z.array(z.string()),
  files: z.record(
    z.string(),
    z.object({
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      bytes: count,
      merge: z.enum(["interleave", "copy", "none"]),
      head: count.optional(),
      groups: z.int().positive().optional(),
      chunks: z.array(count).optional(),
    }),
  ),
});

/** The content of `shard.json` ({@linkcode SHARD_MANIFEST_SCHEMA}). */
export type ShardManifest = z.output<typeof SHARD_MANIFEST_SCHEMA>;

/**
 * Whether a manifest's file path (as recorded) stays inside the shard folder: relative,
 * `/`-separated, no empty, `.` or `..` part, no backslash.
 */
export function isInsideFolder(path: string): boolean {
  return path !== "" && !path.includes("\\") &&
    path.split("/").every((s) => s !== ".." && s !== "" && s !== ".");
}

/** A file merged by units: a head, then chunks (`groups` groups of one chunk per unit). */
export interface Blocks {
  /** Text before the first chunk (e.g. a CSV header line; "" for none). */
  head: string;
  /** The chunks, group by group, each group in the shard's unit order. */
  chunks: readonly string[];
  /** Groups of chunks (default 1). */
  groups?: number;
}

/**
 * Cuts a text of whole lines (every line ending in a newline) into a head of `headLines` lines
 * and chunks of `linesPerChunk` (>= 1) lines each, the last one shorter if the lines do not divide
 * evenly (the layout of a file with a fixed number of lines per unit).
 */
export function chunksByLines(text: string, headLines: number, linesPerChunk: number): Blocks {
  const ends: number[] = [];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) ends.push(i + 1);
  const cut = (k: number) => (k === 0 ? 0 : ends[Math.min(k, ends.length) - 1]);
  const head = text.slice(0, cut(headLines));
  const chunks: string[] = [];
  for (let k = headLines; k < ends.length; k += linesPerChunk) {
    chunks.push(text.slice(cut(k), cut(k + linesPerChunk)));
  }
  return { head, chunks };
}

const utf8 = (s: string) => new TextEncoder().encode(s).length;
const textOf = (c: string | Blocks) => typeof c === "string" ? c : c.head + c.chunks.join("");

/**
 * Who writes a shard ({@linkcode ShardWriter}'s constructor argument): the kind of run, this
 * shard, the run digest, the units of the whole run and this shard's unit ids in its output order.
 */
export interface ShardHeader {
  kind: string;
  shard: Shard;
  run: RunDigest;
  units: number;
  unitIds: readonly string[];
}

/**
 * Writes a shard's files, recording the SHA-256 of each, and then its
 * manifest ({@linkcode SHARD_MANIFEST}).
 *
 * @example A shard of two units with one interleaved file
 * ```ts
 * import assert from "node:assert/strict";
 * import { runDigest } from "./digest.ts";
 * import { ShardWriter } from "./manifest.ts";
 * const dir = await Deno.makeTempDir();
 * const w = new ShardWriter(dir, {
 *   kind: "demo", shard: { index: 0, count: 2 }, run: runDigest("memaudit demo", {}),
 *   units: 3, unitIds: ["a", "c"],
 * });
 * w.write("rows.jsonl", { head: "", chunks: ['{"u":"a"}\n', '{"u":"c"}\n'] });
 * const m = await w.close();
 * assert.deepEqual(m.files["rows.jsonl"].chunks, [10, 10]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export class ShardWriter {
  readonly #files: ShardManifest["files"] = {};
  readonly #texts: [string, string][] = [];

  /** A writer of the shard folder `dir` (`header`: the kind, shard, run digest and units). */
  constructor(private readonly dir: string, private readonly header: ShardHeader) {}

  /**
   * Records a file already written with these contents: at `path` relative to the shard folder
   * (`/`-separated), the text (merge rule `merge`: `copy`, the default, or `none`) or its blocks
   * (`interleave`).
   */
  record(path: string, content: string | Blocks, merge: "copy" | "none" = "copy"): void {
    const text = textOf(content);
    this.#files[path] = typeof content === "string"
      ? { sha256: sha256Hex(text), bytes: utf8(text), merge }
      : {
        sha256: sha256Hex(text),
        bytes: utf8(text),
        merge: "interleave",
        head: utf8(content.head),
        groups: content.groups ?? 1,
        chunks: content.chunks.map(utf8),
      };
  }

  /**
   * Records a file as {@linkcode record} does and keeps its text for
   * {@linkcode ShardWriter.close}, which writes all files as one set (for a shard's files that fit
   * in memory; else write each and {@linkcode record} it).
   */
  write(path: string, content: string | Blocks, merge: "copy" | "none" = "copy"): void {
    this.#texts.push([join(this.dir, path), textOf(content)]);
    this.record(path, content, merge);
  }

  /**
   * Writes the files given to {@linkcode ShardWriter.write} and then the manifest, as one set
   * (a target that is a folder leaves none of them written); resolves to the manifest written.
   *
   * @throws {InputError} if a file cannot be written (what `writeFileSet` throws)
   */
  async close(): Promise<ShardManifest> {
    const { kind, shard, run, units, unitIds } = this.header;
    const manifest: ShardManifest = {
      schema: SHARD_SCHEMA,
      kind,
      shard: { index: shard.index, count: shard.count },
      run,
      run_sha256: runDigestSha256(run),
      units,
      unit_ids: [...unitIds],
      files: this.#files,
    };
    await writeFileSet([
      ...this.#texts,
      [join(this.dir, SHARD_MANIFEST), JSON.stringify(manifest, null, 2) + "\n"],
    ]);
    return manifest;
  }
}

/**
 * Removes a folder's `shard.json` before a run of this kind writes the folder again, sharded or
 * not (an interrupted run then leaves no manifest, and a merge refuses the folder as unfinished;
 * a whole run leaves no stale manifest beside its files). Only a manifest of this kind is
 * removed: a `shard.json` that is a folder, a link, or a file that is not one (a user's, another
 * kind of run's) is a refusal, and nothing is removed (issue 29 item 6).
 *
 * @param dir the output folder
 * @param kind the run's `kind` (e.g. `sweep`, `solve`)
 * @returns nothing once no manifest is left
 * @throws {InputError} naming the `shard.json` that is not such a manifest (verb "write")
 */
export async function removeShardManifest(dir: string, kind: string): Promise<void> {
  const path = join(dir, SHARD_MANIFEST);
  const info = await Deno.lstat(path).catch(() => null);
  if (info === null) return;
  let ours = false;
  if (info.isFile && info.size < 64 * 1024 * 1024) {
    try {
      const m = JSON.parse(await Deno.readTextFile(path));
      ours = m?.schema === SHARD_SCHEMA && m?.kind === kind;
    } catch {
      ours = false;
    }
  }
  if (!ours) {
    throw new InputError(
      path,
      { path: "" },
      `expected a ${kind} shard's manifest to replace, or nothing (it is not one: remove it or ` +
        "write into another folder)",
      [],
      "write",
    );
  }
  await Deno.remove(path);
}
