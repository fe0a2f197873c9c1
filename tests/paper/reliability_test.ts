/** lib/paper/reliability.ts: the paper's natural-package reliability table (paper 000 §5). */
import assert from "node:assert/strict";
import { PAPER_RELIABILITY } from "../../lib/paper/reliability.ts";
import { PAPER_NATURAL87 } from "../../lib/paper/natural87.ts";

Deno.test("PAPER_RELIABILITY: 200/200, 100 -> 87 (13 flagged), 30 -> 29 (1 flagged), 100 (ARTIFACT-SPEC §7.4)", () => {
  assert.deepEqual(PAPER_RELIABILITY.map((r) => [r.package, r.attempted, r.accepted, r.flagged]), [
    ["Natural-200 primary", 200, 200, null],
    ["Adjudicated subset", 100, 87, 13],
    ["Flash-Lite spot-check", 30, 29, 1],
    ["Human-edited seed set", 100, 100, null],
  ]);
  // Every attempt is accepted or flagged.
  for (const r of PAPER_RELIABILITY) {
    assert.equal(r.accepted + (r.flagged ?? 0), r.attempted, r.package);
  }
  assert.ok(Object.isFrozen(PAPER_RELIABILITY));
});

Deno.test("PAPER_RELIABILITY agrees with the reliability rows of the Natural-87 data file", () => {
  assert.deepEqual(
    PAPER_RELIABILITY.map((r) => ({ ...r })),
    PAPER_NATURAL87.reliability.map(({ accepted_corrected, ...r }) => ({
      ...r,
      accepted: accepted_corrected,
    })),
  );
});
