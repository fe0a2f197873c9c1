/**
 * `memaudit store`: what the reader assumed is said, and an ambiguous file is refused.
 * Before: the adapter's notes (a time not recognised, so recency used export order; a memory
 * dropped) were only counted ("1 adapter note(s)"), in neither the text nor --json; and of two
 * stores for the conversation in one generic JSONL file the first was scored silently.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { deno, ENTRY } from "./_run.ts";

const noData = sharedDataPath("locomo/locomo8.json") === null;

/** `memaudit ARGS` on locomo8. */
const memaudit = (args: string[]) =>
  deno(["run", "-A", ENTRY, ...args], { env: { MEMAUDIT_LOCOMO: "locomo8" } });

Deno.test({
  name: "store: the adapter's notes are warnings on stderr and in --json",
  ignore: noData,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-store-warn-" });
    try {
      const f = join(dir, "get_all.json");
      await Deno.writeTextFile(
        f,
        JSON.stringify({
          results: [
            { id: "a", memory: "Caroline went to a support group", created_at: "garbage" },
            { id: "b", memory: "", created_at: "2023-01-01T00:00:00Z" },
            { id: "c", memory: "Melanie paints", created_at: "2023-01-02T00:00:00Z" },
          ],
        }),
      );
      const r = await memaudit([
        "store",
        "--locomo",
        "conv-26",
        "--store",
        f,
        "--budgets",
        "30",
        "--json",
      ]);
      assert.equal(r.code, 0, r.stderr);
      const j = JSON.parse(r.stdout) as { warnings: string[] };
      assert.equal(j.warnings.length, 2, JSON.stringify(j.warnings));
      assert.ok(j.warnings.some((w) => w.includes("garbage")), JSON.stringify(j.warnings));
      assert.ok(j.warnings.some((w) => w.includes("dropped")), JSON.stringify(j.warnings));
      for (const w of j.warnings) assert.ok(r.stderr.includes(`warning: ${w}`), r.stderr);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "store: two stores for the conversation in one file are refused, not the first taken",
  ignore: noData,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-store-two-" });
    try {
      const f = join(dir, "two.jsonl");
      const row = (system: string, text: string) =>
        JSON.stringify({ instance_id: "conv-26", system, memories: [{ id: "m1", text }] });
      await Deno.writeTextFile(
        f,
        row("a", "Caroline went to a support group") + "\n" + row("b", "Melanie paints") + "\n",
      );
      const r = await memaudit(["store", "--locomo", "conv-26", "--store", f, "--budgets", "30"]);
      assert.equal(r.code, 2, r.stdout);
      assert.equal(r.stdout, "");
      assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
      assert.match(r.stderr, /two\.jsonl.*expected one store for conv-26.*2 of them for conv-26/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "store --per-memory on LoCoMo: per memory its cost, the weighted units it covers in any item, the budgets it is kept at",
  ignore: noData,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-store-per-memory-" });
    try {
      const f = join(dir, "get_all.json");
      await Deno.writeTextFile(
        f,
        JSON.stringify({
          results: [
            { id: "a", memory: "Caroline went to a LGBTQ support group", created_at: "2023-05-07" },
            { id: "b", memory: "Melanie likes the weather today", created_at: "2023-05-08" },
            {
              id: "c",
              memory: "Melanie painted a lake sunrise last year",
              created_at: "2023-05-09",
            },
          ],
        }),
      );
      const r = await memaudit([
        "store",
        "--locomo",
        "conv-26",
        "--store",
        f,
        "--budgets",
        "10,30",
        "--per-memory",
        "--json",
      ]);
      assert.equal(r.code, 0, r.stderr);
      const j = JSON.parse(r.stdout);
      assert.deepEqual(j.covers_nothing, { memories: 2, share: 2 / 3, cost_share: 12 / 19 });
      assert.deepEqual(
        j.per_memory.map((
          m: { memory: string; cost: number; weight: number; kept_upper: number[] },
        ) => [
          m.memory,
          m.cost,
          m.weight,
          m.kept_upper,
        ]),
        [["a", 7, 2, [10, 30]], ["b", 5, 0, []], ["c", 7, 0, []]],
      );
      // Unit ids name their item: memory a holds turn D1:3, evidence of QA items 0 and 32.
      assert.deepEqual(j.per_memory[0].units, [
        { unit: "conv-26_q0::D1_3", weight: 1, value: 1 },
        { unit: "conv-26_q32::D1_3", weight: 1, value: 1 },
      ]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
