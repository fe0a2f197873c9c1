import assert from "node:assert/strict";
import {
  budgetBasis,
  budgetsFromBasis,
  budgetsFromTokens,
  parseBudgetToken,
  roundHalfEven,
} from "../../lib/generate/budgets.ts";
import { generate, STRESS_DISTRIBUTIONS } from "../../lib/generate/distributions.ts";
import { InputError, type Package } from "../../mod.ts";

const FRACTIONS = ["0.01", "0.02", "0.05", "0.10", "0.20"];

function run(names: readonly string[], seeds: number): Package[] {
  const out: Package[] = [];
  for (const name of names) for (let s = 0; s < seeds; s++) out.push(generate(name, s));
  return out;
}

Deno.test("budgetsFromTokens() maps exact_500 (basis 81.534) to 1, 2, 4, 8, 16", () => {
  const pkgs = run(["base"], 500);
  assert.equal(budgetBasis(pkgs), 81.534);
  assert.deepEqual(budgetsFromTokens(FRACTIONS, pkgs), [1, 2, 4, 8, 16]);
});

Deno.test("budgetsFromTokens() maps stress_exact_500 (basis 62.94175) to 1, 3, 6, 13", () => {
  const pkgs = run(STRESS_DISTRIBUTIONS, 500);
  assert.equal(pkgs.length, 4000);
  assert.equal(budgetBasis(pkgs), 62.94175);
  assert.deepEqual(budgetsFromTokens(FRACTIONS.slice(1), pkgs), [1, 3, 6, 13]);
});

Deno.test("budgetsFromTokens() maps milp_verify_100 (basis 73.48) to 1, 4, 7, 15", () => {
  const pkgs = run(["base", "update_chain", "temporal_interval"], 100);
  assert.equal(budgetBasis(pkgs), 73.48);
  assert.deepEqual(budgetsFromTokens(FRACTIONS.slice(1), pkgs), [1, 4, 7, 15]);
});

Deno.test("budgetsFromTokens() maps decomp_det_300 (basis ~73.506) to 4, 7, 15", () => {
  const pkgs = run(["base", "update_chain", "temporal_interval"], 300);
  // The §4.1 table prints the basis to 3 decimals: 66155 / 900 = 73.50555...
  assert.equal(budgetBasis(pkgs), 66155 / 900);
  assert.deepEqual(budgetsFromTokens(FRACTIONS.slice(2), pkgs), [4, 7, 15]);
});

Deno.test("budgetsFromBasis() rounds half to even, floors at 1 and merges absolutes", () => {
  assert.deepEqual(budgetsFromBasis(["0.5"], 5), [2]); // round(2.5) = 2
  assert.deepEqual(budgetsFromBasis(["0.5"], 7), [4]); // round(3.5) = 4
  assert.deepEqual(budgetsFromBasis(["0.001"], 10), [1]); // max(1, round(0.01))
  assert.deepEqual(budgetsFromBasis(["13", "0.10", "6", "1e-1"], 62.94175), [6, 13]);
  assert.deepEqual(budgetsFromTokens(["16", "2"], []), [2, 16]);
});

Deno.test("parseBudgetToken() separates fractions from absolute budgets", () => {
  assert.deepEqual(parseBudgetToken("0.10"), { kind: "fraction", value: 0.1 });
  assert.deepEqual(parseBudgetToken("1e-1"), { kind: "fraction", value: 0.1 });
  assert.deepEqual(parseBudgetToken(".5"), { kind: "fraction", value: 0.5 });
  assert.deepEqual(parseBudgetToken("1.0"), { kind: "fraction", value: 1 });
  assert.deepEqual(parseBudgetToken("1"), { kind: "absolute", value: 1 });
  assert.deepEqual(parseBudgetToken(" 30 "), { kind: "absolute", value: 30 });
  for (const bad of ["2.5", "0", "0.0", "-1", "abc", "", "0x10", "1e400"]) {
    assert.throws(() => parseBudgetToken(bad), InputError, bad);
  }
  assert.throws(() => budgetsFromTokens(["0.1"], []), InputError);
});

Deno.test("roundHalfEven() matches Python round()", () => {
  assert.deepEqual(
    [0.5, 1.5, 2.5, 3.5, 2.4999999999999996, 6.294175, 12.58835].map(roundHalfEven),
    [
      0,
      2,
      2,
      4,
      2,
      6,
      13,
    ],
  );
});
