import assert from "node:assert/strict";
import fc from "fast-check";
import {
  endOnUpdate,
  factRetention,
  type FactTrack,
  retentionRate,
  trackFromJudge,
  trackFromSessions,
} from "../../lib/retention/retention_rate.ts";

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const TOL = 1e-12;

function workedExample(): FactTrack[] {
  return [
    trackFromSessions(
      { user: "u", fact: "f1", type: "user_profile", tStart: 3, tTarget: 52 },
      range(3, 30),
    ),
    trackFromSessions(
      { user: "u", fact: "f2", type: "ongoing_state", tStart: 10, tTarget: 16 },
      range(10, 16).filter((t) => t !== 12),
    ),
  ];
}

Deno.test("retentionRate() reproduces the two-fact worked example of COMPANIONS §2(a)", () => {
  const r = retentionRate(workedExample());
  const u = r.users[0];
  assert.equal(u.facts, 2);
  assert.equal(u.lifespanTotal, 57);
  assert.ok(Math.abs(u.pooledExact! - 34 / 57) < TOL);
  assert.equal(u.pooledExact!.toFixed(4), "0.5965");
  assert.ok(Math.abs(u.perFactExact! - (28 / 50 + 6 / 7) / 2) < TOL);
  assert.equal(u.perFactExact!.toFixed(4), "0.7086");
  // artifact: fact 1 has 11 of 20 checkpoints held, m = 2; fact 2 all 7 sessions, m = 1
  assert.ok(Math.abs(u.pooledK! - 28 / 47) < TOL);
  assert.equal(u.pooledK!.toFixed(4), "0.5957");
  assert.ok(Math.abs(u.pooledError! - (28 / 47 - 34 / 57)) < TOL);
  assert.equal(r.benchmark.users, 1);
  assert.equal(r.benchmark.pooledK, u.pooledK);
  const f1 = r.facts[0];
  assert.deepEqual([f1.samples, f1.sampledHeld, f1.replicas, f1.sampled], [20, 11, 2, 0.55]);
});

Deno.test("retentionRate() with exact reweighting weighs each sample L/n", () => {
  const r = retentionRate(workedExample(), { reweight: "exact" });
  // (50·0.55 + 7·6/7) / 57 = 33.5/57
  assert.ok(Math.abs(r.users[0].pooledK! - 33.5 / 57) < TOL);
});

Deno.test("retentionRate() averages users unweighted and ignores users' order", () => {
  const a = trackFromSessions(
    { user: "a", fact: "x", type: "user_profile", tStart: 1, tTarget: 4 },
    [
      1,
      2,
    ],
  );
  const b = trackFromSessions({
    user: "b",
    fact: "x",
    type: "user_profile",
    tStart: 1,
    tTarget: 10,
  }, [
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
  ]);
  const r1 = retentionRate([a, b], { aggregate: "perFact" });
  const r2 = retentionRate([b, a], { aggregate: "perFact" });
  assert.deepEqual(r1, r2);
  assert.equal(r1.benchmark.pooledExact, 0.75);
  assert.equal(r1.benchmark.value, 0.75);
  assert.deepEqual(r1.users.map((u) => u.user), ["a", "b"]);
});

Deno.test("retentionRate() refuses a fact twice and a bad lifespan", () => {
  const t = workedExample()[0];
  assert.throws(() => retentionRate([t, t]), /appears twice/);
  assert.throws(
    () =>
      trackFromSessions({ user: "u", fact: "f", type: "user_profile", tStart: 5, tTarget: 4 }, []),
    RangeError,
  );
  assert.throws(() => factRetention({ ...t, present: new Uint8Array(3) }), /lifespan 50/);
});

const arbTracks = fc.array(
  fc.record({
    user: fc.constantFrom("u1", "u2", "u3"),
    tStart: fc.integer({ min: 1, max: 40 }),
    len: fc.integer({ min: 1, max: 80 }),
    bits: fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
  }),
  { minLength: 1, maxLength: 12 },
).map((rows) =>
  rows.map((r, i) =>
    trackFromJudge(
      {
        user: r.user,
        fact: `f${i}`,
        type: "ongoing_state",
        tStart: r.tStart,
        tTarget: r.tStart + r.len - 1,
      },
      (t) => r.bits[t - r.tStart],
    )
  )
);

Deno.test("retentionRate() values lie in [0, 1] for every aggregation and weighting", () => {
  fc.assert(
    fc.property(arbTracks, fc.constantFrom("artifact", "exact" as const), (tracks, reweight) => {
      const r = retentionRate(tracks, { reweight });
      for (const u of [...r.users, r.benchmark]) {
        for (const v of [u.pooledExact, u.pooledK, u.perFactExact, u.perFactK]) {
          assert.ok(v !== null && v >= 0 && v <= 1, `value ${v}`);
        }
      }
    }),
    { numRuns: 200, seed: 3 },
  );
});

Deno.test("retentionRate() K = 20 estimate equals the exact value when every lifespan is <= 20", () => {
  fc.assert(
    fc.property(
      arbTracks.map((ts) => ts.filter((t) => t.present.length <= 20)).filter((ts) => ts.length > 0),
      fc.constantFrom("artifact", "exact" as const),
      (tracks, reweight) => {
        const r = retentionRate(tracks, { reweight, k: 20 });
        for (const u of [...r.users, r.benchmark]) {
          assert.ok(Math.abs(u.pooledK! - u.pooledExact!) < TOL);
          assert.ok(Math.abs(u.perFactK! - u.perFactExact!) < TOL);
        }
      },
    ),
    { numRuns: 200, seed: 4 },
  );
});

Deno.test("endOnUpdate() ends a superseded fact's lifespan before its update", () => {
  const [f1, f2] = workedExample();
  const out = endOnUpdate([{ ...f1, supersededAt: 31 }, { ...f2, supersededAt: 10 }, f2]);
  assert.deepEqual(out.map((t) => [t.fact, t.tStart, t.tTarget, t.present.length]), [
    ["f1", 3, 30, 28],
    ["f2", 10, 16, 7],
  ]);
  // fact 1 held 3..30, i.e. its whole shortened lifespan
  assert.equal(retentionRate([out[0]]).users[0].pooledExact, 1);
});
