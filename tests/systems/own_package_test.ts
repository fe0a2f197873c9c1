import assert from "node:assert/strict";
import { compilePackage } from "../../lib/package/compile.ts";
import { readPackageFrom } from "../../lib/package/read_any.ts";
import { certifyBudgets, ignoredSettings, writerRatios } from "../../lib/systems/own_package.ts";

const EX = "data/examples/vegetarian_pescatarian.json";

Deno.test("certifyBudgets() and writerRatios() give the paper's example numbers", async () => {
  const cp = compilePackage((await readPackageFrom(EX)).pkg);
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
