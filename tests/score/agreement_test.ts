import assert from "node:assert/strict";
import {
  agreementStats,
  cohensKappa,
  confusionMatrix,
  gwetAc1,
  kendallTau,
} from "../../lib/score/agreement.ts";

const close = (a: number | null, b: number) =>
  assert.ok(a !== null && Math.abs(a - b) < 1e-12, `${a} vs ${b}`);

// Wikipedia's Cohen's kappa example: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no.
const A = [...Array(25).fill("yes"), ...Array(25).fill("no")];
const B = [
  ...Array(20).fill("yes"),
  ...Array(5).fill("no"),
  ...Array(10).fill("yes"),
  ...Array(15).fill("no"),
];

Deno.test("cohensKappa() and gwetAc1() reproduce hand-computed values on a 2 x 2 table", () => {
  assert.equal(agreementStats(A, B).percent, 0.7);
  close(cohensKappa(A, B), 0.4);
  // AC1: pi_yes = 0.55, pe = 2 * 0.55 * 0.45 = 0.495, (0.7 - 0.495) / 0.505.
  close(gwetAc1(A, B), 0.205 / 0.505);
  const s = agreementStats(A, B, ["yes", "no"]);
  assert.deepEqual(s.confusion.counts, [[20, 5], [10, 15]]);
  assert.equal(s.n, 50);
});

Deno.test("cohensKappa() and gwetAc1() on three categories", () => {
  const a = [0, 0, 1, 2, 2, 1], b = [0, 1, 1, 2, 0, 1];
  close(cohensKappa(a, b), 0.5);
  close(gwetAc1(a, b), 0.5051546391752576);
  assert.deepEqual(confusionMatrix(a, b).categories, [0, 1, 2]);
});

Deno.test("agreement statistics handle perfect, degenerate and empty labelings", () => {
  assert.equal(cohensKappa(["a", "b"], ["a", "b"]), 1);
  assert.equal(gwetAc1(["a", "b"], ["a", "b"]), 1);
  // One category only: kappa is undefined, AC1 too (q = 1) unless a category set is given.
  assert.equal(cohensKappa(["a", "a"], ["a", "a"]), null);
  assert.equal(gwetAc1(["a", "a"], ["a", "a"]), null);
  assert.equal(gwetAc1(["a", "a"], ["a", "a"], ["a", "b"]), 1);
  assert.equal(agreementStats([], []).percent, null);
  assert.equal(cohensKappa([], []), null);
  assert.throws(() => confusionMatrix(["a"], []), /1 labels against 0/);
  assert.throws(() => confusionMatrix(["a"], ["c"], ["a", "b"]), /label 'c' at item 0/);
});

Deno.test("kendallTau() is tau-b (scipy values)", () => {
  close(kendallTau([1, 2, 3, 4, 5], [3, 4, 1, 2, 5]), 0.2);
  close(kendallTau([1, 2, 2, 3, 4], [1, 3, 2, 2, 5]), 2 / 3);
  assert.equal(kendallTau([1, 2, 3], [3, 2, 1]), -1);
  assert.equal(kendallTau([1, 1], [1, 2]), null);
  assert.equal(kendallTau([1], [1]), null);
  assert.throws(() => kendallTau([1], [1, 2]), RangeError);
});
