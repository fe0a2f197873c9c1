import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  parseFactsCsv,
  parsePresenceCsv,
  readFactsAndPresence,
  readGatingFolder,
  readPerFactFolder,
  readSessionFolder,
  readSnapshotFolder,
  referenceFacts,
} from "../../lib/retention/read.ts";
import { retentionRate } from "../../lib/retention/retention_rate.ts";
import { join } from "node:path";

const FX = new URL("./fixtures/", import.meta.url).pathname;

async function inputError(p: Promise<unknown> | (() => unknown)): Promise<InputError> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    assert.ok(e instanceof InputError, `expected InputError, got ${e}`);
    return e;
  }
  assert.fail("expected an InputError");
}

Deno.test("readSessionFolder() and referenceFacts() read the hand-written PerMem-Bench fixture", async () => {
  const users = await readSessionFolder(`${FX}permem`);
  assert.deepEqual([...users.keys()], ["u1"]);
  const sessions = users.get("u1")!;
  assert.deepEqual(sessions.map((s) => s.session_id), [1, 2, 3, 4]);
  const facts = referenceFacts(sessions);
  assert.deepEqual(
    facts.map((f) => [f.fact, f.type, f.tStart, f.tTarget]),
    [
      ["1:0", "user_profile", 1, 4],
      ["1:1", "ongoing_state", 1, 3],
      ["3:0", "ongoing_state", 3, 3],
      ["4:0", "ongoing_state", 4, 4],
    ],
  );
  assert.equal(facts[0].text, "The user is vegetarian.");
});

Deno.test("readSnapshotFolder() reads memory_text or content of every entry", async () => {
  const snaps = (await readSnapshotFolder(`${FX}snapshots`)).get("u1")!;
  assert.deepEqual(snaps.map((s) => s.memories.length), [2, 3, 3, 3]);
  assert.equal(snaps[1].memories[2].content, "Asked how to make lentil soup");
});

Deno.test("readGatingFolder() and readPerFactFolder() read the benchmark's outputs", async () => {
  const [g] = await readGatingFolder(`${FX}gating`);
  assert.equal(g.uuid, "u1");
  assert.deepEqual(g.session_records.map((r) => r.pred_required), [true, true, true, true]);
  const { tracks, checked } = await readPerFactFolder(`${FX}per_fact`);
  assert.deepEqual(checked, [4, 3]);
  assert.deepEqual([...tracks[0].present], [1, 1, 0, 0]);
  const r = retentionRate(tracks);
  assert.equal(r.users[0].pooledExact, 5 / 7);
  assert.equal(r.users[0].perFactExact, 0.75);
});

Deno.test("readFactsAndPresence() scores the CSV fixture; a session without a row is absent", async () => {
  const { tracks, checked } = await readFactsAndPresence(`${FX}facts.csv`, `${FX}presence.csv`);
  assert.deepEqual(checked, [4, 3, 1, 1, 3]);
  assert.deepEqual([...tracks[4].present], [1, 1, 0, 0, 0]);
  const r = retentionRate(tracks);
  assert.ok(Math.abs(r.users[0].pooledExact! - 7 / 9) < 1e-12);
  assert.equal(r.users[0].perFactExact, 0.875);
  assert.equal(r.users[1].pooledExact, 0.4);
  assert.ok(Math.abs(r.benchmark.pooledExact! - (7 / 9 + 0.4) / 2) < 1e-12);
});

Deno.test("readSessionFolder() refuses a bad session id, naming file and path", async () => {
  const e = await inputError(readSessionFolder(`${FX}bad/session_id`));
  assert.match(e.file, /session_0001\.json$/);
  assert.deepEqual(e.where, { path: "session_id" });
  assert.match(e.message, /integer session id/);
});

Deno.test("readSessionFolder() refuses a reference memory without a type", async () => {
  const e = await inputError(readSessionFolder(`${FX}bad/no_type`));
  assert.match(e.file, /session_0003\.json$/);
  assert.deepEqual(e.where, { path: "gt_memory[0].type" });
});

