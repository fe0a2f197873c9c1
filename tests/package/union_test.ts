/**
 * unionPackage(): the union package P+(Y), and errors that name the bad
 * memory (index and id in the store) and unit, not an internal package path.
 */
import assert from "node:assert/strict";
import type { InputError } from "../../lib/base/errors.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { type ExternalMemory, unionPackage } from "../../lib/package/union.ts";
import { smallPackage } from "./_fixture.ts";

const pkg = parsePackage(smallPackage());
const ok: ExternalMemory = { id: "m0", cost: 2, coverage: { "diet:pesc": 1 } };

/** The InputError raised by a union with `bad` as the second memory of store "mem0.json". */
function unionError(bad: ExternalMemory): InputError {
  try {
    unionPackage(pkg, [ok, bad], { system: "mem0", file: "mem0.json" });
  } catch (err) {
    assert.equal((err as Error).name, "InputError");
    return err as InputError;
  }
  assert.fail("expected an InputError");
}

Deno.test("unionPackage() adds memories as system candidates in their own groups", () => {
  const union = unionPackage(pkg, [
    ok,
    { id: "m1", text: "eats fish", cost: 1.5, coverage: { "diet:inv": 0.5, "diet:veg": 0 } },
    { id: "m2", cost: 1, coverage: {}, experience: "mem0::m1", salience: 0.25 },
  ], { system: "mem0" });
  assert.equal(union.id, "diet_update+mem0");
  assert.deepEqual(union.experiences.slice(2).map((e) => [e.id, e.order]), [
    ["mem0::m0", 2],
    ["mem0::m1", 3],
  ]);
  assert.deepEqual(union.candidates.slice(5).map((c) => [c.id, c.experience, c.kind, c.cost]), [
    ["mem0::m0", "mem0::m0", "system", 2],
    ["mem0::m1", "mem0::m1", "system", 1.5],
    ["mem0::m2", "mem0::m1", "system", 1],
  ]);
  // Zero coverage is not stored.
  assert.deepEqual(union.coverage.slice(7).map((c) => [c.candidate, c.unit, c.value]), [
    ["mem0::m0", "diet:pesc", 1],
    ["mem0::m1", "diet:inv", 0.5],
  ]);
  assert.deepEqual(union.units, pkg.units);
});

Deno.test("unionPackage() rejects NaN, negative and > 1 coverage, naming memory and unit", () => {
  for (const value of [NaN, -0.5, 1.25]) {
    const err = unionError({ id: "m7", cost: 1, coverage: { "diet:inv": value } });
    assert.equal(err.file, "mem0.json");
    assert.deepEqual(err.where, { path: 'memory 1 (id "m7"), unit "diet:inv"' });
    assert.equal(
      err.message,
      `Cannot read mem0.json: memory 1 (id "m7"), unit "diet:inv": ` +
        `expected a coverage value in [0, 1], got ${value}`,
    );
  }
});

Deno.test("unionPackage() rejects an unknown unit id, even with zero coverage", () => {
  const err = unionError({ id: "m7", cost: 1, coverage: { "diet:nope": 0 } });
  assert.equal(
    err.message,
    'Cannot read mem0.json: memory 1 (id "m7"), unit "diet:nope": expected a unit id of the package',
  );
});

Deno.test("unionPackage() rejects a cost <= 0 or not finite, naming the memory", () => {
  for (const cost of [0, -1, NaN, Infinity]) {
    const err = unionError({ id: "m7", cost, coverage: {} });
    assert.deepEqual(err.where, { path: 'memory 1 (id "m7"), cost' });
    assert.equal(
      err.message,
      `Cannot read mem0.json: memory 1 (id "m7"), cost: expected a finite cost > 0, got ${cost}`,
    );
  }
});

Deno.test("unionPackage() rejects an unknown experience, a duplicate id and a bad salience", () => {
  assert.equal(
    unionError({ id: "m7", cost: 1, coverage: {}, experience: "zz" }).message,
    "Cannot read mem0.json: memory 1 (id \"m7\"), experience: expected an experience of the package, got 'zz'",
  );
  assert.equal(
    unionError({ id: "m0", cost: 1, coverage: {} }).message,
    'Cannot read mem0.json: memory 1 (id "m0"), id: expected a unique id; memory 0 has it too',
  );
  const err = unionError({ id: "m7", cost: 1, coverage: {}, salience: 2 });
  assert.deepEqual(err.where, { path: 'memory 1 (id "m7"), salience' });
});
