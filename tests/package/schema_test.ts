/** lib/package/schema.ts: the package schema's own rules (concave h, references, weights). */
import assert from "node:assert/strict";
import {
  CandidateSchema,
  MAX_TOTAL_WEIGHT,
  PackageSchema,
  SaturationSchema,
} from "../../lib/package/schema.ts";
import type { PackageInput } from "../../lib/package/schema.ts";
import { smallPackage } from "./_fixture.ts";

/** The [path, message] pairs of the issues of `data` under `PackageSchema` ([] when valid). */
function issues(data: unknown): [string, string][] {
  const r = PackageSchema.safeParse(data);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
}

/** The small package after `edit`. */
function edited(edit: (p: PackageInput) => void): PackageInput {
  const p = smallPackage();
  edit(p);
  return p;
}

Deno.test("SaturationSchema accepts slopes that do not increase and refuses a rising one at its index", () => {
  assert.ok(
    SaturationSchema.safeParse([{ width: 1, slope: 2 }, { width: 1, slope: 2 }, {
      width: 3,
      slope: 0,
    }]).success,
  );
  const r = SaturationSchema.safeParse([{ width: 1, slope: 1 }, { width: 1, slope: 0 }, {
    width: 1,
    slope: 0.5,
  }]);
  assert.ok(!r.success);
  assert.deepEqual(r.error.issues.map((i) => [i.path, i.message]), [
    [[2, "slope"], "expected slopes that do not increase (h must be concave)"],
  ]);
  assert.ok(!SaturationSchema.safeParse([]).success);
  assert.ok(!SaturationSchema.safeParse([{ width: 0, slope: 1 }]).success);
});

Deno.test("CandidateSchema requires a positive cost and a salience in [0, 1]", () => {
  const c = { id: "u", experience: "e", kind: "raw", cost: 1 };
  assert.ok(CandidateSchema.safeParse(c).success);
  assert.ok(!CandidateSchema.safeParse({ ...c, cost: 0 }).success);
  assert.ok(!CandidateSchema.safeParse({ ...c, salience: 1.5 }).success);
  assert.ok(!CandidateSchema.safeParse({ ...c, kind: "memo" }).success);
  assert.ok(!CandidateSchema.safeParse({ ...c, extra: 1 }).success);
});

Deno.test("PackageSchema accepts the small package", () => {
  assert.deepEqual(issues(smallPackage()), []);
});

Deno.test("PackageSchema names dangling and duplicate references and empty groups", () => {
  assert.deepEqual(issues(edited((p) => (p.candidates[1].experience = "e9"))), [
    ["candidates.1.experience", "dangling experience id 'e9'"],
  ]);
  assert.deepEqual(issues(edited((p) => p.experiences.push({ id: "e3", order: 2 }))), [
    ["experiences.2.id", "empty group: experience 'e3' has no candidate"],
  ]);
  assert.deepEqual(issues(edited((p) => (p.queries![1].required_units = ["diet:veg", "x"]))), [
    ["queries.1.required_units.1", "dangling unit id 'x'"],
  ]);
  assert.deepEqual(
    issues(edited((p) => p.coverage.push({ candidate: "e1.raw", unit: "diet:veg", value: 0.5 }))),
    [
      ["coverage.7", "duplicate coverage cell (e1.raw, diet:veg)"],
    ],
  );
  assert.deepEqual(issues(edited((p) => p.units.push({ id: "diet:veg", family: "fact" }))), [
    ["units.3.id", "duplicate unit id 'diet:veg'"],
  ]);
});

Deno.test("PackageSchema ties unit weights to weight_source and keeps the total finite", () => {
  assert.deepEqual(issues(edited((p) => (p.units[0].weight = 1))), [
    [
      "units.0.weight",
      "expected no weight (weight_source is 'queries': weights derive from queries)",
    ],
  ]);
  const explicit = edited((p) => {
    p.weight_source = "explicit";
    p.units.forEach((u, i) => (u.weight = i === 1 ? undefined : 1));
  });
  assert.deepEqual(issues(explicit), [[
    "units.1.weight",
    "expected a weight (weight_source is 'explicit')",
  ]]);
  const huge = edited((p) => p.queries!.forEach((q) => (q.importance = 1e300)));
  assert.deepEqual(issues(huge), [
    [
      "queries",
      `expected weights (importances) summing to at most ${MAX_TOTAL_WEIGHT}, got 2e+300`,
    ],
  ]);
});
