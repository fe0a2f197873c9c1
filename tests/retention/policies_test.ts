import assert from "node:assert/strict";
import { generateCohort } from "../../lib/retention/cohort.ts";
import type { SessionFile } from "../../lib/retention/formats.ts";
import { gatingMetrics } from "../../lib/retention/gating.ts";
import {
  evaluatePolicies,
  oraclePolicy,
  recentContextPolicy,
  sessionLocalPolicy,
  structureClusterPolicy,
  universalPolicy,
} from "../../lib/retention/policies.ts";
import { simulateWrites } from "../../lib/retention/replay.ts";

const toy = (domains: string[], required: boolean[]): SessionFile[] =>
  domains.map((domain, i) => ({
    uuid: "u",
    session_id: i + 1,
    month: 1,
    domain,
    memory_required: required[i],
    gt_memory: [],
    event_title: `${domain} step ${i}`,
  }));
const preds = (ds: { predicted: boolean }[]) => ds.map((d) => (d.predicted ? 1 : 0));

Deno.test("universalPolicy() stores all; oraclePolicy() stores exactly the required sessions", () => {
  const ss = toy(["A", "B", "A"], [true, false, true]);
  assert.deepEqual(preds(universalPolicy().decide("u", ss)), [1, 1, 1]);
  const o = oraclePolicy().decide("u", ss);
  assert.deepEqual(preds(o), [1, 0, 1]);
  assert.equal(gatingMetrics(o).f1, 1);
});

Deno.test("recentContextPolicy() stores a session whose domain recurs within the last 5", () => {
  const ss = toy(["A", "B", "A", "C", "D", "E", "F", "A", "A"], Array(9).fill(true));
  // A at 3: A at 1 in the previous 5 -> store; A at 8: previous 5 are 3..7 -> A at 3 -> store;
  // A at 9: A at 8 -> store; every other session has no earlier same-domain session within 5.
  assert.deepEqual(preds(recentContextPolicy().decide("u", ss)), [0, 0, 1, 0, 0, 0, 0, 1, 1]);
  assert.deepEqual(preds(recentContextPolicy({ window: 3 }).decide("u", ss)), [
    0,
    0,
    1,
    0,
    0,
    0,
    0,
    0,
    1,
  ]);
});

Deno.test("structureClusterPolicy() relabels a cluster's earlier sessions once it is a project", () => {
  const ss = toy(["A", "B", "A", "C", "A", "B", "B"], Array(7).fill(false));
  // windows of 3: [A B A] makes A a project; [C A B] and [B] have no pair; B never pairs in one window
  assert.deepEqual(preds(structureClusterPolicy({ window: 3 }).decide("u", ss)), [
    1,
    0,
    1,
    0,
    1,
    0,
    0,
  ]);
  // windows of 10: one window, A (3) and B (3) are projects, C is not
  assert.deepEqual(preds(structureClusterPolicy().decide("u", ss)), [1, 1, 1, 0, 1, 1, 1]);
  assert.match(structureClusterPolicy({ key: "domain+title" }).name, /title \(analogue\)/);
});

Deno.test("sessionLocalPolicy() is seeded", () => {
  const ss = generateCohort({ users: 1, seed: 1 }).users[0].sessions;
  const a = sessionLocalPolicy({ seed: 3 }).decide("u", ss);
  assert.deepEqual(a, sessionLocalPolicy({ seed: 3 }).decide("u", ss));
  assert.equal(sessionLocalPolicy().kind, "offline analogue");
});

Deno.test("evaluatePolicies(): oracle >= universal at every budget, equal without a budget, headroom 0 for oracle", () => {
  for (const seed of [1, 2, 3]) {
    const users = generateCohort({ users: 4, seed }).users.map((u) => ({
      user: u.uuid,
      sessions: u.sessions,
      facts: u.facts,
      writes: simulateWrites(u, { seed }),
    }));
    const rows = evaluatePolicies(users, {
      budgets: [5, 20, Infinity],
      policies: [universalPolicy(), oraclePolicy()],
    });
    for (const b of [5, 20, null]) {
      const u = rows.find((r) => r.policy === "universal" && r.budget === b)!;
      const o = rows.find((r) => r.policy === "oracle" && r.budget === b)!;
      assert.equal(o.headroom, 0);
      assert.ok(o.pooledExact! >= u.pooledExact! - 1e-12, `seed ${seed} budget ${b}`);
      assert.ok(Math.abs(u.headroom! - (o.pooledExact! - u.pooledExact!)) < 1e-15);
      if (b === null) assert.ok(Math.abs(o.pooledExact! - u.pooledExact!) < 1e-12);
    }
  }
});

Deno.test("evaluatePolicies() passes k and reweight to the K estimate: pooledK moves, the exact rates do not", () => {
  const users = generateCohort({ users: 4, seed: 2 }).users.map((u) => ({
    user: u.uuid,
    sessions: u.sessions,
    facts: u.facts,
    writes: simulateWrites(u, { seed: 2 }),
  }));
  const run = (o: { k?: number; reweight?: "artifact" | "exact" }) =>
    evaluatePolicies(users, { budgets: [5, Infinity], policies: [universalPolicy()], ...o });
  const base = run({});
  assert.deepEqual(base.map((r) => [r.report.options.k, r.report.options.reweight]), [
    [20, "artifact"],
    [20, "artifact"],
  ]);
  for (const o of [{ k: 3 }, { reweight: "exact" as const }]) {
    const rows = run(o);
    rows.forEach((r, i) => {
      assert.equal(r.report.options.k, o.k ?? 20);
      assert.equal(r.report.options.reweight, o.reweight ?? "artifact");
      assert.equal(r.pooledExact, base[i].pooledExact);
      assert.equal(r.perFactExact, base[i].perFactExact);
    });
    assert.ok(rows.some((r, i) => r.pooledK !== base[i].pooledK), JSON.stringify(o));
  }
});
