import assert from "node:assert/strict";
import {
  DISTRIBUTION_SPECS,
  DISTRIBUTIONS,
  generate,
  STRESS_DISTRIBUTIONS,
} from "../../lib/generate/distributions.ts";
import { packageHash } from "../../lib/package/digest.ts";
import { InputError, type Package, parsePackage } from "../../mod.ts";
import { compilePackage } from "../../lib/package/compile.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";

const totalCost = (p: Package) => p.candidates.reduce((s, c) => s + c.cost, 0);
const weights = (p: Package) => p.units.map((u) => [u.id, u.weight]);

Deno.test("generate('base', 0) matches the ARTIFACT-SPEC §3.1 example", () => {
  const p = generate("base", 0);
  assert.equal(p.id, "synthetic_seed_0");
  assert.equal(p.weight_source, "explicit");
  assert.deepEqual(weights(p), [
    ["fact:0:0", 1.2],
    ["context:0:0", 0.35],
    ["fact:0:1", 1.0],
    ["fact:0:2", 1.4],
    ["context:0:1", 0.35],
    ["stale:pref:0:0:old", 0.15],
    ["current:pref:0:0:new", 2.25],
    ["invalid:pref:0:0:old_after_update", 2.25],
    ["stale:pref:0:1:old", 0.15],
    ["current:pref:0:1:new", 2.25],
    ["invalid:pref:0:1:old_after_update", 2.25],
  ]);
  const raw = p.candidates.filter((c) => /_fact_\d_raw_span$/.test(c.id)).map((c) => c.cost);
  assert.deepEqual(raw, [6, 6, 6]);
  assert.equal(totalCost(p), 83);
  assert.deepEqual(p.experiences.map((e) => [e.id, e.order]), [
    ["s0_fact_0", 0],
    ["s0_fact_1", 1],
    ["s0_fact_2", 2],
    ["s0_pref_0_old", 3],
    ["s0_pref_0_update", 4],
    ["s0_pref_1_old", 5],
    ["s0_pref_1_update", 6],
  ]);
  assert.deepEqual(p.candidates.filter((c) => c.experience === "s0_pref_1_update"), [
    {
      id: "s0_pref_1_update_raw_span",
      experience: "s0_pref_1_update",
      kind: "raw",
      representation: "raw_span",
      cost: 6,
    },
    {
      id: "s0_pref_1_update_atomic_fact",
      experience: "s0_pref_1_update",
      kind: "fact",
      representation: "atomic_fact",
      cost: 2,
    },
    {
      id: "s0_pref_1_update_tombstone",
      experience: "s0_pref_1_update",
      kind: "tombstone",
      representation: "tombstone",
      cost: 1,
    },
    {
      id: "s0_pref_1_update_compound_update",
      experience: "s0_pref_1_update",
      kind: "update",
      representation: "compound_update",
      cost: 3,
    },
    {
      id: "s0_pref_1_update_summary",
      experience: "s0_pref_1_update",
      kind: "summary",
      representation: "summary",
      cost: 4,
    },
  ]);
  assert.deepEqual(
    p.coverage.filter((c) => c.candidate === "s0_pref_1_update_summary").map((c) => [
      c.unit,
      c.value,
    ]),
    [
      ["current:pref:0:1:new", 0.75],
      ["invalid:pref:0:1:old_after_update", 0.75],
      ["stale:pref:0:1:old", 0.1],
    ],
  );
  assert.deepEqual(p.meta?.current_units, ["current:pref:0:0:new", "current:pref:0:1:new"]);
  assert.deepEqual(p.meta?.invalidation_units, [
    "invalid:pref:0:0:old_after_update",
    "invalid:pref:0:1:old_after_update",
  ]);
  assert.deepEqual(p.meta?.stale_units, ["stale:pref:0:0:old", "stale:pref:0:1:old"]);
  assert.deepEqual(p.units.map((u) => u.validity ?? "-"), [
    "-",
    "-",
    "-",
    "-",
    "-",
    "superseded",
    "current",
    "invalidates_prior",
    "superseded",
    "current",
    "invalidates_prior",
  ]);
});

