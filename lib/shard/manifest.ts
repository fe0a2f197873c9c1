/**
 * A shard's manifest, `shard.json`: the shard, the run digest, the units
 * it holds and the SHA-256 of every file it wrote, with how each file is
 * merged (issue 20, "one sharded-run framework"; issue 22, "merges that
 * cannot be fooled").
 *
 * Merge rules of a file:
 * - `interleave`: a head (e.g. a CSV header) and then, in `groups` groups,
 *   one chunk of bytes per unit of the shard, in the shard's unit order. The
 *   merged file is the head and then, group by group, the chunks of every
 *   unit of the run in output order (lib/shard/partition.ts).
 * - `copy`: copied to the merged folder under the same name (a name in
 *   several shards must have the same bytes in each).
 * - `none`: checked, not copied (e.g. a summary that the merge recomputes).
 *
 * {@linkcode ShardWriter} writes a shard's files and, last, its manifest: a
 * shard cut short has none, and a merge refuses it.
 *
 * @module
 */
import { join } from "node:path";
import { InputError } from "../base/errors.ts";
import { writeFileSet } from "../base/write_files.ts";
import { sha256Hex } from "../base/hash.ts";
import { type RunDigest, runDigestSha256 } from "./digest.ts";
import type { Shard } from "./partition.ts";

/** File name of a shard's manifest. */
export const SHARD_MANIFEST = "shard.json";

/** Schema tag of a shard's manifest. */
export const SHARD_SCHEMA = "memaudit.shard/1";

/** How a shard's file is merged (see the module doc). */
export type MergeRule = "interleave" | "copy" | "none";

/** What a manifest records of one file. */
export interface ShardFileRecord {
  /** SHA-256 of its bytes (hex). */
  sha256: string;
  /** Its size in bytes. */
  bytes: number;
  /** How it is merged. */
  merge: MergeRule;
  /** `interleave`: bytes of the head. */
  head?: number;
  /** `interleave`: groups of chunks (each group one chunk per unit of the shard). */
  groups?: number;
  /** `interleave`: bytes of each chunk, group by group. */
  chunks?: number[];
}

/** The content of `shard.json`. */
export interface ShardManifest {
  /** {@linkcode SHARD_SCHEMA}. */
  schema: string;
  /** The kind of run, e.g. `sweep` (which merge joins it). */
  kind: string;
  /** This shard. */
  shard: Shard;
  /** The run digest (equal on every shard of the run). */
  run: RunDigest;
  /** SHA-256 of the run digest's canonical JSON. */
  run_sha256: string;
  /** Units of the whole run. */
  units: number;
  /** This shard's units, by id, in its output order. */
  unit_ids: string[];
  /** Every file the shard wrote (path relative to its folder, `/`-separated) and its record. */
  files: Record<string, ShardFileRecord>;
}

/**
 * Whether a manifest's file path stays inside the shard folder: relative, `/`-separated, no
 * empty, `.` or `..` part, no backslash.
 *
 * @param path the path as recorded
 * @returns true for such a path
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
 * Cuts a text of whole lines into a head of `headLines` lines and chunks of
 * `linesPerChunk` lines each (the layout of a file with a fixed number of
 * lines per unit).
 *
 * @param text the file's text (every line ending in a newline)
 * @param headLines lines of the head
 * @param linesPerChunk lines per chunk (>= 1)
 * @returns the head and the chunks (the last one shorter if the lines do not divide evenly)
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

/** Who writes a shard: {@linkcode ShardWriter}'s constructor argument. */
export interface ShardHeader {
  /** The kind of run. */
  kind: string;
  /** This shard. */
  shard: Shard;
  /** The run digest. */
  run: RunDigest;
  /** Units of the whole run. */
  units: number;
  /** This shard's unit ids, in its output order. */
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
  readonly #dir: string;
  readonly #header: ShardHeader;
  readonly #files: Record<string, ShardFileRecord> = {};
  readonly #texts: [string, string][] = [];

  /**
   * A writer of the shard folder `dir`.
   *
   * @param dir the shard folder
   * @param header the kind, shard, run digest and units
   */
  constructor(dir: string, header: ShardHeader) {
    this.#dir = dir;
    this.#header = header;
  }

  /**
   * Records a file already written with these contents.
   *
   * @param path the path relative to the shard folder (`/`-separated)
   * @param content the text (merge rule `copy` or `none`) or its blocks (`interleave`)
   * @param merge the rule of a text (default `copy`)
   */
  record(path: string, content: string | Blocks, merge: "copy" | "none" = "copy"): void {
    if (typeof content === "string") {
      this.#files[path] = { sha256: sha256Hex(content), bytes: utf8(content), merge };
      return;
    }
    const text = content.head + content.chunks.join("");
    this.#files[path] = {
      sha256: sha256Hex(text),
      bytes: utf8(text),
      merge: "interleave",
      head: utf8(content.head),
      groups: content.groups ?? 1,
      chunks: content.chunks.map(utf8),
    };
  }

  /**
   * Records a file and keeps its text for {@linkcode ShardWriter.close}, which writes all files
   * as one set (for a shard's files that fit in memory; else write each and {@linkcode record} it).
   *
   * @param path the path relative to the shard folder
   * @param content the text or its blocks
   * @param merge the rule of a text (default `copy`)
   */
  write(path: string, content: string | Blocks, merge: "copy" | "none" = "copy"): void {
    const text = typeof content === "string" ? content : content.head + content.chunks.join("");
    this.#texts.push([join(this.#dir, path), text]);
    this.record(path, content, merge);
  }

  /**
   * Writes the files given to {@linkcode ShardWriter.write} and then the manifest, as one set:
   * a target that is a folder leaves none of them written.
   *
   * @returns the manifest written
   * @throws {InputError} if a file cannot be written (what `writeFileSet` throws)
   */
  async close(): Promise<ShardManifest> {
    const { kind, shard, run, units, unitIds } = this.#header;
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
      [join(this.#dir, SHARD_MANIFEST), JSON.stringify(manifest, null, 2) + "\n"],
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
