import assert from "node:assert/strict";
import fc from "fast-check";
import { generateCohort } from "../../lib/retention/cohort.ts";
import { judgeTracks, provenanceJudge } from "../../lib/retention/judges.ts";
import {
  buildRetentionLp,
  certifyOptima,
  ratiosToOptimum,
  retentionOptimum,
  retentionRatio,
  type StreamEntry,
} from "../../lib/retention/optimum.ts";
import { defaultPolicies, evaluatePolicies } from "../../lib/retention/policies.ts";
import { type MemoryEntry, replayBank, simulateWrites } from "../../lib/retention/replay.ts";
import { type ReferenceFact, retentionRate } from "../../lib/retention/retention_rate.ts";
import { bruteHeld } from "./_brute.ts";
import { fact } from "./_fact.ts";

Deno.test("buildRetentionLp() writes the documented model for a two-entry toy", () => {
  const lp = buildRetentionLp(
    [
      { id: "e0", session: 1, facts: ["a"] },
      { id: "filler", session: 1, facts: [] },
      { id: "e1", session: 2, facts: ["b", "a"] },
    ],
    [fact("a", 1, 2), fact("b", 2, 3)],
    { value: 1 },
  );
  assert.equal(lp.lifespanTotal, 4);
  assert.deepEqual(lp.entries.map((e) => [e.id, e.session, e.horizon, e.facts]), [
    ["e0", 1, 2, [0]],
    ["e1", 2, 3, [0, 1]],
  ]);
  assert.equal(lp.xCount, 4);
  const body = lp.text.split("\n").filter((l) => !l.startsWith("\\"));
  assert.deepEqual(body, [
    "Maximize",
    " held: p0_1 + p0_2 + p1_2 + p1_3",
    "Subject To",
    " m0_2: x0_2 - x0_1 <= 0",
    " m1_3: x1_3 - x1_2 <= 0",
    " cap2: x0_2 + x1_2 <= 1",
    " r0_1: p0_1 - x0_1 <= 0",
    " r0_2: p0_2 - x0_2 - x1_2 <= 0",
    " r1_2: p1_2 - x1_2 <= 0",
    " r1_3: p1_3 - x1_3 <= 0",
    "Bounds",
    " p0_1 <= 1",
    " p0_2 <= 1",
    " p1_2 <= 1",
    " p1_3 <= 1",
    "Binary",
    " x0_1 x0_2 x1_2 x1_3",
    "End",
    "",
  ]);
});

Deno.test("retentionOptimum() certifies the toy's optimum (golden: 4 of 4 with e0 then e1)", async () => {
  const facts = [fact("a", 1, 2), fact("b", 2, 3)];
  const entries: StreamEntry[] = [
    { id: "e0", session: 1, facts: ["a"] },
    { id: "e1", session: 2, facts: ["b", "a"] },
  ];
  const opt = await retentionOptimum("u", entries, facts, { value: 1 });
  assert.equal(opt.status, "optimal");
  assert.equal(opt.gap, 0);
  assert.equal(opt.held, 4);
  assert.equal(opt.retention, 1);
  assert.deepEqual(opt.schedule, [{ id: "e0", heldThrough: 1 }, { id: "e1", heldThrough: 3 }]);
  const zero = await retentionOptimum("u", entries, facts, { value: 0 });
  assert.deepEqual([zero.status, zero.solver, zero.retention], ["optimal", "none", 0]);
  const tokens = await retentionOptimum(
    "u",
    [{ ...entries[0], tokens: 3 }, { ...entries[1], tokens: 5 }],
    facts,
    {
      value: 4,
      unit: "tokens",
    },
  );
  assert.equal(tokens.held, 2); // only e0 fits: a at 1 and 2
  assert.deepEqual(retentionRatio(0.5, opt), { ratio: 0.5, flag: "ok" });
  assert.deepEqual(retentionRatio(0, zero), { ratio: null, flag: "degenerate_opt" });
  // A copy (here with another status) is not the solver's: refused.
  assert.throws(() => retentionRatio(0.5, { ...opt, status: "time_limit" }), TypeError);
});

/** Pooled retention of a FIFO replay of the stream with a skip set (provenance). */
function fifoRetention(
  entries: StreamEntry[],
  facts: ReferenceFact[],
  b: number,
  skip: Set<number>,
  n: number,
) {
  const writes = new Map<number, MemoryEntry[]>();
  for (const e of entries) {
    const list = writes.get(e.session) ?? [];
    list.push({ id: e.id, session: e.session, text: e.id, tokens: 1, facts: [...e.facts] });
    writes.set(e.session, list);
  }
  const sessions = Array.from({ length: n }, (_, i) => i + 1);
  const banks = replayBank(sessions, writes, { maxEntries: b, skip });
  const r = retentionRate(judgeTracks(facts, new Map([["u", banks]]), provenanceJudge()));
  return r.users[0]?.pooledExact ?? 0;
}

