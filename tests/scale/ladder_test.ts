/** Ladder construction: properties (fast-check, seeded), LongMemEval fixture, LoCoMo (when present). */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  buildLadder,
  type Ladder,
  ladderInstances,
  ladderManifest,
  ladderSummary,
  readLadder,
  writeLadder,
} from "../../lib/scale/ladder.ts";
import {
  loadLongMemEval,
  type LongMemEvalInstance,
  longMemEvalLadderSource,
  parseLongMemEval,
} from "../../lib/scale/sources/longmemeval.ts";
import { parseFillerCorpus, withFiller } from "../../lib/scale/sources/filler.ts";
import { locomoLadderSource } from "../../lib/scale/sources/locomo.ts";
import { formatLongMemEvalDate, parseLongMemEvalDate } from "../../lib/scale/sources/dates.ts";
import { loadLocomo } from "../../lib/natural/load_locomo.ts";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { InputError } from "../../lib/base/errors.ts";
import { join } from "node:path";
import { smallLadder } from "../cli/_run.ts";

const FIXTURE = new URL("./fixtures/longmemeval_small.json", import.meta.url).pathname;

/** Random LongMemEval-format instance lists: evidence, own filler, shared filler ids. */
const arbInstances = fc.record({
  n: fc.integer({ min: 1, max: 5 }),
  shared: fc.integer({ min: 0, max: 6 }),
  shape: fc.array(
    fc.record({ ev: fc.integer({ min: 1, max: 3 }), own: fc.integer({ min: 0, max: 6 }) }),
    { minLength: 5, maxLength: 5 },
  ),
  days: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 20, maxLength: 20 }),
}).map(({ n, shared, shape, days }) => {
  const out: LongMemEvalInstance[] = [];
  let d = 0;
  const date = () => formatLongMemEvalDate(27_000_000 + days[d++ % days.length] * 1440 + d);
  for (let i = 0; i < n; i++) {
    const ids: string[] = [];
    const sessions: LongMemEvalInstance["haystack_sessions"] = [];
    const ans: string[] = [];
    for (let e = 0; e < shape[i].ev; e++) {
      ids.push(`answer_q${i}_${e}`);
      ans.push(`answer_q${i}_${e}`);
      sessions.push([{ role: "user", content: `evidence ${i} ${e}`, has_answer: true }]);
    }
    for (let o = 0; o < shape[i].own; o++) {
      ids.push(`own_q${i}_${o}`);
      sessions.push([{ role: "user", content: `own ${i} ${o}` }]);
    }
    for (let s = 0; s < shared; s++) {
      ids.push(`shared_${s}`);
      sessions.push([{ role: "user", content: `shared ${s}` }, {
        role: "assistant",
        content: "ok",
      }]);
    }
    out.push({
      question_id: `q${i}`,
      question_type: i % 2 ? "multi-session" : "single-session-user",
      question: `question ${i}?`,
      answer: `answer ${i}`,
      question_date: formatLongMemEvalDate(27_000_000 + 40 * 1440),
      haystack_session_ids: ids,
      haystack_dates: ids.map(date),
      haystack_sessions: sessions,
      answer_session_ids: ans,
    });
  }
  return out;
});

function ladderOf(insts: LongMemEvalInstance[], seed: number, steps: number[]): Ladder | null {
  const src = longMemEvalLadderSource(insts);
  const probe = buildLadder(src, { seed, nIrr: [0] });
  const reach = probe.reachable.min;
  const nIrr = [...new Set([0, ...steps.map((s) => Math.min(s, reach))])].sort((a, b) => a - b);
  return buildLadder(src, { seed, nIrr });
}

const arbSteps = fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 4 });

