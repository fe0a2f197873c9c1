/** `memaudit scale recall` end to end: its --json shape, exit 2 with one line on bad usage. */
import assert from "node:assert/strict";
import { assertFitsPublished } from "../_published_schema.ts";
import { assertOneLine, jsonOut, memaudit } from "./_run.ts";
import { withTempDir } from "../_tmp.ts";

const inst = (qid: string, filler: number) => {
  const ids = [`answer_${qid}`, ...Array.from({ length: filler }, (_, i) => `f${i}`)];
  return {
    question_id: qid,
    question_type: "single-session-user",
    question: "Which city did I move to?",
    answer: "Oslo",
    question_date: "2023/06/01 (Thu) 10:00",
    haystack_dates: ids.map(() => "2023/05/01 (Mon) 09:00"),
    haystack_session_ids: ids,
    haystack_sessions: ids.map((_, i) =>
      i === 0
        ? [{ role: "user", content: "I moved to a new city, Oslo", has_answer: true }, {
          role: "assistant",
          content: "Nice",
        }, { role: "user", content: "thanks" }]
        : [{ role: "user", content: "which city did I move to? the city I moved to" }]
    ),
    answer_session_ids: [`answer_${qid}`],
  };
};

Deno.test("scale recall --json: scales, questions, transitions, s_star, warnings", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/o.json`, JSON.stringify([inst("q1", 0), inst("q2", 0)]));
    await Deno.writeTextFile(`${dir}/s.json`, JSON.stringify([inst("q1", 3), inst("q2", 0)]));
    const r = await memaudit([
      "scale",
      "recall",
      `o=${dir}/o.json`,
      `s=${dir}/s.json`,
      "--k",
      "1,5",
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const j = jsonOut(r);
    await assertFitsPublished("scale_recall_report", j);
    assert.deepEqual(Object.keys(j), [
      "scales",
      "questions",
      "transitions",
      "s_star",
      "params",
      "warnings",
    ]);
    assert.deepEqual(j.scales.map((s: { label: string; n: number }) => [s.label, s.n]), [["o", 2], [
      "s",
      2,
    ]]);
    assert.equal(j.scales[0].means["recall_any@1"], 1);
    assert.equal(j.scales[1].means["recall_any@1"], 0.5);
    assert.equal(j.questions.length, 4);
    assert.deepEqual(Object.keys(j.questions[0]).slice(0, 3), [
      "question_id",
      "label",
      "recall_any@1",
    ]);
    const t = j.transitions.find((x: { metric: string }) => x.metric === "recall_any@1");
    assert.deepEqual([t.kept, t.lost, t.gained, t.never], [1, 1, 0, 0]);
    assert.equal(j.s_star.by_metric["recall_any@1"].s_star, "s");
    assert.deepEqual(j.warnings, []);
  });
});

Deno.test("scale recall: bad usage and bad input exit 2 with one line", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      `${dir}/o.json`,
      JSON.stringify([{ ...inst("q1", 0), haystack_dates: [] }]),
    );
    const cases: [string[], RegExp][] = [
      [["scale", "recall"], /expected at least one LABEL=FILE/],
      [["scale", "recall", `o=${dir}/o.json`, "--level", "doc"], /--level expects turn or session/],
      [["scale", "recall", `o=${dir}/o.json`, "--k", "5,1"], /--k expects distinct ascending/],
      [["scale", "recall", `o=${dir}/o.json`, "--retrieval", `r=${dir}/x.jsonl`], /not both/],
      [["scale", "recall", `o=${dir}/o.json`], /o\.json.*haystack_dates.*q1/],
    ];
    for (const [args, re] of cases) {
      assertOneLine(await memaudit(args), re);
    }
  });
});

Deno.test("scale ladder --n-irr 0,2,all writes rungs that scale recall reads", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(
      `${dir}/s.json`,
      JSON.stringify([inst("q1", 4), inst("q2", 3)].map((x) => ({
        ...x,
        haystack_dates: x.haystack_session_ids.map((_, i) => `2023/05/0${i + 1} (Mon) 09:00`),
      }))),
    );
    const lad = await memaudit([
      "scale",
      "ladder",
      `${dir}/s.json`,
      "--n-irr",
      "0,2,all",
      "--out",
      `${dir}/r`,
      "--json",
    ]);
    const lj = jsonOut(lad);
    await assertFitsPublished("scale_ladder_report", lj);
    assert.deepEqual(lj.scales.map((s: { n_irr: number }) => s.n_irr), [0, 2, 4]);
    assert.equal(lj.scales[2].all, true);
    const r = await memaudit([
      "scale",
      "recall",
      `n0=${dir}/r/instances_s0.json`,
      `n2=${dir}/r/instances_s1.json`,
      `all=${dir}/r/instances_s2.json`,
      `s=${dir}/s.json`,
      "--k",
      "1",
      "--json",
      "--resamples",
      "0",
    ]);
    const j = jsonOut(r);
    assert.deepEqual(j.scales.map((s: { n: number }) => s.n), [2, 2, 2, 2]);
    assert.equal(j.scales[0].means["recall_any@1"], 1);
    // The "all" rung is the S haystack: the same recall as the S file itself.
    assert.deepEqual(j.scales[2].means, j.scales[3].means);
  });
});
