import assert from "node:assert/strict";
import { LOCOMO_REPRESENTATIONS, locomoSupportSlice } from "../../lib/natural/locomo.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import type { LocomoSample } from "../../lib/natural/load_locomo.ts";
import { qaItem, smallSample } from "./_sample.ts";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";
import { parseLocomo } from "../../lib/natural/load_locomo.ts";

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

Deno.test("locomoSupportSlice() builds a session slice with source-backed coverage", () => {
  const sample = smallSample([
    qaItem(["D1:1"]),
    qaItem(["D1:2", "D1:3"], { category: 2 }),
    qaItem(["D2:1"]),
    qaItem(["D1:1", "D2:2"]),
  ]);
  const { package: pkg, issues } = locomoSupportSlice(sample, 0);
  assert.deepEqual(issues, []);
  assert.ok(pkg);
  parsePackage(pkg);
  assert.equal(pkg.id, "conv-t_q0");
  assert.equal(pkg.weight_source, "explicit");
  assert.deepEqual(pkg.budgets, [30, 60, 100]);
  assert.deepEqual(pkg.experiences.map((e) => [e.id, e.order, e.timestamp]), [
    ["conv-t_q0::D1", 1, "1:00 pm on 1 May, 2023"],
  ]);
  assert.equal(pkg.experiences[0].text!.split("\n")[0], "Ann: I adopted a cat named Tom.");
  assert.deepEqual(pkg.candidates.map((c) => [c.id, c.kind, c.representation, c.cost]), [
    ["conv-t_q0::D1::raw", "raw", "raw_span", 19],
    ["conv-t_q0::D1::obs_0", "fact", "atomic_fact", 6],
    ["conv-t_q0::D1::obs_1", "fact", "atomic_fact", 4],
  ]);
  assert.deepEqual(pkg.units.map((u) => [u.id, u.family, u.weight]), [
    ["conv-t_q0::D1_1", "fact", 1],
    ["conv-t_q0::D1_2", "temporal", 0],
    ["conv-t_q0::D1_3", "temporal", 0],
  ]);
  // Own query first, then the other item lying wholly in session 1.
  assert.deepEqual(pkg.queries.map((q) => [q.id, q.required_units]), [
    ["conv-t_q0", ["conv-t_q0::D1_1"]],
    ["conv-t_q1", ["conv-t_q0::D1_2", "conv-t_q0::D1_3"]],
  ]);
  // The observation citing a list of turns covers both.
  assert.deepEqual(pkg.coverage.map((c) => [c.candidate.slice(15), c.unit.slice(11)]), [
    ["raw", "D1_1"],
    ["raw", "D1_2"],
    ["raw", "D1_3"],
    ["obs_0", "D1_1"],
    ["obs_1", "D1_2"],
    ["obs_1", "D1_3"],
  ]);
  assert.ok(pkg.coverage.every((c) => c.value === 1 && c.provenance === "source"));
});

Deno.test("locomoSupportSlice() spans several sessions and keeps its own units first", () => {
  const sample = smallSample([
    qaItem(["D1:1"]),
    qaItem(["D1:2", "D1:3"]),
    qaItem(["D2:1"]),
    qaItem(["D1:1", "D2:2"]),
  ]);
  const { package: pkg, issues } = locomoSupportSlice(sample, 3);
  assert.ok(pkg);
  parsePackage(pkg);
  assert.deepEqual(pkg.experiences.map((e) => e.id), ["conv-t_q3::D1", "conv-t_q3::D2"]);
  assert.deepEqual(pkg.units.map((u) => [u.id.slice(11), u.weight]), [
    ["D1_1", 1],
    ["D2_2", 1],
    ["D1_2", 0],
    ["D1_3", 0],
    ["D2_1", 0],
  ]);
  assert.deepEqual(pkg.queries.map((q) => q.id), [
    "conv-t_q3",
    "conv-t_q0",
    "conv-t_q1",
    "conv-t_q2",
  ]);
  // Observation "D2:2, D1:1" of session 2: split, recorded, and covers both units.
  assert.deepEqual(codes(issues), ["observation_id_split"]);
  assert.equal(issues[0].severity, "correction");
  assert.equal(issues[0].ref, "D2:2, D1:1");
  assert.deepEqual(
    pkg.coverage.filter((c) => c.candidate === "conv-t_q3::D2::obs_1").map((c) => c.unit),
    ["conv-t_q3::D1_1", "conv-t_q3::D2_2"],
  );
});

