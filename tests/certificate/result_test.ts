/** lib/certificate/result.ts: only an optimal certificate with a gap within its tolerance certifies OPT. */
import assert from "node:assert/strict";
import { type Certificate, isCertified } from "../../lib/certificate/result.ts";

const optimal: Certificate = {
  status: "optimal",
  solver: "bnb",
  method: "bnb",
  package: "0".repeat(64),
  budget: 8,
  k: 1,
  objective: 3,
  store: ["e2.compound"],
  cost: 5,
  bound: 3,
  gap: 0,
  tolerance: 1e-12,
  nodes: 4,
  timeMs: 0,
};

Deno.test("isCertified() is true for status optimal with a bound and a gap within the tolerance", () => {
  assert.equal(isCertified(optimal), true);
  assert.equal(isCertified({ ...optimal, gap: 1e-12 }), true);
});

Deno.test("isCertified() is false for a gap above the tolerance, another status or a missing number", () => {
  assert.equal(isCertified({ ...optimal, gap: 2e-12 }), false);
  for (const status of ["unverified", "time_limit", "no_certificate"] as const) {
    assert.equal(isCertified({ ...optimal, status }), false, status);
  }
  assert.equal(isCertified({ ...optimal, bound: null }), false);
  assert.equal(isCertified({ ...optimal, objective: null }), false);
  assert.equal(isCertified({ ...optimal, gap: null }), false);
});
