/**
 * PerMem-Bench's per_fact evaluator output read as published (issue 22 item 2): presence is
 * `write`, `retrieved` the judged texts; the benchmark's reweighting; PerMem-Bench_s.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import {
  parseStaticCutoffs,
  PER_FACT_COLUMNS,
  PER_FACT_REPORT,
  perFactRetention,
} from "../../lib/retention/per_fact.ts";
import { assertFitsPublished } from "../_published_schema.ts";
import { type Checkpoint, readPerFactFolder } from "../../lib/retention/read.ts";
import { assertOneLine, jsonOut, memaudit } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";
import type { FactTrack } from "../../lib/retention/retention_rate.ts";
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
  await assertFitsPublished("retention_per_fact_report", j);
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
  await assertFitsPublished("retention_per_fact_report", js);
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

Deno.test("PER_FACT_REPORT: the report's keys in order, a fact's keys are rr_facts.csv's columns, a wrong key refused", async () => {
  const { tracks, checkpoints } = await readPerFactFolder(LONG);
  const r = perFactRetention(tracks, checkpoints);
  const j = PER_FACT_REPORT.json({ format: "permem-per-fact", ...r });
  assert.deepEqual(Object.keys(j), [
    "format",
    "variant",
    "users",
    "benchmark",
    "facts",
    "warnings",
  ]);
  assert.deepEqual(Object.keys(j.facts[0]), [...PER_FACT_COLUMNS]);
  assert.deepEqual(Object.keys(j.users[0]).at(-1), "cutoff");
  assert.throws(
    () => PER_FACT_REPORT.json({ ...j, users: [{ ...j.users[0], pooled_exact: 1 } as never] }),
    /^TypeError: retention_per_fact_report: users\.0: .*pooled_exact/,
  );
});

// --- Cases from tests/retention/per_fact_hostile_test.ts (hostile input) ---
/** Awkward but valid inputs to the per-fact retention (PerMem-Bench's per_fact outputs, cutoffs). */

Deno.test('parseStaticCutoffs(): quoted CSV cells are read as CSV (the user is u2, not "u2") (hostile input)', () => {
  const quoted = parseStaticCutoffs('"user","cutoff"\r\n"u2","30"\r\n"u,3",4\r\n', "c.csv");
  assert.deepEqual([...quoted], [["u2", 30], ["u,3", 4]]);
});

Deno.test("parseStaticCutoffs(): a user twice in JSON is refused, as in CSV (hostile input)", () => {
  assert.throws(
    () => parseStaticCutoffs('{"u2": 30, "u3": 4, "u3": 99}', "c.json"),
    /^InputError: Cannot read c\.json: u3: expected each key once in an object; "u3" repeats/,
  );
  assert.throws(
    () => parseStaticCutoffs("user,cutoff\nu3,4\nu3,99\n", "c.csv"),
    /Cannot read c\.csv: row 2, column user: expected u3 once/,
  );
});

Deno.test("parseStaticCutoffs(): a cutoff is an integer >= 1 whether written as a number or a text (hostile input)", () => {
  for (const bad of ['"0"', '"session_0000.json"', '"99999999999999999999"', "0", "2.5"]) {
    assert.throws(
      () => parseStaticCutoffs(`{"u2": ${bad}}`, "c.json"),
      /Cannot read c\.json: u2: expected a session id/,
      bad,
    );
  }
  assert.throws(
    () => parseStaticCutoffs("user,cutoff\nu2,0\n", "c.csv"),
    /Cannot read c\.csv: row 1, column cutoff: expected a session id/,
  );
  assert.deepEqual([...parseStaticCutoffs('{"u2": "session_0045.json", "u3": " 7 "}')], [
    ["u2", 45],
    ["u3", 7],
  ]);
});

/** 60 facts of one user with populations and checkpoint counts whose weights are inexact. */
function manyFacts(): { tracks: FactTrack[]; checkpoints: Checkpoint[][] } {
  const tracks: FactTrack[] = [], checkpoints: Checkpoint[][] = [];
  for (let i = 0; i < 60; i++) {
    const tStart = 1 + (i * 7) % 19, tTarget = tStart + 2 + (i * 11) % 37;
    const k = 1 + (i * 5) % 7;
    const c = Array.from(
      { length: k },
      (_, j) => ({ session: tStart + j, present: (i + j) % 3 !== 0 }),
    );
    const n = tTarget - tStart + 1, present = new Uint8Array(n);
    for (const x of c) if (x.present) present[x.session - tStart] = 1;
    tracks.push(
      {
        user: "u",
        fact: `${tStart}:${i}`,
        type: "user_profile",
        tStart,
        tTarget,
        present,
      } as FactTrack,
    );
    checkpoints.push(c);
  }
  return { tracks, checkpoints };
}

Deno.test("perFactRetention(): every value and the facts' order are the same for the facts in any order (hostile input)", () => {
  const { tracks, checkpoints } = manyFacts();
  const a = perFactRetention(tracks, checkpoints);
  for (const order of [(i: number) => 59 - i, (i: number) => (i * 17) % 60]) {
    const idx = tracks.map((_, i) => order(i));
    const b = perFactRetention(idx.map((i) => tracks[i]), idx.map((i) => checkpoints[i]));
    assert.deepEqual(b, a);
  }
  // Sorted by t_start, then gt_idx (numerically: 1:10 after 1:2).
  const f = a.facts.map((x) => [x.t_start, Number(x.fact.split(":")[1])]);
  assert.deepEqual(f, [...f].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
});

Deno.test("readPerFactFolder(): a fact without scored sessions, or a folder without a scored fact, is an error naming the file (hostile input)", async () => {
  await withTempDir(async (dir) => {
    const item = JSON.parse(await Deno.readTextFile(`${FX}per_fact/u1.json`))[0];
    await Deno.writeTextFile(join(dir, "u9.json"), "[]");
    await assert.rejects(
      () => readPerFactFolder(dir),
      /^InputError: Cannot read .*: \(root\): expected at least one fact of type user_profile or ongoing_state/,
    );
    await Deno.writeTextFile(
      join(dir, "u1.json"),
      JSON.stringify([{ ...item, session_scores: [] }]),
    );
    await assert.rejects(
      () => readPerFactFolder(dir),
      /Cannot read .*u1\.json: \[0\]\.session_scores: expected at least one scored checkpoint/,
    );
  });
});
