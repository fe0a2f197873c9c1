/** scaleRecall: BM25 rungs of LongMemEval files, retrieval logs, left-out questions, transitions, s*. */
import assert from "node:assert/strict";
import { questionMetrics, rankInstance, scaleRecall } from "../../lib/scale/recall.ts";
import type { LongMemEvalInstance } from "../../lib/longmemeval/read.ts";
import { withTempDir } from "../_tmp.ts";

const turn = (content: string, has_answer?: boolean) =>
  has_answer ? { role: "user" as const, content, has_answer } : { role: "user" as const, content };

/** q1's evidence names "oslo"; at rung "big" three filler sessions say "oslo" more often. */
function instance(qid: string, big: boolean): LongMemEvalInstance {
  const ids = [`answer_${qid}`],
    sessions = [[
      turn("hello there"),
      turn("I moved to Oslo last May", true),
      turn("weather report"),
    ]];
  if (big) {
    for (let j = 0; j < 3; j++) {
      ids.push(`f${j}`);
      sessions.push([turn("Where did I move to? Oslo, Oslo"), turn("weather")]);
    }
  }
  return {
    question_id: qid,
    question_type: "single-session-user",
    question: "Where did I move to?",
    answer: "Oslo",
    question_date: null,
    haystack_dates: ids.map(() => "2023/05/01 (Mon) 09:00"),
    haystack_session_ids: ids,
    haystack_sessions: sessions,
    answer_session_ids: [`answer_${qid}`],
  };
}

Deno.test("rankInstance() ranks turns by BM25, ids <session>_<n>, evidence from has_answer", () => {
  const r = rankInstance(instance("q1", false));
  assert.deepEqual(r.corpusIds, ["answer_q1_1", "answer_q1_2", "answer_q1_3"]);
  assert.deepEqual([...r.rankings], [1, 0, 2]);
  assert.deepEqual([...r.correct], ["answer_q1_2"]);
  const big = rankInstance(instance("q1", true));
  // The filler sessions' first turns (corpus positions 3, 5, 7) hold every query term: they win.
  assert.deepEqual([...big.rankings].slice(0, 4), [3, 5, 7, 1]);
  const m = questionMetrics(big, [1, 3, 4], "turn");
  assert.deepEqual([m["recall_any@1"], m["recall_any@3"], m["recall_any@4"]], [0, 0, 1]);
  assert.equal(m["ndcg_any@4"], 1 / Math.log2(4));
  // Session level: the top turn's session f0 ≠ the evidence session; by k = 4 sessions it is in.
  const s = questionMetrics(big, [1, 4], "session");
  assert.deepEqual([s["recall_any@1"], s["recall_any@4"]], [0, 1]);
  // User turns only: the same corpus here (every turn is a user turn).
  assert.deepEqual(rankInstance(instance("q1", true), ["user"]).corpusIds, big.corpusIds);
  assert.equal(rankInstance(instance("q1", true), ["assistant"]).corpusIds.length, 0);
});

