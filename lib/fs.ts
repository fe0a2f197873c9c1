/**
 * File helpers shared by every writer and reader: atomic text writes (DESIGN
 * §7, "nothing half-written") and reads that turn a missing file into an
 * {@linkcode InputError}.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { InputError } from "./errors.ts";

let tempCounter = 0;

/**
 * Writes `text` to `path` atomically: the text goes to a temporary file in the
 * same folder, which is then renamed over `path`. A reader sees the old file
 * or the new one, never a half-written one. Parent folders are created.
 *
 * @example Write a file
 * ```ts
 * import { writeTextAtomic } from "./fs.ts";
 * const dir = await Deno.makeTempDir();
 * await writeTextAtomic(`${dir}/a/b.txt`, "hello\n");
 * ```
 *
 * @param path the file to write
 * @param text the full content (UTF-8)
 * @returns nothing once the file is in place
 * @throws {Deno.errors.PermissionDenied} or another `Deno.errors` error if the folder cannot be written
 */
export async function writeTextAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${Deno.pid}.${tempCounter++}.tmp`);
  try {
    await Deno.writeTextFile(temp, text);
    await Deno.rename(temp, path);
  } catch (err) {
    await Deno.remove(temp).catch(() => {});
    throw err;
  }
}

/**
 * Reads a UTF-8 text input. A missing file is bad input, so it becomes an
 * {@linkcode InputError} naming the file; other I/O errors propagate.
 *
 * @example Read a file
 * ```ts
 * import { readTextInput, writeTextAtomic } from "./fs.ts";
 * const dir = await Deno.makeTempDir();
 * await writeTextAtomic(`${dir}/a.txt`, "hi");
 * console.assert((await readTextInput(`${dir}/a.txt`)) === "hi");
 * ```
 *
 * @param path the file to read
 * @returns the file content
 * @throws {InputError} if the file does not exist
 */
export async function readTextInput(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new InputError(path, { path: "" }, "expected an existing file");
    }
    throw err;
  }
}
