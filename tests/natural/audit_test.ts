import assert from "node:assert/strict";
import { auditByCategory, auditCounts, auditLocomo } from "../../lib/natural/audit.ts";
import { convertLocomo } from "../../lib/natural/convert.ts";
import { locomoSlices } from "../../lib/natural/locomo_slices.ts";
import { qaItem, smallSample } from "./_sample.ts";
import type { LocomoSample } from "../../lib/natural/load_locomo.ts";

/** One item per audit outcome; session 2's Ann observation removed so D2:2 is uncovered. */
function auditSample(): LocomoSample {
  const q = (
    question: string,
    evidence: string[],
    extra: Partial<LocomoSample["qa"][number]> = {},
  ) => qaItem(evidence, { question, ...extra });
  const s = smallSample([
    q("Cat name?", ["D1:1"]), // 0 accepted
    q("Who ran?", ["D1:02"]), // 1 corrected: id normalised
    q("Which year?", ["D1:2"], { answer: 2023, category: 2 }), // 2 corrected: integer answer
    q("Open?", [], { category: 3 }), // 3 flagged: no evidence
    q("Dangling?", ["D1:9"], { category: 1 }), // 4 flagged: dangling id
    q("Malformed?", ["D"], { category: 1 }), // 5 rejected: malformed id
    q("Adversarial?", ["D1:1"], { category: 5, answer: undefined, adversarial_answer: "no" }), // 6
    q("Where?", ["D2:1"]), // 7 ambiguous (cat 4 vs cat 5 below)
    q("where ", ["D2:1"], { category: 5, answer: undefined, adversarial_answer: "x" }), // 8
    q("Painting?", ["D2:1"]), // 9 accepted
    q("painting?", ["D2:1"]), // 10 duplicate of 9
    q("Vase?", ["D2:2"]), // 11 flagged: uncovered
  ]);
  s.observation!.session_2_observation = { Bo: [["Bo started painting lakes.", "D2:1"]] };
  return s;
}

Deno.test("auditLocomo() ends every QA item accepted, corrected, flagged (reasons) or rejected", () => {
  const sample = auditSample();
  const conv = convertLocomo([sample], { representations: ["observation"] });
  assert.deepEqual(conv.audit.map((r) => [r.qa_index, r.status, r.reasons.join("+")]), [
    [0, "accepted", ""],
    [1, "corrected", ""],
    [2, "corrected", ""],
    [3, "flagged", "no_evidence"],
    [4, "flagged", "dangling_ids"],
    [5, "rejected", "malformed_ids"],
    [6, "flagged", "unanswerable"],
    [7, "flagged", "ambiguous"],
    [8, "flagged", "unanswerable+ambiguous"],
    [9, "accepted", ""],
    [10, "flagged", "duplicate"],
    [11, "flagged", "uncovered"],
  ]);
  assert.equal(conv.audit[10].duplicate_of, 9);
  assert.deepEqual(conv.audit[1].corrections, ["evidence_id_normalised: read 'D1:02' as D1:2"]);
  assert.deepEqual(conv.audit[2].corrections, ["integer_answer: answer 2023 stringified"]);
  assert.equal(conv.audit[5].package_id, null);
  assert.equal(conv.audit[0].category_name, "single_hop");
  // The scoring set is the accepted and corrected items' packages.
  assert.deepEqual(conv.scoring.map((p) => p.id), [
    "conv-t_q0",
    "conv-t_q1",
    "conv-t_q2",
    "conv-t_q9",
  ]);
  assert.equal(conv.packages.length, 9);
});

Deno.test("auditByCategory() counts add up per category: attempted = accepted + corrected + flagged + rejected", () => {
  const conv = convertLocomo([auditSample()], { representations: ["observation"] });
  const rows = auditByCategory(conv.audit);
  assert.deepEqual(
    rows.map((r) => [r.category, r.attempted, r.accepted, r.corrected, r.flagged, r.rejected]),
    [
      ["1", 2, 0, 0, 1, 1],
      ["2", 1, 0, 1, 0, 0],
      ["3", 1, 0, 0, 1, 0],
      ["4", 6, 2, 1, 3, 0],
      ["5", 2, 0, 0, 2, 0],
      ["all", 12, 2, 2, 7, 1],
    ],
  );
  for (const r of rows) {
    assert.equal(r.attempted, r.accepted + r.corrected + r.flagged + r.rejected);
  }
  assert.deepEqual(auditCounts(conv.audit).reasons, {
    no_evidence: 1,
    dangling_ids: 1,
    malformed_ids: 1,
    unanswerable: 2,
    ambiguous: 2,
    duplicate: 1,
    uncovered: 1,
  });
});

Deno.test("auditLocomo() rejects a package that fails the schema (an experience with no candidate)", () => {
  const sample = smallSample([qaItem(["D1:1"])]);
  const slices = locomoSlices([sample], { representations: ["summary"] });
  const [r] = auditLocomo([sample], slices.records);
  assert.deepEqual([r.status, r.reasons], ["rejected", ["schema_invalid", "uncovered"]]);
  const [unchecked] = auditLocomo([sample], slices.records, { validate: false });
  assert.deepEqual([unchecked.status, unchecked.reasons], ["flagged", ["uncovered"]]);
  assert.throws(
    () => auditLocomo([], slices.records),
    /QA item 0 of sample 'conv-t' is not in the samples/,
  );
});

Deno.test("auditLocomo() flags skipped adversarial items as unanswerable, never drops them", () => {
  const sample = smallSample([
    qaItem(["D1:1"], { category: 5, answer: undefined, adversarial_answer: "y" }),
  ]);
  const slices = locomoSlices([sample], { includeAdversarial: false });
  const [r] = auditLocomo([sample], slices.records);
  assert.deepEqual([r.status, r.reasons, r.package_id], ["flagged", ["unanswerable"], null]);
});
