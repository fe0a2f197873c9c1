import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { compilePackage } from "../../lib/package/compile.ts";
import { solveBnb } from "../../lib/solve/bnb.ts";
import { isCertified } from "../../lib/certificate/result.ts";
import { auditByCategory } from "../../lib/natural/audit.ts";
import { convertLocomo } from "../../lib/natural/convert.ts";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";

const SHARED = "../shared/data/locomo/locomo8.json";

Deno.test({
  name:
    "convertLocomo() converts and audits all of locomo8.json; every package certified at B = 30, 60, 100",
  ignore: !existsSync(SHARED),
  fn: async () => {
    const samples = await loadLocomo(SHARED);
    const t0 = performance.now();
    const conv = convertLocomo(samples);
    const degenerate = [0, 0, 0];
    let certified = 0;
    for (const p of conv.packages) {
      const cp = compilePackage(p);
      [30, 60, 100].forEach((B, i) => {
        const c = solveBnb(cp, B);
        if (isCertified(c)) certified++;
        if (c.objective === 0) degenerate[i]++;
      });
    }
    const ms = performance.now() - t0;
    console.log(`convert + audit + certify ${conv.packages.length} x 3: ${ms.toFixed(0)} ms`);
    assert.equal(conv.audit.length, 1586);
    assert.equal(conv.packages.length, 1580);
    assert.equal(certified, 1580 * 3);
    assert.deepEqual(degenerate, [213, 138, 138]);
    // Candidates by representation and cells by provenance: every cell has one.
    const reps: Record<string, number> = {}, prov: Record<string, number> = {};
    for (const p of conv.packages) {
      for (const c of p.candidates) reps[c.representation!] = (reps[c.representation!] ?? 0) + 1;
      for (const c of p.coverage) prov[c.provenance!] = (prov[c.provenance!] ?? 0) + 1;
    }
    assert.deepEqual(reps, { raw_span: 1990, atomic_fact: 18616, summary: 1990, event: 5155 });
    assert.deepEqual(prov, { source: 11969, lexical: 6656 });
    // attempted = accepted + corrected + flagged + rejected, per category.
    const rows = auditByCategory(conv.audit);
    assert.deepEqual(
      rows.map((r) => [r.category, r.attempted, r.accepted, r.corrected, r.flagged, r.rejected]),
      [
        ["1", 213, 207, 3, 2, 1],
        ["2", 256, 248, 4, 4, 0],
        ["3", 76, 69, 0, 7, 0],
        ["4", 681, 611, 0, 69, 1],
        ["5", 360, 0, 0, 360, 0],
        ["all", 1586, 1135, 7, 442, 2],
      ],
    );
    for (const r of rows) {
      assert.equal(r.attempted, r.accepted + r.corrected + r.flagged + r.rejected);
    }
    assert.deepEqual(rows.at(-1)!.reasons, {
      no_evidence: 2,
      uncovered: 97,
      unanswerable: 360,
      ambiguous: 2,
      dangling_ids: 2,
      malformed_ids: 2,
      duplicate: 11,
    });
    assert.equal(conv.scoring.length, 1135 + 7);
  },
});

Deno.test({
  name:
    "locomo8.json quirks beyond the README: repeated items, a question both answerable and adversarial",
  ignore: !existsSync(SHARED),
  fn: async () => {
    const samples = await loadLocomo(SHARED);
    const conv = convertLocomo(samples, { representations: ["observation"], validate: false });
    const pick = (reason: string) =>
      conv.audit.filter((r) => r.reasons.includes(reason as never)).map((
        r,
      ) => [r.sample_id, r.qa_index]);
    // conv-48 repeats eleven items verbatim (q89-q99 repeat q16, q25, ...): flagged duplicate.
    assert.deepEqual(
      conv.audit.filter((r) => r.duplicate_of !== undefined).map((
        r,
      ) => [r.qa_index, r.duplicate_of]),
      [[89, 16], [90, 25], [91, 42], [92, 58], [93, 61], [94, 62], [95, 63], [96, 67], [97, 69], [
        98,
        72,
      ], [
        99,
        74,
      ]],
    );
    // conv-30 asks "What did Gina receive from a dance contest?" as category 4 and as category 5.
    assert.deepEqual(pick("ambiguous"), [["conv-30", 61], ["conv-30", 95]]);
    // Two category 5 items carry both an answer and an adversarial_answer: still unanswerable.
    const both = samples.flatMap((s) =>
      s.qa.flatMap((q, j) => (q.category === 5 && q.answer !== undefined ? [[s.sample_id, j]] : []))
    );
    assert.deepEqual(both, [["conv-26", 167], ["conv-26", 178]]);
    for (const [sid, j] of both) {
      const r = conv.audit.find((a) => a.sample_id === sid && a.qa_index === j)!;
      assert.deepEqual([r.status, r.reasons[0]], ["flagged", "unanswerable"]);
    }
    // README quirks, as audited: no evidence, dangling and malformed ids, split id, integer answers.
    assert.deepEqual(pick("no_evidence"), [["conv-26", 30], ["conv-26", 46]]);
    assert.deepEqual(pick("dangling_ids"), [["conv-42", 58], ["conv-47", 38]]);
    assert.deepEqual(pick("malformed_ids"), [["conv-42", 88], ["conv-43", 18]]);
    const corrected = conv.audit.filter((r) => r.corrections.length > 0);
    assert.deepEqual(corrected.map((r) => r.corrections[0].split(":")[0]), [
      "integer_answer",
      "integer_answer",
      "evidence_id_split",
      "integer_answer",
      "integer_answer",
      "integer_answer",
      "integer_answer",
    ]);
  },
});
