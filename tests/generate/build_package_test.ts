import assert from "node:assert/strict";
import { buildPackage, streamSeed } from "../../lib/generate/build_package.ts";
import { type DistributionSpec, PREFIXED_IDS } from "../../lib/generate/distribution_spec.ts";
import { generate } from "../../lib/generate/distributions.ts";
import { InputError, parsePackage } from "../../mod.ts";

/** A user-defined distribution: no engine change needed. */
const TOY: DistributionSpec = {
  name: "toy",
  summary: "test distribution",
  seeding: { salt: 5 },
  ids: PREFIXED_IDS,
  units: { G: { id: "global", family: "fact" } },
  blocks: [
    { steps: [{ weights: [["G", 1.0]] }] },
    {
      labels: ["a", "b"],
      steps: [{
        draws: { k: { randint: [0, 2] } },
        units: { P: { id: "p:{x}", family: "preference" }, Z: { id: "z:{x}", family: "other" } },
        weights: [["P", { base: 0.5, step: 0.1, draw: "k" }], ["G", 2.0]],
        current: ["P"],
        experiences: [{
          id: "e_{x}",
          order: { offset: 10, stride: 2 },
          candidates: [
            {
              variant: "whole",
              rep: "raw_span",
              cost: { base: 3, draw: "k" },
              cover: { P: 1, Z: 0.5 },
            },
            { rep: "tombstone", cost: 1, cover: { G: 0.25 }, confidence: 0.4 },
          ],
        }],
      }],
    },
  ],
};

Deno.test("buildPackage() interprets a user-defined distribution", () => {
  const p = parsePackage(buildPackage(TOY, 2));
  // Random((2 + 1) * 1000003 + 5) draws randint(0, 2) twice.
  assert.equal(streamSeed(TOY.seeding, 2), 3000014);
  const ks = p.candidates.filter((c) => c.kind === "raw").map((c) => c.cost - 3);
  assert.deepEqual(ks, [1, 1]); // CPython: Random(3000014).randint(0, 2) twice
  // Re-assigned "global" keeps its first position; covered-only z:* units come last with weight 0.
  assert.deepEqual(p.units.map((u) => [u.id, u.weight, u.family, u.validity]), [
    ["global", 2.0, "fact", undefined],
    ["p:a", 0.5 + 0.1 * ks[0], "preference", "current"],
    ["p:b", 0.5 + 0.1 * ks[1], "preference", "current"],
    ["z:a", 0, "other", undefined],
    ["z:b", 0, "other", undefined],
  ]);
  assert.deepEqual(p.experiences, [{ id: "toy_s2:e_a", order: 10 }, {
    id: "toy_s2:e_b",
    order: 12,
  }]);
  assert.deepEqual(p.candidates.map((c) => c.id), [
    "toy_s2:e_a:whole",
    "toy_s2:e_a:tombstone",
    "toy_s2:e_b:whole",
    "toy_s2:e_b:tombstone",
  ]);
  assert.equal(p.candidates[1].confidence, 0.4);
  assert.deepEqual(p.meta?.current_units, ["p:a", "p:b"]);
});

Deno.test("buildPackage() is deterministic", () => {
  assert.deepEqual(buildPackage(TOY, 9), buildPackage(TOY, 9));
});

Deno.test("buildPackage() names the spec path of an unknown unit", () => {
  const bad: DistributionSpec = {
    ...TOY,
    blocks: [{ steps: [{ weights: [["Q", 1]] }] }],
  };
  assert.throws(() => buildPackage(bad, 0), (e: unknown) => {
    assert.ok(e instanceof InputError);
    assert.match(e.message, /blocks\[0\]\.steps\[0\]\.weights\[0\]/);
    return true;
  });
});

Deno.test("buildPackage() rejects draws when seeding is 'none'", () => {
  assert.throws(() => buildPackage({ ...TOY, seeding: "none" }, 0), InputError);
});

Deno.test("streamSeed() follows §3.0", () => {
  assert.equal(streamSeed("direct", 42), 42);
  assert.equal(streamSeed("none", 42), null);
  assert.equal(streamSeed({ salt: 11 }, 0), 1000014);
  assert.equal(streamSeed({ salt: 211 }, 499), 500 * 1000003 + 211);
});

Deno.test("generate() names an unknown distribution and lists the known ones", () => {
  assert.throws(
    () => generate("nope", 0),
    (e: unknown) =>
      e instanceof InputError &&
      e.message.startsWith("Cannot generate distribution 'nope': expected one of base, "),
  );
});
