/**
 * `memaudit solve DIR --out OUT [--shard I/N]` and `memaudit merge` of its shard folders
 * (lib/cli/solve_batch_out.ts) through the real entry point: five small packages solved unsharded,
 * in 2 shards and in 6 shards (one holding none), the merged rows, CSV and summary byte for
 * byte those of the unsharded folder; a missing shard, a shard given twice, an edited file and
 * a shard of other settings refused with one line (exit 2).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import fc from "fast-check";
import { arbPackage } from "../_arb.ts";
import { withTempDir } from "../_tmp.ts";
import { assertFitsPublished } from "../_published_schema.ts";
import { assertOneLine, EXAMPLE, EXAMPLE_CSV, jsonOut, memaudit } from "./_run.ts";
import { generate } from "../../lib/generate/mod.ts";
import { packageToJson } from "../../lib/package/json_io.ts";
import { TWO_UNITS } from "./_two_units.ts";
import { batchSummary, SOLVE_SUMMARY } from "../../lib/cli/solve_batch_out.ts";
import { batchUnitIds, writeBatchOut } from "../../lib/cli/solve_batch_out.ts";
import { inputDigests } from "../../lib/shard/digest.ts";

/** The packages, in the folder's name order: their ids. */
const IDS = [
  "arb31",
  "two_units",
  "synthetic_seed_1",
  "vegetarian_to_pescatarian",
  "vegetarian_to_pescatarian",
];

/** The merged (and unsharded) files compared byte for byte. */
const SAME = ["solve_rows.jsonl", "solve_rows.csv", "solve_summary.json"];

/**
 * Writes the five packages: a seeded arbitrary one, two_units, a generated one, and the example
 * as JSON and as a CSV folder (one id in two files: a warning the merge recomputes across shards).
 */
async function packagesDir(dir: string): Promise<string> {
  const d = join(dir, "pkgs");
  await Deno.mkdir(join(d, "e_example_csv"), { recursive: true });
  const [{ input }] = fc.sample(arbPackage({ maxGroups: 4, maxUnits: 4 }), {
    seed: 31,
    numRuns: 1,
  });
  await Deno.writeTextFile(join(d, "a_arb.json"), JSON.stringify({ ...input, id: "arb31" }));
  await Deno.writeTextFile(join(d, "b_two_units.json"), JSON.stringify(TWO_UNITS));
  await Deno.writeTextFile(join(d, "c_gen1.json"), packageToJson(generate("base", 1)));
  await Deno.copyFile(EXAMPLE, join(d, "d_example.json"));
  for await (const e of Deno.readDir(EXAMPLE_CSV)) {
    await Deno.copyFile(join(EXAMPLE_CSV, e.name), join(d, "e_example_csv", e.name));
  }
  return d;
}

/** The names in a folder, sorted. */
async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

/** `memaudit solve pkgs --budgets 3,7 --out OUT [--shard I/N] --json`, exit 0. */
async function solveOut(pkgs: string, out: string, shard?: string, budgets = "3,7") {
  const r = await memaudit([
    "solve",
    pkgs,
    "--budgets",
    budgets,
    "--out",
    out,
    "--json",
    ...(shard === undefined ? [] : ["--shard", shard]),
  ]);
  return jsonOut(r);
}

/** The lines of a JSONL file, parsed. */
async function jsonl(path: string): Promise<Record<string, unknown>[]> {
  const text = await Deno.readTextFile(path);
  return text.trimEnd().split("\n").map((l) => JSON.parse(l));
}

