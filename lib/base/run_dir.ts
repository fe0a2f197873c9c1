/**
 * An output folder that a command writes again: the run's manifest, `memaudit-run.json`, lists
 * every file the run wrote with its SHA-256, and the next run into the same folder removes
 * exactly those files, and only while each is still what the run wrote (issue 29 item 6,
 * "nothing of the user's deleted"; DESIGN §7). Anything else found in the folder (a file the
 * manifest does not list, a listed file whose bytes changed, a folder or link where a file was,
 * a manifest memaudit did not write) is a refusal, and nothing is removed.
 *
 * @module
 */
import { join } from "node:path";
import { InputError } from "./errors.ts";
import { sha256Hex } from "./hash.ts";
import { writeTextAtomic } from "./fs.ts";
import { foldersOf } from "./write_files.ts";
import { parseJsonText } from "./json_text.ts";

/** File name of a run's manifest, at the top of its folder. */
export const RUN_MANIFEST = "memaudit-run.json";

/** Schema tag of {@linkcode RUN_MANIFEST}. */
export const RUN_SCHEMA = "memaudit.run/1";

/** Largest manifest read back (bytes): a run of 1,000 simulated users lists about 60,000 files. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** What a manifest records of one file it lists. */
export interface RunFileRecord {
  /** SHA-256 of the file's bytes (64 lowercase hex digits). */
  sha256: string;
  /** Its size in bytes. */
  bytes: number;
}

/** The content of {@linkcode RUN_MANIFEST} (a shard's `shard.json` has the same three keys). */
export interface RunManifest {
  /** {@linkcode RUN_SCHEMA}. */
  schema: string;
  /** The command that wrote the run, e.g. `retention-simulate`. */
  kind: string;
  /** Every file of the run: its path relative to the folder (`/`-separated) and its record. */
  files: Record<string, RunFileRecord>;
}

/** A manifest a folder may hold: its file name and the schema tag it must carry. */
export interface ManifestPlace {
  /** File name at the top of the folder. */
  name: string;
  /** The `schema` it must have. */
  schema: string;
}

/** The SHA-256 (hex) and byte count of a text as UTF-8. */
function recordOf(text: string): RunFileRecord {
  const bytes = new TextEncoder().encode(text);
  return { sha256: sha256Hex(bytes), bytes: bytes.length };
}

/**
 * The files a run writes into its folder, recorded as written, and then its manifest.
 *
 * @example Record a run and clear it again
 * ```ts
 * import assert from "node:assert/strict";
 * import { clearEarlierRun, RunRecorder } from "./run_dir.ts";
 * const dir = await Deno.makeTempDir();
 * const run = new RunRecorder("example");
 * await Deno.mkdir(`${dir}/a`);
 * await Deno.writeTextFile(`${dir}/a/b.txt`, "hello\n");
 * run.record("a/b.txt", "hello\n");
 * await run.writeManifest(dir);
 * await clearEarlierRun(dir, { kind: "example" });
 * assert.deepEqual([...Deno.readDirSync(dir)], []);
 * ```
 */
export class RunRecorder {
  readonly #kind: string;
  readonly #files = new Map<string, RunFileRecord>();

  /** @param kind the command writing the run (the manifest's `kind`) */
  constructor(kind: string) {
    this.#kind = kind;
  }

  /**
   * Records a file the run wrote.
   *
   * @param rel its path relative to the run's folder, `/`-separated
   * @param text its full content
   */
  record(rel: string, text: string): void {
    this.#files.set(rel, recordOf(text));
  }