const N = 6;
const arbStream = fc.record({
  facts: fc.array(
    fc.tuple(fc.integer({ min: 1, max: N }), fc.integer({ min: 0, max: N - 1 })),
    { minLength: 1, maxLength: 3 },
  ).map((fs) => fs.map(([s, len], i) => fact(`f${i}`, s, Math.min(N, s + len)))),
  entries: fc.array(
    fc.tuple(
      fc.integer({ min: 1, max: N }),
      fc.subarray(["f0", "f1", "f2"], { minLength: 0, maxLength: 2 }),
    ),
    { minLength: 0, maxLength: 4 },
  ).map((es) => es.map(([session, facts], i): StreamEntry => ({ id: `e${i}`, session, facts }))),
  budget: fc.integer({ min: 0, max: 3 }),
  skip: fc.subarray([1, 2, 3, 4, 5, 6]),
});

Deno.test("retentionOptimum() equals brute force and bounds every FIFO replay (property)", async () => {
  const cases = fc.sample(arbStream, { numRuns: 80, seed: 21 });
  for (const [i, c] of cases.entries()) {
    const milp = await retentionOptimum("u", c.entries, c.facts, { value: c.budget });
    const brute = bruteHeld(c.entries, c.facts, { value: c.budget });
    const tag = `case ${i} (fast-check seed 21): ${JSON.stringify(c)}`;
    assert.equal(milp.status, "optimal", tag);
    assert.equal(milp.held, brute, tag);
    for (const skip of [new Set<number>(), new Set(c.skip)]) {
      const r = fifoRetention(c.entries, c.facts, c.budget, skip, N);
      assert.ok(r <= milp.retention! + 1e-12, `${tag}: FIFO ${r} > OPT ${milp.retention}`);
    }
    const more = await retentionOptimum("u", c.entries, c.facts, { value: c.budget + 1 });
    assert.ok(more.held! >= milp.held!, `${tag}: OPT decreased with the budget`);
  }
});

Deno.test("retentionOptimum() bounds every policy on a simulated user and grows with the budget", async () => {
  const [u] = generateCohort({ users: 1, seed: 6 }).users;
  const writes = simulateWrites(u, { seed: 6 });
  const stream: StreamEntry[] = [...writes.values()].flat().map((e) => ({
    id: e.id,
    session: e.session,
    facts: e.facts,
  }));
  const sessions = u.sessions.map((s) => s.session_id);
  let last = -1;
  for (const b of [2, 5, 10]) {
    const opt = await retentionOptimum(u.uuid, stream, u.facts, { value: b });
    assert.equal(opt.status, "optimal", opt.message);
    assert.ok(opt.retention! >= last - 1e-12);
    last = opt.retention!;
    for (const p of defaultPolicies(1)) {
      const skip = new Set(
        p.decide(u.uuid, u.sessions).filter((d) => !d.predicted).map((d) => d.session),
      );
      const banks = replayBank(sessions, writes, { maxEntries: b, skip });
      const r = retentionRate(judgeTracks(u.facts, new Map([[u.uuid, banks]]), provenanceJudge()));
      assert.ok(r.users[0].pooledExact! <= opt.retention! + 1e-12, `${p.name} at B = ${b}`);
    }
  }
});

Deno.test("certifyOptima() and ratiosToOptimum() give every policy a ratio in [0, 1] (oracle highest)", async () => {
  const users = generateCohort({ users: 3, seed: 8 }).users.map((u) => ({
    user: u.uuid,
    sessions: u.sessions,
    facts: u.facts,
    writes: simulateWrites(u, { seed: 8 }),
  }));
  const rows = evaluatePolicies(users, { budgets: [4, 12, Infinity] });
  const optima = await certifyOptima(users, [4, 12]);
  assert.equal(optima.size, 6);
  const ratios = ratiosToOptimum(rows, optima);
  assert.equal(ratios.length, 2 * defaultPolicies().length);
  for (const r of ratios) {
    assert.equal(r.n, 3);
    assert.ok(r.maxRatio! <= 1 + 1e-12 && r.minRatio! >= 0, JSON.stringify(r));
  }
  for (const b of [4, 12]) {
    const at = ratios.filter((r) => r.budget === b);
    const oracle = at.find((r) => r.policy === "oracle")!;
    assert.ok(
      oracle.benchmarkRatio! >= at.find((r) => r.policy === "universal")!.benchmarkRatio! - 1e-12,
    );
  }
});

Deno.test("retentionOptimum() stopped by its time limit before any schedule says time_limit, as the package MILP does", async () => {
  const opt = await retentionOptimum(
    "u",
    [{ id: "e", session: 1, facts: ["a"] }],
    [fact("a", 1, 3)],
    { value: 1 },
    { timeLimitSec: 0 },
  );
  assert.deepEqual(
    [opt.status, opt.held, opt.retention, opt.bound, opt.message],
    ["time_limit", null, null, null, "HiGHS: time limit reached, no feasible schedule found"],
  );
});
