/**
 * scoreStoreFile(): the `memaudit store` workflow as a library function (issue 27 item 1), on the
 * user's own package (issue 30 items 3 and 4). The LoCoMo mode's bytes are held by
 * tests/cli/store_test.ts against the outputs from before the move.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { scoreStoreFile } from "../../lib/systems/score_store_file.ts";
import { STORE_REPORT } from "../../lib/systems/store_report.ts";

const PKG = "data/examples/vegetarian_pescatarian.json";
/** Four memories in a system's own words: none copies a candidate's text. */
const OWN = "data/examples/vegetarian_own_words.txt";
const onPackage = { kind: "package", path: PKG } as const;

/** The example package's declared costs are not its texts' word counts (e1.raw: 9 against 8). */
const COSTS =
  "costs: memories are priced in words and the package's candidates at their declared costs, " +
  "and the union and its budgets take both as one unit, but 5 of 6 candidates with text are not " +
  "priced at their word count (e.g. e1.raw: cost 9, 8 words)";

Deno.test("a store in its own words on the example package: zero by exact text, covered lexically", async () => {
  // Before (the package-text adjudicator notebook 10 fell back to for units without a text):
  // nothing matches, every ratio and every share is 0.
  const before = await scoreStoreFile({
    store: OWN,
    target: onPackage,
    adjudicator: "package_text",
  });
  assert.deepEqual(before.summaries.map((b) => [b.budget, b.union_ratio.upper, b.evidence.store]), [
    [4, 0, 0],
    [8, 0, 0],
    [12, 0, 0],
    [21, 0, 0],
  ]);
  assert.deepEqual(before.report.warnings, [
    "package_text: only memories copying a candidate's text word for word get coverage",
    COSTS,
  ]);
  // After: units without a text are read through the candidates covering them.
  const notes: string[] = [];
  const after = await scoreStoreFile({
    store: OWN,
    target: onPackage,
    perMemory: true,
    onNote: (l, k) => notes.push(`${k}: ${l}`),
  });
  const r = after.report;
  assert.equal(r.package, "vegetarian_to_pescatarian");
  assert.equal(r.conversation, undefined);
  assert.equal(r.adjudicator, "lexical");
  assert.equal(r.memories, 4);
  assert.deepEqual(r.budgets.map((b) => b.budget), [4, 8, 12, 21]); // the package's own
  assert.deepEqual(after.summaries.map((b) => [b.union_ratio.upper, b.evidence.store]), [
    [0, 1],
    [1, 1],
    [1, 1],
    [1, 1],
  ]);
  const b21 = r.budgets.find((b) => b.budget === 21)!;
  assert.deepEqual([b21.union_ratio.recency, b21.package_ratio.recency], [13 / 14, 1]);
  assert.deepEqual(r.unmatchable, { units: [], weight: 0, share: 0 });
  assert.deepEqual(r.warnings, [COSTS]);
  assert.deepEqual(after.violations, []);
  assert.equal(notes.length, 2);
  assert.match(notes[0], /^info: package vegetarian_to_pescatarian .* 4 memories, 0 adapter note/);
  assert.equal(notes[1], `warning: ${COSTS}`);
  // Per memory: the window-seat memory covers nothing: a quarter of the store, 7 of its 29 words.
  assert.deepEqual(
    r.per_memory!.map((m) => [m.cost, m.weight, m.kept_upper, m.covers_nothing]),
    [[8, 3.25, [8, 12, 21], false], [8, 2.25, [21], false], [6, 1.5, [], false], [7, 0, [], true]],
  );
  assert.deepEqual(r.per_memory![2].units, [
    { unit: "current_pescatarian", weight: 1, value: 0.5 },
    { unit: "vegetarian_invalidated", weight: 1, value: 0.5 },
    { unit: "change_after_first", weight: 1, value: 0.5 },
  ]);
  assert.deepEqual(r.covers_nothing, { memories: 1, share: 0.25, cost_share: 7 / 29 });
  // The report is its schema's: parsing it again changes nothing.
  assert.equal(JSON.stringify(STORE_REPORT.json(r)), JSON.stringify(r));
});

