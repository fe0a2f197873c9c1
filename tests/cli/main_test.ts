/**
 * The `memaudit` command line through its real entry point (a subprocess
 * `deno run -A scripts/memaudit.ts ...`): every command's happy path, its
 * `--json` shape, `--help`, bad flags and bad files (exit 2, one line).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseCsv as parse } from "../../lib/base/deps/csv_parse.ts";
import { assertOneLine, EXAMPLE, EXAMPLE_CSV, memaudit, ROOT, withFlag } from "./_run.ts";
import { withTempDir as tempDir } from "../_tmp.ts";
import { assertFitsPublished } from "../_published_schema.ts";

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const COMMANDS = ["validate", "writers", "sweep", "merge", "natural"];

Deno.test("memaudit --help lists the commands; every COMMAND --help shows an example", async () => {
  const [overview, none, unknown, ...helps] = await Promise.all([
    memaudit(["--help"]),
    memaudit([]),
    memaudit(["frobnicate"]),
    ...COMMANDS.map((c) => memaudit([c, "--help"])),
    memaudit(["help", "merge"]),
  ]);
  assert.equal(overview.code, 0);
  for (const c of COMMANDS) assert.match(overview.stdout, new RegExp(`^  ${c} `, "m"));
  assert.match(overview.stdout, /Exit codes: 0 done, 1 a checked claim failed, 2 bad usage/);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /^Usage: memaudit COMMAND/);
  assertOneLine(unknown, /^memaudit: unknown command 'frobnicate'; expected one of validate, /);
  helps.forEach((h, i) => {
    assert.equal(h.code, 0, h.stderr);
    assert.equal(h.stderr, "");
    assert.match(h.stdout, /^Usage: /);
    assert.match(
      h.stdout,
      /Examples?:\n {2}(# .*\n {2})?(memaudit|for) /,
      COMMANDS[i] ?? "help merge",
    );
  });
  assert.equal(helps.at(-1)!.stdout, helps[3].stdout);
});

Deno.test("memaudit validate prints the counts of a JSON package and a CSV folder", async () => {
  await tempDir(async (dir) => {
    const [table, json, csv] = await Promise.all([
      memaudit(["validate", EXAMPLE]),
      memaudit(["validate", EXAMPLE_CSV, "--json", "--out", dir]),
      memaudit(["validate", EXAMPLE, "--csv"]),
    ]);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^field +value\n/);
    assert.match(table.stdout, /^coverage_rows +12$/m);
    assert.match(table.stdout, /^budgets +4, 8, 12, 21$/m);
    assert.equal(json.code, 0, json.stderr);
    const counts = JSON.parse(json.stdout);
    assert.deepEqual(counts, {
      package: EXAMPLE_CSV,
      form: "csv",
      id: "vegetarian_to_pescatarian",
      experiences: 2,
      candidates: 6,
      units: 5,
      queries: 3,
      coverage_rows: 12,
      budgets: [4, 8, 12, 21],
      weight_source: "queries",
      group_cap: 1,
    });
    assert.deepEqual(JSON.parse(await Deno.readTextFile(join(dir, "validate.json"))), counts);
    await assertFitsPublished("validate_report", counts);
    const cells = parse(csv.stdout) as string[][];
    assert.deepEqual(cells[0], ["field", "value"]);
    assert.deepEqual(cells.find((r) => r[0] === "weight_source"), ["weight_source", "queries"]);
  });
});

Deno.test("memaudit validate: a bad package, a bad CSV cell, a missing file, bad flags: exit 2, one line", async () => {
  await tempDir(async (dir) => {
    const pkg = JSON.parse(await Deno.readTextFile(EXAMPLE));
    pkg.candidates[2].cost = -1;
    const badJson = join(dir, "bad.json");
    await Deno.writeTextFile(badJson, JSON.stringify(pkg));
    const notJson = join(dir, "not.json");
    await Deno.writeTextFile(notJson, '{"schema_version": 1,');
    const badCsv = join(dir, "csv");
    await Deno.mkdir(badCsv);
    for (const e of Deno.readDirSync(EXAMPLE_CSV)) {
      await Deno.copyFile(join(EXAMPLE_CSV, e.name), join(badCsv, e.name));
    }
    const cands = await Deno.readTextFile(join(badCsv, "candidates.csv"));
    await Deno.writeTextFile(
      join(badCsv, "candidates.csv"),
      cands.replace("e1.raw,e1,raw,9", "e1.raw,e1,raw,nine"),
    );
    const runs = await Promise.all([
      memaudit(["validate", badJson]),
      memaudit(["validate", notJson]),
      memaudit(["validate", badCsv]),
      memaudit(["validate", join(dir, "missing.json")]),
      memaudit(["validate"]),
      memaudit(["validate", EXAMPLE, "--bogus"]),
      memaudit(["validate", EXAMPLE, "--json", "--csv"]),
    ]);
    const want = [
      new RegExp(`^memaudit validate: Cannot read ${badJson}: candidates\\[2\\]\\.cost: `),
      new RegExp(`^memaudit validate: Cannot read ${notJson}: `),
      new RegExp(
        `^memaudit validate: Cannot read ${badCsv}/candidates\\.csv: row \\d+, column cost: `,
      ),
      /^memaudit validate: Cannot read .*missing\.json: \(root\): expected an existing file$/,
      /^memaudit validate: expected one PACKAGE .* \(see memaudit validate --help\)$/,
      /^memaudit validate: Unknown option '--bogus'/,
      /^memaudit validate: --json and --csv exclude each other/,
    ];
    runs.forEach((r, i) => assertOneLine(r, want[i]));
  });
});

Deno.test("memaudit writers scores each writer against a certified OPT per budget", async () => {
  await tempDir(async (dir) => {
    const methods = "oracle_gvt,greedy,density_only,recency_raw";
    const [table, json] = await Promise.all([
      memaudit(["writers", EXAMPLE, "--budgets", "8,16", "--methods", methods]),
      memaudit([
        "writers",
        EXAMPLE,
        "--budgets",
        "4,8",
        "--methods",
        methods,
        "--json",
        "--out",
        dir,
      ]),
    ]);
    assert.equal(table.code, 0, table.stderr);
    const lines = table.stdout.trimEnd().split("\n");
    assert.match(
      lines[0],
      /^budget +method +value +cost +feasible +opt +certificate +ratio +flag$/,
    );
    assert.equal(lines.length, 2 + 2 * 4);
    assert.match(lines[2], /^ +8 +oracle_gvt +3 +7 +true +3 +optimal +1 +ok$/);
    assert.equal(json.code, 0, json.stderr);
    const res = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(res), ["package", "id", "k", "budgets"]);
    assert.equal(res.k, 1);
    assert.deepEqual(res.budgets.map((b: { budget: number }) => b.budget), [4, 8]);
    for (const b of res.budgets) {
      assert.deepEqual(Object.keys(b), ["budget", "opt", "writers"]);
      assert.equal(b.opt.status, "optimal");
      assert.equal(b.opt.certified, true);
      assert.equal(b.opt.gap, 0);
      assert.deepEqual(b.writers.map((w: { method: string }) => w.method), methods.split(","));
      for (const w of b.writers) {
        assert.deepEqual(Object.keys(w), [
          "method",
          "value",
          "cost",
          "feasible",
          "ratio",
          "flag",
          "reasons",
        ]);
        assert.ok(w.feasible && w.cost <= b.budget, JSON.stringify(w));
        assert.ok(w.ratio <= 1 && w.ratio >= 0, JSON.stringify(w));
        assert.equal(w.ratio, w.value / b.opt.value);
      }
    }
    const csv = parse(await Deno.readTextFile(join(dir, "writers.csv"))) as string[][];
    assert.equal(csv.length, 1 + 2 * 4);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(join(dir, "writers.json"))), res);
  });
});

Deno.test("memaudit writers: bad flags and a bad file: exit 2, one line", async () => {
  const runs = await Promise.all([
    memaudit(["writers", EXAMPLE, "--budgets", "x"]),
    memaudit(["writers", EXAMPLE, "--budgets", "0,2"]),
    memaudit(["writers", EXAMPLE, "--methods", "nope"]),
    memaudit(["writers", EXAMPLE, "--k", "0"]),
    memaudit(["writers", EXAMPLE, "--solver", "cplex"]),
    memaudit(["writers", join(ROOT, "deno.json"), "--budgets", "2"]),
  ]);
  const want = [
    /^memaudit writers: --budgets: expected a number > 0, got "x"/,
    /^memaudit writers: --budgets: expected a number > 0, got "0"/,
    /^memaudit writers: --methods: unknown writer 'nope'; expected ids among oracle_gvt, /,
    /^memaudit writers: --k: expected an integer >= 1, got "0"/,
    /^memaudit writers: --solver expects auto, bnb or milp, got 'cplex'/,
    /^memaudit writers: Cannot read .*deno\.json: /,
  ];
  runs.forEach((r, i) => assertOneLine(r, want[i]));
});

Deno.test("memaudit sweep as 4 shards, then memaudit merge: the files of one run", async () => {
  await tempDir(async (dir) => {
    const grid = [
      "--distributions",
      "base,density_trap",
      "--seeds",
      "7",
      "--budgets",
      "0.05,0.10",
      "--methods",
      "opt,oracle_gvt,greedy",
      "--workers",
      "1",
    ];
    const [whole, ...shards] = await Promise.all([
      memaudit(["sweep", ...grid, "--out", join(dir, "whole"), "--json"]),
      ...[0, 1, 2, 3].map((i) =>
        memaudit(["sweep", ...grid, "--shard", `${i}/4`, "--out", join(dir, `s${i}`), "--quiet"])
      ),
    ]);
    assert.equal(whole.code, 0, whole.stderr);
    const res = JSON.parse(whole.stdout);
    assert.deepEqual(
      Object.keys(res),
      ["out", "shard", "rows", "units", "resumed_units", "budgets", "files", "aggregates"],
    );
    assert.deepEqual([res.rows, res.units, res.shard], [14 * 2 * 3, 14, null]);
    assert.deepEqual(Object.keys(res.aggregates[0]), [
      "distribution",
      "budget",
      "method",
      "n",
      "mean_ratio_to_opt",
      "ci95_low",
      "ci95_high",
      "n_degenerate_opt",
    ]);
    assert.equal(res.aggregates.length, 2 * 2 * 3);
    for (const s of shards) assert.deepEqual([s.code, s.stdout, s.stderr], [0, "", ""]);
    const merged = await memaudit([
      "merge",
      ...[3, 2, 1, 0].map((i) => join(dir, `s${i}`)),
      "--out",
      join(dir, "merged"),
      "--json",
    ]);
    assert.equal(merged.code, 0, merged.stderr);
    assert.deepEqual(
      (({ shards, units, rows }) => [shards, units, rows])(JSON.parse(merged.stdout)),
      [4, 14, 84],
    );
    for (const f of ["raw_results.jsonl", "raw_results.csv", "summary.json"]) {
      assert.equal(await sha256(join(dir, "merged", f)), await sha256(join(dir, "whole", f)), f);
    }
    // A missing shard, a bad --shard, a missing --out: exit 2, one line.
    const bad = await Promise.all([
      memaudit([
        "merge",
        join(dir, "s0"),
        join(dir, "s1"),
        join(dir, "s3"),
        "--out",
        join(dir, "m2"),
      ]),
      memaudit(["merge", join(dir, "s0")]),
      memaudit(["sweep", ...grid, "--shard", "4/4", "--out", join(dir, "x")]),
      memaudit(["sweep", ...withFlag(grid, "--seeds", "1e3"), "--out", join(dir, "x")]),
      memaudit(["sweep", ...withFlag(grid, "--methods", "nope"), "--out", join(dir, "x")]),
      memaudit(["sweep", ...grid]),
    ]);
    const want = [
      /^memaudit merge: Cannot merge .*: expected all 4 shards: missing 2\/4$/,
      /^memaudit merge: --out DIR is required/,
      /^memaudit sweep: --shard expected a shard index I from 0 to 3, got '4\/4'/,
      /^memaudit sweep: --seeds: expected an integer in \[1, 10000000\], got "1e3"/,
      /^memaudit sweep: Cannot find sweep method 'nope'|^memaudit sweep: .*nope/,
      /^memaudit sweep: --out DIR is required/,
    ];
    bad.forEach((r, i) => assertOneLine(r, want[i]));
    assert.equal(await Deno.stat(join(dir, "m2")).catch(() => null), null);
    assert.equal(await Deno.stat(join(dir, "x")).catch(() => null), null);
  });
});

Deno.test("memaudit runs from a folder outside the repository", async () => {
  await tempDir(async (dir) => {
    const r = await memaudit(["validate", EXAMPLE, "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).candidates, 6);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  });
});

Deno.test("every command's summary is its line in memaudit --help (one home: lib/cli/summaries.ts)", async () => {
  const { COMMANDS } = await import("../../lib/cli/commands/registry.ts");
  const { SUMMARIES } = await import("../../lib/cli/summaries.ts");
  assert.deepEqual(Object.keys(SUMMARIES), Object.keys(COMMANDS).filter((n) => n in SUMMARIES));
  for (const [name, entry] of Object.entries(COMMANDS)) {
    if (!(name in SUMMARIES)) continue; // a test's own command
    const command = await entry.load();
    assert.equal(command.summary, entry.summary, name);
    assert.equal(command.name, name);
  }
});