Deno.test("locomoSupportSlice() reports a QA item with no evidence and returns no package", () => {
  const r = locomoSupportSlice(smallSample([qaItem([])]), 0);
  assert.equal(r.package, null);
  assert.deepEqual(r.issues.map((i) => [i.code, i.severity, i.qa_index]), [[
    "no_evidence",
    "error",
    0,
  ]]);
});

Deno.test("locomoSupportSlice() reports the malformed evidence id 'D'", () => {
  const r = locomoSupportSlice(smallSample([qaItem(["D1:1", "D", "D1:3"])]), 0);
  assert.equal(r.package, null);
  assert.deepEqual(r.issues.map((i) => [i.code, i.ref]), [["evidence_id_malformed", "D"]]);
});

Deno.test("locomoSupportSlice() reports the malformed evidence id 'D:11:26' without guessing", () => {
  const r = locomoSupportSlice(smallSample([qaItem(["D:1:2"])]), 0);
  assert.equal(r.package, null);
  assert.deepEqual(r.issues.map((i) => [i.code, i.ref]), [["evidence_id_malformed", "D:1:2"]]);
});

Deno.test("locomoSupportSlice() normalises a leading-zero id ('D30:05') only when the turn exists", () => {
  const sample = smallSample([qaItem(["D1:02"]), qaItem(["D1:09"])]);
  const ok = locomoSupportSlice(sample, 0);
  assert.ok(ok.package);
  assert.deepEqual(ok.issues.map((i) => [i.code, i.severity, i.ref]), [
    ["evidence_id_normalised", "correction", "D1:02"],
  ]);
  assert.deepEqual(ok.package.queries[0].required_units, ["conv-t_q0::D1_2"]);
  const bad = locomoSupportSlice(sample, 1);
  assert.equal(bad.package, null);
  assert.deepEqual(bad.issues.map((i) => [i.code, i.ref]), [["evidence_id_dangling", "D1:09"]]);
});

Deno.test("locomoSupportSlice() splits several ids in one string ('D8:6; D9:17') and records it", () => {
  const r = locomoSupportSlice(smallSample([qaItem(["D1:2; D2:1"])]), 0);
  assert.ok(r.package);
  assert.deepEqual(r.issues.map((i) => [i.code, i.severity, i.ref]), [
    ["evidence_id_split", "correction", "D1:2; D2:1"],
    ["observation_id_split", "correction", "D2:2, D1:1"],
  ]);
  assert.deepEqual(r.package.queries[0].required_units, ["conv-t_q0::D1_2", "conv-t_q0::D2_1"]);
  assert.equal(r.package.experiences.length, 2);
});

Deno.test("locomoSupportSlice() reports dangling evidence ids (no such turn) and duplicates", () => {
  const sample = smallSample([
    qaItem(["D1:1", "D1:7"]),
    qaItem(["D3:1"]),
    qaItem(["D1:1", "D1:1"]),
  ]);
  const a = locomoSupportSlice(sample, 0);
  assert.equal(a.package, null);
  assert.deepEqual(a.issues.map((i) => [i.code, i.ref]), [["evidence_id_dangling", "D1:7"]]);
  // Session 3 has a date but no turns: its ids dangle too.
  const b = locomoSupportSlice(sample, 1);
  assert.equal(b.package, null);
  assert.deepEqual(codes(b.issues), ["evidence_id_dangling"]);
  const c = locomoSupportSlice(sample, 2);
  assert.ok(c.package);
  assert.deepEqual(codes(c.issues), ["evidence_id_duplicate"]);
  assert.deepEqual(c.package.queries[0].required_units, ["conv-t_q2::D1_1"]);
});