Deno.test("solve DIR --shard I/N --out and merge: 2 and 6 shards merged are byte-identical to one run", async () => {
  await withTempDir(async (dir) => {
    const pkgs = await packagesDir(dir);
    const whole = join(dir, "whole");
    const report = await solveOut(pkgs, whole);
    assert.deepEqual(await names(whole), [...SAME, "timings.jsonl"].sort());
    // The rows file is the --json report's rows without their seconds.
    const rows = await jsonl(join(whole, "solve_rows.jsonl"));
    assert.deepEqual(
      rows,
      report.rows.map(({ seconds: _, ...r }: Record<string, unknown>) => r),
    );
    assert.deepEqual(rows.map((r) => r.package), IDS.flatMap((id) => [id, id]));
    assert.deepEqual(rows.map((r) => r.budget), IDS.flatMap(() => [3, 7]));
    assert.deepEqual(rows.slice(2, 4).map((r) => [r.status, r.objective]), [
      ["optimal", 1],
      ["optimal", 3],
    ]);
    const csv = (await Deno.readTextFile(join(whole, "solve_rows.csv"))).split("\n");
    assert.equal(csv[0], "package,file,budget,k,status,objective,bound,gap,method,digest");
    assert.equal(
      csv[3],
      `two_units,${join(pkgs, "b_two_units.json")},3,1,optimal,1,1,0,bnb,${rows[2].digest}`,
    );
    assert.equal(csv.length, 12); // header, 10 rows, the final newline
    const summary = JSON.parse(await Deno.readTextFile(join(whole, "solve_summary.json")));
    assert.deepEqual(summary, {
      packages: 5,
      rows: 10,
      shard: null,
      settings: { budgets: [3, 7], solver: "auto", k: null, time_limit_ms: null },
      statuses: { optimal: 10, unverified: 0, time_limit: 0, no_certificate: 0 },
      warnings: [
        `package id 'vegetarian_to_pescatarian' is in both ${join(pkgs, "d_example.json")} and ${
          join(pkgs, "e_example_csv")
        } (both solved)`,
      ],
    });
    assert.deepEqual(summary.warnings, report.warnings);
    await assertFitsPublished("solve_summary", summary);
    const timings = await jsonl(join(whole, "timings.jsonl"));
    assert.deepEqual(
      timings.map((t) => Object.keys(t)),
      rows.map(() => ["package", "file", "budget", "seconds"]),
    );
    for (const n of [2, 6]) {
      const dirs = [...Array(n).keys()].map((i) => join(dir, `n${n}`, `s${i}`));
      const shards = await Promise.all(dirs.map((d, i) => solveOut(pkgs, d, `${i}/${n}`)));
      assert.deepEqual(shards.map((s) => s.packages), n === 2 ? [3, 2] : [1, 1, 1, 1, 1, 0]);
      assert.deepEqual(await names(dirs[1]), [...SAME, "shard.json", "timings.jsonl"].sort());
      const shardSummary = JSON.parse(await Deno.readTextFile(join(dirs[1], "solve_summary.json")));
      assert.equal(shardSummary.shard, `1/${n}`);
      await assertFitsPublished("solve_summary", shardSummary);
      const manifest = JSON.parse(await Deno.readTextFile(join(dirs[1], "shard.json")));
      assert.deepEqual([manifest.kind, manifest.units, manifest.unit_ids], [
        "solve",
        5,
        n === 2
          ? [join(pkgs, "b_two_units.json"), join(pkgs, "d_example.json")]
          : [join(pkgs, "b_two_units.json")],
      ]);
      // Every input's SHA-256: the JSON files and the CSV folder's tables.
      assert.equal(manifest.run.inputs.length, 4 + (await names(EXAMPLE_CSV)).length);
      // Shards given in reverse order.
      const merged = join(dir, `merged${n}`);
      const m = jsonOut(await memaudit(["merge", ...dirs.reverse(), "--out", merged, "--json"]));
      assert.deepEqual([m.kind, m.shards, m.units, m.rows], ["solve", n, 5, 10]);
      assert.deepEqual(m.files, {
        results: join(merged, "solve_rows.jsonl"),
        csv: join(merged, "solve_rows.csv"),
        timings: join(merged, "timings.jsonl"),
        summary: join(merged, "solve_summary.json"),
      });
      assert.deepEqual(await names(merged), [...SAME, "timings.jsonl"].sort());
      for (const f of SAME) {
        assert.deepEqual(
          await Deno.readFile(join(merged, f)),
          await Deno.readFile(join(whole, f)),
          `${f} merged from ${n} shards`,
        );
      }
      const key = (t: Record<string, unknown>) => [t.package, t.file, t.budget];
      assert.deepEqual((await jsonl(join(merged, "timings.jsonl"))).map(key), timings.map(key));
    }
  });
});