Deno.test("generate() gives the §3 counts for every distribution", () => {
  const expected: Record<string, [number, number, number]> = {
    update_chain: [4, 18, 51],
    temporal_interval: [7, 30, 88],
    density_trap: [5, 20, 50],
    scope_shift: [5, 17, 52],
    summary_tradeoff: [5, 25, 70],
    redundancy_heavy: [5, 20, 55],
    abstention_hard: [5, 23, 56],
    density_trap_v2: [4, 16, 52],
    scope_shift_v2: [6, 13, 26],
  };
  for (const seed of [0, 1, 17, 499]) {
    for (const [name, [e, c, cost]] of Object.entries(expected)) {
      const p = generate(name, seed);
      assert.deepEqual(
        [p.experiences.length, p.candidates.length, totalCost(p)],
        [e, c, cost],
        `${name} seed ${seed}`,
      );
    }
    const b = generate("base", seed);
    assert.equal(b.experiences.length, 7);
    assert.equal(b.candidates.length, 25);
    assert.ok(totalCost(b) >= 80 && totalCost(b) <= 83, `base seed ${seed}`);
  }
});

Deno.test("generate('base', s) has mean total cost 81.534 over seeds 0..499", () => {
  let sum = 0;
  for (let s = 0; s < 500; s++) sum += totalCost(generate("base", s));
  assert.equal(sum / 500, 81.534);
});

Deno.test("generate() packages validate and parse to themselves", () => {
  for (const name of Object.keys(DISTRIBUTION_SPECS)) {
    for (const seed of [0, 3, 250]) {
      const p = generate(name, seed);
      assert.deepEqual(parsePackage(p, `${name}_${seed}`), p, `${name} seed ${seed}`);
    }
  }
});

Deno.test("generate() builds ids as the artifact does", () => {
  const p = generate("density_trap", 0);
  assert.equal(p.id, "density_trap_s0");
  assert.equal(p.experiences[0].id, "density_trap_s0:memory_0");
  assert.deepEqual(p.candidates.slice(0, 4).map((c) => [c.id, c.confidence]), [
    ["density_trap_s0:memory_0:cheap_lure", 0.82],
    ["density_trap_s0:memory_0:specific_fact", undefined],
    ["density_trap_s0:memory_0:context_summary", undefined],
    ["density_trap_s0:memory_0:raw_detail", undefined],
  ]);
  assert.equal(p.meta?.rng_seed, 1000014);
  const a = generate("abstention_hard", 7);
  assert.equal(a.candidates[5].id, "abstention_hard_s7:question_1:answer_fact");
  assert.equal(a.meta?.rng_seed, 8 * 1000003 + 53);
});

Deno.test("generate() draws the artifact's weights (values from CPython)", () => {
  assert.deepEqual(weights(generate("density_trap", 0)), [
    ["shared_lure", 2.2],
    ["specific:0", 1.75],
    ["context:0", 0.3],
    ["specific:1", 1.5999999999999999],
    ["specific:2", 1.45],
    ["context:1", 0.3],
    ["specific:3", 1.75],
    ["specific:4", 1.75],
    ["context:2", 0.3],
  ]);
  assert.deepEqual(weights(generate("scope_shift", 0)).filter(([id]) => /^pref:/.test(`${id}`)), [
    ["pref:home", 2.0],
    ["pref:generic", 0.35],
    ["pref:work", 1.8],
    ["pref:travel", 1.8],
    ["pref:medical", 1.8],
  ]);
  assert.deepEqual(
    weights(generate("summary_tradeoff", 0)).filter(([id]) => !/^context/.test(`${id}`)).map((
      x,
    ) => x[1]),
    [1.35, 1.1, 1.6500000000000001, 1.0, 1.5, 1.1, 1.35, 1.1, 1.5, 1.1],
  );
  assert.deepEqual(
    weights(generate("abstention_hard", 0)).filter(([id]) => /^(abstain|answer):/.test(`${id}`)),
    [["abstain:0", 2.0], ["answer:1", 1.9], ["abstain:2", 2.0], ["answer:3", 1.9], [
      "abstain:4",
      2.15,
    ]],
  );
  const v2 = generate("density_trap_v2", 0);
  assert.deepEqual(v2.units.slice(0, 3).map((u) => u.weight), [1.05, 1.0, 0.9500000000000001]);
  assert.deepEqual(v2.experiences.map((e) => e.text), [
    "future budget query",
    "future flight query",
    "future calendar query",
    "future meal query",
  ]);
  assert.equal(generate("scope_shift_v2", 0).units[0].id, "lodging:general");
});