  /**
   * Writes {@linkcode RUN_MANIFEST} into `dir` atomically (last: a run cut short has none).
   *
   * @param dir the run's folder
   * @returns nothing once written
   * @throws {InputError} what {@linkcode writeTextAtomic} throws
   */
  async writeManifest(dir: string): Promise<void> {
    await writeTextAtomic(join(dir, RUN_MANIFEST), manifestText(this.#kind, this.#files));
  }
}

/**
 * The text of {@linkcode RUN_MANIFEST} for files given by their texts (e.g. a merge writing the
 * files of one run: its manifest is then that run's, byte for byte).
 *
 * @param kind the command whose run it is
 * @param files each file's path relative to the folder (`/`-separated) and its full text
 * @returns the manifest's JSON text (paths sorted), ending in a newline
 */
export function runManifestText(
  kind: string,
  files: Iterable<readonly [string, string]>,
): string {
  return manifestText(kind, new Map([...files].map(([rel, text]) => [rel, recordOf(text)])));
}

/** The manifest's JSON text: schema, kind, files sorted by path. */
function manifestText(kind: string, records: ReadonlyMap<string, RunFileRecord>): string {
  const files = Object.fromEntries([...records].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const m: RunManifest = { schema: RUN_SCHEMA, kind, files };
  return JSON.stringify(m, null, 1) + "\n";
}

/** Options of {@linkcode clearEarlierRun}. */
export interface ClearOptions {
  /** The `kind` the earlier run's manifest must carry (the same command). */
  kind: string;
  /**
   * The manifests a run of this command writes, looked for in this order (default: only
   * {@linkcode RUN_MANIFEST}); the first present one is the earlier run's.
   */
  manifests?: readonly ManifestPlace[];
}

/** A path as shown in a one-line message (control characters escaped). */
function shown(rel: string): string {
  // deno-lint-ignore no-control-regex
  return /[\u0000-\u001f\u007f]/.test(rel) ? JSON.stringify(rel) : rel;
}

/** The one refusal: names `dir` and what in it is not the earlier run's. */
function refusal(dir: string, found: string, manifest: string): InputError {
  return InputError.atRoot(
    dir,
    `expected a new or empty folder, or one holding only an earlier run's files as its ` +
      `${manifest} lists them; found ${found} (nothing was removed: remove it or write into a ` +
      "new folder)",
    "write",
  );
}

/** Whether a manifest's path stays inside the folder: relative, `/`-separated, no `.`/`..`/empty part. */
function isInside(rel: string): boolean {
  return rel !== "" && !rel.includes("\\") &&
    rel.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

/** The files of a manifest's JSON, or why it is not one of this command's manifests. */
function manifestFiles(
  value: unknown,
  place: ManifestPlace,
  kind: string,
): Map<string, RunFileRecord> | string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "not an object";
  const m = value as Record<string, unknown>;
  if (m.schema !== place.schema) return `schema is not ${place.schema}`;
  if (m.kind !== kind) return `kind is not ${kind}`;
  const files = m.files;
  if (files === null || typeof files !== "object" || Array.isArray(files)) {
    return "files is not an object";
  }
  const out = new Map<string, RunFileRecord>();
  for (const [rel, rec] of Object.entries(files as Record<string, unknown>)) {
    if (!isInside(rel) || rel === place.name) return `it lists ${shown(rel)}`;
    const r = rec as Record<string, unknown> | null;
    if (
      r === null || typeof r !== "object" || typeof r.sha256 !== "string" ||
      !/^[0-9a-f]{64}$/.test(r.sha256) || !Number.isSafeInteger(r.bytes) || (r.bytes as number) < 0
    ) return `its record of ${shown(rel)} has no sha256 and bytes`;
    out.set(rel, { sha256: r.sha256, bytes: r.bytes as number });
  }
  return out;
}

/** The earlier run's manifest in `dir`: its name and files, or a refusal's `found` text. */
async function readManifest(
  dir: string,
  places: readonly ManifestPlace[],
  kind: string,
): Promise<{ name: string; files: Map<string, RunFileRecord> } | { found: string }> {
  for (const place of places) {
    const path = join(dir, place.name);
    const info = await Deno.lstat(path).catch(() => null);
    if (info === null) continue;
    if (!info.isFile) return { found: `${place.name}, a folder or link where a manifest was` };
    if (info.size > MAX_MANIFEST_BYTES) return { found: `${place.name} of ${info.size} bytes` };
    let value: unknown;
    try {
      value = parseJsonText(await Deno.readTextFile(path), path);
    } catch {
      return { found: `${place.name} that is not a manifest memaudit wrote (not JSON)` };
    }
    const files = manifestFiles(value, place, kind);
    if (typeof files === "string") {
      return { found: `${place.name} that is not a manifest memaudit wrote (${files})` };
    }
    return { name: place.name, files };
  }
  return { found: "" };
}

/**
 * The first entry under `dir` (depth first, names sorted, links never followed) that the run of
 * `files` did not write as it is now: undefined when every entry is a listed file with its
 * recorded bytes, a folder on the way to one, or the manifest itself.
 */
function firstForeign(
  dir: string,
  manifest: string,
  files: Map<string, RunFileRecord>,
): Promise<string | undefined> {
  const folders = foldersOf(files.keys());
  const walk = async (rel: string): Promise<string | undefined> => {
    const names: string[] = [];
    for await (const e of Deno.readDir(rel === "" ? dir : join(dir, rel))) names.push(e.name);
    for (const n of names.sort()) {
      const r = rel === "" ? n : `${rel}/${n}`, path = join(dir, r);
      if (r === manifest) continue;
      const info = await Deno.lstat(path);
      const rec = files.get(r);
      if (info.isSymlink) return `${shown(r)}, a symbolic link`;
      if (info.isDirectory) {
        if (!folders.has(r)) {
          return rec
            ? `${shown(r)}, a folder where the run wrote a file`
            : `${shown(r)}/, a folder the run did not write`;
        }
        const inner = await walk(r);
        if (inner !== undefined) return inner;
      } else if (!info.isFile) return `${shown(r)}, neither a file nor a folder`;
      else if (rec === undefined) return `${shown(r)}, a file the run did not write`;
      else if (info.size !== rec.bytes || sha256Hex(await Deno.readFile(path)) !== rec.sha256) {
        return `${shown(r)}, changed since the run wrote it (its SHA-256 is not the manifest's)`;
      }
    }
    return undefined;
  };
  return walk("");
}

/**
 * Makes `dir` ready for a new run of a command: a missing or empty folder is left as it is; a
 * folder holding an earlier run of the same command loses exactly the files that run's manifest
 * lists (each checked against its SHA-256 and size first), the folders made for them once empty,
 * and the manifest last. Anything else in the folder (see the module doc) means a refusal
 * before anything is removed. Links are never followed: a link (also `dir` itself) is refused.
 *
 * @param dir the output folder
 * @param opts the command's `kind` and the manifests it writes
 * @returns nothing once the folder is missing, empty or cleared
 * @throws {InputError} "expected a new or empty folder, or one holding only an earlier run's
 *   files as its memaudit-run.json lists them; found X" naming `dir` and the first entry X
 *   (names sorted) that is not the earlier run's, or a manifest memaudit did not write (verb
 *   "write"); nothing is removed then
 */
export async function clearEarlierRun(dir: string, opts: ClearOptions): Promise<void> {
  const places = opts.manifests ?? [{ name: RUN_MANIFEST, schema: RUN_SCHEMA }];
  const said = places.map((p) => p.name).join(" or ");
  const info = await Deno.lstat(dir).catch(() => null);
  if (info === null) return;
  if (info.isSymlink) throw refusal(dir, "a symbolic link (give the folder itself)", said);
  if (!info.isDirectory) throw refusal(dir, "a file", said);
  const top: string[] = [];
  for await (const e of Deno.readDir(dir)) top.push(e.name);
  if (top.length === 0) return;
  const m = await readManifest(dir, places, opts.kind);
  if ("found" in m) {
    throw refusal(dir, m.found || `${shown(top.sort()[0])} and no ${said} listing it`, said);
  }
  const foreign = await firstForeign(dir, m.name, m.files);
  if (foreign !== undefined) throw refusal(dir, foreign, m.name);
  for (const rel of m.files.keys()) {
    await Deno.remove(join(dir, rel)).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }
  // Deepest first; a folder that is not empty now (written to meanwhile) is left as it is.
  for (
    const rel of [...foldersOf(m.files.keys())].sort((a, b) =>
      b.split("/").length - a.split("/").length
    )
  ) {
    await Deno.remove(join(dir, rel)).catch(() => {});
  }
  await Deno.remove(join(dir, m.name));
}