Deno.test("merge of solve shards refuses a missing shard, a shard twice, an edited file and other settings", async () => {
  await withTempDir(async (dir) => {
    const pkgs = await packagesDir(dir);
    const [s0, s1, other] = ["s0", "s1", "other"].map((s) => join(dir, s));
    await Promise.all([
      solveOut(pkgs, s0, "0/2"),
      solveOut(pkgs, s1, "1/2"),
      solveOut(pkgs, other, "1/2", "3,8"),
    ]);
    const out = join(dir, "merged");
    const missing = await memaudit(["merge", s0, "--out", out]);
    assertOneLine(missing, /expected all 2 shards: missing 1\/2$/);
    const twice = await memaudit(["merge", s0, s1, s0, "--out", out]);
    assertOneLine(twice, /expected each shard once: shard 0\/2 is both /);
    const mixed = await memaudit(["merge", s0, other, "--out", out]);
    assertOneLine(
      mixed,
      /other\/shard\.json: run\.flags\.budgets\[1\]: expected a shard of the same run as /,
    );
    const csv = join(s1, "solve_rows.csv");
    await Deno.writeTextFile(csv, (await Deno.readTextFile(csv)).replace("optimal", "optimaI"));
    const edited = await memaudit(["merge", s0, s1, "--out", out]);
    assertOneLine(edited, /s1\/solve_rows\.csv: .*edited after the shard was written$/);
    assert.equal(await Deno.stat(out).then(() => true, () => false), false, "nothing written");
  });
});

Deno.test("solve PACKAGE --out is refused: --out expects several packages or a folder", async () => {
  const r = await memaudit(["solve", EXAMPLE_CSV, "--budgets", "7", "--out", "unused"]);
  assertOneLine(r, /^memaudit solve: --out expects several packages or a folder of them /);
});

Deno.test("solve DIR --out over an earlier shard's folder drops its shard.json; a user's shard.json is refused before solving", async () => {
  await withTempDir(async (dir) => {
    const pkgs = await packagesDir(dir);
    const out = join(dir, "out");
    await solveOut(pkgs, out, "0/2");
    assert.deepEqual(await names(out), [...SAME, "shard.json", "timings.jsonl"].sort());
    // The whole run into the shard's folder: no stale manifest, so merge cannot take it as a shard.
    await solveOut(pkgs, out);
    assert.deepEqual(await names(out), [...SAME, "timings.jsonl"].sort());
    const rows = await jsonl(join(out, "solve_rows.jsonl"));
    assert.equal(rows.length, 10);
    // A shard.json that is not a solve shard's manifest: exit 2, one line, nothing written.
    const user = join(dir, "user");
    await Deno.mkdir(user);
    await Deno.writeTextFile(join(user, "shard.json"), '{"mine": true}\n');
    const r = await memaudit(["solve", pkgs, "--budgets", "3", "--out", user]);
    assertOneLine(
      r,
      /user\/shard\.json: expected a solve shard's manifest to replace, or nothing \(it is not one/,
    );
    assert.deepEqual(await names(user), ["shard.json"]);
    assert.equal(await Deno.readTextFile(join(user, "shard.json")), '{"mine": true}\n');
  });
});

Deno.test("SOLVE_SUMMARY.json() refuses a summary with a key it does not declare, naming the path", () => {
  const summary = batchSummary(
    { files: ["a.json"], budgets: null, solver: "auto", k: null, time_limit_ms: null },
    [],
    1,
  );
  assert.deepEqual(Object.keys(SOLVE_SUMMARY.json(summary)), Object.keys(summary));
  assert.throws(
    () => SOLVE_SUMMARY.json({ ...summary, settings: { ...summary.settings, files: [] } as never }),
    /^TypeError: solve_summary: settings: .*files/,
  );
});

