import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { ImportedAdjudicator } from "../../lib/adjudicate/imported.ts";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";
import {
  adjudicatorFromSpec,
  evidencePoints,
  scoreStoreOnLocomo,
  type StoreItemScore,
  summarizeStoreRows,
} from "../../lib/systems/locomo_store.ts";
import { readOpenAiMemory } from "../../lib/systems/openai_memory.ts";
import { qaItem, smallSample } from "../natural/_sample.ts";

const sample = smallSample([qaItem(["D1:1"]), qaItem(["D2:1"]), qaItem(["D1:2"])]);

Deno.test("scoreStoreOnLocomo() scores a text store on every slice, union <= package ratio", async () => {
  const store = readOpenAiMemory(
    "Ann adopted a cat named Tom.\n\nBo started painting lakes at home.\n\nThe weather was nice.\n",
  );
  const r = await scoreStoreOnLocomo(sample, store, { budgets: [4, 10] });
  assert.equal(r.conversation, "conv-t");
  assert.equal(r.memories, 3);
  assert.equal(r.adjudicator, "lexical");
  assert.equal(r.salience, "estimate");
  assert.equal(r.rows.length, 3 * 2);
  assert.deepEqual(r.budgets.map((b) => [b.budget, b.items, b.certified]), [[4, 3, 3], [10, 3, 3]]);
  for (const row of r.rows) {
    assert.equal(row.certified, true);
    for (const k of ["recency", "salience", "upper"] as const) {
      const u = row.union_ratio[k], p = row.package_ratio[k];
      if (u !== null && p !== null) assert.ok(u <= p + 1e-12, `${row.package} ${k}`);
      if (u !== null) assert.ok(u >= 0 && u <= 1 + 1e-12);
    }
    assert.ok(row.value.recency <= row.value.upper + 1e-12);
    assert.ok(row.value.salience <= row.value.upper + 1e-12);
  }
  // At B = 10 the 6-word memory on the cat fits and covers D1:1 fully (lexical), so the upper
  // bound of q0 reaches the union OPT.
  const q0 = r.rows.find((x) => x.qa_index === 0 && x.budget === 10)!;
  assert.equal(q0.union_ratio.upper, 1);
  // The whole store holds at least what any selection of it keeps; one unit weighs 1.
  assert.equal(q0.max_value, 1);
  for (const row of r.rows) assert.ok(row.store_value >= row.value.upper - 1e-12);
  for (const b of r.budgets) {
    for (const k of ["recency", "salience", "upper"] as const) {
      if (b.union_ratio[k] !== null) assert.ok(b.union_ratio[k]! <= b.package_ratio[k]! + 1e-12);
    }
  }
});

Deno.test("summarizeStoreRows() averages over the same certified items with OPT(P) > 0", () => {
  const row = (
    pkg: string,
    certified: boolean,
    optP: number,
    optU: number,
    v: number,
  ): StoreItemScore => ({
    package: pkg,
    qa_index: 0,
    category: 1,
    budget: 5,
    certified,
    opt_package: optP,
    opt_union: optU,
    value: { recency: v, salience: v, upper: v },
    store_value: 2 * v,
    max_value: 1,
    union_ratio: { recency: v / optU, salience: v / optU, upper: v / optU },
    package_ratio: optP > 0
      ? { recency: v / optP, salience: v / optP, upper: v / optP }
      : { recency: null, salience: null, upper: null },
  });
  const [s] = summarizeStoreRows([
    row("a", true, 1, 2, 1),
    row("b", true, 2, 2, 1),
    row("c", true, 0, 1, 1), // degenerate: left out of every mean
    row("d", false, 1, 1, 1), // uncertified: left out
  ], [5]);
  assert.deepEqual(
    [s.items, s.certified, s.degenerate, s.scored],
    [4, 3, 1, 2],
  );
  assert.equal(s.union_ratio.upper, (0.5 + 0.5) / 2);
  assert.equal(s.package_ratio.upper, (1 + 0.5) / 2);
  assert.equal(s.opt_gain, (2 + 1) / 2);
  assert.deepEqual(s.evidence, { store: 2, recency: 1, salience: 1, upper: 1, opt_union: 2 });
  assert.deepEqual(evidencePoints([s]).map((p) => [p.B, p.series, p.share]), [
    [5, "whole store (no budget)", 2],
    [5, "OPT of P+(Y) at B", 2],
    [5, "upper-pruned bound", 1],
    [5, "salience-pruned", 1],
    [5, "recency-pruned", 1],
  ]);
  assert.deepEqual(evidencePoints([{ ...s, scored: 0 }]), []);
});

Deno.test("adjudicatorFromSpec() builds lexical, imported and llm adjudicators or refuses", async () => {
  assert.ok(await adjudicatorFromSpec("lexical", sample) instanceof LexicalAdjudicator);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/labels.jsonl`, "");
    const imp = await adjudicatorFromSpec(`imported:${dir}/labels.jsonl`, sample);
    assert.ok(imp instanceof ImportedAdjudicator);
    assert.equal(imp.name, "imported:labels");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  const llm = await adjudicatorFromSpec("llm:http://127.0.0.1:9/v1", sample, { llmModel: "m" });
  assert.equal(llm.name, "llm:m");
  for (const bad of ["llm:http://x/v1", "llm:ftp://x", "gpt", "imported:x.txt"]) {
    await assert.rejects(() => adjudicatorFromSpec(bad, sample), InputError, bad);
  }
});
