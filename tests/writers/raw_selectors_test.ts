import assert from "node:assert/strict";
import { recencyRaw, reservoirRaw } from "../../lib/writers/raw_selectors.ts";
import { stableHash } from "../../lib/writers/stable_hash.ts";
import { build } from "./_fixtures.ts";

Deno.test("stableHash() matches hand-computed values", () => {
  assert.equal(stableHash(""), 0);
  assert.equal(stableHash("b"), 98);
  assert.equal(stableHash("ab"), 12805); // (97·131 + 98) mod 1,000,000,007
  assert.equal(stableHash("ba"), 12935);
  assert.equal(stableHash("é"), 25714); // UTF-8 bytes 0xc3 0xa9: 195·131 + 169
  // long input stays exact and below the modulus
  const h = stableHash("x".repeat(1000));
  assert.ok(Number.isInteger(h) && h >= 0 && h < 1_000_000_007);
});

Deno.test("recencyRaw() scans newest first and keeps scanning after a misfit or a used group", () => {
  const cp = build([["g0", 0], ["g1", 1], ["g2", 2]], [["u", 1]], [
    ["r_new", "g2", "raw_span", 5, { u: 1 }],
    ["m_big", "g1", "raw", 2, { u: 1 }],
    ["m_small", "g1", "raw_span", 1, { u: 1 }],
    ["r_old", "g0", "raw", 1, { u: 1 }],
    ["f_old", "g0", "atomic_fact", 1, { u: 1 }],
  ]);
  // order: r_new (misfit, skipped), m_small, m_big (group used), r_old
  const r = recencyRaw(cp, 3);
  assert.deepEqual(r.store, ["m_small", "r_old"]);
  assert.equal(r.cost, 2);
  assert.equal(r.value, 1);
  assert.equal(r.trace[1].gain, 0);
});

Deno.test("reservoirRaw() scans in stableHash(id) order", () => {
  const cp = build([["g0", 0], ["g1", 1], ["g2", 2]], [["u", 1]], [
    ["ab", "g0", "raw", 1, { u: 1 }],
    ["b", "g1", "raw", 1, { u: 1 }],
    ["ba", "g2", "raw", 1, { u: 1 }],
  ]);
  // hashes b 98 < ab 12805 < ba 12935
  assert.deepEqual(reservoirRaw(cp, 2).store, ["b", "ab"]);
  assert.deepEqual(recencyRaw(cp, 2).store, ["ba", "b"]);
});