Deno.test("scaleRecall() scores rungs, leaves out abstention and evidence-less questions, pairs transitions", async () => {
  await withTempDir(async (dir) => {
    const abs = { ...instance("q9_abs", false) };
    const none = instance("q8", false);
    none.haystack_sessions = [[turn("hello"), turn("no mark"), turn("x")]];
    await Deno.writeTextFile(
      `${dir}/small.json`,
      JSON.stringify([instance("q1", false), instance("q2", false), abs, none]),
    );
    await Deno.writeTextFile(
      `${dir}/big.json`,
      JSON.stringify([instance("q1", true), instance("q2", false)]),
    );
    const r = await scaleRecall(
      [{ label: "small", path: `${dir}/small.json` }, { label: "big", path: `${dir}/big.json` }],
      { ks: [1, 10], resamples: 200, alpha: 0.7 },
    );
    assert.deepEqual(r.scales.map((s) => [s.label, s.n]), [["small", 2], ["big", 2]]);
    assert.deepEqual(r.scales[0].left_out, { abstention: ["q9_abs"], no_evidence: ["q8"] });
    assert.equal(r.scales[0].means["recall_any@1"], 1);
    assert.equal(r.scales[1].means["recall_any@1"], 0.5);
    assert.equal(r.scales[1].means["recall_any@10"], 1);
    assert.deepEqual(r.scales[1].ci!["recall_any@1"].low <= 0.5, true);
    const t = r.transitions.find((x) => x.metric === "recall_any@1")!;
    assert.deepEqual([t.shared, t.kept, t.lost, t.gained, t.never], [2, 1, 1, 0, 0]);
    assert.equal(r.s_star["recall_any@1"].s_star, "big");
    assert.equal(r.s_star["recall_any@10"].s_star, ">big");
    assert.deepEqual(r.questions.map((q) => `${q.label}/${q.question_id}`), [
      "small/q1",
      "small/q2",
      "big/q1",
      "big/q2",
    ]);
    assert.ok(r.warnings.some((w) => /1 question\(s\) left out \(abstention/.test(w)));
    assert.ok(r.warnings.some((w) => /no evidence turn indexed/.test(w)));
    // The same input gives the same report (seeded bootstrap).
    const again = await scaleRecall(
      [{ label: "small", path: `${dir}/small.json` }, { label: "big", path: `${dir}/big.json` }],
      { ks: [1, 10], resamples: 200, alpha: 0.7 },
    );
    assert.deepEqual(again, r);
  });
});

Deno.test("scaleRecall() reads run_retrieval.py logs: correct ids contain 'answer', turn or session level", async () => {
  await withTempDir(async (dir) => {
    const line = (qid: string, ids: string[], turnLevel: boolean) =>
      JSON.stringify({
        question_id: qid,
        retrieval_results: {
          query: "q",
          ranked_items: ids.map((corpus_id) => ({ corpus_id, text: "", timestamp: "" })),
          metrics: { session: { "recall_any@1": 0 }, turn: turnLevel ? { "recall_any@1": 0 } : {} },
        },
      });
    await Deno.writeTextFile(
      `${dir}/turn.jsonl`,
      [
        line("a", ["s1_1", "noans_x_1", "answer_x_2"], true),
        line("b", ["answer_y_1", "s2_1"], true),
        line("c_abs", ["answer_z_1"], true),
      ].join("\n") + "\n",
    );
    const r = await scaleRecall([{
      label: "mine",
      path: `${dir}/turn.jsonl`,
      kind: "retrieval-log",
    }], {
      ks: [1, 3],
      resamples: 0,
    });
    assert.equal(r.scales[0].n, 2);
    assert.equal(r.scales[0].retriever, "retrieval-log");
    assert.equal(r.scales[0].means["recall_any@1"], 0.5);
    assert.equal(r.scales[0].means["recall_any@3"], 1);
    assert.deepEqual(r.scales[0].left_out.abstention, ["c_abs"]);
    // The log says recall_any@1 = 0 for both; b's ranking puts its evidence first.
    assert.deepEqual(r.warnings.filter((w) => /differ from the log's own metrics/.test(w)), [
      "mine: 1 of 2 values differ from the log's own metrics (e.g. b recall_any@1: log 0, " +
      "recomputed 1); the table shows the values recomputed from the ranking",
    ]);
    await Deno.writeTextFile(`${dir}/session.jsonl`, line("a", ["s1", "answer_x"], false) + "\n");
    await assert.rejects(
      () => scaleRecall([{ label: "m", path: `${dir}/session.jsonl`, kind: "retrieval-log" }], {}),
      /ranking is of sessions; use --level session/,
    );
    const s = await scaleRecall([{
      label: "m",
      path: `${dir}/session.jsonl`,
      kind: "retrieval-log",
    }], {
      level: "session",
      ks: [1, 2],
      resamples: 0,
    });
    assert.deepEqual([s.scales[0].means["recall_any@1"], s.scales[0].means["recall_any@2"]], [
      0,
      1,
    ]);
    await Deno.writeTextFile(`${dir}/bad.jsonl`, '{"question_id": "a"}\n');
    await assert.rejects(
      () => scaleRecall([{ label: "m", path: `${dir}/bad.jsonl`, kind: "retrieval-log" }], {}),
      /bad\.jsonl: line 1: a\.retrieval_results\.ranked_items/,
    );
  });
});