Deno.test("solve A A B --out: the summary warns of A listed twice as --json does, and so does a merge of 2 shards", async () => {
  await withTempDir(async (dir) => {
    const a = join(dir, "a.json"), b = join(dir, "b.json");
    await Deno.writeTextFile(a, JSON.stringify(TWO_UNITS));
    await Deno.writeTextFile(b, JSON.stringify({ ...TWO_UNITS, budgets: [3, 7, 3] }));
    const run = (out: string, shard?: string) =>
      memaudit([
        "solve",
        a,
        a,
        b,
        "--out",
        join(dir, out),
        "--json",
        ...(shard === undefined ? [] : ["--shard", shard]),
      ]);
    const whole = jsonOut(await run("whole"));
    const want = [
      `${a} is listed 2 times (solved 2 times: its rows repeat)`,
      `${b}: budget 3 is in its budgets 2 times (solved 2 times: its rows repeat)`,
      `package id 'two_units' is in both ${a} and ${b} (both solved)`,
    ];
    assert.deepEqual(whole.warnings, want);
    const summary = JSON.parse(await Deno.readTextFile(join(dir, "whole", "solve_summary.json")));
    assert.deepEqual(summary.warnings, want);
    assert.equal(summary.rows, 7);
    // Shard 0 holds a and b, shard 1 the second a: neither sees a listed twice.
    const s0 = jsonOut(await run("s0", "0/2")), s1 = jsonOut(await run("s1", "1/2"));
    assert.deepEqual(s0.warnings, want.slice(1));
    assert.deepEqual(s1.warnings, []);
    const r = await memaudit([
      "merge",
      join(dir, "s1"),
      join(dir, "s0"),
      "--out",
      join(dir, "merged"),
    ]);
    assert.equal(r.code, 0, r.stderr);
    for (const f of SAME) {
      assert.equal(
        await Deno.readTextFile(join(dir, "merged", f)),
        await Deno.readTextFile(join(dir, "whole", f)),
        f,
      );
    }
  });
});

Deno.test("batchUnitIds() gives a path listed again an id no listed path has", () => {
  assert.deepEqual(batchUnitIds(["a.json", "a.json", "a.json#2"]), [
    "a.json",
    "a.json#3",
    "a.json#2",
  ]);
  assert.deepEqual(batchUnitIds(["b", "b", "b"]), ["b", "b#2", "b#3"]);
  assert.deepEqual(batchUnitIds(["c#2", "c", "c"]), ["c#2", "c", "c#3"]);
});

Deno.test("solve a.json a.json 'a.json#2' --shard I/3 --out: the three shards merge into the unsharded files", async () => {
  await withTempDir(async (dir) => {
    const a = join(dir, "a.json"), a2 = join(dir, "a.json#2");
    await Deno.writeTextFile(a, JSON.stringify(TWO_UNITS));
    await Deno.writeTextFile(a2, JSON.stringify({ ...TWO_UNITS, id: "two_units_2" }));
    const run = (out: string, shard?: string) =>
      memaudit([
        "solve",
        a,
        a,
        a2,
        "--out",
        join(dir, out),
        ...(shard === undefined ? [] : ["--shard", shard]),
      ]);
    for (const [out, shard] of [["whole"], ["s0", "0/3"], ["s1", "1/3"], ["s2", "2/3"]]) {
      const r = await run(out, shard);
      assert.equal(r.code, 0, r.stderr);
    }
    const r = await memaudit([
      "merge",
      ...["s0", "s1", "s2"].map((s) => join(dir, s)),
      "--out",
      join(dir, "merged"),
    ]);
    assert.equal(r.code, 0, r.stderr);
    for (const f of SAME) {
      assert.equal(
        await Deno.readTextFile(join(dir, "merged", f)),
        await Deno.readTextFile(join(dir, "whole", f)),
        f,
      );
    }
    const rows = await jsonl(join(dir, "merged", "solve_rows.jsonl"));
    assert.deepEqual(rows.map((x) => [x.file, x.budget]), [
      [a, 3],
      [a, 7],
      [a, 3],
      [a, 7],
      [a2, 3],
      [a2, 7],
    ]);
  });
});

