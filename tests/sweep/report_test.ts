/** lib/sweep/report.ts: the `memaudit sweep --json` report, declared once. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runSweep } from "../../lib/sweep/run_sweep.ts";
import { SWEEP_AGGREGATE_COLUMNS, sweepReport } from "../../lib/sweep/report.ts";
import { withTempDir } from "../_tmp.ts";
import { memaudit } from "../cli/_run.ts";

Deno.test("sweepReport(): base x 2 seeds at B = 2, 8 gives the --json of before the move, byte for byte", async () => {
  await withTempDir(async (dir) => {
    const out = join(dir, "run");
    const r = await memaudit([
      "sweep",
      "--seeds",
      "2",
      "--budgets",
      "0.1,2",
      "--out",
      out,
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const before = await Deno.readTextFile(
      new URL("./fixtures/sweep_report_seeds2_b0.1_2.json", import.meta.url),
    );
    assert.equal(r.stdout, before.replaceAll("OUT", out));
    const res = await runSweep({
      distributions: ["base"],
      seeds: [0, 1],
      budgets: ["0.1", "2"],
      methods: ["oracle_gvt"],
      outDir: join(dir, "lib"),
      replace: true,
    });
    const rep = sweepReport(res, "x");
    assert.deepEqual(rep.budgets, [2, 8]);
    assert.deepEqual(rep.aggregates.map((a) => [a.budget, a.method, a.n]), [
      [2, "oracle_gvt", 2],
      [8, "oracle_gvt", 2],
    ]);
    assert.deepEqual(Object.keys(rep.aggregates[0]), [...SWEEP_AGGREGATE_COLUMNS]);
  });
});