Deno.test("generate('update_chain') re-sets weights in place (§3.2)", () => {
  const p = generate("update_chain", 5);
  assert.deepEqual(weights(p), [
    ["version:0", 0.1],
    ["version:1", 0.1],
    ["invalidates:version:0", 1.85],
    ["version:2", 0.1],
    ["invalidates:version:1", 1.85],
    ["version:3", 2.3],
    ["invalidates:version:2", 1.85],
  ]);
  assert.deepEqual(p.meta?.current_units, ["version:3"]);
  assert.deepEqual(p.meta?.stale_units, ["version:0", "version:1", "version:2"]);
  assert.deepEqual(p.meta?.invalidation_units, [
    "invalidates:version:0",
    "invalidates:version:1",
    "invalidates:version:2",
  ]);
});

Deno.test("generate('temporal_interval') lists current units per interval, then closures", () => {
  const cur = generate("temporal_interval", 0).meta?.current_units as string[];
  assert.equal(cur.length, 17);
  assert.deepEqual(cur.slice(0, 4), [
    "temporal_interval_s0:interval:0:label",
    "temporal_interval_s0:interval:0:start",
    "temporal_interval_s0:interval:0:end",
    "temporal_interval_s0:interval:1:label",
  ]);
  assert.deepEqual(cur.slice(15), ["closed_interval:0:new_end", "closed_interval:1:new_end"]);
});

Deno.test("packageHash() of generated packages is pinned", () => {
  const pinned: Record<string, string> = {
    base: "33191c23326556f3bda8846e134ed542bcce4f1e433d62b537cdb77059bdd157",
    update_chain: "01da3d8a385a9cce2be0a9277e45e7806362140d9523043c52fd73ce7f7899f5",
    density_trap: "343adfdd58a1efedf14bb425e249a75902823f39a4e6c75d81f0112b560d35aa",
    scope_shift_v2: "3b72f164bd9eeda5b929ecdd500e784d617a55a6c21464d5321a35920c571235",
  };
  for (const [name, hash] of Object.entries(pinned)) {
    assert.equal(packageHash(generate(name, 0)), hash, name);
  }
  assert.notEqual(packageHash(generate("base", 1)), pinned.base);
});

Deno.test("STRESS_DISTRIBUTIONS lists the §4.3 suite in order", () => {
  assert.deepEqual(STRESS_DISTRIBUTIONS, [
    "base",
    "update_chain",
    "temporal_interval",
    "density_trap",
    "scope_shift",
    "summary_tradeoff",
    "redundancy_heavy",
    "abstention_hard",
  ]);
  assert.deepEqual(Object.keys(DISTRIBUTIONS), Object.keys(DISTRIBUTION_SPECS));
  assert.equal(DISTRIBUTIONS.scope_shift(4).id, "scope_shift_s4");
});

Deno.test("generate() rejects unknown names and bad seeds", () => {
  assert.throws(() => generate("nope", 0), InputError);
  assert.throws(() => generate("base", -1), RangeError);
  assert.throws(() => generate("base", 1.5), RangeError);
});

// --- Cases from tests/generate/base_opt_test.ts (base OPT) ---
Deno.test("generate('base', 0) has OPT 2.25 / 4.5 / 6.75 / 10.4 / 12.9 at B = 1/2/4/8/16 (base OPT)", () => {
  const cp = compilePackage(generate("base", 0));
  const expected: [number, number][] = [[1, 2.25], [2, 4.5], [4, 6.75], [8, 10.4], [16, 12.9]];
  for (const [budget, opt] of expected) {
    for (const bound of ["suffix", "knapsack"] as const) {
      const cert = solveBnb(cp, budget, { bound });
      assert.equal(cert.status, "optimal", `B = ${budget}, ${bound}`);
      assert.ok(
        Math.abs(cert.objective! - opt) <= 1e-9,
        `B = ${budget}, ${bound}: ${cert.objective}`,
      );
    }
  }
  // §5.1: discard is explored first, so at B = 1 the later pair's tombstone wins the tie.
  assert.deepEqual(solveBnb(cp, 1, { bound: "suffix" }).store, ["s0_pref_1_update_tombstone"]);
});

Deno.test("stress packages with all costs >= 2 have OPT 0 at B = 1 (§6.1) (base OPT)", () => {
  for (const name of ["scope_shift", "summary_tradeoff", "redundancy_heavy"]) {
    assert.equal(solveBnb(compilePackage(generate(name, 0)), 1).objective, 0, name);
  }
});
