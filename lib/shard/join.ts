/**
 * Joining checked shards (lib/shard/read.ts) into the files one machine writes for the whole run:
 * `interleave` files unit by unit in output order, `copy` files as they are; then the kind adds
 * what it recomputes from the joined files (a summary, say), and everything is written as one set
 * (nothing written on a problem).
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { z } from "../base/deps/zod.ts";
import { InputError } from "../base/errors.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";
import { otherEntryIn, writeFileSet } from "../base/write_files.ts";
import { SHARD_MANIFEST, type ShardManifest } from "./manifest.ts";
import { type ReadShard, readShardSet, type ShardSet } from "./read.ts";

/**
 * The joined files of a run, handed to its kind's {@linkcode ShardKind.finish}: the first shard's
 * manifest (run digest, units; every shard's agree), the shards joined, every unit id in output
 * order, the joined text of each `interleave` and `copy` file (by path relative to the folder)
 * and the merged folder.
 */
export interface JoinedRun {
  manifest: ShardManifest;
  shards: number;
  unitIds: string[];
  texts: Map<string, string>;
  outDir: string;
}

/**
 * What a kind adds to a merge: files to write besides the joined ones ([path relative to the
 * folder, text]), the rows written (as the kind counts them), and file role → path (relative to
 * the folder) as `memaudit merge` reports them.
 */
export interface KindFinish {
  files?: [string, string][];
  rows: number;
  report: Record<string, string>;
}

/** One kind of sharded run, as the merge sees it. */
export interface ShardKind {
  /** The kind's name, as in the manifests (`sweep`, `natural`, ...). */
  kind: string;
  /**
   * What the kind recomputes from the joined files.
   *
   * @throws {InputError} for joined files that are not the kind's
   */
  finish(run: JoinedRun): Promise<KindFinish>;
}

const count = z.number().int().min(0);

/** `memaudit merge --json`: the merged folder as given, then the {@linkcode MergeReport}. */
const MergeReportSchema = z.strictObject({
  out: z.string().describe("the merged folder (--out), as given"),
  kind: z.string().describe(
    "the kind of run: sweep, natural, scale-simulate, retention-simulate, solve or a registered one",
  ),
  shards: count.describe("shards joined"),
  units: count.describe("units of the whole run"),
  rows: count.describe("rows written (as the kind counts them)"),
  files: z.record(z.string(), z.string()).describe("file role -> path written"),
  warnings: z.array(z.string()).describe(
    "what the merge assumed (files in a shard folder that its manifest does not list, left out)",
  ),
});

/** What a merge wrote, as `memaudit merge` reports it (its `--json` but `out`). */
export type MergeReport = Omit<z.output<typeof MergeReportSchema>, "out">;

/** The shape of `memaudit merge --json`: its JSON and JSON Schema. */
export const MERGE_REPORT: ReportShape<typeof MergeReportSchema> = reportShape(
  "merge_report",
  MergeReportSchema,
  "Generated from lib/shard/join.ts by `deno task schema`; do not edit. " +
    "`memaudit merge --json` prints one object of this shape.",
);

const decode = (bytes: Uint8Array, file: string) => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw InputError.atRoot(file, "expected UTF-8 text");
  }
};

/** The chunks of one shard's interleaved file: its head and, per group, a chunk per unit. */
function cut(s: ReadShard, rel: string): { head: Uint8Array; groups: Uint8Array[][] } {
  const rec = s.manifest.files[rel], bytes = s.bytes.get(rel)!;
  let at = rec.head ?? 0;
  const head = bytes.subarray(0, at), size = s.manifest.unit_ids.length;
  const groups: Uint8Array[][] = [];
  (rec.chunks ?? []).forEach((c, i) => {
    if (i % size === 0) groups.push([]);
    groups[groups.length - 1].push(bytes.subarray(at, at + c));
    at += c;
  });
  return { head, groups };
}

/**
 * One interleaved file of the whole run: the first shard's head, then per
 * group the chunk of each unit in output order (unit p from shard p mod N).
 */