Deno.test("a weighted unit no memory can match is a warning with its weight, and in the report", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-ssf-" });
  try {
    const pkg = JSON.parse(await Deno.readTextFile(PKG));
    // A unit with no text that no candidate covers, asked for by a query of importance 1: weight
    // 1 beside the package's 3.5.
    pkg.units.push({ id: "allergy", family: "preference" });
    pkg.queries.push({ id: "ask_allergy", importance: 1, required_units: ["allergy"], text: "?" });
    const file = join(dir, "pkg.json");
    await Deno.writeTextFile(file, JSON.stringify(pkg));
    const r = await scoreStoreFile({ store: OWN, target: { kind: "package", path: file } });
    assert.deepEqual(r.report.unmatchable, { units: ["allergy"], weight: 1, share: 1 / 4.5 });
    assert.deepEqual(r.report.warnings, [
      "unmatchable: 1 weighted unit(s) have no text and no covering candidate with text " +
      "(allergy): no memory can cover weight 1 (22.2 % of the package's)",
      COSTS,
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("scoreStoreFile() refuses a file with several stores for the package, and an empty one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-ssf-" });
  try {
    const two = join(dir, "two.jsonl");
    const row = (system: string) =>
      JSON.stringify({
        instance_id: "vegetarian_to_pescatarian",
        system,
        memories: [{ id: "m1", text: "is pescatarian" }],
      });
    await Deno.writeTextFile(two, `${row("a")}\n${row("b")}\n`);
    await assert.rejects(
      () => scoreStoreFile({ store: two, target: onPackage }),
      (e: unknown) =>
        e instanceof InputError &&
        /two\.jsonl.*expected one store for vegetarian_to_pescatarian, the file holds 2 .*2 of them/
          .test(e.message),
    );
    const empty = join(dir, "empty.jsonl");
    await Deno.writeTextFile(
      empty,
      JSON.stringify({ instance_id: "vegetarian_to_pescatarian", system: "a", memories: [] }) +
        "\n",
    );
    await assert.rejects(
      () => scoreStoreFile({ store: empty, target: onPackage }),
      /empty\.jsonl.*expected a store with memories, it has none/,
    );
    // The store file is read (and named) before the package.
    await assert.rejects(
      () =>
        scoreStoreFile({ store: join(dir, "none.txt"), target: { kind: "package", path: "x" } }),
      /none\.txt: \(root\): expected an existing file/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a budget below every candidate's cost gives no ratio: a warning says why, not a silent null", async () => {
  // The cheapest candidate costs 3: at B = 0.5 OPT(P) = 0, the package's one item is left out.
  const notes: string[] = [];
  const r = await scoreStoreFile({
    store: OWN,
    target: onPackage,
    budgets: [0.5, 8],
    onNote: (l, k) => k === "warning" && notes.push(l),
  });
  const [tiny, eight] = r.report.budgets;
  assert.deepEqual([tiny.scored, tiny.degenerate, tiny.union_ratio.upper], [0, 1, null]);
  assert.equal(eight.scored, 1);
  const line = "B=0.5: no ratio: the package's optimum is 0 at this budget (1 of 1 item(s) " +
    "left out of the means)";
  assert.deepEqual(r.report.warnings, [COSTS, line]);
  assert.deepEqual(notes, [COSTS, line]);
});

Deno.test("the costs warning: none when every candidate with text costs its word count; one when no candidate has text", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-ssf-" });
  try {
    const pkg = JSON.parse(await Deno.readTextFile(PKG));
    const words = (t: string) => t.split(/\s+/).filter((w) => w !== "").length;
    for (const c of pkg.candidates) c.cost = Math.max(1, words(c.text));
    const file = join(dir, "words.json");
    await Deno.writeTextFile(file, JSON.stringify(pkg));
    const target = { kind: "package", path: file } as const;
    const ok = await scoreStoreFile({ store: OWN, target, adjudicator: "package_text" });
    assert.ok(ok.report.warnings.every((w) => !w.startsWith("costs:")), ok.report.warnings.join());
    for (const c of pkg.candidates) delete c.text;
    await Deno.writeTextFile(file, JSON.stringify(pkg));
    const none = await scoreStoreFile({ store: OWN, target, adjudicator: "package_text" });
    assert.ok(
      none.report.warnings.includes(
        "costs: memories are priced in words and the package's candidates at their declared " +
          "costs, and the union and its budgets take both as one unit; no candidate has a text " +
          "to check that they are words",
      ),
      none.report.warnings.join(" | "),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
