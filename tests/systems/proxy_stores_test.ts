import assert from "node:assert/strict";
import {
  PROXY_STORES,
  proxyStoreIds,
  roundTripWriters,
  scoreProxyStores,
} from "../../lib/systems/proxy_stores.ts";
import { fixturePackage } from "./_fixtures.ts";

Deno.test("PROXY_STORES lists the three proxy stores in display order", () => {
  assert.deepEqual(PROXY_STORES, [
    "observation store",
    "session archive",
    "archive + observations",
  ]);
});

Deno.test("proxyStoreIds() builds the observation store, the session archive and both", () => {
  const pkg = fixturePackage();
  assert.deepEqual(proxyStoreIds(pkg, "observation store"), [
    "s1::obs_0",
    "s1::obs_1",
    "s2::obs_0",
  ]);
  // Recency raw's order: newest session first.
  assert.deepEqual(proxyStoreIds(pkg, "session archive"), ["s2::raw", "s1::raw"]);
  assert.deepEqual(proxyStoreIds(pkg, "archive + observations"), [
    "s2::raw",
    "s1::raw",
    "s1::obs_0",
    "s1::obs_1",
    "s2::obs_0",
  ]);
});

Deno.test("scoreProxyStores() scores every proxy, certified, selections below the upper bound", async () => {
  const pkg = fixturePackage();
  const r = await scoreProxyStores([pkg], { budgets: [10, 60], costRuleBudget: 60 });
  for (const name of PROXY_STORES) {
    assert.equal(r.pruned[name].length, 1);
    for (const b of r.pruned[name][0].budgets) {
      assert.equal(b.optPackage.status, "optimal");
      assert.equal(b.optUnion.status, "optimal");
      const v = (k: string) => b.selections.find((x) => x.selector === k)!.value;
      assert.ok(v("recency_pruned") <= v("upper_pruned") + 1e-12);
      assert.ok(v("salience_pruned") <= v("upper_pruned") + 1e-12);
      assert.ok(v("upper_pruned") <= b.optUnion.objective! + 1e-12);
    }
  }
  // Package-text coverage: the observation store at B = 60 holds obs_0 (u_group 0.5) and
  // obs_1 (u_paint), the same as the package's best facts: union OPT = package OPT there.
  const obs = r.pruned["observation store"][0].budgets[1];
  assert.equal(obs.optUnion.objective, obs.optPackage.objective);
  // The session archive at B = 10 holds nothing that fits.
  assert.equal(
    r.pruned["session archive"][0].budgets[0].selections.find((x) => x.selector === "upper_pruned")!
      .value,
    0,
  );
  assert.equal(r.costRules["observation store"].words.length, 1);
  assert.equal(r.costRules["observation store"].byte.length, 1);
  const none = await scoreProxyStores([pkg], { budgets: [10], costRuleBudget: null });
  assert.deepEqual(none.costRules["observation store"], { words: [], byte: [] });
});

Deno.test("roundTripWriters() gives back each writer's own ratio exactly", async () => {
  const r = await roundTripWriters([fixturePackage()], ["oracle_gvt", "recency_raw"], [10, 30, 60]);
  assert.equal(r.checked, 6);
  assert.equal(r.mismatches, 0);
  assert.equal(r.scores.oracle_gvt.length, 3);
  // GVT reaches OPT on this package at B = 60: its ratio is 1 under both denominators.
  const x = r.scores.oracle_gvt[2].budgets[0].selections[0];
  assert.equal(x.packageRatio.ratio, x.unionRatio.ratio);
});
