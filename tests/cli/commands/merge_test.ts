import assert from "node:assert/strict";
import { join } from "node:path";
import { memaudit } from "../_run.ts";
import { assertFitsPublished } from "../../_published_schema.ts";

Deno.test("memaudit merge refuses an --out that is one of the shard folders, leaving it intact", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "memaudit_merge_out_" });
  try {
    const grid = ["--seeds", "2", "--budgets", "0.1", "--methods", "opt,greedy", "--quiet"];
    for (const i of [0, 1]) {
      const r = await memaudit([
        "sweep",
        ...grid,
        "--shard",
        `${i}/2`,
        "--out",
        join(tmp, `s${i}`),
      ]);
      assert.equal(r.code, 0, r.stderr);
    }
    const before = await Deno.readTextFile(join(tmp, "s0", "summary.json"));
    // The same folder spelt differently (a trailing "/.") is still that shard.
    for (const out of [join(tmp, "s0"), join(tmp, "s0") + "/."]) {
      const r = await memaudit(["merge", join(tmp, "s0"), join(tmp, "s1"), "--out", out]);
      assert.equal(r.code, 2);
      assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
      assert.match(r.stderr, /--out .* is the shard folder .*s0: the merge would overwrite/);
    }
    assert.equal(await Deno.readTextFile(join(tmp, "s0", "summary.json")), before);
    // A file or a missing folder among the shards: one line naming it (it named a path below it).
    for (
      const [bad, re] of [
        [
          join(tmp, "s0", "summary.json"),
          /summary\.json: \(root\): expected a shard folder, found a file$/,
        ],
        [join(tmp, "nope"), /nope: \(root\): expected an existing shard folder$/],
      ] as const
    ) {
      const r = await memaudit(["merge", join(tmp, "s1"), bad, "--out", join(tmp, "m")]);
      assert.equal(r.code, 2);
      assert.match(r.stderr.trimEnd(), re);
      assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
    }
    const m = join(tmp, "m");
    const ok = await memaudit(["merge", join(tmp, "s1"), join(tmp, "s0"), "--out", m, "--json"]);
    assert.equal(ok.code, 0, ok.stderr);
    const report = JSON.parse(ok.stdout);
    assert.deepEqual(report, {
      out: m,
      kind: "sweep",
      shards: 2,
      units: 2,
      rows: 4,
      files: {
        results: join(m, "raw_results.jsonl"),
        csv: join(m, "raw_results.csv"),
        summary: join(m, "summary.json"),
        timings: join(m, "timings.jsonl"),
      },
      warnings: [],
    });
    await assertFitsPublished("merge_report", report);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
