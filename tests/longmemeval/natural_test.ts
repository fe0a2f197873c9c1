import assert from "node:assert/strict";
import { assertFitsPublished } from "../_published_schema.ts";
import { join } from "node:path";
import {
  carriesAnswer,
  longMemEvalSupportSlice,
  reliabilityCounts,
  turnSentences,
} from "../../lib/longmemeval/natural.ts";
import { osloQuestion as lmeInstance } from "./_instance.ts";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { withTempDir } from "../_tmp.ts";
import { memaudit } from "../cli/_run.ts";
import { coverageCellKey } from "../../lib/adjudicate/content_key.ts";

Deno.test("turnSentences and carriesAnswer: sentence split, whole-word answer match", () => {
  assert.deepEqual(turnSentences("Hi. I moved to Oslo!\nNew line? ok"), [
    "Hi.",
    "I moved to Oslo!",
    "New line?",
    "ok",
  ]);
  const lex = new LexicalAdjudicator();
  assert.equal(carriesAnswer("I moved to Oslo!", "oslo", lex), true);
  assert.equal(carriesAnswer("I own 12 cats", "2", lex), false);
  assert.equal(carriesAnswer("I own 2 cats", "2", lex), true);
});

Deno.test("longMemEvalSupportSlice: turn experiences, raw/sentence/window candidates, answer-bearing units", () => {
  const s = longMemEvalSupportSlice(lmeInstance("q1", "Oslo"));
  assert.equal(s.status, "accepted");
  const p = s.package!;
  // Only the evidence session's two turns are experiences.
  assert.deepEqual(p.experiences.map((e) => e.id), ["q1::answer_1_1", "q1::answer_1_2"]);
  assert.deepEqual(p.candidates.map((c) => `${c.id.split("::")[2]}:${c.cost}`), [
    "raw:12",
    "s0:4",
    "s1:6",
    "s2:4",
    "win:18",
    "raw:12",
    "s0:4",
    "s1:4",
    "win:18",
  ]);
  assert.deepEqual(p.units.map((u) => [u.id, u.text]), [[
    "q1::answer_1_1::a1",
    "I moved to Oslo last spring!",
  ]]);
  assert.equal(p.queries[0].answer, "Oslo");
  // The sentence itself, the raw turn and both windows cover it fully.
  const full = p.coverage.filter((c) => c.value === 1).map((c) =>
    c.candidate.split("::").slice(1).join("::")
  );
  assert.deepEqual(full, [
    "answer_1_1::raw",
    "answer_1_1::s1",
    "answer_1_1::win",
    "answer_1_2::win",
  ]);
  assert.deepEqual(parsePackage(JSON.parse(JSON.stringify(p))).id, "q1");
});

Deno.test("longMemEvalSupportSlice flags an unlocated answer (whole-turn unit) and a question without evidence", () => {
  const a = longMemEvalSupportSlice(lmeInstance("q2", "three"));
  assert.equal(a.status, "flagged");
  assert.deepEqual(a.reasons, ["answer_not_located"]);
  assert.deepEqual(a.not_located, ["answer_1_1"]);
  assert.deepEqual(a.package!.units.map((u) => u.id), ["q2::answer_1_1::turn"]);
  const b = longMemEvalSupportSlice(lmeInstance("q3_abs", "Oslo", false));
  assert.equal(b.status, "flagged");
  assert.deepEqual(b.reasons, ["no_evidence_turn"]);
  assert.equal(b.package, null);
  assert.deepEqual(
    reliabilityCounts([
      { question_type: "x", status: "accepted" },
      { question_type: "y", status: "flagged" },
      { question_type: "x", status: "flagged" },
    ]),
    {
      all: { attempted: 3, accepted: 1, flagged: 2 },
      by_type: {
        x: { attempted: 2, accepted: 1, flagged: 1 },
        y: { attempted: 1, accepted: 0, flagged: 1 },
      },
    },
  );
});

