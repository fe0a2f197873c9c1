/**
 * A time-limited MILP solve of more than MILP_TIMED_PRESOLVE_MAX_CANDIDATES candidates runs
 * HiGHS without its presolve, which does not read HiGHS' clock: on 12,000 candidates in groups
 * of 3 at k = 3 (no group row binds, one long budget row) presolve alone took 2.4 s under a
 * 0.5 s limit, and `memaudit solve --time-limit 1000` on 19,000 candidates took 17.6 s. What is
 * asserted is the option HiGHS is given (a recording runtime), not a wall time.
 */
import assert from "node:assert/strict";
import { compilePackage, type HighsRuntime, parsePackage, solveMilpSync } from "memaudit";
import { MILP_TIMED_PRESOLVE_MAX_CANDIDATES } from "../../lib/solve/milp.ts";

/** `n` candidates in groups of 3 (k = 3), each covering one of 50 units. */
function wide(n: number) {
  const groups = Math.ceil(n / 3);
  return compilePackage(parsePackage({
    schema_version: 1,
    id: `wide${n}`,
    weight_source: "explicit",
    group_cap: 3,
    experiences: Array.from({ length: groups }, (_, g) => ({ id: `e${g}`, order: g })),
    candidates: Array.from({ length: n }, (_, i) => ({
      id: `c${i}`,
      experience: `e${i % groups}`,
      kind: "fact" as const,
      cost: 1 + (i % 5),
    })),
    units: Array.from({ length: 50 }, (_, r) => ({
      id: `u${r}`,
      family: "fact" as const,
      weight: 1,
    })),
    coverage: Array.from({ length: n }, (_, i) => ({
      candidate: `c${i}`,
      unit: `u${i % 50}`,
      value: 0.5,
    })),
  }));
}

/** A HiGHS stand-in that records the `presolve` option of each model and answers "time limit". */
function recording(): { runtime: HighsRuntime; presolve: unknown[] } {
  const presolve: unknown[] = [];
  const runtime: HighsRuntime = {
    createModel() {
      let set: unknown = "on (default)";
      return {
        options: {
          set(o: Record<string, unknown>) {
            if ("presolve" in o) set = o.presolve;
          },
        },
        readModel() {},
        run() {
          presolve.push(set);
          return { modelStatus: 13 };
        },
        getDimensions: () => ({ numCols: 0 }),
        info: { get: () => NaN },
        dispose() {},
      };
    },
  };
  return { runtime, presolve };
}

Deno.test("solveMilp() with a time limit runs HiGHS without presolve above MILP_TIMED_PRESOLVE_MAX_CANDIDATES", () => {
  const above = wide(MILP_TIMED_PRESOLVE_MAX_CANDIDATES + 1);
  const at = wide(MILP_TIMED_PRESOLVE_MAX_CANDIDATES);
  const r = recording();
  for (const [cp, limit] of [[above, 5], [above, undefined], [at, 5]] as const) {
    const c = solveMilpSync(cp, 50, { highs: r.runtime, timeLimitSec: limit });
    assert.equal(c.status, "time_limit", c.message);
  }
  assert.deepEqual(r.presolve, ["off", "on (default)", "on (default)"]);
});
