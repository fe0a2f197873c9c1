/**
 * A PerMem-Bench user whose snapshot folder is missing is warned about and
 * left out, not scored as retaining nothing (issue 22 item 3).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pairSnapshotFolders } from "../../lib/retention/pair_folders.ts";
import { assertOneLine, memaudit } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";

const FX = "tests/retention/fixtures/";

/** Copies the fixture's user u1 as `user` into `dir` (uuid fields rewritten). */
async function copyUser(from: string, dir: string, user: string): Promise<void> {
  await Deno.mkdir(join(dir, user), { recursive: true });
  for await (const e of Deno.readDir(join(from, "u1"))) {
    const text = await Deno.readTextFile(join(from, "u1", e.name));
    await Deno.writeTextFile(join(dir, user, e.name), text.replaceAll('"u1"', `"${user}"`));
  }
}

Deno.test("memaudit retention rr leaves out a user without a snapshot folder, with a warning (it scored 0)", async () => {
  await withTempDir(async (dir) => {
    const data = join(dir, "permem"), snaps = join(dir, "snapshots");
    for (const u of ["u1", "u2"]) await copyUser(`${FX}permem`, data, u);
    await copyUser(`${FX}snapshots`, snaps, "u1");
    const r = await memaudit([
      "retention",
      "rr",
      "--sessions",
      data,
      "--snapshots",
      snaps,
      "--judge",
      "provenance",
      "--json",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    const whole = JSON.parse(
      (await memaudit([
        "retention",
        "rr",
        "--sessions",
        `${FX}permem`,
        "--snapshots",
        `${FX}snapshots`,
        "--judge",
        "provenance",
        "--json",
      ])).stdout,
    );
    assert.deepEqual(j.users.map((u: { user: string }) => u.user), ["u1"]);
    assert.equal(j.benchmark.pooled_exact, whole.benchmark.pooled_exact);
    const w = `user u2 has sessions in ${data} but no snapshot folder in ${snaps}: left out ` +
      "(not scored as retaining nothing)";
    assert.deepEqual(j.warnings, [w]);
    assert.equal(r.stderr, `warning: ${w}\n`);
    // No user with snapshots at all: bad input, one line.
    const empty = join(dir, "empty");
    await copyUser(`${FX}snapshots`, empty, "u9");
    assertOneLine(
      await memaudit(["retention", "rr", "--sessions", data, "--snapshots", empty]),
      /Cannot read .*empty: \(root\): expected a snapshot folder for at least one user of /,
    );
  });
});

Deno.test("pairSnapshotFolders() keeps users in both folders and names the others", () => {
  const p = pairSnapshotFolders(
    new Map([["a", 1], ["b", 2]]),
    new Map([["b", 20], ["c", 30]]),
    { sessions: "D", snapshots: "S" },
  );
  assert.deepEqual([...p.sessions], [["b", 2]]);
  assert.deepEqual([...p.snapshots], [["b", 20]]);
  assert.deepEqual(p.warnings, [
    "user a has sessions in D but no snapshot folder in S: left out (not scored as retaining nothing)",
    "user c has snapshots in S but no sessions in D: left out",
  ]);
});
