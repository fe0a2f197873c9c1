/** `memaudit scale ladder` and `memaudit scale simulate`, through a subprocess. */
import assert from "node:assert/strict";
import { memaudit as run } from "./_run.ts";
import { withTempDir as withDir } from "../_tmp.ts";
import { assertFitsPublished } from "../_published_schema.ts";

const FIXTURE = "tests/scale/fixtures/longmemeval_small.json";

const memaudit = (...args: string[]) => run(args);

Deno.test("memaudit scale ladder writes instances per scale, a manifest and a summary table", async () => {
  await withDir(async (dir) => {
    const r = await memaudit(
      "scale",
      "ladder",
      FIXTURE,
      "--out",
      `${dir}/l`,
      "--n-irr",
      "0,2,4",
      "--seed",
      "3",
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    assert.match(
      r.stdout,
      /^scale\s+n_irr\s+n\s+mean_sessions\s+mean_token_proxy\s+max_token_proxy/,
    );
    assert.match(r.stdout, /s2\s+4\s+4\s+5\.5000/);
    assert.match(r.stdout, /words × 4\/3/);
    const files = [...Deno.readDirSync(`${dir}/l`)].map((e) => e.name).sort();
    assert.deepEqual(files, [
      "instances_s0.json",
      "instances_s1.json",
      "instances_s2.json",
      "ladder.json",
      "manifest.jsonl",
    ]);
    const s2 = JSON.parse(await Deno.readTextFile(`${dir}/l/instances_s2.json`));
    assert.equal(s2.length, 4);
    assert.equal(s2[1].haystack_session_ids.length, 2 + 4);
    const manifest = (await Deno.readTextFile(`${dir}/l/manifest.jsonl`)).trim().split("\n").map((
      l,
    ) => JSON.parse(l));
    assert.equal(manifest.length, 12);
    assert.deepEqual(Object.keys(manifest[0]), [
      "queryId",
      "scale",
      "nIrr",
      "evidenceIds",
      "fillerIds",
      "seed",
      "stream",
      "tokenProxy",
      "need",
      "abstention",
    ]);
    // same seed, same bytes
    const again = await memaudit(
      "scale",
      "ladder",
      FIXTURE,
      "--out",
      `${dir}/m`,
      "--n-irr",
      "0,2,4",
      "--seed",
      "3",
      "--json",
    );
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(Object.keys(JSON.parse(again.stdout)), [
      "source",
      "seed",
      "scales",
      "reachable",
      "token_proxy",
      "issues",
      "files",
      "warnings",
    ]);
    await assertFitsPublished("scale_ladder_report", JSON.parse(again.stdout));
    for (const f of files) {
      if (f === "ladder.json") continue;
      assert.equal(
        await Deno.readTextFile(`${dir}/m/${f}`),
        await Deno.readTextFile(`${dir}/l/${f}`),
        f,
      );
    }
  });
});

Deno.test("memaudit scale simulate writes labelled trajectories that memaudit scale score reads", async () => {
  await withDir(async (dir) => {
    assert.equal(
      (await memaudit("scale", "ladder", FIXTURE, "--out", `${dir}/l`, "--n-irr", "0,4,8")).code,
      0,
    );
    const r = await memaudit(
      "scale",
      "simulate",
      `${dir}/l`,
      "--out",
      `${dir}/t.jsonl`,
      "--seed",
      "1",
      "--json",
    );
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.equal(j.simulated, true);
    assert.equal(j.trajectories, 4 * 4 * 3);
    await assertFitsPublished("scale_simulate_report", j);
    const lines = (await Deno.readTextFile(`${dir}/t.jsonl`)).trim().split("\n").map((l) =>
      JSON.parse(l)
    );
    assert.ok(lines.every((t) => t.agent.startsWith("sim-") && t.params.simulated === true));
    const s = await memaudit("scale", "score", `${dir}/t.jsonl`, "--json", "--resamples", "0");
    assert.equal(s.code, 0, s.stderr);
    const score = JSON.parse(s.stdout);
    const g = score.groups.find((x: { agent: string; scale: string }) =>
      x.agent === "sim-fixed-depth-3" && x.scale === "s0"
    );
    assert.deepEqual([g.n, g.p_exh, g.pass_at_b], [4, 1, 0]);
    const one = score.groups.find((x: { agent: string; scale: string }) =>
      x.agent === "sim-single-shot" && x.scale === "s0"
    );
    assert.deepEqual([one.p_exh, one.pass_at_b, one.p90r], [0, 1, 1]);
  });
});

Deno.test("memaudit scale ladder and simulate refuse bad usage with exit 2 and one line", async () => {
  const noOut = await memaudit("scale", "ladder", FIXTURE);
  assert.equal(noOut.code, 2);
  assert.match(noOut.stderr, /--out DIR is required/);
  assert.equal(noOut.stderr.trim().split("\n").length, 1);
  await withDir(async (dir) => {
    const far = await memaudit("scale", "ladder", FIXTURE, "--out", dir, "--n-irr", "0,100");
    assert.equal(far.code, 2);
    assert.match(far.stderr, /largest filler pool holds 8 sessions/);
    await Deno.writeTextFile(`${dir}/bad.json`, '[{"foo": 1}]');
    const bad = await memaudit("scale", "ladder", `${dir}/bad.json`, "--out", `${dir}/o`);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.json: \[0\]: a LoCoMo sample/);
    const sim = await memaudit("scale", "simulate", `${dir}/nowhere`, "--out", `${dir}/t.jsonl`);
    assert.equal(sim.code, 2);
    assert.match(sim.stderr, /nowhere\/ladder\.json/);
    assert.equal(
      (await memaudit("scale", "simulate", dir, "--out", "x", "--agents", "gpt")).code,
      2,
    );
  });
  const help = await memaudit("scale", "ladder", "--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Example:\n {2}memaudit scale ladder/);
  assert.match((await memaudit("scale", "--help")).stdout, /ladder\s+build an evidence-preserving/);
});

Deno.test("memaudit scale ladder tells what the LongMemEval reader kept (a numeric answer, a repeated session id) on stderr and in --json", async () => {
  await withDir(async (dir) => {
    const items = JSON.parse(await Deno.readTextFile(FIXTURE));
    items[0].answer = 7;
    const ids = items[1].haystack_session_ids;
    items[1].haystack_session_ids = [...ids, ids[0]];
    items[1].haystack_sessions = [...items[1].haystack_sessions, items[1].haystack_sessions[0]];
    items[1].haystack_dates = [...items[1].haystack_dates, items[1].haystack_dates[0]];
    const file = `${dir}/quirks.json`;
    await Deno.writeTextFile(file, JSON.stringify(items));
    const q0 = items[0].question_id, q1 = items[1].question_id;
    const expected = [
      `${file}: question '${q1}': haystack_session_ids repeats '${
        ids[0]
      }' (sessions 0 and ${ids.length}); both kept`,
      `${file}: 1 answer(s) are numbers in the file, read as their decimal strings (${q0})`,
    ];
    const text = await memaudit("scale", "ladder", file, "--out", `${dir}/a`, "--n-irr", "0");
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stderr, expected.map((w) => `warning: ${w}\n`).join(""));
    const json = await memaudit(
      "scale",
      "ladder",
      file,
      "--out",
      `${dir}/b`,
      "--n-irr",
      "0",
      "--json",
    );
    assert.deepEqual(JSON.parse(json.stdout).warnings, expected);
    const clean = await memaudit(
      "scale",
      "ladder",
      FIXTURE,
      "--out",
      `${dir}/c`,
      "--n-irr",
      "0",
      "--json",
    );
    assert.deepEqual(JSON.parse(clean.stdout).warnings, []);
  });
});
