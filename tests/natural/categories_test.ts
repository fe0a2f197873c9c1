import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  LOCOMO_CATEGORIES,
  locomoCategory,
  parseLocomoCategories,
} from "../../lib/natural/categories.ts";

Deno.test("LOCOMO_CATEGORIES is read from data/locomo/categories.json", async () => {
  const file = JSON.parse(await Deno.readTextFile("data/locomo/categories.json"));
  assert.equal(LOCOMO_CATEGORIES.size, Object.keys(file.categories).length);
  assert.deepEqual(
    [...LOCOMO_CATEGORIES.values()].map((c) => [c.code, c.name, c.family, c.answerable]),
    [
      [1, "multi_hop", "fact", true],
      [2, "temporal", "temporal", true],
      [3, "open_domain", "fact", true],
      [4, "single_hop", "fact", true],
      [5, "adversarial", "abstention", false],
    ],
  );
  assert.equal(locomoCategory(2).label, "temporal");
  assert.throws(() => locomoCategory(9), /Cannot map LoCoMo category 9/);
});

Deno.test("parseLocomoCategories() names the JSON path of a bad entry", () => {
  assert.throws(
    () =>
      parseLocomoCategories(
        {
          source: "x",
          categories: { "1": { name: "a", label: "a", family: "facts", answerable: true } },
        },
        "c.json",
      ),
    (e: unknown) =>
      e instanceof InputError && e.file === "c.json" && /categories\.1\.family/.test(e.message),
  );
});
