/**
 * Test tiers. `./run test` runs the quick tier (a few minutes on two cores); CI sets
 * MEMAUDIT_TEST_FULL=1 (in .ci/run) and gets the full tier: the large property-test counts and
 * every heavy case. A heavy test calls `runs(quick, full)` for its case count, or is registered
 * with `ignore: !FULL_TESTS` when it has no quick form.
 */

/** True when MEMAUDIT_TEST_FULL=1: the full tier (CI). */
export const FULL_TESTS: boolean = (() => {
  try {
    return Deno.env.get("MEMAUDIT_TEST_FULL") === "1";
  } catch {
    return false;
  }
})();

/** The number of cases for this tier: `quick` by default, `full` under MEMAUDIT_TEST_FULL=1. */
export function runs(quick: number, full: number): number {
  return FULL_TESTS ? full : quick;
}
