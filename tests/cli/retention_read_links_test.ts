/**
 * The retention readers follow links: a PerMem-Bench folder whose user
 * folders (or session files) are links gives the same RR as the real one (a
 * folder of links was "expected <uuid>/session_NNNN.json session files";
 * some links among real folders dropped those users silently).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { memaudit } from "./_run.ts";

Deno.test("retention rr --sessions reads user folders and session files that are links", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit-retention-links-" });
  try {
    const sim = join(dir, "sim");
    assert.equal((await memaudit(["retention", "simulate", "--users", "3", "--out", sim])).code, 0);
    const snaps = join(sim, "snapshots", "universal-Binf");
    const linked = join(dir, "linked");
    await Deno.mkdir(linked);
    const users = [...Deno.readDirSync(join(sim, "permem"))].map((e) => e.name).sort();
    // The first user's folder a link; the others real folders of linked session files.
    await Deno.symlink(join(sim, "permem", users[0]), join(linked, users[0]));
    for (const u of users.slice(1)) {
      await Deno.mkdir(join(linked, u));
      for (const f of Deno.readDirSync(join(sim, "permem", u))) {
        await Deno.symlink(join(sim, "permem", u, f.name), join(linked, u, f.name));
      }
    }
    const [real, links] = await Promise.all([
      memaudit([
        "retention",
        "rr",
        "--sessions",
        join(sim, "permem"),
        "--snapshots",
        snaps,
        "--json",
      ]),
      memaudit(["retention", "rr", "--sessions", linked, "--snapshots", snaps, "--json"]),
    ]);
    assert.equal(real.code, 0, real.stderr);
    assert.equal(links.code, 0, links.stderr);
    assert.equal(JSON.parse(links.stdout).users.length, 3);
    assert.equal(links.stdout, real.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
