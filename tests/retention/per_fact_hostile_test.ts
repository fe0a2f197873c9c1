/** Awkward but valid inputs to the per-fact retention (PerMem-Bench's per_fact outputs, cutoffs). */
import assert from "node:assert/strict";
import { parseStaticCutoffs, perFactRetention } from "../../lib/retention/per_fact.ts";
import { type Checkpoint, readPerFactFolder } from "../../lib/retention/read.ts";
import { join } from "node:path";
import { withTempDir } from "../_tmp.ts";

const FX = new URL("./fixtures/", import.meta.url).pathname;
import type { FactTrack } from "../../lib/retention/retention_rate.ts";

Deno.test('parseStaticCutoffs(): quoted CSV cells are read as CSV (the user is u2, not "u2")', () => {
  const quoted = parseStaticCutoffs('"user","cutoff"\r\n"u2","30"\r\n"u,3",4\r\n', "c.csv");
  assert.deepEqual([...quoted], [["u2", 30], ["u,3", 4]]);
});

Deno.test("parseStaticCutoffs(): a user twice in JSON is refused, as in CSV", () => {
  assert.throws(
    () => parseStaticCutoffs('{"u2": 30, "u3": 4, "u3": 99}', "c.json"),
    /^InputError: Cannot read c\.json: u3: expected each key once in an object; "u3" repeats/,
  );
  assert.throws(
    () => parseStaticCutoffs("user,cutoff\nu3,4\nu3,99\n", "c.csv"),
    /Cannot read c\.csv: row 2, column user: expected u3 once/,
  );
});

Deno.test("parseStaticCutoffs(): a cutoff is an integer >= 1 whether written as a number or a text", () => {
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

Deno.test("perFactRetention(): every value and the facts' order are the same for the facts in any order", () => {
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

Deno.test("readPerFactFolder(): a fact without scored sessions, or a folder without a scored fact, is an error naming the file", async () => {
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