Deno.test("buildLadder() keeps E(q) in every scale, identical, and nests the histories", () => {
  fc.assert(
    fc.property(arbInstances, fc.integer(), arbSteps, (insts, seed, steps) => {
      const ladder = ladderOf(insts, seed, steps)!;
      for (const ql of ladder.queries) {
        const ev = ql.query.evidence;
        let prev: Set<string> | null = null;
        for (const r of ql.rungs) {
          const ids = new Set(r.sessions.map((s) => s.id));
          for (const e of ev) {
            const got = r.sessions.find((s) => s.id === e.id);
            assert.ok(got, `evidence ${e.id} missing at ${r.scale.label}`);
            assert.equal(got, e, "evidence session object identical (turns and date)");
          }
          assert.equal(r.sessions.length, ev.length + r.scale.nIrr);
          assert.equal(r.fillerIds.length, r.scale.nIrr);
          if (prev) {
            for (const id of prev) assert.ok(ids.has(id), `${id} dropped at ${r.scale.label}`);
          }
          prev = ids;
        }
        for (let j = 1; j < ql.rungs.length; j++) {
          const a = ql.rungs[j - 1].fillerIds;
          assert.deepEqual(ql.rungs[j].fillerIds.slice(0, a.length), a, "filler draw is a prefix");
        }
      }
    }),
    { numRuns: 150, seed: 20261201 },
  );
});

Deno.test("buildLadder() never uses a session holding anyone's evidence as filler", () => {
  fc.assert(
    fc.property(arbInstances, fc.integer(), arbSteps, (insts, seed, steps) => {
      const ladder = ladderOf(insts, seed, steps)!;
      const evidence = new Set(insts.flatMap((i) => i.answer_session_ids));
      for (const row of ladderManifest(ladder)) {
        for (const f of row.fillerIds) assert.ok(!evidence.has(f), `${f} is evidence`);
        assert.equal(new Set(row.fillerIds).size, row.fillerIds.length, "no repeated filler");
      }
      for (const s of ladder.scales) {
        for (const inst of ladderInstances(ladder, s.label)) {
          const ans = new Set(inst.answer_session_ids);
          inst.haystack_sessions.forEach((turns, k) => {
            if (!ans.has(inst.haystack_session_ids[k])) {
              assert.ok(turns.every((t) => t.has_answer !== true), "filler with has_answer");
            }
          });
        }
      }
    }),
    { numRuns: 150, seed: 7 },
  );
});

Deno.test("buildLadder() dates: sorted, evidence and own sessions keep theirs, none after the question", () => {
  fc.assert(
    fc.property(arbInstances, fc.integer(), arbSteps, (insts, seed, steps) => {
      const ladder = ladderOf(insts, seed, steps)!;
      for (const ql of ladder.queries) {
        // the query's own instance: its sessions keep their dates; every other session is cross filler
        const inst = insts.find((i) => i.question_id === ql.query.queryId)!;
        const orig = new Map(
          inst.haystack_session_ids.map((
            id,
            k,
          ) => [id, parseLongMemEvalDate(inst.haystack_dates[k])!]),
        );
        for (const r of ql.rungs) {
          for (let k = 1; k < r.sessions.length; k++) {
            assert.ok(r.sessions[k - 1].date <= r.sessions[k].date, "sorted by date");
          }
          for (const s of r.sessions) {
            if (orig.has(s.id)) assert.equal(s.date, orig.get(s.id), `${s.id} keeps its date`);
            else {
              assert.ok(s.date < ql.query.questionDate, "cross filler before the question");
              assert.ok(s.date >= ql.query.earliest, "cross filler not before the haystack");
            }
          }
        }
      }
    }),
    { numRuns: 100, seed: 3 },
  );
});

Deno.test("buildLadder() gives identical output for the same seed and another ladder for another seed", () => {
  fc.assert(
    fc.property(arbInstances, fc.integer(), (insts, seed) => {
      const src = longMemEvalLadderSource(insts);
      const top = buildLadder(src, { seed, nIrr: [0] }).reachable.min;
      const nIrr = top > 0 ? [0, top] : [0];
      const text = (s: number) =>
        JSON.stringify(ladderManifest(buildLadder(src, { seed: s, nIrr })));
      assert.equal(text(seed), text(seed));
      // a different seed changes the draw whenever some query has two or more filler candidates
      if (top >= 2) {
        const others = [seed + 1, seed + 2, seed + 3].map(text);
        assert.ok(others.some((t) => t !== text(seed)), "three other seeds gave the same ladder");
      }
    }),
    { numRuns: 100, seed: 42 },
  );
});

