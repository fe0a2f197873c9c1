/**
 * `retention rr --end-on-update` needs the facts' superseded_at column. Before: a facts CSV
 * whose column was misspelt (superseeded_at) was read without it, every lifespan stayed whole
 * and the RR printed was the one without --end-on-update (exit 0, no word).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseFactsCsv } from "../../lib/retention/read.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("parseFactsCsv: superseded_at can be required", () => {
  const text = "user,fact,type,t_start,t_target,superseeded_at\nu1,f1,user_profile,1,4,2\n";
  assert.equal(parseFactsCsv(text, "f.csv").length, 1);
  assert.throws(
    () => parseFactsCsv(text, "f.csv", { superseded: true }),
    /f\.csv: header: expected a column 'superseded_at'/,
  );
});

Deno.test("retention rr --end-on-update refuses facts without a superseded_at column", async () => {
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
