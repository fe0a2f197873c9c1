/**
 * Reading the shards of a merge and checking that they cannot fool it (issue 22, "merges that
 * cannot be fooled"): each folder's manifest is well formed; every shard is of this memaudit's
 * version, of one kind and one run (equal run digests); the shards form one complete partition
 * (lib/shard/partition.ts), each holding its share of units, each unit once; and every file a
 * manifest lists has the bytes it recorded. Every refusal is an {@linkcode InputError} naming the
 * manifest or file and what was expected.
 *
 * @module
 */
import { join } from "node:path";
import { canonicalJson } from "../base/canonical_json.ts";
import { InputError } from "../base/errors.ts";
import { readJsonOr } from "../base/fs.ts";
import { validateInput } from "../base/validate_input.ts";
import { sha256Hex } from "../base/hash.ts";
import { firstDifference, MEMAUDIT_VERSION, runDigestSha256 } from "./digest.ts";
import {
  isInsideFolder,
  SHARD_MANIFEST,
  SHARD_MANIFEST_SCHEMA,
  type ShardManifest,
} from "./manifest.ts";
import { mergeShards, shardSize } from "./partition.ts";

/**
 * One shard of a merge, read and checked: its folder, its manifest file and manifest, and the
 * bytes of each file its manifest lists (checked against the recorded SHA-256).
 */
export interface ReadShard {
  dir: string;
  file: string;
  manifest: ShardManifest;
  bytes: Map<string, Uint8Array>;
}

/**
 * The shards of one run, checked: shard I/N at entry I of `byIndex`, every unit of the run in
 * output order, the files in a shard folder that its manifest does not list (left out of the
 * merge; DIR/REL, sorted) and the subfolders of a shard folder that could not be read (DIR/REL)
 * and why, sorted by path.
 */
export interface ShardSet {
  byIndex: ReadShard[];
  unitIds: string[];
  unlisted: string[];
  unreadable: { path: string; why: string }[];
}

/** The error (verb "merge") of a merge whose shards do not form one partition, naming every folder. */
function shardMergeError(dirs: readonly string[], expected: string): InputError {
  return new InputError(dirs.join(", "), { path: "" }, expected, [], "merge");
}

/**
 * Reads a shard folder's manifest and checks it: well formed, written by
 * this memaudit, its run digest's SHA-256 its own, its unit ids its share.
 *
 * @throws {InputError} naming `DIR/shard.json`: missing (not a finished shard), not JSON, a bad
 *   field at its JSON path, another version at `run.memaudit`, a `run_sha256` or `unit_ids`
 *   that do not match
 */
export async function readManifest(dir: string): Promise<ShardManifest> {
  const file = join(dir, SHARD_MANIFEST);
  const bad = (path: string, expected: string) => new InputError(file, { path }, expected);
  if ((await Deno.stat(file).catch(() => null)) === null) {
    throw InputError.atRoot(
      file,
      "expected the manifest of a finished shard (written when a run with --shard I/N ends)",
    );
  }
  const raw = await readJsonOr(file, () => "expected a shard's manifest (JSON)");
  const m: ShardManifest = validateInput(SHARD_MANIFEST_SCHEMA, raw, file);
  if (m.run.memaudit !== MEMAUDIT_VERSION) {
    throw bad(
      "run.memaudit",
      `expected a shard of memaudit ${MEMAUDIT_VERSION} (the version merging), found ${m.run.memaudit}`,
    );
  }
  if (m.run_sha256 !== runDigestSha256(m.run)) {
    throw bad(
      "run_sha256",
      `expected the SHA-256 of its run digest (${runDigestSha256(m.run).slice(0, 12)}…), found ${
        m.run_sha256.slice(0, 12)
      }… (the manifest was edited)`,
    );
  }
  const outside = Object.keys(m.files).find((p) => !isInsideFolder(p));
  if (outside !== undefined) {
    throw bad(`files.${outside}`, "expected a path inside the shard folder");
  }
  const want = shardSize(m.units, m.shard);
  if (m.unit_ids.length !== want) {
    throw bad(
      "unit_ids",
      `expected ${want} units (shard ${m.shard.index}/${m.shard.count} of ${m.units}), found ${m.unit_ids.length}`,
    );
  }
  return m;
}

/**
 * Reads every file the manifest `m` of the shard folder `dir` lists and checks its bytes and
 * layout; resolves to the bytes of each file.
 *
 * @throws {InputError} naming the file: missing, or bytes other than recorded ("edited after the
 *   shard was written"); naming the manifest: chunks that do not add up to the file
 */
export async function readShardFiles(
  dir: string,
  m: ShardManifest,
): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const [rel, rec] of Object.entries(m.files)) {
    const path = join(dir, rel);
    const bytes = await Deno.readFile(path).catch(() => null);
    if (bytes === null) {
      throw InputError.atRoot(path, `expected the file listed in ${SHARD_MANIFEST}`);
    }
    const got = sha256Hex(bytes);
    if (got !== rec.sha256 || bytes.length !== rec.bytes) {
      throw InputError.atRoot(
        path,
        `expected the bytes recorded in ${join(dir, SHARD_MANIFEST)} (sha256 ${
          rec.sha256.slice(0, 12)
        }…), found sha256 ${got.slice(0, 12)}…: edited after the shard was written`,
      );
    }
    if (rec.merge === "interleave") checkLayout(join(dir, SHARD_MANIFEST), rel, rec, m);
    out.set(rel, bytes);
  }
  return out;
}