Deno.test("writeLadder() output is byte-identical for the same seed and differs for another seed", async () => {
  const insts = await loadLongMemEval(FIXTURE);
  const src = longMemEvalLadderSource(insts, ["longmemeval_small.json"]);
  const read = async (seed: number) => {
    const dir = await Deno.makeTempDir();
    const paths = await writeLadder(buildLadder(src, { seed, nIrr: [0, 2, 4, 6] }), dir);
    const texts = await Promise.all(paths.map((p) => Deno.readTextFile(p)));
    await Deno.remove(dir, { recursive: true });
    return texts.join("\u0000");
  };
  const a = await read(1), b = await read(1), c = await read(2);
  assert.equal(a, b);
  assert.notEqual(a, c);
});

Deno.test("buildLadder() of one query does not change when other queries are added or the order changes", () => {
  fc.assert(
    fc.property(arbInstances, fc.integer(), (insts, seed) => {
      if (insts.length < 2) return;
      const src = longMemEvalLadderSource(insts);
      const nIrr = [0, Math.min(3, buildLadder(src, { seed, nIrr: [0] }).reachable.min)];
      if (nIrr[1] === 0) return;
      const all = buildLadder(src, { seed, nIrr });
      const one = buildLadder(src, { seed, nIrr, queryIds: [insts[1].question_id] });
      const rev = buildLadder(longMemEvalLadderSource([...insts].reverse()), { seed, nIrr });
      const row = (l: Ladder) =>
        JSON.stringify(ladderManifest(l).filter((r) => r.queryId === insts[1].question_id));
      assert.equal(row(one), row(all));
      assert.equal(row(rev), row(all));
    }),
    { numRuns: 100, seed: 5 },
  );
});

Deno.test("buildLadder() on the LongMemEval fixture: own filler first, shared ids once, manifest and token proxy", async () => {
  const src = longMemEvalLadderSource(await loadLongMemEval(FIXTURE));
  assert.equal(src.queries.length, 4);
  assert.deepEqual(src.queries.map((q) => q.need), ["any", "all", "any", "any"]);
  assert.deepEqual(src.queries.map((q) => q.abstention), [false, false, false, true]);
  const strict = longMemEvalLadderSource(await loadLongMemEval(FIXTURE), [], {
    allTypes: ["multi-session", "knowledge-update"],
  });
  assert.deepEqual(strict.queries.map((q) => q.need), ["any", "all", "all", "any"]);
  const ladder = buildLadder(src, { seed: 11, nIrr: [0, 2, 6] });
  const q0 = ladder.queries[0];
  // e47becba has 3 own non-evidence sessions: they come first in the filler order.
  assert.deepEqual(
    new Set(q0.rungs[2].fillerIds.slice(0, 3)),
    new Set(["sharegpt_yXk21", "ultrachat_40771", "5d1c_2"]),
  );
  // 8 distinct filler ids in the file: own 3, plus the 5 whose pool entry belongs to another instance
  assert.equal(q0.reachable, 3 + 5);
  const m = ladderManifest(ladder);
  assert.equal(m.length, 4 * 3);
  assert.deepEqual(m[0].evidenceIds, ["answer_280352e9"]);
  assert.equal(m[0].fillerIds.length, 0);
  assert.equal(m[0].tokenProxy.tokens, Math.round(m[0].tokenProxy.words * 4 / 3));
  assert.match(m[0].tokenProxy.method, /words × 4\/3/);
  assert.equal(m[0].tokenProxy.words, 17 + 13 + 6 + 8); // the evidence session's four turns, counted by hand
  assert.equal(m[0].tokenProxy.tokens, 59); // round(44 × 4 / 3 = 58.67)
  const sum = ladderSummary(ladder);
  assert.deepEqual(sum.map((r) => r.meanSessions), [1.5, 3.5, 7.5]);
  const inst = ladderInstances(ladder, "s0")[1];
  assert.deepEqual(inst.haystack_session_ids, ["answer_afa9873b_1", "answer_afa9873b_2"]);
  assert.equal(inst.question_date, "2023/02/15 (Wed) 23:50");
  assert.deepEqual(parseLongMemEval(ladderInstances(ladder, "s2")).length, 4);
});

