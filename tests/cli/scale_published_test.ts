/**
 * `memaudit scale score` on published formats, from files outside the repository (issue 22
 * item 2): LongMemEval evaluate_qa outputs as LABEL=FILE scales, tau-bench result files.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { assertOneLine, jsonOut, memaudit, ROOT } from "./_run.ts";
import { withTempDir } from "../_tmp.ts";

const FIX = join(ROOT, "tests", "scale", "fixtures");
const LME = join(ROOT, "..", "shared", "data", "longmemeval-runs");
const ORACLE = join(LME, "oracle_con_20251215-1521.jsonl");
const S = join(LME, "s_rag-stella-turn-top50_con_20251212-0340.jsonl");

async function copyQa(dir: string): Promise<{ o: string; s: string }> {
  const o = join(dir, "oracle eval.jsonl"), s = join(dir, "s=eval.jsonl");
  await Deno.copyFile(join(FIX, "qa", "oracle.jsonl"), o);
  await Deno.copyFile(join(FIX, "qa", "s.jsonl"), s);
  return { o, s };
}

Deno.test("scale score oracle=FILE s=FILE --json: scales, transitions, boundary, warnings", async () => {
  await withTempDir(async (dir) => {
    const { o, s } = await copyQa(dir);
    const j = jsonOut(
      await memaudit(["scale", "score", `oracle=${o}`, `s=${s}`, "--json", "--seed", "1"]),
    );
    assert.deepEqual(Object.keys(j), [
      "format",
      "scales",
      "transitions",
      "boundary",
      "bootstrap",
      "warnings",
    ]);
    assert.equal(j.format, "longmemeval-qa");
    assert.deepEqual(
      j.scales.map((x: { label: string; n: number; accuracy: number }) => [
        x.label,
        x.n,
        x.accuracy,
      ]),
      [["oracle", 5, 0.8], ["s", 5, 0.6]],
    );
    assert.deepEqual(Object.keys(j.scales[0].ci), ["low", "high", "half_width"]);
    const t = j.transitions[0];
    assert.deepEqual([t.from, t.to, t.kept, t.lost, t.gained, t.never], [
      "oracle",
      "s",
      1,
      2,
      1,
      0,
    ]);
    assert.deepEqual([t.missing_at_to, t.missing_at_from], [["q5_abs"], ["q6"]]);
    assert.deepEqual([j.boundary.metric, j.boundary.s_star, j.boundary.alpha], [
      "accuracy",
      "s",
      0.7,
    ]);
    assert.equal(j.warnings.length, 2);
    // The same run again: byte-identical.
    const again = await memaudit([
      "scale",
      "score",
      `oracle=${o}`,
      `s=${s}`,
      "--json",
      "--seed",
      "1",
    ]);
    assert.equal(again.stdout, JSON.stringify(j, null, 2) + "\n");
    // Scales in the order given: s first, then oracle (s* is then at oracle).
    const rev = JSON.parse(
      (await memaudit(["scale", "score", `s=${s}`, `oracle=${o}`, "--json", "--resamples", "0"]))
        .stdout,
    );
    assert.deepEqual(rev.scales.map((x: { label: string }) => x.label), ["s", "oracle"]);
    assert.deepEqual([rev.transitions[0].lost, rev.transitions[0].gained], [1, 2]);
    assert.equal(rev.boundary.s_star, "s");
  });
});

Deno.test("scale score on one evaluate_qa file: auto-detected, one scale named by the file; --out", async () => {
  await withTempDir(async (dir) => {
    const { o } = await copyQa(dir);
    const out = join(dir, "out");
    const r = await memaudit(["scale", "score", o, "--out", out]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^LongMemEval evaluate_qa outputs \(longmemeval-qa\), 1 scale/);
    assert.match(r.stdout, /oracle eval\.jsonl +5 +4 +0\.8000/);
    const json = JSON.parse(await Deno.readTextFile(join(out, "score.json")));
    assert.deepEqual([json.scales[0].label, json.transitions], ["oracle eval.jsonl", []]);
    assert.ok(existsSync(join(out, "scales.csv")) && existsSync(join(out, "transitions.csv")));
  });
});

Deno.test("scale score LABEL=FILE: bad usage and bad input are one line, exit 2", async () => {
  await withTempDir(async (dir) => {
    const { o, s } = await copyQa(dir);
    assertOneLine(
      await memaudit(["scale", "score", `oracle=${o}`, `s=${s}`, "--budget", "2"]),
      /--budget does not apply to LongMemEval evaluate_qa outputs/,
    );
    assertOneLine(
      await memaudit(["scale", "score", `oracle=${o}`, s]),
      /expected every scale as LABEL=FILE/,
    );
    assertOneLine(
      await memaudit(["scale", "score", `a=${o}`, `a=${s}`]),
      /the scale label "a" is given twice/,
    );
    const twice = join(dir, "twice.jsonl");
    await Deno.writeTextFile(twice, (await Deno.readTextFile(o)) + (await Deno.readTextFile(o)));
    assertOneLine(
      await memaudit(["scale", "score", `oracle=${twice}`, `s=${s}`]),
      /twice\.jsonl: line 6: question_id: expected one verdict per question: "q1" is also line 1/,
    );
    assertOneLine(
      await memaudit(["scale", "score", `oracle=${join(dir, "nope.jsonl")}`, `s=${s}`]),
      /nope\.jsonl/,
    );
  });
});

Deno.test("scale score reads a tau-bench result file outside the repository", async () => {
  await withTempDir(async (dir) => {
    const f = join(dir, "tool-calling-gpt-4o-0.0_range_0-3_user-gpt-4o-llm_1201.json");
    await Deno.copyFile(join(FIX, "tau_bench_results.json"), f);
    const j = jsonOut(
      await memaudit([
        "scale",
        "score",
        f,
        "--memory-tools",
        "search_memory",
        "--budget",
        "2",
        "--json",
      ]),
    );
    assert.equal(j.params.format, "tau-bench");
    const g = j.groups[0];
    assert.deepEqual(
      [g.n, g.pass_at_b, g.p_exh, g.p_wrong, g.p90r, g.mean_r],
      [6, 0.5, 1 / 6, 1 / 3, 3, 7 / 6],
    );
    assert.equal(j.warnings.length, 1);
  });
});

Deno.test({
  name: "scale score on the two shared LongMemEval runs: 0.606 and 0.528, 207 kept, 96 lost",
  ignore: !existsSync(ORACLE) || !existsSync(S),
  fn: async () => {
    const j = jsonOut(await memaudit(["scale", "score", `oracle=${ORACLE}`, `s=${S}`, "--json"]));
    assert.deepEqual(
      j.scales.map((x: { n: number; accuracy: number }) => [x.n, x.accuracy]),
      [[500, 0.606], [500, 0.528]],
    );
    const t = j.transitions[0];
    assert.deepEqual([t.shared, t.kept, t.lost, t.gained, t.never], [500, 207, 96, 57, 140]);
    assert.equal(j.transitions[0].delta, -0.078);
    assert.deepEqual([j.boundary.s_star, j.warnings], ["oracle", []]);
  },
});
