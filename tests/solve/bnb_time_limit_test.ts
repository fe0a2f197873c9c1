/**
 * Issue 10's finding 5 (time limits bound the precomputation too; memory is
 * not spent on C(n, k) subsets before the clock is read) and the house
 * issue's item 5 (searches share no mutable state). Speed itself is measured
 * in bench/time_limits.ts, never asserted here.
 */
import assert from "node:assert/strict";
import {
  checkFeasible,
  type CompiledPackage,
  compilePackage,
  evaluateStore,
  type PackageInput,
  parsePackage,
  solve,
  solveBnb,
} from "memaudit";
import { BNB_MAX_TABLE } from "../../lib/solve/bnb.ts";
import { generate } from "memaudit/generate";

/** One experience of n candidates (cost 1 .. 3) over `units` units, group cap k. */
function oneGroup(n: number, k: number, units = 12): CompiledPackage {
  const input: PackageInput = {
    schema_version: 1,
    id: "one_group",
    weight_source: "explicit",
    group_cap: k,
    experiences: [{ id: "e", order: 0 }],
    candidates: Array.from({ length: n }, (_, c) => ({
      id: `c${String(c).padStart(2, "0")}`,
      experience: "e",
      kind: "fact" as const,
      cost: 1 + (c % 3),
    })),
    units: Array.from({ length: units }, (_, r) => ({
      id: `r${r}`,
      family: "fact" as const,
      weight: 1 + (r % 4) / 4,
    })),
    coverage: Array.from({ length: n }, (_, c) => [
      { candidate: `c${String(c).padStart(2, "0")}`, unit: `r${c % units}`, value: 0.5 },
      { candidate: `c${String(c).padStart(2, "0")}`, unit: `r${(3 * c + 1) % units}`, value: 0.25 },
    ]).flat(),
  };
  return compilePackage(parsePackage(input));
}

Deno.test("solveBnb() stops in the subset enumeration of k = 11 of 22 with time_limit and a feasible store (finding 5)", () => {
  // C(22, <= 11) = 2.4 million subsets fit B = 1000: before, all were built (26 s, 1.6 GB)
  // before the clock was first read.
  const cp = oneGroup(22, 11);
  const c = solveBnb(cp, 1000, { timeLimitMs: 50 });
  assert.equal(c.status, "time_limit");
  assert.match(c.message!, /while building the search tables/);
  assert.ok(c.objective! > 0, "the greedy incumbent is kept");
  assert.ok(checkFeasible({ ...cp, k: 11 }, c.store, 1000).feasible);
  assert.ok(c.bound! >= c.objective!);
  assert.ok(c.gap! >= 0 && c.gap! <= 1);
  // Without a limit a small instance of the same shape is solved exactly.
  const small = solveBnb(oneGroup(8, 3), 5);
  assert.equal(small.status, "optimal");
});