Deno.test("locomoSupportSlice() converts category 5 items with abstention units, or skips them", () => {
  const sample = smallSample([
    qaItem(["D1:1"], { category: 5, answer: undefined, adversarial_answer: "Bo" }),
    qaItem(["D1:1"]),
  ]);
  const r = locomoSupportSlice(sample, 0);
  assert.ok(r.package);
  assert.deepEqual(codes(r.issues), ["adversarial"]);
  assert.equal(r.package.units[0].family, "abstention");
  assert.equal(r.package.queries[0].answer, undefined);
  assert.equal(r.package.queries[0].category, "adversarial");
  assert.equal(r.package.meta!.adversarial_answer, "Bo");
  const skipped = locomoSupportSlice(sample, 0, { includeAdversarial: false });
  assert.equal(skipped.package, null);
  assert.deepEqual(skipped.issues.map((i) => [i.code, i.severity]), [[
    "adversarial_skipped",
    "skip",
  ]]);
  // Nor is it a reference query of another slice.
  const other = locomoSupportSlice(sample, 1, { includeAdversarial: false });
  assert.deepEqual(other.package!.queries.map((q) => q.id), ["conv-t_q1"]);
  assert.deepEqual(
    locomoSupportSlice(sample, 1).package!.queries.map((q) => q.id),
    ["conv-t_q1", "conv-t_q0"],
  );
});

Deno.test("locomoSupportSlice() stringifies integer answers and records it", () => {
  const r = locomoSupportSlice(smallSample([qaItem(["D1:1"], { answer: 2022, category: 2 })]), 0);
  assert.ok(r.package);
  assert.equal(r.package.queries[0].answer, "2022");
  assert.deepEqual(r.issues.map((i) => [i.code, i.severity, i.ref]), [[
    "integer_answer",
    "correction",
    "2022",
  ]]);
  assert.equal(r.package.units[0].family, "temporal");
});

Deno.test("locomoSupportSlice() does not let a raw span cut at 220 words cover later turns", () => {
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  const sample: LocomoSample = {
    sample_id: "conv-long",
    conversation: {
      speaker_a: "Ann",
      speaker_b: "Bo",
      session_1_date_time: "d1",
      session_1: [
        { speaker: "Ann", dia_id: "D1:1", text: filler(100) },
        { speaker: "Bo", dia_id: "D1:2", text: filler(150) },
      ],
    },
    qa: [qaItem(["D1:1", "D1:2"])],
  };
  const { package: pkg, issues } = locomoSupportSlice(sample, 0);
  assert.ok(pkg);
  const raw = pkg.candidates[0];
  assert.equal(raw.cost, 221);
  assert.ok(raw.text!.endsWith(" ..."));
  assert.equal(raw.text!.split(" ").length, 221);
  assert.deepEqual(pkg.coverage.map((c) => c.unit), ["conv-long_q0::D1_1"]);
  assert.deepEqual(issues.map((i) => [i.code, i.ref]), [["raw_span_truncated", "D1:2"]]);
  // The experience keeps the full session text.
  assert.equal(pkg.experiences[0].text!.split(/\s+/).length, 252);
});

