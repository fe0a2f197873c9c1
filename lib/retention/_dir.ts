/**
 * A folder's entries with links resolved: what the retention readers and the
 * retention merge list. Private to lib/retention.
 *
 * @module
 */
import { join } from "node:path";
import { statOrNull } from "../base/fs.ts";

/**
 * The entries of a folder, sorted by name, a link counting as what it points
 * to (a folder of links, as `cp -s` makes, is read, not skipped) and a
 * dangling link as neither file nor folder.
 *
 * @param dir the folder
 * @returns its entries
 * @throws what `Deno.readDir` throws (e.g. for a missing folder)
 */
export async function readDirSorted(dir: string): Promise<Deno.DirEntry[]> {
  const out: Deno.DirEntry[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (!e.isSymlink) {
      out.push(e);
      continue;
    }
    const target = await statOrNull(join(dir, e.name));
    out.push({ ...e, isFile: target?.isFile ?? false, isDirectory: target?.isDirectory ?? false });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
