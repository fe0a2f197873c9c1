/** lib/generate/distributions.ts: the registry of distributions; each one is tested in tests/generate/distributions/. */
import assert from "node:assert/strict";
import {
  DISTRIBUTION_SPECS,
  DISTRIBUTIONS,
  generate,
  STRESS_DISTRIBUTIONS,
} from "../../lib/generate/distributions.ts";
import { packageHash } from "../../lib/package/digest.ts";
import { InputError, parsePackage } from "../../mod.ts";
import { compilePackage } from "../../lib/package/compile.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";

Deno.test("generate() packages validate and parse to themselves", () => {
  for (const name of Object.keys(DISTRIBUTION_SPECS)) {
    for (const seed of [0, 3, 250]) {
      const p = generate(name, seed);
      assert.deepEqual(parsePackage(p, `${name}_${seed}`), p, `${name} seed ${seed}`);
    }
  }
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

Deno.test("stress packages with all costs >= 2 have OPT 0 at B = 1 (§6.1)", () => {
  for (const name of ["scope_shift", "summary_tradeoff", "redundancy_heavy"]) {
    assert.equal(solveBnb(compilePackage(generate(name, 0)), 1).objective, 0, name);
  }
});