Deno.test("buildLadder() refuses a ladder nobody reaches and leaves out queries that cannot reach it", async () => {
  const src = longMemEvalLadderSource(await loadLongMemEval(FIXTURE));
  assert.throws(() => buildLadder(src, { seed: 1, nIrr: [0, 100] }), /largest filler pool holds 8/);
  assert.throws(() => buildLadder(src, { seed: 1, nIrr: [0, 0] }), RangeError);
  // pool cut to its first 4 entries (file order: yXk21, 40771, 5d1c_2, 12093): reaches 4, 6, 5, 5
  const cut = { ...src, pool: src.pool.slice(0, 4) };
  assert.deepEqual(buildLadder(cut, { seed: 1, nIrr: [0] }).queries.map((q) => q.reachable), [
    4,
    6,
    5,
    5,
  ]);
  const l = buildLadder(cut, { seed: 1, nIrr: [0, 6] });
  assert.deepEqual(l.queries.map((q) => q.query.queryId), ["0a995998"]);
  assert.equal(l.issues.filter((i) => i.code === "query_unreachable").length, 3);
  assert.match(l.reachable.note, /3 of 4 queries cannot reach 6/);
});

Deno.test("buildLadder() refuses an unknown query id, a limit below 1 and an empty selection", async () => {
  const src = longMemEvalLadderSource(await loadLongMemEval(FIXTURE));
  const opts = { seed: 1, nIrr: [0, 2] };
  // A typo in --queries used to give an empty ladder and exit 0.
  assert.throws(
    () => buildLadder(src, { ...opts, queryIds: ["0a995998", "nope"] }),
    {
      name: "RangeError",
      message: /expected query ids of the source, got "nope" \(the source has 4 queries\)/,
    },
  );
  assert.throws(
    () => buildLadder(src, { ...opts, limit: 0 }),
    /limit must be an integer >= 1, got 0/,
  );
  assert.throws(() => buildLadder(src, { ...opts, queryIds: [] }), /none is selected/);
  assert.deepEqual(
    buildLadder(src, { ...opts, queryIds: ["0a995998"], limit: 1 }).queries.map((q) =>
      q.query.queryId
    ),
    ["0a995998"],
  );
});

Deno.test("withFiller() reaches the paper's 0-400 ladder from a filler corpus", async () => {
  const lines = Array.from(
    { length: 420 },
    (_, i) =>
      JSON.stringify({
        session_id: `f${i}`,
        turns: [{ role: "user", content: `filler text ${i}` }],
      }),
  ).join("\n");
  const src = withFiller(
    longMemEvalLadderSource(await loadLongMemEval(FIXTURE)),
    parseFillerCorpus(lines, "f.jsonl"),
    "f.jsonl",
  );
  const l = buildLadder(src, { seed: 4 });
  assert.deepEqual(l.scales.map((s) => s.nIrr), [0, 100, 200, 300, 400]);
  assert.equal(l.queries.length, 4);
  assert.equal(l.queries[3].rungs[4].sessions.length, 401);
});

Deno.test("parseFillerCorpus() names the line and field of bad input", () => {
  const bad = (text: string, re: RegExp) =>
    assert.throws(
      () => parseFillerCorpus(text, "f.jsonl"),
      (e) => e instanceof InputError && re.test(e.message),
    );
  bad(
    '{"session_id": "a", "turns": [{"role": "user", "content": "x"}]}\n{oops',
    /f\.jsonl: line 2, column 2: expected valid JSON/,
  );
  bad(
    '{"session_id": "a", "turns": [{"role": "bot", "content": "x"}]}',
    /line 1: turns\[0\]\.role/,
  );
  bad(
    '{"session_id": "a", "turns": [{"role": "user", "content": "x", "has_answer": true}]}',
    /line 1: turns\[0\]\.has_answer/,
  );
  bad(
    '{"session_id": "a", "turns": [{"role": "user", "content": "x"}]}\n{"session_id": "a", "turns": [{"role": "user", "content": "y"}]}',
    /line 2: session_id/,
  );
});

