import assert from "node:assert/strict";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";
import { parseLocomo } from "../../lib/natural/load_locomo.ts";
import { LOCOMO_REPRESENTATIONS, locomoSupportSlice } from "../../lib/natural/locomo.ts";
import type { LocomoSample } from "../../lib/natural/load_locomo.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { qaItem, smallSample } from "./_sample.ts";

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

Deno.test("locomoSupportSlice() offers summaries and events with lexical coverage and §6.6 costs", () => {
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

Deno.test("locomoSupportSlice() keeps event order over speakers and skips empty speaker lists", () => {
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

Deno.test("locomoSupportSlice() attaches summaries to the first evidence turn at turn granularity", () => {
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

Deno.test("locomoSupportSlice() takes a given lexical adjudicator, or none", () => {
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

Deno.test("locomoSupportSlice() adjudicates an observation with no resolvable citation lexically", () => {
  const sample = smallSample([qaItem(["D1:1"])]);
  sample.observation!.session_1_observation.Ann = [["Ann adopted a cat named Tom.", "D9:99"]];
  const { package: pkg, issues } = locomoSupportSlice(sample, 0);
  assert.deepEqual(issues.map((i) => [i.code, i.ref]), [["observation_id_dangling", "D9:99"]]);
  assert.deepEqual(
    pkg!.coverage.filter((c) => c.candidate.endsWith("obs_0")).map((c) => [c.value, c.provenance]),
    [[1, "lexical"]],
  );
});

Deno.test("parseLocomo() validates session and event summaries", () => {
  const bad = withSummaries([]) as unknown as { event_summary: Record<string, unknown> };
  bad.event_summary.events_session_1 = { Ann: [3] };
  assert.throws(() => parseLocomo([bad], "x.json"), /event_summary\.events_session_1\.Ann/);
});
