/**
 * PerMem-Bench's per_fact evaluator output read as published (issue 22 item 2): presence is
 * `write`, `retrieved` the judged texts; the benchmark's reweighting; PerMem-Bench_s.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { parseStaticCutoffs, perFactRetention } from "../../lib/retention/per_fact.ts";
import { readPerFactFolder } from "../../lib/retention/read.ts";
import { assertOneLine, jsonOut, memaudit } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";

const FX = new URL("./fixtures/", import.meta.url).pathname;
const LONG = `${FX}per_fact_long`;
const csvInput = ["--facts", `${FX}facts.csv`, "--presence", `${FX}presence.csv`];

Deno.test("readPerFactFolder(): presence is write; retrieved is the list of texts the judge saw", async () => {
  const { tracks, checkpoints } = await readPerFactFolder(LONG);
  assert.deepEqual(tracks.map((t) => [t.user, t.fact, t.tStart, t.tTarget]), [
    ["u2", "3:0", 3, 52],
    ["u2", "10:1", 10, 16],
    ["u3", "5:0", 5, 9],
  ]);
  assert.equal(checkpoints[0].length, 20);
  assert.deepEqual(checkpoints[0].slice(9, 12), [
    { session: 26, present: true },
    { session: 29, present: true },
    { session: 31, present: false },
  ]);
  // The old misreading (retrieved as 0/1) is refused at its path.
  await withTempDir(async (dir) => {
    const items = JSON.parse(await Deno.readTextFile(join(LONG, "u3.json")));
    items[0].session_scores[1] = { session_id: 6, write: 1, retrieved: 1 };
    await Deno.writeTextFile(join(dir, "u3.json"), JSON.stringify(items));
    await assert.rejects(
      () => readPerFactFolder(dir),
      (e: unknown) =>
        e instanceof InputError &&
        /u3\.json: \[0\]\.session_scores\[1\]\.retrieved: expected retrieved: the list of retrieved memory texts/
          .test(e.message),
    );
    items[0].session_scores[1] = { session_id: 6, retrieved: [] };
    await Deno.writeTextFile(join(dir, "u3.json"), JSON.stringify(items));
    await assert.rejects(
      () => readPerFactFolder(dir),
      /session_scores\[1\]\.write: expected write 0\/1/,
    );
  });
});

Deno.test("perFactRetention(): the benchmark's replicas (COMPANIONS §2(a) worked example: 0.5957)", async () => {
  const { tracks, checkpoints } = await readPerFactFolder(LONG);
  const r = perFactRetention(tracks, checkpoints);
  assert.equal(r.variant, "dynamic");
  const [u2, u3] = r.users;
  // Fact 1: L = 50, 20 checkpoints, 11 held, m = round(2.5) = 2; fact 2: L = 7, 6 of 7, m = 1.
  assert.equal(u2.pooled_artifact, 28 / 47);
  assert.equal(u2.pooled_exact_weights, (2.5 * 11 + 6) / 57);
  assert.equal(u2.per_fact_mean, (11 / 20 + 6 / 7) / 2);
  assert.deepEqual([u3.facts, u3.checkpoints, u3.pooled_artifact], [1, 5, 0.6]);
  assert.equal(r.benchmark.pooled_artifact, (28 / 47 + 0.6) / 2);
  assert.deepEqual(r.warnings, []);
});

Deno.test("perFactRetention(): PerMem-Bench_s keeps the checkpoints at or before the cutoff, reweighted by population over count", async () => {
  const { tracks, checkpoints } = await readPerFactFolder(LONG);
  const cutoffs = parseStaticCutoffs(await Deno.readTextFile(`${FX}static_cutoffs.json`));
  assert.deepEqual([...cutoffs], [["u2", 30], ["u3", 4]]);
  const r = perFactRetention(tracks, checkpoints, { cutoffs });
  assert.equal(r.variant, "static");
  const [u2, u3] = r.users;
  // Fact 1: population min(52, 30) - 3 + 1 = 28, 11 checkpoints <= 30 all held, m = round(28/11) = 3.
  assert.deepEqual([u2.facts, u2.checkpoints, u2.cutoff], [2, 18, 30]);
  assert.deepEqual(r.facts[0], {
    user: "u2",
    fact: "3:0",
    t_start: 3,
    t_end: 30,
    population: 28,
    checkpoints: 11,
    held: 11,
    replicas: 3,
  });
  assert.equal(u2.pooled_artifact, 39 / 40);
  assert.equal(u2.pooled_exact_weights, 34 / 35);
  // u3's only fact starts after its cutoff: no value, left out of the mean, with a warning.
  assert.deepEqual([u3.facts, u3.pooled_artifact], [0, null]);
  assert.deepEqual([r.benchmark.users, r.benchmark.pooled_artifact], [1, 39 / 40]);
  assert.match(r.warnings[0], /^1 user\(s\) have no fact at or before their cutoff \(u3\)/);
  const csv = parseStaticCutoffs(await Deno.readTextFile(`${FX}static_cutoffs.csv`), "c.csv");
  assert.deepEqual(csv, cutoffs);
  assert.throws(
    () => perFactRetention(tracks, checkpoints, { cutoffs: new Map([["u2", 30]]) }),
    /no static cutoff for user u3/,
  );
  assert.throws(
    () => parseStaticCutoffs('{"u2": "soon"}', "c.json"),
    /c\.json: u2: expected a session id/,
  );
  assert.throws(
    () => parseStaticCutoffs("user,cutoff\nu2,x\n", "c.csv"),
    /c\.csv: row 1, column cutoff/,
  );
});

Deno.test("memaudit retention rr --per-fact [--static]: the benchmark's value, no all-sessions value", async () => {
  const j = jsonOut(await memaudit(["retention", "rr", "--per-fact", LONG, "--json"]));
  assert.deepEqual(Object.keys(j), [
    "format",
    "variant",
    "users",
    "benchmark",
    "facts",
    "warnings",
  ]);
  assert.equal(j.benchmark.pooled_artifact, (28 / 47 + 0.6) / 2);
  assert.equal(JSON.stringify(j).includes('pooled_exact"'), false);
  assert.deepEqual(j.facts.map((f: { replicas: number }) => f.replicas), [2, 1, 1]);
  const js = jsonOut(
    await memaudit([
      "retention",
      "rr",
      "--per-fact",
      LONG,
      "--static",
      `${FX}static_cutoffs.csv`,
      "--json",
    ]),
  );
  assert.deepEqual([js.variant, js.benchmark.pooled_artifact], ["static", 39 / 40]);
  assert.match(js.warnings[0], /^1 user\(s\) have no fact at or before their cutoff/);
  const table = await memaudit([
    "retention",
    "rr",
    "--per-fact",
    LONG,
    "--static",
    `${FX}static_cutoffs.json`,
  ]);
  assert.match(table.stdout, /^user +facts +checkpoints +cutoff +pooled_artifact/);
  assert.match(table.stderr, /^warning: 1 user\(s\) have no fact at or before their cutoff \(u3\)/);
  assertOneLine(
    await memaudit(["retention", "rr", "--per-fact", LONG, "--k", "10"]),
    /--k does not apply to --per-fact/,
  );
  assertOneLine(
    await memaudit(["retention", "rr", ...csvInput, "--static", `${FX}static_cutoffs.csv`]),
    /--static applies to --per-fact input only/,
  );
});
