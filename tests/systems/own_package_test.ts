import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { compilePackage } from "../../lib/package/compile.ts";
import {
  certifyBudgets,
  ignoredSettings,
  readPackageAny,
  storeAdjudicatorFor,
  writerRatios,
} from "../../lib/systems/own_package.ts";
import { fixturePackage } from "./_fixtures.ts";

const EX = "data/examples/vegetarian_pescatarian.json";

Deno.test("readPackageAny() reads the JSON file and the CSV folder to the same package", async () => {
  const a = await readPackageAny(EX);
  const b = await readPackageAny("data/examples/vegetarian_pescatarian_csv");
  assert.equal(a.id, "vegetarian_to_pescatarian");
  assert.deepEqual(b.candidates.map((c) => c.id), a.candidates.map((c) => c.id));
  await assert.rejects(() => readPackageAny("data/examples/none.json"), InputError);
});

Deno.test("certifyBudgets() and writerRatios() give the paper's example numbers", async () => {
  const cp = compilePackage(await readPackageAny(EX));
  const certs = await certifyBudgets(cp, [8]);
  assert.equal(certs[0].status, "optimal");
  assert.equal(certs[0].objective, 3);
  assert.deepEqual(certs[0].store, ["e2.compound"]);
  const rows = writerRatios(cp, ["oracle_gvt", "recency_raw"], certs);
  assert.deepEqual(rows.map((r) => [r.method, r.budget, r.feasible]), [
    ["oracle_gvt", 8, true],
    ["recency_raw", 8, true],
  ]);
  assert.equal(rows[0].ratio, 1);
  assert.ok(rows.every((r) => r.ratio === null || (r.ratio >= 0 && r.ratio <= 1)));
  assert.throws(() => writerRatios(cp, ["nope"], certs), /Cannot find writer 'nope'/);
  assert.throws(() => writerRatios(cp, ["toString"], certs), /Cannot find writer 'toString'/);
});

Deno.test("storeAdjudicatorFor() is lexical; units without a text are read through their candidates", async () => {
  const veg = storeAdjudicatorFor(await readPackageAny(EX));
  assert.equal(veg.adjudicator.name, "lexical");
  assert.equal(
    veg.why,
    "lexical: 4 weighted unit(s) without a text read through the candidates covering them",
  );
  assert.deepEqual(veg.unmatchable, { units: [], weight: 0, share: 0 });
  const fx = storeAdjudicatorFor(fixturePackage());
  assert.equal(fx.adjudicator.name, "lexical");
  assert.equal(fx.why, "lexical: every weighted unit has a text");
});

Deno.test("ignoredSettings(): every MEMAUDIT_* value notebook 10 does not use in this run is a warning", () => {
  const env = {
    MEMAUDIT_PACKAGE: "p.json",
    MEMAUDIT_ADJUDICATOR: "lexical",
    MEMAUDIT_LOCOMO: "locomo8",
    MEMAUDIT_LLM_API_KEY: "secret",
    MEMAUDIT_BUDGTES: "3",
    MEMAUDIT_OUT: "/tmp/o",
    MEMAUDIT_QUICK: "1",
    HOME: "/root",
  };
  // No store: the adjudicator, LoCoMo and the LLM key have nothing to do; a misspelling is named.
  assert.deepEqual(
    ignoredSettings(env, { store: "", locomoConversation: "", adjudicator: "lexical" }),
    [
      "MEMAUDIT_ADJUDICATOR=lexical is ignored: no store is scored (MEMAUDIT_STORE is empty)",
      "MEMAUDIT_BUDGTES=3 is ignored: notebook 10 has no such setting",
      "MEMAUDIT_LLM_API_KEY is ignored: the adjudicator is not llm:URL",
      "MEMAUDIT_LOCOMO=locomo8 is ignored: no store is scored (MEMAUDIT_STORE is empty)",
    ],
  );
  // A store on the package: the adjudicator is used, LoCoMo is not.
  assert.deepEqual(
    ignoredSettings(env, { store: "s.txt", locomoConversation: "", adjudicator: "lexical" }).map((
      w,
    ) => w.split(" ")[0]),
    ["MEMAUDIT_BUDGTES=3", "MEMAUDIT_LLM_API_KEY", "MEMAUDIT_LOCOMO=locomo8"],
  );
  assert.deepEqual(
    ignoredSettings(env, {
      store: "s.txt",
      locomoConversation: "conv-26",
      adjudicator: "llm:http://x",
    }),
    ["MEMAUDIT_BUDGTES=3 is ignored: notebook 10 has no such setting"],
  );
});