Deno.test("solveBnb() refuses tables beyond BNB_MAX_TABLE at once instead of allocating them (finding 5)", () => {
  // 4,001 groups x 4,001 units: 16 million entries per table, three tables.
  const n = 4001;
  const input: PackageInput = {
    schema_version: 1,
    id: "wide",
    weight_source: "explicit",
    experiences: Array.from({ length: n }, (_, e) => ({ id: `e${e}`, order: e })),
    candidates: Array.from({ length: n }, (_, e) => ({
      id: `c${e}`,
      experience: `e${e}`,
      kind: "fact" as const,
      cost: 1,
    })),
    units: Array.from(
      { length: n },
      (_, r) => ({ id: `r${r}`, family: "fact" as const, weight: 1 }),
    ),
    coverage: Array.from(
      { length: n },
      (_, e) => ({ candidate: `c${e}`, unit: `r${e}`, value: 1 }),
    ),
  };
  const cp = compilePackage(parsePackage(input));
  assert.ok((n + 1) * (n + 1) > BNB_MAX_TABLE);
  const c = solveBnb(cp, 10, { timeLimitMs: 60_000 });
  assert.equal(c.status, "no_certificate");
  assert.equal(c.objective, null);
  assert.match(c.message!, /exceed the branch-and-bound's table limit/);
});

/** 40 experiences of 3 candidates over 60 units: tens of thousands of nodes under the suffix bound. */
function manyGroups(): CompiledPackage {
  const input: PackageInput = {
    schema_version: 1,
    id: "many",
    weight_source: "explicit",
    experiences: Array.from({ length: 40 }, (_, e) => ({ id: `e${e}`, order: e })),
    candidates: Array.from({ length: 120 }, (_, c) => ({
      id: `c${c}`,
      experience: `e${Math.floor(c / 3)}`,
      kind: "fact" as const,
      cost: 1 + (c % 4),
    })),
    units: Array.from(
      { length: 60 },
      (_, r) => ({ id: `r${r}`, family: "fact" as const, weight: 1 }),
    ),
    coverage: Array.from({ length: 120 }, (_, c) => [
      { candidate: `c${c}`, unit: `r${(7 * c) % 60}`, value: 0.5 },
      { candidate: `c${c}`, unit: `r${(11 * c + 3) % 60}`, value: 0.5 },
    ]).flat(),
  };
  return compilePackage(parsePackage(input));
}

Deno.test("solveBnb() searches interleaved with a stopped search give the results of isolated searches", () => {
  const a = compilePackage(generate("base", 3)), b = compilePackage(generate("update_chain", 5));
  const big = manyGroups();
  const alone = [solveBnb(a, 4), solveBnb(b, 7), solveBnb(b, 7, { k: 2 })];
  solveBnb(big, 20, { timeLimitMs: 200, bound: "suffix" }); // builds and caches its k = 1 tables
  // A search stopped mid-way (at its 1,024th node: timeLimitMs 0) leaves nothing behind.
  for (let rep = 0; rep < 3; rep++) {
    const stopped = solveBnb(big, 20, { timeLimitMs: 0, bound: "suffix" });
    assert.equal(stopped.status, "time_limit");
    assert.equal(stopped.nodes, 1024);
    const got = [solveBnb(a, 4), solveBnb(b, 7), solveBnb(b, 7, { k: 2 })];
    for (let i = 0; i < got.length; i++) {
      assert.ok(Object.is(got[i].objective, alone[i].objective));
      assert.deepEqual(got[i].store, alone[i].store);
      assert.equal(got[i].nodes, alone[i].nodes);
    }
  }
});

Deno.test("solve() calls running at once (their MILP and verification steps interleave) agree with sequential calls", async () => {
  const pkgs = [generate("base", 1), generate("temporal_interval", 2), generate("scope_shift", 3)]
    .map((p) => compilePackage(p));
  // bnbTimeMs 0: every call goes through the asynchronous MILP and its B&B verification.
  const jobs = pkgs.flatMap((cp) => [4, 7].map((B) => ({ cp, B })));
  const sequential = [];
  for (const { cp, B } of jobs) sequential.push(await solve(cp, B, { bnbTimeMs: 0 }));
  const together = await Promise.all(jobs.map(({ cp, B }) => solve(cp, B, { bnbTimeMs: 0 })));
  // Which solver answers may differ (a time-limited B&B that built its tables once finishes
  // the next time); the certified value may not, and each store must give its objective.
  for (let i = 0; i < jobs.length; i++) {
    const { cp, B } = jobs[i], opt = solveBnb(cp, B).objective!;
    for (const c of [together[i], sequential[i]]) {
      assert.equal(c.status, "optimal", c.message);
      assert.ok(Math.abs(c.objective! - opt) <= 1e-9 * opt, `${c.objective} vs ${opt}`);
      assert.ok(checkFeasible(cp, c.store, B).feasible);
      assert.equal(c.objective, evaluateStore(cp, c.store.map((id) => cp.candIndex.get(id)!)));
    }
  }
});

Deno.test("the branch-and-bound module keeps no module-level mutable buffers", async () => {
  const src = await Deno.readTextFile(new URL("../../lib/solve/bnb.ts", import.meta.url));
  const topLevelLets = src.split("\n").filter((l) => /^let\s/.test(l));
  assert.deepEqual(topLevelLets, []);
  // The one evaluator of F: no inlined copies of the compensated-sum step.
  const copies = src.split("\n").filter((l) => l.includes("c += Math.abs(s) >= Math.abs(x)"));
  assert.deepEqual(copies, []);
});
