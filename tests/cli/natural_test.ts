/**
 * `memaudit natural` through the real entry point: LoCoMo support-slice
 * packages scored whole and as 4 shards joined by `memaudit merge`, with
 * byte-identical files; its `--json` shape and one-line errors.
 */
import assert from "node:assert/strict";
import { assertFitsPublished } from "../_published_schema.ts";
import { join } from "node:path";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { assertOneLine, memaudit, withFlag } from "./_run.ts";

const LOCOMO8 = sharedDataPath("locomo/locomo8.json");
const RUN = [
  "--conversations",
  "conv-26",
  "--budgets",
  "30,60",
  "--methods",
  "oracle_gvt,density_only,recency_raw",
];

Deno.test({
  name: "memaudit natural as 4 shards, then memaudit merge: the files of one run",
  ignore: LOCOMO8 === null,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit_natural_" });
    try {
      const base = ["natural", "--locomo", LOCOMO8!, ...RUN];
      const [whole, ...shards] = await Promise.all([
        memaudit([...base, "--out", join(dir, "whole"), "--json"]),
        ...[0, 1, 2, 3].map((i) =>
          memaudit([...base, "--shard", `${i}/4`, "--out", join(dir, `s${i}`), "--quiet"])
        ),
      ]);
      assert.equal(whole.code, 0, whole.stderr);
      const res = JSON.parse(whole.stdout);
      assert.deepEqual(Object.keys(res), ["grid", "rows", "summary"]);
      await assertFitsPublished("natural_report", res);
      assert.deepEqual(res.grid.data.file, "locomo8.json");
      assert.match(res.grid.data.sha256, /^[0-9a-f]{64}$/);
      assert.equal(res.rows, res.grid.packages * 2 * 4);
      assert.deepEqual(Object.keys(res.summary[0]), [
        "method",
        "budget",
        "items",
        "scored",
        "degenerate",
        "uncertified",
        "mean",
        "low",
        "high",
        "clusters",
        "mean_value",
      ]);
      for (const s of res.summary) {
        assert.equal(s.items, res.grid.packages);
        assert.equal(s.scored + s.degenerate + s.uncertified, s.items);
        assert.ok(s.mean === null || (s.mean >= 0 && s.mean <= 1 + 1e-12), JSON.stringify(s));
      }
      for (const s of shards) assert.deepEqual([s.code, s.stderr], [0, ""]);
      const merged = await memaudit([
        "merge",
        ...[1, 3, 0, 2].map((i) => join(dir, `s${i}`)),
        "--out",
        join(dir, "merged"),
        "--json",
      ]);
      assert.equal(merged.code, 0, merged.stderr);
      const m = JSON.parse(merged.stdout);
      await assertFitsPublished("merge_report", m);
      assert.deepEqual([m.kind, m.shards, m.units, m.rows], [
        "natural",
        4,
        res.grid.packages,
        res.rows,
      ]);
      for (const f of ["natural_rows.jsonl", "natural_summary.json"]) {
        assert.equal(
          await Deno.readTextFile(join(dir, "merged", f)),
          await Deno.readTextFile(join(dir, "whole", f)),
          f,
        );
      }
      const bad = await Promise.all([
        memaudit([
          "merge",
          join(dir, "s0"),
          join(dir, "s1"),
          join(dir, "s2"),
          "--out",
          join(dir, "m"),
        ]),
        memaudit([...withFlag(base, "--conversations", "conv-99"), "--out", join(dir, "x")]),
        memaudit([...base, "--shard", "1/0", "--out", join(dir, "x")]),
        memaudit([...withFlag(base, "--methods", "nope"), "--out", join(dir, "x")]),
        memaudit(["natural", "--locomo", join(dir, "none.json"), "--out", join(dir, "x")]),
      ]);
      const want = [
        /^memaudit merge: Cannot merge .*: expected all 4 shards: missing 3\/4$/,
        /^memaudit natural: Cannot read .*locomo8\.json: \(root\): expected a conversation 'conv-99'/,
        /^memaudit natural: --shard expected a shard count N in/,
        /^memaudit natural: --methods: unknown writer 'nope'/,
        /^memaudit natural: Cannot read .*none\.json: \(root\): expected an existing file$/,
      ];
      bad.forEach((r, i) => assertOneLine(r, want[i]));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
