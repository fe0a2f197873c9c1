import assert from "node:assert/strict";
import {
  compilePackage,
  loadMilpSolver,
  parsePackage,
  solve,
  solveBnb,
  solveBrute,
  solveMilp,
  solveMilpSync,
} from "memaudit";
import { solveSync } from "../../lib/solve/solve.ts";

await loadMilpSolver();

const cp = compilePackage(parsePackage({
  schema_version: 1,
  id: "args",
  weight_source: "explicit",
  experiences: [{ id: "e", order: 0 }],
  candidates: [
    { id: "a", experience: "e", kind: "fact", cost: 2 },
    { id: "b", experience: "e", kind: "fact", cost: 1 },
  ],
  units: [{ id: "r", family: "fact", weight: 1 }, { id: "s", family: "fact", weight: 1 }],
  coverage: [{ candidate: "a", unit: "r", value: 1 }, { candidate: "b", unit: "s", value: 1 }],
}));

Deno.test("solveBnb() and solveBrute() reject a bad budget or k instead of certifying", () => {
  for (const B of [NaN, -1, Infinity]) {
    assert.throws(() => solveBnb(cp, B), RangeError, String(B));
    assert.throws(() => solveBrute(cp, B), RangeError, String(B));
  }
  for (const k of [0, 1.5, -1, NaN]) {
    assert.throws(() => solveBnb(cp, 3, { k }), RangeError, String(k));
    assert.throws(() => solveBrute(cp, 3, { k }), RangeError, String(k));
  }
});

Deno.test("B = 0 is refused alike by solve(), solveBnb(), solveBrute() and solveMilp() (DESIGN §2: B > 0)", async () => {
  // solveBnb(cp, 0) used to certify OPT 0 where solve(cp, 0) threw: one budget rule now.
  const msg = /budget must be a positive finite number \(B > 0\), got 0/;
  assert.throws(() => solveBnb(cp, 0), RangeError);
  assert.throws(() => solveBnb(cp, 0), msg);
  assert.throws(() => solveBrute(cp, 0), msg);
  await assert.rejects(() => solve(cp, 0), msg);
  await assert.rejects(() => solve(cp, 0, { solver: "bnb" }), msg);
  await assert.rejects(() => solveMilp(cp, 0), msg);
  assert.throws(() => solveMilpSync(cp, 0), msg);
  assert.throws(() => solveSync(cp, 0), msg);
  assert.equal(solveBnb(cp, 5e-324).objective, 0, "the smallest positive budget is allowed");
});

Deno.test("solve() rejects a bad k or time limit", async () => {
  await assert.rejects(() => solve(cp, 3, { k: 1.5 }), RangeError);
  await assert.rejects(() => solve(cp, 3, { timeLimitMs: NaN }), RangeError);
  await assert.rejects(() => solve(cp, 3, { timeLimitMs: -1 }), RangeError);
  await assert.rejects(() => solveMilp(cp, 3, { timeLimitSec: Infinity }), RangeError);
});

Deno.test("solveBnb() ignores an overstated lowerBound rather than certifying a wrong OPT", () => {
  const c = solveBnb(cp, 3, { lowerBound: 1.0000001 });
  assert.equal(c.status, "optimal");
  assert.equal(c.objective, 1);
});

Deno.test("solveMilp() refuses costs far below the budget (HiGHS misreports optimal there)", async () => {
  const tiny = compilePackage(parsePackage({
    schema_version: 1,
    id: "tiny",
    weight_source: "explicit",
    experiences: [{ id: "e0", order: 0 }, { id: "e1", order: 1 }],
    candidates: [
      { id: "big", experience: "e0", kind: "fact", cost: 0.5 },
      { id: "tiny", experience: "e0", kind: "fact", cost: 1e-9 },
      { id: "full", experience: "e1", kind: "fact", cost: 2 },
    ],
    units: [{ id: "r0", family: "fact", weight: 1 }, { id: "r1", family: "fact", weight: 3 }],
    coverage: [
      { candidate: "big", unit: "r1", value: 0.5 },
      { candidate: "tiny", unit: "r0", value: 0.3 },
      { candidate: "full", unit: "r1", value: 1 },
    ],
  }));
  const m = await solveMilp(tiny, 2);
  assert.equal(m.status, "no_certificate");
  assert.equal(m.objective, null);
  assert.equal(solveBnb(tiny, 2).objective, 3);
  assert.equal((await solve(tiny, 2)).objective, 3);
});

Deno.test("parsePackage() rejects weights whose sum would overflow F", () => {
  assert.throws(
    () =>
      parsePackage({
        schema_version: 1,
        id: "huge",
        weight_source: "explicit",
        experiences: [{ id: "e", order: 0 }],
        candidates: [{ id: "a", experience: "e", kind: "fact", cost: 1 }],
        units: [{ id: "r", family: "fact", weight: 1.7e308 }, {
          id: "s",
          family: "fact",
          weight: 1.7e308,
        }],
        coverage: [],
      }, "huge.json"),
    /huge\.json: units: expected weights/,
  );
});

Deno.test("compilePackage() gives kind-only candidates the artifact's type names", () => {
  const p = compilePackage(parsePackage({
    schema_version: 1,
    id: "kinds",
    weight_source: "explicit",
    experiences: [{ id: "e", order: 0 }],
    candidates: (["raw", "fact", "tombstone", "update"] as const).map((kind) => ({
      id: kind,
      experience: "e",
      kind,
      cost: 1,
    })),
    units: [],
    coverage: [],
  }));
  assert.deepEqual(p.rep, ["raw_span", "atomic_fact", "tombstone", "compound_update"]);
});