function interleave(set: ShardSet, rel: string): string {
  const n = set.byIndex.length;
  const parts = set.byIndex.map((s) => cut(s, rel));
  const first = set.byIndex[0];
  parts.forEach((p, i) => {
    if (decode(p.head, rel) !== decode(parts[0].head, rel)) {
      throw InputError.atRoot(
        join(set.byIndex[i].dir, rel),
        `expected the head of ${join(first.dir, rel)}: ${decode(parts[0].head, rel).trimEnd()}`,
      );
    }
  });
  const groups = first.manifest.files[rel].groups ?? 1;
  for (const s of set.byIndex) {
    if ((s.manifest.files[rel].groups ?? 1) !== groups) {
      throw new InputError(
        join(s.dir, SHARD_MANIFEST),
        { path: `files.${rel}.groups` },
        `expected ${groups} groups, as in ${join(first.dir, SHARD_MANIFEST)}`,
      );
    }
  }
  const out: Uint8Array[] = [parts[0].head];
  for (let g = 0; g < groups; g++) {
    for (let p = 0; p < set.unitIds.length; p++) {
      out.push(parts[p % n].groups[g][Math.floor(p / n)]);
    }
  }
  return decode(Buffer.concat(out), join(first.dir, rel));
}

/** Every `copy` file of every shard; a path in two shards must have the same bytes in both. */
function copies(set: ShardSet): Map<string, string> {
  const out = new Map<string, string>(), from = new Map<string, ReadShard>();
  for (const s of set.byIndex) {
    for (const [rel, rec] of Object.entries(s.manifest.files)) {
      if (rec.merge !== "copy") continue;
      const had = from.get(rel);
      if (had !== undefined && had.manifest.files[rel].sha256 !== rec.sha256) {
        throw InputError.atRoot(
          join(s.dir, rel),
          `expected the bytes of ${join(had.dir, rel)} (one file of the run, in both shards)`,
        );
      }
      out.set(rel, decode(s.bytes.get(rel)!, join(s.dir, rel)));
      from.set(rel, s);
    }
  }
  return out;
}

/**
 * Merges shard folders (any order) into `outDir` (see the module doc): reads and checks them
 * (lib/shard/read.ts), joins their files, lets the kind (`kindOf` a manifest's `kind`; undefined:
 * not a kind this merge knows) recompute what it must, and writes every file as one set.
 * Resolves to the kind, shards, units, rows and files written.
 *
 * @throws {InputError} what {@linkcode readShardSet} throws; an unknown kind (naming the first
 *   manifest); heads or copied files that differ between shards; what the kind's `finish` throws;
 *   an `outDir` holding a file the merge does not write (verb "write")
 */
export async function mergeShardFolders(
  dirs: readonly string[],
  outDir: string,
  kindOf: (kind: string) => Promise<ShardKind | undefined>,
): Promise<MergeReport> {
  const set = await readShardSet(dirs, outDir);
  const first = set.byIndex[0];
  const kind = await kindOf(first.manifest.kind);
  if (kind === undefined) {
    throw new InputError(
      join(first.dir, SHARD_MANIFEST),
      { path: "kind" },
      `expected a kind of sharded run this memaudit merges, found ${first.manifest.kind}`,
    );
  }
  const texts = copies(set);
  for (const [rel, rec] of Object.entries(first.manifest.files)) {
    if (rec.merge === "interleave") texts.set(rel, interleave(set, rel));
  }
  const shards = set.byIndex.length;
  const done = await kind.finish({
    manifest: first.manifest,
    shards,
    unitIds: set.unitIds,
    texts,
    outDir,
  });
  const files: [string, string][] = [...texts, ...(done.files ?? [])];
  // A file of another run left in --out would read as part of this one (a user's folder, say).
  const other = await otherEntryIn(outDir, new Set(files.map(([rel]) => rel)));
  if (other !== undefined) {
    throw new InputError(
      outDir,
      { path: "" },
      `expected an empty folder or one holding only the merged files, found ${other} (left by ` +
        "another run? remove it or merge into a new folder)",
      [],
      "write",
    );
  }
  await writeFileSet(files.map(([rel, text]) => [join(outDir, rel), text]));
  const report = Object.fromEntries(
    Object.entries(done.report).map(([role, rel]) => [role, join(outDir, rel)]),
  );
  const warnings = [
    ...set.unlisted.map((path) =>
      `${oneLine(path)} is not listed in its folder's ${SHARD_MANIFEST}: left out of the merge ` +
      "(a file the shard did not write)"
    ),
    ...set.unreadable.map(({ path, why }) =>
      `${oneLine(path)}/ could not be read (${oneLine(why)}): left out of the merge, its files ` +
      "not checked"
    ),
  ];
  return {
    kind: kind.kind,
    shards,
    units: set.unitIds.length,
    rows: done.rows,
    files: report,
    warnings,
  };
}

/** `text` with its control characters and line separators escaped (`\n`, `\u2028`): one line. */
function oneLine(text: string): string {
  return text.replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) =>
      c < " "
        ? JSON.stringify(c).slice(1, -1)
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
