/**
 * Writing a set of output files so that a bad target leaves none of them written: every folder made
 * and every target checked first, then each file written atomically.
 *
 * @module
 */
import { dirname } from "node:path";
import { join as joinPosix } from "node:path/posix";
import { InputError } from "./errors.ts";
import { makeFolder, statOrNull, writeTextAtomic } from "./fs.ts";

/**
 * Writes files as one set: their folders are made, then every target is
 * checked (a folder in the way of the last file must not leave the first
 * ones written), then each is written atomically (temporary file, rename).
 *
 * @param files [path, text] pairs, written in this order
 * @returns nothing once all are written
 * @throws {InputError} "expected a file, found a folder" naming the first target that is a
 *   folder, or what {@linkcode makeFolder} throws for a folder that cannot be made, before any
 *   file is written; what {@linkcode writeTextAtomic} throws after
 */
export async function writeFileSet(files: readonly (readonly [string, string])[]): Promise<void> {
  const check = async (quiet: boolean) => {
    for (const [path] of files) {
      let st;
      try {
        st = await statOrNull(path);
      } catch (err) {
        if (quiet) continue; // a parent that is not a folder: makeFolder names it below
        throw err;
      }
      if (st?.isDirectory) {
        throw InputError.atRoot(path, "expected a file, found a folder", "write");
      }
    }
  };
  // Checked before any folder is made too, so a bad target leaves no new empty folder behind.
  await check(true);
  for (const dir of new Set(files.map(([path]) => dirname(path)))) await makeFolder(dir);
  await check(false);
  for (const [path, text] of files) await writeTextAtomic(path, text);
}

/**
 * The first entry under `dir` (depth first, names sorted) that is neither one of `keep` nor a
 * folder on the way to one: what a run writing exactly `keep` into `dir` would leave beside its
 * own files (say, a user folder of an earlier run).
 *
 * @param dir the output folder (missing: nothing is in it)
 * @param keep the paths the run writes, relative to `dir`, `/`-separated
 * @returns the first other path, relative to `dir`, or undefined
 */
export async function otherEntryIn(
  dir: string,
  keep: ReadonlySet<string>,
): Promise<string | undefined> {
  const folders = foldersOf(keep);
  const walk = async (rel: string): Promise<string | undefined> => {
    const names: { name: string; isDirectory: boolean }[] = [];
    for await (const e of Deno.readDir(rel === "" ? dir : `${dir}/${rel}`)) names.push(e);
    names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of names) {
      const p = rel === "" ? e.name : joinPosix(rel, e.name);
      if (e.isDirectory && folders.has(p)) {
        const found = await walk(p);
        if (found !== undefined) return found;
      } else if (!keep.has(p)) return p;
    }
    return undefined;
  };
  return (await statOrNull(dir))?.isDirectory ? walk("") : undefined;
}

/**
 * The folders on the way to some files (`a` and `a/b` for `a/b/c.json`).
 *
 * @param rels the files' paths, relative and `/`-separated
 * @returns the folders' paths, relative and `/`-separated
 */
export function foldersOf(rels: Iterable<string>): Set<string> {
  return new Set([...rels].flatMap((p) => {
    const parts = p.split("/");
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join("/"));
  }));
}
