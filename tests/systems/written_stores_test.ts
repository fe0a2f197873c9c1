/**
 * lib/systems/written_stores.ts: a store written by real mem0 (infer: false) on a four-turn
 * conversation, scored on it (runs only where mem0 is installed in .cache/systems/mem0/:
 * `memaudit write` installs it on first use).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";
import { writeLocomoStores } from "../../lib/systems/written_stores.ts";
import { ROOT } from "../_imports.ts";

const TINY = join(ROOT, "tests", "systems", "fixtures", "locomo_tiny.json");

Deno.test({
  name: "writeLocomoStores (real mem0ai; skipped unless installed): one row per conversation, " +
    "every turn a memory, the items scored and certified",
  ignore: !existsSync(join(ROOT, ".cache", "systems", "mem0", ".memaudit-installed")),
  fn: async () => {
    const out = await Deno.makeTempDir({ prefix: "written_stores_" });
    try {
      const rows = await writeLocomoStores({
        systems: ["mem0"],
        samples: await loadLocomo(TINY),
        found: { path: TINY, name: "locomo_tiny.json", via: "option", choice: TINY },
        out,
        budgets: [10, 100],
      });
      assert.equal(rows.length, 1);
      const r = rows[0];
      assert.deepEqual([r.system, r.package, r.conversation, r.turns, r.memories], [
        "mem0",
        "mem0ai@3.3.1",
        "conv-tiny",
        4,
        4,
      ]);
      assert.deepEqual(r.budgets.map((b) => b.budget), [10, 100]);
      assert.ok(r.items.length > 0 && r.items.every((i) => i.certified));
      assert.ok(existsSync(join(out, "mem0", "conv-tiny", "provenance.json")));
      // At 100 words the store's best subset is the union's OPT: every evidence turn is stored.
      assert.equal(r.budgets[1].upper, 1);
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});
