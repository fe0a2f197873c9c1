/**
 * Where the optional shared data folder lives: `../shared/data/` beside the
 * checkout (LoCoMo subset, Letta Agent Files). A clone without it still runs;
 * callers ask {@linkcode sharedDataPath} and skip what needs a missing file.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** The shared data folder beside the checkout (`<repo>/../shared/data/`), present or not. */
export const SHARED_DATA_DIR: string = fileURLToPath(
  new URL("../../../shared/data/", import.meta.url),
);

/**
 * Resolves a file or folder of the shared data folder, if it exists.
 *
 * @param name path inside `../shared/data/`, e.g. `"letta-af/knowledge-base.af"`
 *   or `"locomo/locomo8.json"` (relative, no `..` segment)
 * @param dir the shared data folder (default {@linkcode SHARED_DATA_DIR}; for tests)
 * @returns the absolute path, or null when nothing exists there
 * @throws {Error} when `name` is absolute or climbs out with `..`
 *
 * @example Skip a step when the Letta Agent Files are absent
 * ```ts
 * import { sharedDataPath } from "./shared_data.ts";
 * const af = sharedDataPath("letta-af/knowledge-base.af");
 * console.log(af ?? "skipped: letta-af/knowledge-base.af not found");
 * ```
 */
export function sharedDataPath(name: string, dir: string = SHARED_DATA_DIR): string | null {
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name) || name.split(/[\\/]/).includes("..")) {
    throw new Error(
      `Cannot resolve shared data path '${name}': expected a relative path inside it`,
    );
  }
  const path = dir.replace(/[\\/]*$/, "/") + name;
  try {
    Deno.statSync(path);
    return path;
  } catch {
    return null;
  }
}
