/** lib/score/writers_report.ts: the `memaudit writers` workflow and its declared shape. */
import assert from "node:assert/strict";
import { readPackageFrom } from "../../lib/package/read_any.ts";
import { WRITER_ROW_COLUMNS, writersReport } from "../../lib/score/writers_report.ts";
import { EXAMPLE } from "../cli/_run.ts";

Deno.test("writersReport() on the example: certified OPT 1, 3, 3.25 at B = 4, 8, 16; fact_only 1/3 at B = 8", async () => {
  const { pkg } = await readPackageFrom(EXAMPLE);
  const r = await writersReport(pkg, {
    file: "ex.json",
    budgets: [4, 8, 16],
    methods: ["oracle_gvt", "fact_only"],
  });
  assert.equal(r.report.package, "ex.json");
  assert.equal(r.report.k, 1);
  assert.deepEqual(r.report.budgets.map((b) => [b.budget, b.opt.value, b.opt.certified]), [
    [4, 1, true],
    [8, 3, true],
    [16, 3.25, true],
  ]);
  const ratio = (b: number, m: string) =>
    r.report.budgets.find((x) => x.budget === b)!.writers.find((w) => w.method === m)!.ratio;
  assert.equal(ratio(8, "oracle_gvt"), 1);
  assert.equal(ratio(8, "fact_only"), 1 / 3);
  assert.equal(ratio(16, "fact_only"), 1 / 3.25);
  assert.deepEqual(r.claimFailed, []);
  // One row per (budget, writer), with exactly the declared columns.
  assert.equal(r.rows.length, 6);
  for (const row of r.rows) assert.deepEqual(Object.keys(row), [...WRITER_ROW_COLUMNS]);
  await assert.rejects(
    writersReport(pkg, { file: "ex.json", methods: ["nope"] }),
    /Cannot run writer 'nope'/,
  );
});