Deno.test("memaudit natural --longmemeval: --json summary, DIR/packages readable by validate, bad file exit 2", async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, "lme.json");
    await Deno.writeTextFile(
      file,
      JSON.stringify([
        lmeInstance("q1", "Oslo"),
        lmeInstance("q2", "three"),
        lmeInstance("q3_abs", "x", false),
      ]),
    );
    const out = join(dir, "out");
    const r = await memaudit([
      "natural",
      "--longmemeval",
      file,
      "--budgets",
      "12,30",
      "--out",
      out,
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.equal(j.source, "longmemeval");
    await assertFitsPublished("longmemeval_natural_report", j);
    assert.deepEqual([j.attempted, j.accepted], [3, 1]);
    assert.deepEqual(j.flagged.map((f: { question_id: string }) => f.question_id), [
      "q2",
      "q3_abs",
    ]);
    assert.deepEqual(j.reliability.by_type["single-session-user"], {
      attempted: 3,
      accepted: 1,
      flagged: 2,
    });
    const opt = j.summary.find((s: { method: string; budget: number }) =>
      s.method === "opt" && s.budget === 12
    );
    assert.equal(opt.mean, 1);
    assert.match(r.stderr, /warning: .*q3_abs.*no evidence turn/);
    const v = await memaudit(["validate", join(out, "packages", "q1.json")]);
    assert.equal(v.code, 0, v.stderr);
    assert.ok((await Deno.stat(join(out, "packages", "q2.json"))).isFile);
    await Deno.writeTextFile(
      file,
      JSON.stringify([lmeInstance("q1", "Oslo"), lmeInstance("q1", "Oslo")]),
    );
    const bad = await memaudit(["natural", "--longmemeval", file, "--out", out]);
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr.trim().split("\n").length, 1);
    assert.match(bad.stderr, /\[1\]\.question_id: question 'q1': expected each question once/);
  });
});

Deno.test("memaudit natural --longmemeval --adjudicator imported:FILE: the imported cells replace the lexical ones", async () => {
  await withTempDir(async (dir) => {
    const q = lmeInstance("q1", "Oslo");
    const file = join(dir, "lme.json");
    await Deno.writeTextFile(file, JSON.stringify([q]));
    const pkg = longMemEvalSupportSlice(q).package!;
    // One label: the sentence candidate covers the unit; every other cell is absent (0).
    const sentence = pkg.candidates.find((c) => c.id.endsWith("answer_1_1::s1"))!;
    const labels = join(dir, "labels.jsonl");
    await Deno.writeTextFile(
      labels,
      JSON.stringify({ key: await coverageCellKey(sentence.text!, pkg.units[0].text!), value: 1 }) +
        "\n",
    );
    const out = join(dir, "out");
    const r = await memaudit([
      "natural",
      "--longmemeval",
      file,
      "--adjudicator",
      `imported:${labels}`,
      "--budgets",
      "12",
      "--methods",
      "oracle_gvt",
      "--out",
      out,
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.equal(j.adjudicator, "imported:labels");
    const written = JSON.parse(await Deno.readTextFile(join(out, "packages", "q1.json")));
    assert.deepEqual(
      written.coverage.map((c: { candidate: string; value: number }) => [c.candidate, c.value]),
      [[sentence.id, 1]],
    );
    assert.equal(j.summary.find((s: { method: string }) => s.method === "opt").mean, 1);
  });
});

Deno.test("memaudit natural --longmemeval: question ids 'a b' and 'a_b' (one package id) are refused, nothing written", async () => {
  await withTempDir(async (dir) => {
    const file = join(dir, "lme.json");
    await Deno.writeTextFile(
      file,
      JSON.stringify([lmeInstance("a b", "Oslo"), lmeInstance("a_b", "Oslo")]),
    );
    const out = join(dir, "out");
    const r = await memaudit(["natural", "--longmemeval", file, "--out", out]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /lme\.json: a_b: expected question ids that stay distinct as package ids: 'a b' and 'a_b' both become 'a_b'/,
    );
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.equal(await Deno.stat(join(out, "packages")).then(() => true, () => false), false);
  });
});