Deno.test("parseLongMemEval() names the JSON path of bad input", () => {
  assert.throws(() => parseLongMemEval([{ question_id: "x" }], "lme.json"), /lme\.json: \[0\]\./);
  const inst = {
    question_id: "x",
    question_type: "t",
    question: "q",
    answer: "a",
    question_date: "2023/01/01 (Sun) 00:00",
    haystack_session_ids: ["a"],
    haystack_dates: [],
    haystack_sessions: [[]],
    answer_session_ids: ["a"],
  };
  assert.throws(
    () => parseLongMemEval([inst], "lme.json"),
    // One check with lib/longmemeval/read.ts (was "expected 1 entries (one per ...), got 0").
    /lme\.json: \[0\]\.haystack_dates: question 'x': expected one date per haystack_session_ids entry: 0 dates, 1 ids$/,
  );
});

const locomoPath = sharedDataPath("locomo/locomo8.json");

Deno.test({
  name:
    "buildLadder() on LoCoMo: default ladder to the largest reachable, filler from other conversations",
  ignore: locomoPath === null,
  fn: async () => {
    const samples = await loadLocomo(locomoPath!);
    const src = locomoLadderSource(samples);
    // malformed / dangling evidence ids are reported and their questions dropped
    assert.ok(src.issues.some((i) => i.code === "evidence_id_malformed"));
    assert.equal(src.issues.filter((i) => i.code === "query_dropped").length, 6);
    assert.equal(src.queries.length, 1580);
    const l = buildLadder(src, { seed: 0, limit: 300 });
    assert.deepEqual(l.scales.map((s) => s.nIrr).slice(0, 4), [0, 50, 100, 150]);
    assert.equal(l.scales[4].nIrr, l.reachable.min);
    assert.match(l.reachable.note, /400 needs a filler corpus/);
    for (const ql of l.queries) {
      const conv = ql.query.group;
      const top = ql.rungs[ql.rungs.length - 1];
      for (const s of top.sessions) {
        const isEvidence = ql.query.evidence.includes(s);
        assert.ok(isEvidence || s.origin !== conv, `${s.id} from the query's own conversation`);
        assert.ok(s.date <= ql.query.questionDate);
      }
    }
  },
});

// --- Cases from tests/scale/ladder_read_hostile_test.ts (edited ladder) ---
/**
 * readLadder() on a ladder folder that was edited: every problem is one
 * InputError naming the file and place (a null ladder.json or manifest row
 * was an internal error; an empty scales list simulated nothing, exit 0).
 */
