/**
 * The run digest a shard carries: which memaudit wrote it, the command and its settings, and the
 * SHA-256 of every input (issue 22, "merges that cannot be fooled"). Two shards belong to one run
 * exactly when their run digests are equal; the merge also requires the version it runs itself.
 *
 * @module
 */
import { join } from "node:path";
import denoConfig from "../../deno.json" with { type: "json" };
import { canonicalJson } from "../base/canonical_json.ts";
import { InputError } from "../base/errors.ts";
import { sha256Hex } from "../base/hash.ts";

/** The version of this memaudit (deno.json `version`), recorded in every run digest. */
export const MEMAUDIT_VERSION: string = denoConfig.version;

/**
 * One input of a run: its name (the file name, or `FOLDER/NAME` for a file of an input folder)
 * and the SHA-256 of its bytes (lowercase hex).
 */
export interface InputDigest {
  name: string;
  sha256: string;
}

/**
 * What identifies a run, equal on every shard of it: the memaudit version that wrote the shard,
 * the command (e.g. `memaudit sweep`), its settings as resolved (every flag that changes an
 * output; not `--shard`, `--out`) and every input read, in the order read.
 */
export interface RunDigest {
  memaudit: string;
  command: string;
  flags: Record<string, unknown>;
  inputs: InputDigest[];
}

/**
 * The digests of a run's inputs: a file by its base name; a folder by each of its files (names
 * sorted, subfolders walked) as `FOLDER/REL`. Inside a folder, a link to a file counts as that
 * file, any other link (to a folder, to nothing, one that loops) by its target text (not walked: it
 * may loop). `paths`: the input files and folders, in the order the run reads them.
 *
 * @throws {InputError} "expected an existing file or folder" naming a path that is neither
 */
export async function inputDigests(paths: readonly string[]): Promise<InputDigest[]> {
  const out: InputDigest[] = [];
  const base = (p: string) => p.replace(/[\\/]+$/, "").replace(/^.*[\\/]/, "");
  const walk = async (path: string, name: string, inFolder: boolean): Promise<void> => {
    const info = await Deno.stat(path).catch(() => null);
    if (info?.isFile) {
      out.push({ name, sha256: sha256Hex(await Deno.readFile(path)) });
    } else if (inFolder && (await Deno.lstat(path).catch(() => null))?.isSymlink) {
      // A link inside an input folder to a folder (maybe the folder itself), to nothing, or
      // that loops: its target, not a walk.
      out.push({ name, sha256: sha256Hex(`link: ${await Deno.readLink(path)}`) });
    } else if (info?.isDirectory) {
      const names: string[] = [];
      for await (const e of Deno.readDir(path)) names.push(e.name);
      for (const n of names.sort()) await walk(join(path, n), `${name}/${n}`, true);
    } else {
      throw InputError.atRoot(path, "expected an existing file or folder");
    }
  };
  for (const p of paths) await walk(p, base(p), false);
  return out;
}

/**
 * The run digest, with {@linkcode MEMAUDIT_VERSION}, of a command run by this memaudit (e.g.
 * `memaudit natural`), its resolved settings (JSON values) and the digests of its inputs
 * ({@linkcode inputDigests}).
 */
export function runDigest(
  command: string,
  flags: Record<string, unknown>,
  inputs: readonly InputDigest[] = [],
): RunDigest {
  return { memaudit: MEMAUDIT_VERSION, command, flags: { ...flags }, inputs: [...inputs] };
}

/** SHA-256 of a run digest's canonical JSON (sorted keys, no whitespace): 64 lowercase hex digits. */
export function runDigestSha256(run: RunDigest): string {
  return sha256Hex(canonicalJson(run));
}

/**
 * The first JSON path at which two values (at the path `at`) differ, for the message of a
 * refused merge: `flags.budgets[1]`, `at` itself if they differ in type or scalar value, or `""`
 * when they are equal.
 */
export function firstDifference(a: unknown, b: unknown, at = ""): string {
  if (canonicalJson(a) === canonicalJson(b)) return "";
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return at;
  if (Array.isArray(a) !== Array.isArray(b)) return at;
  const oa = a as Record<string, unknown>, ob = b as Record<string, unknown>;
  const keys = Array.isArray(a)
    ? [...Array(Math.max(a.length, (b as unknown[]).length)).keys()].map(String)
    : [...new Set([...Object.keys(oa), ...Object.keys(ob)])].sort();
  for (const k of keys) {
    const sub = Array.isArray(a) ? `${at}[${k}]` : at === "" ? k : `${at}.${k}`;
    const d = firstDifference(oa[k], ob[k], sub);
    if (d !== "") return d;
  }
  return at;
}