Deno.test("locomoSupportSlice() builds one experience per evidence turn at turn granularity", () => {
  const sample = smallSample([qaItem(["D2:2", "D1:1"]), qaItem(["D1:1"]), qaItem(["D1:2"])]);
  const { package: pkg, issues } = locomoSupportSlice(sample, 0, {
    granularity: "turn",
    budgets: [10],
  });
  assert.ok(pkg);
  parsePackage(pkg);
  assert.equal(pkg.id, "conv-t_q0_turn");
  assert.deepEqual(pkg.budgets, [10]);
  assert.deepEqual(pkg.experiences.map((e) => [e.id, e.order, e.text]), [
    ["conv-t_q0::D1_1", 0, "Ann: I adopted a cat named Tom."],
    ["conv-t_q0::D2_2", 4, "Ann: Tom knocked over my vase."],
  ]);
  // Session 2's observation citing "D2:2, D1:1" goes to the earlier turn D1:1.
  assert.deepEqual(pkg.candidates.map((c) => [c.id, c.cost]), [
    ["conv-t_q0::D1_1::raw", 12],
    ["conv-t_q0::D1_1::obs_D1_0", 6],
    ["conv-t_q0::D1_1::obs_D2_1", 6],
    ["conv-t_q0::D2_2::raw", 12],
  ]);
  assert.deepEqual(pkg.coverage.map((c) => [c.candidate.slice(11), c.unit.slice(11)]), [
    ["D1_1::raw", "D1_1"],
    ["D1_1::obs_D1_0", "D1_1"],
    ["D1_1::obs_D2_1", "D2_2"], // unit order: the own evidence lists D2:2 first
    ["D1_1::obs_D2_1", "D1_1"],
    ["D2_2::raw", "D2_2"],
  ]);
  assert.deepEqual(pkg.queries.map((q) => q.id), ["conv-t_q0", "conv-t_q1"]);
  assert.deepEqual(codes(issues), ["observation_id_split"]);
});

Deno.test("locomoSupportSlice() makes safe readable ids and rejects a bad QA index", () => {
  const sample = { ...smallSample([qaItem(["D1:1"])]), sample_id: ".conv 9/x." };
  const { package: pkg } = locomoSupportSlice(sample, 0);
  assert.equal(pkg!.experiences[0].id, "conv_9_x_q0::D1");
  assert.equal(pkg!.units[0].id, "conv_9_x_q0::D1_1");
  assert.throws(() => locomoSupportSlice(sample, 1), RangeError);
});

// --- Cases from tests/natural/representations_test.ts (representations) ---
/** smallSample with session summaries and event summaries (LoCoMo layout). */
function withSummaries(qa: LocomoSample["qa"]): LocomoSample {
  return {
    ...smallSample(qa),
    session_summary: {
      session_1_summary: "Ann told Bo she adopted a cat named Tom. Bo said he ran a marathon.",
      session_2_summary: "Bo started painting lakes and Ann's cat knocked over a vase.",
      // A summary of the session without turns is ignored.
      session_3_summary: "Nothing was said.",
    },
    event_summary: {
      events_session_1: { Ann: ["Ann adopts a cat named Tom."], Bo: [], date: "1 May, 2023" },
      events_session_2: {
        Ann: [],
        Bo: ["Bo starts painting lakes.", "Bo buys paint."],
        date: "9 May, 2023",
      },
      events_session_3: { Ann: [], Bo: [], date: "20 May, 2023" },
    },
  };
}

