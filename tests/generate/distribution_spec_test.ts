/** lib/generate/distribution_spec.ts: the id schemes and the template variables of a distribution as data. */
import assert from "node:assert/strict";
import { buildPackage } from "../../lib/generate/build_package.ts";
import {
  BASE_IDS,
  type DistributionSpec,
  type IdScheme,
  PREFIXED_IDS,
  REPRESENTATION_KINDS,
  type Step,
} from "../../lib/generate/distribution_spec.ts";
import { InputError } from "../../lib/base/errors.ts";

// Two steps alternate (iteration t runs steps[t % 2]); {half} is i div 2, {prev} is i − 1.
const even: Step = {
  units: { U: { id: "u:{i}:{half}", family: "fact" } },
  weights: [["U", 1]],
  experiences: [{
    id: "even_{i}",
    order: { offset: 0, stride: 1 },
    candidates: [{ rep: "atomic_fact", cost: 2, cover: { U: 1 } }],
  }],
};
const odd: Step = {
  units: { U: { id: "u:{i}:{prev}", family: "fact" } },
  weights: [["U", 0.5]],
  experiences: [{
    id: "odd_{i}",
    order: 7,
    candidates: [{ variant: "r", rep: "raw_span", cost: 3, cover: { U: 0.5 } }],
  }],
};
const mini = (ids: IdScheme, step: Step = even): DistributionSpec => ({
  name: "mini",
  summary: "test",
  seeding: "none",
  ids,
  blocks: [{ repeat: 3, steps: [step, odd] }],
});

Deno.test("PREFIXED_IDS: <name>_s<seed>, <prefix>:<exp>, <prefix>:<exp>:<variant> (§3.0)", () => {
  const p = buildPackage(mini(PREFIXED_IDS), 2);
  assert.equal(p.id, "mini_s2");
  assert.deepEqual(p.experiences.map((e) => [e.id, e.order]), [
    ["mini_s2:even_0", 0],
    ["mini_s2:odd_1", 7],
    ["mini_s2:even_2", 2],
  ]);
  assert.deepEqual(p.candidates.map((c) => [c.id, c.kind]), [
    ["mini_s2:even_0:atomic_fact", "fact"],
    ["mini_s2:odd_1:r", "raw"],
    ["mini_s2:even_2:atomic_fact", "fact"],
  ]);
  assert.deepEqual(p.units.map((u) => [u.id, u.weight]), [["u:0:0", 1], ["u:1:0", 0.5], [
    "u:2:1",
    1,
  ]]);
});

Deno.test("BASE_IDS: synthetic_seed_<s>, experiences as written, <exp>_<variant> (§3.1)", () => {
  const p = buildPackage(mini(BASE_IDS), 2);
  assert.equal(p.id, "synthetic_seed_2");
  assert.deepEqual(p.experiences.map((e) => e.id), ["even_0", "odd_1", "even_2"]);
  assert.deepEqual(p.candidates.map((c) => c.id), [
    "even_0_atomic_fact",
    "odd_1_r",
    "even_2_atomic_fact",
  ]);
});

Deno.test("REPRESENTATION_KINDS gives the default kind of the artifact's representation types", () => {
  assert.equal(REPRESENTATION_KINDS.raw_span, "raw");
  assert.equal(REPRESENTATION_KINDS.atomic_fact, "fact");
  assert.equal(REPRESENTATION_KINDS.compound_update, "update");
  assert.equal(REPRESENTATION_KINDS.abstention, "rule");
});

Deno.test("a candidate row of an unknown representation type and no kind is an InputError at its spec path", () => {
  const bad: Step = {
    ...even,
    experiences: [{
      id: "e_{i}",
      order: 0,
      candidates: [{ rep: "mystery", cost: 1, cover: { U: 1 } }],
    }],
  };
  assert.throws(
    () => buildPackage(mini(PREFIXED_IDS, bad), 0),
    (e: unknown) =>
      e instanceof InputError && e.file === "distribution 'mini'" &&
      "path" in e.where && e.where.path === "blocks[0].steps[0].experiences[0].candidates[0].kind",
  );
});
