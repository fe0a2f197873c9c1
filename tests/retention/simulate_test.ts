import assert from "node:assert/strict";
import { bankFromSnapshotFile, judgeTracks, provenanceJudge } from "../../lib/retention/judges.ts";
import {
  readFactsAndPresence,
  readSessionFolder,
  readSnapshotFolder,
  referenceFacts,
} from "../../lib/retention/read.ts";
import { retentionRate } from "../../lib/retention/retention_rate.ts";
import { MAX_SIMULATED_USERS, writeSimulatedRun } from "../../lib/retention/simulate.ts";
import { parsePredictionsCsv } from "../../lib/retention/gating.ts";

async function readAll(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else out.set(p.slice(dir.length), await Deno.readTextFile(p));
    }
  };
  await walk(dir);
  return out;
}

Deno.test("writeSimulatedRun() writes files whose CSV and folder forms give the same retention", async () => {
  const dir = await Deno.makeTempDir();
  const files = await writeSimulatedRun(dir, { users: 2, seed: 4, budget: 10, policy: "oracle" });
  const fromCsv = retentionRate((await readFactsAndPresence(files.facts, files.presence)).tracks);
  const sessions = await readSessionFolder(files.sessions);
  const snaps = await readSnapshotFolder(files.snapshots);
  const banks = new Map([...snaps].map(([u, l]) => [u, l.map(bankFromSnapshotFile)]));
  const facts = [...sessions.values()].flatMap(referenceFacts);
  const fromFolders = retentionRate(judgeTracks(facts, banks, provenanceJudge()));
  assert.deepEqual(fromFolders.users, fromCsv.users);
  assert.ok(fromCsv.benchmark.pooledExact! > 0 && fromCsv.benchmark.pooledExact! < 1);
  const preds = parsePredictionsCsv(await Deno.readTextFile(files.predictions));
  assert.ok(preds.every((p) => p.predicted === p.required)); // the oracle's decisions
  assert.match(await Deno.readTextFile(`${dir}/SIMULATED.txt`), /SIMULATED/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeSimulatedRun() is byte-identical for the same seed and refuses an unknown policy", async () => {
  const a = await Deno.makeTempDir(), b = await Deno.makeTempDir();
  await writeSimulatedRun(a, { users: 2, seed: 3, budget: 5, policy: "session-local (analogue)" });
  await writeSimulatedRun(b, { users: 2, seed: 3, budget: 5, policy: "session-local (analogue)" });
  assert.deepEqual(await readAll(a), await readAll(b));
  await assert.rejects(() => writeSimulatedRun(a, { policy: "nope" }), RangeError);
  await Deno.remove(a, { recursive: true });
  await Deno.remove(b, { recursive: true });
});

Deno.test("writeSimulatedRun() refuses more than MAX_SIMULATED_USERS users before writing anything", async () => {
  const dir = await Deno.makeTempDir();
  const out = `${dir}/run`;
  // 100,000 users used to exhaust the heap (a V8 crash, not one line and exit 2).
  await assert.rejects(
    () => writeSimulatedRun(out, { users: 100_000 }),
    {
      name: "RangeError",
      message:
        `Cannot simulate: users must be an integer in [1, ${MAX_SIMULATED_USERS}], got 100000`,
    },
  );
  await assert.rejects(() => writeSimulatedRun(out, { users: 0 }), RangeError);
  assert.equal(MAX_SIMULATED_USERS, 1000);
  await assert.rejects(() => Deno.stat(out), Deno.errors.NotFound);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeSimulatedRun() removes nothing of a folder that only looks like an earlier run", async () => {
  const dir = await Deno.makeTempDir();
  const cases: [string, (d: string) => Promise<void>, RegExp][] = [
    // A SIMULATED.txt memaudit did not write (empty) beside real sessions.
    [
      "an empty SIMULATED.txt",
      (d) => Deno.writeTextFile(`${d}/SIMULATED.txt`, ""),
      /found SIMULATED\.txt and no memaudit-run\.json or shard\.json listing it/,
    ],
    // memaudit's run, then a file of the user's inside its sessions folder.
    [
      "a note inside permem/",
      async (d) => {
        await writeSimulatedRun(d, { users: 1 });
        await Deno.writeTextFile(`${d}/permem/notes.txt`, "mine");
      },
      /found permem\/notes\.txt, a file the run did not write/,
    ],
  ];
  for (const [i, [what, make, refusal]] of cases.entries()) {
    const d = `${dir}/${i}`;
    await Deno.mkdir(d);
    await make(d);
    await Deno.mkdir(`${d}/permem/u1`, { recursive: true });
    await Deno.writeTextFile(`${d}/permem/u1/session_0001.json`, "precious");
    await assert.rejects(() => writeSimulatedRun(d, { users: 1 }), refusal, what);
    assert.equal(await Deno.readTextFile(`${d}/permem/u1/session_0001.json`), "precious", what);
  }
  await Deno.remove(dir, { recursive: true });
});
