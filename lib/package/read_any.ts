/**
 * One reader for "a package": a JSON file or a folder of CSV tables, told
 * apart by whether the path is a folder.
 *
 * @module
 */
import { join } from "node:path";
import { statOrNull } from "../base/fs.ts";
import { readPackageCsv } from "./csv_io.ts";
import { readPackageJson } from "./json_io.ts";
import type { Package } from "./schema.ts";

/**
 * Reads a package from a JSON file or a CSV folder (both validated by the same zod schema).
 *
 * @param path a `.json` file or a folder holding `experiences.csv`, `candidates.csv`, ...
 * @returns the package and which form it was read from
 * @throws {InputError} naming the file and the JSON path or CSV row and column of the first
 *   problem; a missing path is reported by the JSON reader as a missing file; a link that loops
 */
export async function readPackageFrom(
  path: string,
): Promise<{ pkg: Package; form: "json" | "csv" }> {
  // A missing path is read as JSON, whose reader names the missing file.
  const dir = (await statOrNull(path))?.isDirectory === true;
  return dir
    ? { pkg: await readPackageCsv(path), form: "csv" }
    : { pkg: await readPackageJson(path), form: "json" };
}

/**
 * Whether a path is a folder holding a CSV package (its `package.csv` is a file).
 *
 * @param path the folder
 * @returns true for a CSV package folder; false for a file, another folder or a missing path
 * @throws {Deno.errors.PermissionDenied} when the path may not be read
 */
export async function isCsvPackage(path: string): Promise<boolean> {
  if ((await statOrNull(path))?.isDirectory !== true) return false;
  // The table csv_io.ts reads first.
  return (await statOrNull(join(path, "package.csv")))?.isFile === true;
}
