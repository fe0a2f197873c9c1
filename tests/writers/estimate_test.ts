import assert from "node:assert/strict";
import { estimatedSingletonValue, Estimator, signatureTokens } from "../../lib/writers/estimate.ts";
import { updateStress } from "./_fixtures.ts";

// Values cross-checked with an independent Python implementation of App. A.1.
const HEURISTIC: Record<string, number> = {
  old_atomic: 1.69, // 1.55 + 0.035·4
  old_raw: 2.21, // 2.0 + 0.035·6
  new_atomic: 1.655, // 1.55 + 0.035·3
  new_tombstone: 3.875, // 2.6 + 1.10 + 0.035·5
  new_compound: 4.11, // 3.2 + 0.70 + 0.035·6
};
const NOISY: Record<string, number> = {
  old_atomic: 1.9366023312117837,
  old_raw: 2.013210424523527,
  new_atomic: 1.424656883483402,
  new_tombstone: 4.57590139181869,
  new_compound: 3.9289883750650816,
};

Deno.test("signatureTokens() lowercases, splits on non-alphanumerics and drops short and stop words", () => {
  assert.deepEqual(
    [...signatureTokens("tombstone", "TOMBSTONE vegetarian diet is no longer valid")].sort(),
    ["diet", "longer", "tombstone", "valid", "vegetarian"],
  );
  assert.deepEqual(
    [...signatureTokens("summary", "Partial hint about the user's café plans")].sort(),
    ["café", "hint", "partial", "plans", "summary"],
  );
  assert.deepEqual([...signatureTokens("raw", "")], []);
});

Deno.test("Estimator computes the gemini_flash_lite_v1 heuristic and its noisy variant", () => {
  const cp = updateStress();
  const est = new Estimator(cp);
  const noisy = new Estimator(cp, { profile: "noisy_gemini_flash_lite_v1" });
  cp.candIds.forEach((id, c) => {
    assert.ok(Math.abs(est.value[c] - HEURISTIC[id]) <= 1e-12, `${id}: ${est.value[c]}`);
    assert.ok(Math.abs(noisy.value[c] - NOISY[id]) <= 1e-12, `${id} noisy: ${noisy.value[c]}`);
  });
  const external = new Estimator(cp, { profile: "external" });
  assert.deepEqual([...external.value], [0, 0, 0, 0, 0]);
  // @ts-expect-error: unknown profile
  assert.throws(() => new Estimator(cp, { profile: "learned" }), RangeError);
});

Deno.test("estimatedSingletonValue() applies negative cues and the confidence factor", () => {
  const text = "Partial hint about the user's café plans";
  // (1.7 − 0.65 + 0.035·5)·(0.55 + 0.45·0.5)
  assert.equal(
    estimatedSingletonValue({ id: "x", rep: "summary", text, confidence: 0.5 }),
    0.949375,
  );
  // confidence clipped to 1.25
  assert.equal(
    estimatedSingletonValue({ id: "x", rep: "summary", text, confidence: 9 }),
    1.3628125,
  );
  // unknown type prior 1.0; signature bonus capped at 0.55
  const long = Array.from({ length: 20 }, (_, i) => `word${i}`).join(" ") + " changed";
  assert.equal(estimatedSingletonValue({ id: "x", rep: "skill_x", text: long }), 1.0 + 0.70 + 0.55);
  // an external estimate takes precedence
  assert.equal(estimatedSingletonValue({ id: "x", rep: "summary", text, estimated_value: 7 }), 7);
});

Deno.test("Estimator.marginal() discounts by token novelty with floor 0.35", () => {
  const cp = updateStress();
  const est = new Estimator(cp);
  const t = cp.candIndex.get("new_tombstone")!;
  assert.equal(est.marginal(t, new Set()), 3.875);
  assert.ok(
    Math.abs(est.marginal(t, new Set(["diet", "vegetarian"])) - 3.875 * (0.35 + 0.65 * 0.6)) <=
      1e-15,
  );
  assert.equal(est.marginal(t, est.tokens[t]), 3.875 * 0.35);
});
