/**
 * Where generated files go: `$MEMAUDIT_OUT` if set, else `out/` at the
 * repository root. Figures under `figures/`, tables under `tables/`.
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The output root (absolute path). */
export function outRoot(): string {
  const env = Deno.env.get("MEMAUDIT_OUT");
  if (env) return env;
  return join(dirname(dirname(dirname(fileURLToPath(import.meta.url)))), "out");
}

/** Path of an output file `out/<kind>/<name>`. */
export function outPath(kind: "figures" | "tables" | "notebooks" | "runs", name: string): string {
  return join(outRoot(), kind, name);
}