Deno.test("readLadder() refuses an edited ladder.json or manifest.jsonl at its place, and skips a byte-order mark (edited ladder)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-ladder-read-" });
  try {
    const l = await smallLadder(dir);
    const meta = await Deno.readTextFile(join(l, "ladder.json"));
    const manifest = await Deno.readTextFile(join(l, "manifest.jsonl"));
    const whole = await readLadder(l);
    const refused = async (file: string, text: string, re: RegExp) => {
      await Deno.writeTextFile(join(l, file), text);
      await assert.rejects(
        readLadder(l),
        (e) => e instanceof InputError && re.test(e.message),
        re.source,
      );
      await Deno.writeTextFile(join(l, "ladder.json"), meta);
      await Deno.writeTextFile(join(l, "manifest.jsonl"), manifest);
    };
    const withScales = (scales: unknown) => JSON.stringify({ ...JSON.parse(meta), scales });
    await refused(
      "ladder.json",
      "null",
      /ladder\.json: schema: expected "memaudit\.ladder\/1" with a scales list$/,
    );
    await refused("ladder.json", "", /ladder\.json: line 1, column 1: expected valid JSON/);
    await refused(
      "ladder.json",
      meta.replace("{", '{"seed": 1,'),
      /ladder\.json: seed: expected each key once/,
    );
    await refused(
      "ladder.json",
      withScales([]),
      /ladder\.json: scales: expected at least one scale$/,
    );
    await refused(
      "ladder.json",
      withScales([1]),
      /ladder\.json: scales\[0\]: expected a scale \{"label": "s0", "nIrr": 0\}$/,
    );
    await refused(
      "manifest.jsonl",
      manifest + "null\n",
      /manifest\.jsonl: line \d+: expected a manifest row with a queryId and a scale$/,
    );
    await refused(
      "manifest.jsonl",
      manifest + "{oops\n",
      /manifest\.jsonl: line \d+, column \d+: expected valid JSON/,
    );
    // The instance reader keeps a null question_date (one check with lib/longmemeval/read.ts);
    // a rung file of memaudit's own never has one, so reading a ladder back refuses it.
    const s0 = await Deno.readTextFile(join(l, "instances_s0.json"));
    const edited = JSON.parse(s0);
    edited[0].question_date = null;
    await Deno.writeTextFile(join(l, "instances_s0.json"), JSON.stringify(edited));
    await assert.rejects(readLadder(l), (e) =>
      e instanceof InputError &&
      e.message ===
        `Cannot read ${l}/instances_s0.json: [0].question_date: expected a date like 2023/05/20 (Sat) 02:21, got null`);
    await Deno.writeTextFile(join(l, "instances_s0.json"), s0);
    // A byte-order mark (an editor's) is skipped, as the package readers do.
    await Deno.writeTextFile(join(l, "ladder.json"), "\ufeff" + meta);
    assert.deepEqual(await readLadder(l), whole);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// --- Cases from tests/scale/ladder_all_test.ts (all) ---
/** buildLadder with a last N_irr "all": every own non-evidence session, own sessions only, nested. */
function inst(qid: string, own: number): LongMemEvalInstance {
  const ids = [`answer_${qid}`, ...Array.from({ length: own }, (_, i) => `${qid}_own${i}`)];
  return {
    question_id: qid,
    question_type: "single-session-user",
    question: "Where?",
    answer: "Oslo",
    question_date: formatLongMemEvalDate(27_000_000 + 100_000),
    haystack_session_ids: ids,
    haystack_dates: ids.map((_, i) => formatLongMemEvalDate(27_000_000 + i * 60)),
    haystack_sessions: ids.map((id, i) =>
      i === 0
        ? [{ role: "user" as const, content: "I moved to Oslo", has_answer: true }]
        : [{ role: "user" as const, content: `chat ${id}` }]
    ),
    answer_session_ids: [`answer_${qid}`],
  };
}

Deno.test('buildLadder() "all": each query\'s whole own haystack, own sessions only, nested (all)', () => {
  const src = longMemEvalLadderSource([inst("a", 5), inst("b", 7), inst("c", 2)]);
  const ladder = buildLadder(src, { seed: 3, nIrr: [0, 2, 4, "all"] });
  assert.deepEqual(ladder.scales, [
    { label: "s0", nIrr: 0 },
    { label: "s1", nIrr: 2 },
    { label: "s2", nIrr: 4 },
    { label: "s3", nIrr: 7, all: true },
  ]);
  // c has 2 own sessions, fewer than 4: left out (the cross pool would break "own only").
  assert.deepEqual(ladder.queries.map((q) => q.query.queryId), ["a", "b"]);
  assert.ok(ladder.issues.some((i) => i.code === "query_unreachable" && i.ref === "c"));
  for (const q of ladder.queries) {
    const own = q.query.own.length;
    const sizes = q.rungs.map((r) => r.fillerIds.length);
    assert.deepEqual(sizes, [0, 2, 4, own]);
    for (let j = 1; j < q.rungs.length; j++) {
      assert.deepEqual(q.rungs[j].fillerIds.slice(0, sizes[j - 1]), q.rungs[j - 1].fillerIds);
    }
    for (const id of q.rungs[3].fillerIds) assert.ok(id.startsWith(`${q.query.queryId}_own`));
  }
  // The "all" rung holds the query's own haystack (same set of sessions, in date order).
  const all = ladderInstances(ladder, "s3");
  assert.deepEqual(all[1].haystack_session_ids, inst("b", 7).haystack_session_ids);
  assert.deepEqual(
    ladderManifest(ladder).filter((r) => r.scale === "s3").map((r) => r.nIrr),
    [5, 7],
  );
  assert.throws(
    () => buildLadder(src, { seed: 3, nIrr: [0, "all", 4] }),
    /"all" can only be the last/,
  );
});
