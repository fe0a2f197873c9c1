import assert from "node:assert/strict";
import {
  PER_MEMORY_COLUMNS,
  STORE_BUDGET_COLUMNS,
  STORE_REPORT,
} from "../../lib/systems/store_report.ts";

Deno.test("the store report's JSON Schema: required keys, strict objects", () => {
  const s = STORE_REPORT.jsonSchema() as {
    required: string[];
    additionalProperties: boolean;
    properties: Record<string, { type?: string; enum?: string[] }>;
  };
  assert.deepEqual(s.required, [
    "format",
    "memories",
    "budgets",
    "format_reason",
    "store",
    "adjudicator",
    "salience_source",
    "warnings",
  ]);
  assert.equal(s.additionalProperties, false);
  assert.deepEqual(s.properties.salience_source.enum, ["system", "estimate"]);
});

Deno.test("the report's columns come from its schema", () => {
  assert.deepEqual(STORE_BUDGET_COLUMNS, [
    "budget",
    "items",
    "certified",
    "union_recency",
    "union_salience",
    "union_upper",
    "package_recency",
    "package_salience",
    "package_upper",
    "scored",
    "degenerate",
  ]);
  assert.deepEqual(PER_MEMORY_COLUMNS, [
    "memory",
    "cost",
    "units",
    "weight",
    "kept_upper",
    "covers_nothing",
  ]);
});

Deno.test("the --json from before the move fits the schema with its keys in the same order", async () => {
  for (const f of ["openai_memories_0_conv26.json", "mem0_search_top30_conv26.json"]) {
    const text = await Deno.readTextFile(
      new URL(`../cli/fixtures/store_json/${f}`, import.meta.url),
    );
    assert.equal(JSON.stringify(STORE_REPORT.json(JSON.parse(text)), null, 2) + "\n", text, f);
  }
  const text = await Deno.readTextFile(
    new URL("../cli/fixtures/store_json/openai_memories_0_conv26.json", import.meta.url),
  );
  const r = STORE_REPORT.json(JSON.parse(text));
  const b100 = r.budgets.find((b) => b.budget === 100)!;
  assert.deepEqual([b100.union_ratio.upper, b100.package_ratio.upper], [
    0.480540293040293,
    0.5158119658119659,
  ]);
  assert.throws(() => STORE_REPORT.json({ ...r, extra: 1 } as never), /store_report: \(root\)/);
});