Deno.test("readSnapshotFolder() refuses a snapshot whose memories are not a list", async () => {
  const e = await inputError(readSnapshotFolder(`${FX}bad/snapshot_memories`));
  assert.deepEqual(e.where, { path: "memories" });
  assert.match(e.message, /expected a list of memory entries/);
});

Deno.test("parsePresenceCsv() refuses a row for an unknown fact at its row and column", async () => {
  const e = await inputError(
    readFactsAndPresence(`${FX}facts.csv`, `${FX}bad/presence_unknown_fact.csv`),
  );
  assert.match(e.file, /presence_unknown_fact\.csv$/);
  assert.deepEqual(e.where, { row: 2, column: "fact" });
});

Deno.test("parseFactsCsv() refuses a fact without a type and a bad session id", async () => {
  let e = await inputError(readFactsAndPresence(`${FX}bad/facts_no_type.csv`, `${FX}presence.csv`));
  assert.deepEqual(e.where, { row: 2, column: "type" });
  e = await inputError(readFactsAndPresence(`${FX}bad/facts_bad_session.csv`, `${FX}presence.csv`));
  assert.deepEqual(e.where, { row: 1, column: "t_start" });
  e = await inputError(() => parseFactsCsv("user,fact,type\nu,f,user_profile\n", "f.csv"));
  assert.deepEqual(e.where, { path: "header" });
  e = await inputError(() =>
    parseFactsCsv("user,fact,type,t_start,t_target\nu,f,user_profile,5,4\n")
  );
  assert.deepEqual(e.where, { row: 1, column: "t_target" });
});

Deno.test("parsePresenceCsv() refuses a session outside the lifespan, a bad value and a repeat", async () => {
  const facts = parseFactsCsv("user,fact,type,t_start,t_target\nu,f,user_profile,2,4\n");
  const head = "user,fact,session,present\n";
  let e = await inputError(() => parsePresenceCsv(head + "u,f,5,1\n", facts, "p.csv"));
  assert.deepEqual(e.where, { row: 1, column: "session" });
  e = await inputError(() => parsePresenceCsv(head + "u,f,2,yes\n", facts, "p.csv"));
  assert.deepEqual(e.where, { row: 1, column: "present" });
  e = await inputError(() => parsePresenceCsv(head + "u,f,2,1\nu,f,2,1\n", facts, "p.csv"));
  assert.deepEqual(e.where, { row: 2, column: "session" });
  e = await inputError(() => parsePresenceCsv(head + "v,f,2,1\n", facts, "p.csv"));
  assert.deepEqual(e.where, { row: 1, column: "user" });
});

// --- Cases from tests/retention/end_on_update_column_test.ts (end on update) ---
/**
 * `retention rr --end-on-update` needs the facts' superseded_at column. Before: a facts CSV
 * whose column was misspelt (superseeded_at) was read without it, every lifespan stayed whole
 * and the RR printed was the one without --end-on-update (exit 0, no word).
 */
const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("parseFactsCsv: superseded_at can be required (end on update)", () => {
  const text = "user,fact,type,t_start,t_target,superseeded_at\nu1,f1,user_profile,1,4,2\n";
  assert.equal(parseFactsCsv(text, "f.csv").length, 1);
  assert.throws(
    () => parseFactsCsv(text, "f.csv", { superseded: true }),
    /f\.csv: header: expected a column 'superseded_at'/,
  );
});

Deno.test("retention rr --end-on-update refuses facts without a superseded_at column (end on update)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-eou-" });
  try {
    const facts = join(dir, "facts.csv"), presence = join(dir, "presence.csv");
    await Deno.writeTextFile(
      facts,
      "user,fact,type,t_start,t_target,superseeded_at\nu1,f1,user_profile,1,4,2\n",
    );
    await Deno.writeTextFile(presence, "user,fact,session,present\nu1,f1,1,1\n");
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "scripts/memaudit.ts",
        "retention",
        "rr",
        "--facts",
        facts,
        "--presence",
        presence,
        "--end-on-update",
      ],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.equal(out.code, 2, stderr);
    assert.equal(out.stdout.length, 0);
    assert.equal(stderr.trim().split("\n").length, 1, stderr);
    assert.match(stderr, /facts\.csv: header: expected a column 'superseded_at'/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
