/**
 * Writing a set of output files so that a bad target leaves none of them
 * written: every folder made and every target checked first, then each file
 * written atomically. Private to lib/.
 *
 * @module
 */
import { dirname } from "node:path";
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
  for (const dir of new Set(files.map(([path]) => dirname(path)))) await makeFolder(dir);
  for (const [path] of files) {
    if ((await statOrNull(path))?.isDirectory) {
      throw new InputError(path, { path: "" }, "expected a file, found a folder", [], "write");
    }
  }
  for (const [path, text] of files) await writeTextAtomic(path, text);
}
