/** lib/scale/ladder_report.ts: `memaudit scale ladder --json`, declared once. */
import assert from "node:assert/strict";
import { buildLadder } from "../../lib/scale/ladder.ts";
import { LADDER_COLUMNS, LADDER_REPORT, ladderReport } from "../../lib/scale/ladder_report.ts";
import { loadLongMemEval, longMemEvalLadderSource } from "../../lib/scale/sources/longmemeval.ts";
import { assertFitsPublished } from "../_published_schema.ts";

const FIXTURE = new URL("./fixtures/longmemeval_small.json", import.meta.url).pathname;

Deno.test("ladderReport(): rungs with their means, `all` on the all rung only, in the published schema", async () => {
  const src = longMemEvalLadderSource(await loadLongMemEval(FIXTURE));
  const ladder = buildLadder(src, { seed: 3, nIrr: [0, 2, "all"] });
  const r = ladderReport(ladder, ["l/ladder.json"]);
  assert.deepEqual(r.scales.map((s) => [s.scale, s.n_irr, "all" in s, s.n, s.mean_sessions]), [
    ["s0", 0, false, 4, 1.5],
    ["s1", 2, false, 4, 3.5],
    ["s2", 3, true, 4, 4],
  ]);
  assert.deepEqual(Object.keys(r.scales[2]), ["scale", "n_irr", "all", ...LADDER_COLUMNS.slice(2)]);
  assert.deepEqual(r.source, { kind: "longmemeval", files: [] });
  assert.deepEqual([r.reachable.min, r.reachable.max, r.issues], [8, 8, {}]);
  await assertFitsPublished("scale_ladder_report", r);
});

Deno.test("LADDER_REPORT.json() refuses a rung with a key it does not declare, naming the path", async () => {
  const src = longMemEvalLadderSource(await loadLongMemEval(FIXTURE));
  const r = ladderReport(buildLadder(src, { seed: 0, nIrr: [0] }), []);
  assert.throws(
    () => LADDER_REPORT.json({ ...r, scales: [{ ...r.scales[0], nIrr: 0 } as never] }),
    /^TypeError: scale_ladder_report: scales\.0: .*nIrr/,
  );
  assert.deepEqual(LADDER_COLUMNS, [
    "scale",
    "n_irr",
    "n",
    "mean_sessions",
    "mean_token_proxy",
    "max_token_proxy",
  ]);
});