/** Checks that an interleaved file's head and chunks add up to it, a chunk per unit and group. */
function checkLayout(
  file: string,
  rel: string,
  rec: ShardManifest["files"][string],
  m: ShardManifest,
): void {
  const chunks = rec.chunks ?? [], groups = rec.groups ?? 1;
  const sum = chunks.reduce((s, c) => s + c, rec.head ?? 0);
  if (sum !== rec.bytes || chunks.length !== groups * m.unit_ids.length) {
    throw new InputError(
      file,
      { path: `files.${rel}` },
      `expected a head and ${groups} x ${m.unit_ids.length} chunks adding up to ${rec.bytes} bytes`,
    );
  }
}

/** Checks that shard `s` is of the kind, run and files of the first shard. */
function checkSameRun(first: ReadShard, s: ReadShard): void {
  const a = first.manifest, b = s.manifest;
  const bad = (path: string, expected: string) => new InputError(s.file, { path }, expected);
  if (b.kind !== a.kind) {
    throw bad("kind", `expected a ${a.kind} shard like ${first.dir}, found a ${b.kind} shard`);
  }
  const runA = { run: a.run, units: a.units }, runB = { run: b.run, units: b.units };
  if (canonicalJson(runA) !== canonicalJson(runB)) {
    const at = firstDifference(runA, runB);
    throw bad(
      at,
      `expected a shard of the same run as ${first.dir} (same command, flags and inputs)`,
    );
  }
  const merged = (m: ShardManifest) =>
    Object.entries(m.files).filter(([, r]) => r.merge !== "copy").map(([p]) => p).sort().join();
  if (merged(a) !== merged(b)) {
    throw bad("files", `expected the files of ${first.file}: ${merged(a)}`);
  }
}

/**
 * Reads and checks the shards of a merge (see the module doc). The shard folders may come in any
 * order; `outDir` (the merged folder) is named when there are none.
 *
 * @throws {InputError} for no folders; what {@linkcode readManifest} and {@linkcode readShardFiles}
 *   throw; a shard of another kind or run (naming its manifest and the first field that differs);
 *   shards that overlap or miss one, or a unit in two shards (verb "merge", naming the folders)
 */
export async function readShardSet(dirs: readonly string[], outDir: string): Promise<ShardSet> {
  if (dirs.length === 0) {
    throw InputError.atRoot(outDir, "expected at least one shard folder to merge");
  }
  const shards: ReadShard[] = [];
  for (const dir of dirs) {
    const manifest = await readManifest(dir);
    const s = { dir, file: join(dir, SHARD_MANIFEST), manifest, bytes: new Map() };
    if (shards.length > 0) checkSameRun(shards[0], s);
    shards.push(s);
  }
  let unitIds: string[];
  try {
    unitIds = mergeShards(
      shards.map((s) => ({ shard: s.manifest.shard, items: s.manifest.unit_ids, label: s.dir })),
    );
  } catch (err) {
    throw shardMergeError(dirs, (err as Error).message);
  }
  const seen = new Set<string>();
  for (const u of unitIds) {
    if (seen.has(u)) throw shardMergeError(dirs, `expected each unit once: ${u} is in two shards`);
    seen.add(u);
  }
  const byIndex = new Array<ReadShard>(shards[0].manifest.shard.count);
  const unlisted: string[] = [], unreadable: ShardSet["unreadable"] = [];
  for (const s of shards) {
    s.bytes = await readShardFiles(s.dir, s.manifest);
    byIndex[s.manifest.shard.index] = s;
    const found = await unlistedFiles(s.dir, s.manifest);
    unlisted.push(...found.files.map((rel) => join(s.dir, rel)));
    unreadable.push(...found.unreadable.map((u) => ({ path: join(s.dir, u.rel), why: u.why })));
  }
  const byPath = (a: { path: string }, b: { path: string }) => a.path < b.path ? -1 : 1;
  return { byIndex, unitIds, unlisted: unlisted.sort(), unreadable: unreadable.sort(byPath) };
}

/**
 * The files under a shard folder (subfolders walked, links not followed) that are neither its
 * manifest nor listed in it: a merge leaves them out, and says so. A subfolder that cannot be
 * read (no permission) holds no listed file (those were read first), so it is named instead of
 * failing the merge.
 *
 * @returns `files`: their paths relative to `dir`, `/`-separated, sorted; `unreadable`: the
 *   subfolders that could not be read, relative to `dir`, with the error's message
 * @throws whatever Deno.readDir throws on `dir` itself
 */
export async function unlistedFiles(
  dir: string,
  m: ShardManifest,
): Promise<{ files: string[]; unreadable: { rel: string; why: string }[] }> {
  const listed = new Set([SHARD_MANIFEST, ...Object.keys(m.files)]);
  const files: string[] = [], unreadable: { rel: string; why: string }[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries: Deno.DirEntry[] = [];
    try {
      for await (const e of Deno.readDir(rel === "" ? dir : join(dir, rel))) entries.push(e);
    } catch (err) {
      const denied = err instanceof Deno.errors.PermissionDenied ||
        err instanceof Deno.errors.NotCapable;
      if (rel === "" || !denied) throw err;
      unreadable.push({ rel, why: (err as Error).message });
      return;
    }
    for (const e of entries) {
      const r = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory) await walk(r);
      else if (!listed.has(r)) files.push(r);
    }
  };
  await walk("");
  return { files: files.sort(), unreadable: unreadable.sort((a, b) => a.rel < b.rel ? -1 : 1) };
}
