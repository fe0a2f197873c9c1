import assert from "node:assert/strict";
import { generateCohort } from "../../lib/retention/cohort.ts";
import {
  bankFromSnapshotFile,
  judgeTracks,
  lexicalJudge,
  provenanceJudge,
} from "../../lib/retention/judges.ts";
import { readSessionFolder, readSnapshotFolder, referenceFacts } from "../../lib/retention/read.ts";
import { replayBank, simulateWrites } from "../../lib/retention/replay.ts";
import { retentionRate } from "../../lib/retention/retention_rate.ts";

const FX = new URL("./fixtures/", import.meta.url).pathname;

Deno.test("lexicalJudge() on the fixture snapshots finds the facts the hand labels hold", async () => {
  const facts = referenceFacts((await readSessionFolder(`${FX}permem`)).get("u1")!);
  const snaps = (await readSnapshotFolder(`${FX}snapshots`)).get("u1")!.map(bankFromSnapshotFile);
  const judge = lexicalJudge();
  assert.match(judge.name, /approximation/);
  const tracks = judgeTracks(facts, new Map([["u1", snaps]]), judge);
  assert.deepEqual(tracks.map((t) => [...t.present]), [[1, 1, 0, 0], [1, 1, 1], [1], [1]]);
  assert.ok(Math.abs(retentionRate(tracks).users[0].pooledExact! - 7 / 9) < 1e-12);
  assert.equal(snaps[1].entries[2].session, 2);
});

Deno.test("provenanceJudge() is exact on a simulated run: full extraction, no budget -> RR 1", () => {
  const [u] = generateCohort({ users: 1, seed: 4 }).users;
  const writes = simulateWrites(u, { pExtract: 1 });
  const sessions = u.sessions.map((s) => s.session_id);
  const banks = new Map([[u.uuid, replayBank(sessions, writes)]]);
  const r = retentionRate(judgeTracks(u.facts, banks, provenanceJudge()));
  assert.equal(r.users[0].pooledExact, 1);
  // budget 1 entry: a fact is held at most in its own session's... at most while its entry is newest
  const tight = new Map([[u.uuid, replayBank(sessions, writes, { maxEntries: 1 })]]);
  const rt = retentionRate(judgeTracks(u.facts, tight, provenanceJudge()));
  assert.ok(rt.users[0].pooledExact! < 0.2, `${rt.users[0].pooledExact}`);
});

Deno.test("provenanceJudge() reads ids embedded in text when entries carry no fact list", () => {
  const [u] = generateCohort({ users: 1, seed: 4 }).users;
  const f = u.facts[0];
  const bank = {
    session: f.tStart,
    entries: [{ id: "x", session: f.tStart, text: f.text!, tokens: 3, facts: [] }],
    written: 1,
    evicted: 0,
    tokens: 3,
    skipped: false,
  };
  assert.equal(provenanceJudge().present(f, bank), true);
  assert.equal(provenanceJudge().present(u.facts[1], bank), false);
});

Deno.test("lexicalJudge() agrees with provenance on most simulated checks (ids stripped)", () => {
  const cohort = generateCohort({ users: 3, seed: 9 });
  let agree = 0, total = 0;
  for (const u of cohort.users) {
    const writes = simulateWrites(u, { seed: 1 });
    const banks = new Map([[
      u.uuid,
      replayBank(u.sessions.map((s) => s.session_id), writes, { maxEntries: 30 }),
    ]]);
    const p = judgeTracks(u.facts, banks, provenanceJudge());
    const l = judgeTracks(u.facts, banks, lexicalJudge());
    p.forEach((t, i) =>
      t.present.forEach((v, j) => (total++, agree += v === l[i].present[j] ? 1 : 0))
    );
  }
  assert.ok(agree / total > 0.9, `agreement ${agree / total}`);
});
