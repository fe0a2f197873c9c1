/**
 * The lab mode of the teaching notebooks: a quick run for a class (`MEMAUDIT_QUICK=1`, or the
 * notebook's parameters cell), the full run otherwise (what `./run repro` executes).
 *
 * @module
 */

/** The environment variable that turns the lab mode on: `MEMAUDIT_QUICK=1`. */
export const QUICK_ENV = "MEMAUDIT_QUICK";

/**
 * Whether the lab mode is on: `MEMAUDIT_QUICK` is `1`, `true` or `yes` (any case). Without
 * permission to read the environment, it is off.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { quickMode } from "./lab_mode.ts";
 *
 * assert.equal(quickMode({ MEMAUDIT_QUICK: "1" }), true);
 * assert.equal(quickMode({}), false);
 * ```
 *
 * @param env the variables to read (default: the process environment)
 * @returns true in lab mode
 */
export function quickMode(env?: Readonly<Record<string, string | undefined>>): boolean {
  let v: string | undefined;
  if (env) v = env[QUICK_ENV];
  else {
    try {
      v = Deno.env.get(QUICK_ENV);
    } catch {
      v = undefined; // no --allow-env: the full run
    }
  }
  return ["1", "true", "yes"].includes((v ?? "").trim().toLowerCase());
}