Deno.test("solve PACKAGE... --out refuses a file in the way, or a folder where a file goes, before solving", async () => {
  await withTempDir(async (dir) => {
    const a = join(dir, "a.json");
    // Brute force beyond its limit: a solve that is reached fails with another message.
    await Deno.writeTextFile(
      a,
      JSON.stringify({
        ...TWO_UNITS,
        experiences: [...Array(21).keys()].map((i) => ({ id: `e${i}`, order: i })),
        candidates: [...Array(21).keys()].map((i) => ({
          id: `c${i}`,
          experience: `e${i}`,
          kind: "fact",
          cost: 1,
        })),
        coverage: [{ candidate: "c0", unit: "u1", value: 1 }, {
          candidate: "c1",
          unit: "u2",
          value: 1,
        }],
      }),
    );
    const b = join(dir, "b.json");
    await Deno.writeTextFile(b, JSON.stringify({ ...TWO_UNITS, id: "b" }));
    const file = join(dir, "file");
    await Deno.writeTextFile(file, "mine\n");
    const hasDir = join(dir, "has_dir");
    await Deno.mkdir(join(hasDir, "solve_rows.csv"), { recursive: true });
    const shardDir = join(dir, "shard_dir");
    await Deno.mkdir(join(shardDir, "timings.jsonl"), { recursive: true });
    const cases: [string[], RegExp][] = [
      [
        ["--out", file],
        /^memaudit solve: Cannot write .*file: expected a folder \(it or a parent is a file\)$/,
      ],
      [
        ["--out", join(file, "sub")],
        /^memaudit solve: Cannot write .*file\/sub: expected a folder \(it or a parent is a file\)$/,
      ],
      [
        ["--out", hasDir],
        /^memaudit solve: Cannot write .*has_dir\/solve_rows\.csv: expected a file, found a folder$/,
      ],
      [
        ["--out", shardDir, "--shard", "0/1"],
        /^memaudit solve: Cannot write .*shard_dir\/timings\.jsonl: expected a file, found a folder$/,
      ],
    ];
    for (const [flags, re] of cases) {
      const r = await memaudit(["solve", a, b, "--budgets", "3", "--solver", "brute", ...flags]);
      assertOneLine(r, re);
    }
    assert.equal(await Deno.readTextFile(file), "mine\n");
    assert.deepEqual(await names(hasDir), ["solve_rows.csv"]);
    assert.deepEqual(await names(shardDir), ["timings.jsonl"]);
  });
});

Deno.test("writeBatchOut() puts the inputs hashed when the packages were read in the run digest, not the files at write time", async () => {
  await withTempDir(async (dir) => {
    const a = join(dir, "a.json");
    await Deno.writeTextFile(a, JSON.stringify(TWO_UNITS));
    const inputs = await inputDigests([a]);
    // Edited while the batch solves: the rows are of the package as read.
    await Deno.writeTextFile(a, JSON.stringify({ ...TWO_UNITS, budgets: [3] }));
    const row = {
      package: "two_units",
      file: a,
      budget: 3,
      k: 1,
      status: "optimal" as const,
      objective: 1,
      bound: 1,
      gap: 0,
      method: "bnb",
      seconds: 0,
      digest: "d",
    };
    const out = join(dir, "s0");
    await writeBatchOut({
      dir: out,
      settings: { files: [a], budgets: [3], solver: "auto", k: null, time_limit_ms: null },
      perPackage: [[row]],
      shard: { index: 0, count: 1 },
      inputs,
    });
    const manifest = JSON.parse(await Deno.readTextFile(join(out, "shard.json")));
    assert.deepEqual(manifest.run.inputs, inputs);
    assert.notDeepEqual(await inputDigests([a]), inputs);
  });
});
