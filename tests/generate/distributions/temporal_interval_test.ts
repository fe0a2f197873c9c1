/** lib/generate/distributions/temporal_interval.ts: 5 intervals and 2 closures, no RNG (ARTIFACT-SPEC §3.3). */
import assert from "node:assert/strict";
import { buildPackage } from "../../../lib/generate/build_package.ts";
import { TEMPORAL_INTERVAL } from "../../../lib/generate/distributions/temporal_interval.ts";
import { SEEDS, shape, weights } from "./_shape.ts";

const gen = (seed: number) => buildPackage(TEMPORAL_INTERVAL, seed);

Deno.test("TEMPORAL_INTERVAL: 7 experiences, 30 candidates, total cost 88 at every seed (§3.3)", () => {
  for (const seed of SEEDS) assert.deepEqual(shape(gen(seed)), [7, 30, 88], `seed ${seed}`);
});

Deno.test("TEMPORAL_INTERVAL () lists current units per interval, then closures", () => {
  const cur = gen(0).meta?.current_units as string[];
  assert.equal(cur.length, 17);
  assert.deepEqual(cur.slice(0, 4), [
    "temporal_interval_s0:interval:0:label",
    "temporal_interval_s0:interval:0:start",
    "temporal_interval_s0:interval:0:end",
    "temporal_interval_s0:interval:1:label",
  ]);
  assert.deepEqual(cur.slice(15), ["closed_interval:0:new_end", "closed_interval:1:new_end"]);
});

Deno.test("TEMPORAL_INTERVAL weights: label 0.9, start 0.75, end 0.85, duration 0.55; closures 0.1, 1.4, 1.6", () => {
  const w = weights(gen(0));
  assert.deepEqual(w.slice(0, 4), [
    ["temporal_interval_s0:interval:0:label", 0.9],
    ["temporal_interval_s0:interval:0:start", 0.75],
    ["temporal_interval_s0:interval:0:end", 0.85],
    ["temporal_interval_s0:interval:0:duration", 0.55],
  ]);
  assert.deepEqual(w.slice(20), [
    ["open_interval:0:old", 0.1],
    ["closed_interval:0:new_end", 1.4],
    ["invalid_open_interval:0", 1.6],
    ["open_interval:1:old", 0.1],
    ["closed_interval:1:new_end", 1.4],
    ["invalid_open_interval:1", 1.6],
  ]);
});