Deno.test("locomoSupportSlice() offers summaries and events with lexical coverage and §6.6 costs (representations)", () => {
  const sample = withSummaries([qaItem(["D1:1"]), qaItem(["D2:1"])]);
  const { package: pkg, issues } = locomoSupportSlice(sample, 0, {
    representations: LOCOMO_REPRESENTATIONS,
  });
  assert.deepEqual(issues, []);
  assert.ok(pkg);
  parsePackage(pkg);
  assert.deepEqual(
    pkg.candidates.map((c) => [c.id.slice(11), c.kind, c.representation, c.cost, c.source]),
    [
      ["D1::raw", "raw", "raw_span", 19, "locomo:session_text"],
      ["D1::obs_0", "fact", "atomic_fact", 6, "locomo:observation"],
      ["D1::obs_1", "fact", "atomic_fact", 4, "locomo:observation"],
      // 15 words, clamp(w, 10, 45); an event: 6 words, clamp(w, 6, 45).
      ["D1::summary", "summary", "summary", 15, "locomo:session_summary"],
      ["D1::event_0", "event", "event", 6, "locomo:event_summary"],
    ],
  );
  assert.deepEqual(
    pkg.coverage.map((c) => [c.candidate.slice(11), c.unit.slice(11), c.value, c.provenance]),
    [
      ["D1::raw", "D1_1", 1, "source"],
      ["D1::obs_0", "D1_1", 1, "source"],
      ["D1::summary", "D1_1", 1, "lexical"],
      ["D1::event_0", "D1_1", 1, "lexical"],
    ],
  );
  assert.deepEqual(pkg.meta!.representations, ["raw", "observation", "summary", "event"]);
  assert.match(
    String(pkg.meta!.coverage_rule),
    /lexical otherwise \(full >= 0\.5, partial >= 0\.3/,
  );
});

Deno.test("locomoSupportSlice() keeps event order over speakers and skips empty speaker lists (representations)", () => {
  const sample = withSummaries([qaItem(["D2:1"])]);
  const { package: pkg } = locomoSupportSlice(sample, 0, { representations: ["event"] });
  assert.deepEqual(pkg!.candidates.map((c) => [c.id.slice(11), c.text]), [
    ["D2::event_0", "Bo starts painting lakes."],
    ["D2::event_1", "Bo buys paint."],
  ]);
  // "Bo buys paint." shares "bo" and "paint" with "Bo: I started painting lakes.": partial.
  assert.deepEqual(pkg!.coverage.map((c) => [c.candidate.slice(11), c.value]), [
    ["D2::event_0", 1],
    ["D2::event_1", 0.5],
  ]);
});

Deno.test("locomoSupportSlice() attaches summaries to the first evidence turn at turn granularity (representations)", () => {
  const sample = withSummaries([qaItem(["D1:1", "D1:3"])]);
  const { package: pkg } = locomoSupportSlice(sample, 0, {
    granularity: "turn",
    representations: ["raw", "summary"],
  });
  assert.deepEqual(pkg!.candidates.map((c) => c.id.slice(11)), [
    "D1_1::raw",
    "D1_1::summary",
    "D1_3::raw",
  ]);
});

Deno.test("locomoSupportSlice() takes a given lexical adjudicator, or none (representations)", () => {
  const sample = withSummaries([qaItem(["D1:1"])]);
  const strict = new LexicalAdjudicator({ minMatched: 99 });
  const a = locomoSupportSlice(sample, 0, { representations: ["summary"], lexical: strict });
  assert.deepEqual(a.package!.coverage, []);
  const b = locomoSupportSlice(sample, 0, { representations: ["summary"], lexical: false });
  assert.deepEqual(b.package!.coverage, []);
  assert.match(String(b.package!.meta!.coverage_rule), /unlinked candidates uncovered/);
  assert.throws(
    () => locomoSupportSlice(sample, 0, { representations: ["image" as "raw"] }),
    /unknown representation 'image'/,
  );
});

Deno.test("locomoSupportSlice() adjudicates an observation with no resolvable citation lexically (representations)", () => {
  const sample = smallSample([qaItem(["D1:1"])]);
  sample.observation!.session_1_observation.Ann = [["Ann adopted a cat named Tom.", "D9:99"]];
  const { package: pkg, issues } = locomoSupportSlice(sample, 0);
  assert.deepEqual(issues.map((i) => [i.code, i.ref]), [["observation_id_dangling", "D9:99"]]);
  assert.deepEqual(
    pkg!.coverage.filter((c) => c.candidate.endsWith("obs_0")).map((c) => [c.value, c.provenance]),
    [[1, "lexical"]],
  );
});

Deno.test("parseLocomo() validates session and event summaries (representations)", () => {
  const bad = withSummaries([]) as unknown as { event_summary: Record<string, unknown> };
  bad.event_summary.events_session_1 = { Ann: [3] };
  assert.throws(() => parseLocomo([bad], "x.json"), /event_summary\.events_session_1\.Ann/);
});
