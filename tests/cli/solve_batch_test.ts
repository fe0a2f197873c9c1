/**
 * `memaudit solve PACKAGE... | DIR` (lib/solve/batch.ts) through the real entry point: one row
 * per (package, budget), each equal to the one-package solve of the same file.
 */
import assert from "node:assert/strict";
import { assertFitsPublished } from "../_published_schema.ts";
import { join } from "node:path";
import fc from "fast-check";
import { arbPackage } from "../_arb.ts";
import { withTempDir } from "../_tmp.ts";
import { assertOneLine, EXAMPLE, EXAMPLE_CSV, jsonOut, memaudit, type Ran } from "./_run.ts";
import { TWO_UNITS } from "./_two_units.ts";

/** The row keys of --json and --csv, in order. */
const KEYS = [
  "package",
  "file",
  "budget",
  "k",
  "status",
  "objective",
  "bound",
  "gap",
  "method",
  "seconds",
  "digest",
];

/** A seeded small package of tests/_arb.ts (fast-check seed 29), id `arb29`. */
function arbInput(): Record<string, unknown> {
  const [{ input }] = fc.sample(arbPackage({ maxGroups: 4, maxUnits: 4 }), {
    seed: 29,
    numRuns: 1,
  });
  return { ...input, id: "arb29" };
}

/** Writes a folder of three packages (two JSON files, one CSV folder copy) and two other entries. */
async function batchDir(dir: string): Promise<string> {
  const d = join(dir, "pkgs");
  await Deno.mkdir(join(d, "csv_example"), { recursive: true });
  await Deno.mkdir(join(d, "empty"));
  await Deno.writeTextFile(join(d, "b_two_units.json"), JSON.stringify(TWO_UNITS));
  await Deno.writeTextFile(join(d, "a_arb.json"), JSON.stringify(arbInput()));
  await Deno.writeTextFile(join(d, "notes.txt"), "not a package\n");
  for await (const e of Deno.readDir(EXAMPLE_CSV)) {
    await Deno.copyFile(join(EXAMPLE_CSV, e.name), join(d, "csv_example", e.name));
  }
  return d;
}

/** A row without its timing (the only field that is not deterministic). */
function untimed(r: Record<string, unknown>): Record<string, unknown> {
  assert.equal(typeof r.seconds, "number");
  assert.ok((r.seconds as number) >= 0, String(r.seconds));
  const { seconds: _, ...rest } = r;
  return rest;
}

/** The one-package `solve --json` of `file` at `budgets`, as batch rows. */
async function single(file: string, budgets: string): Promise<Record<string, unknown>[]> {
  const rows = jsonOut(await memaudit(["solve", file, "--budgets", budgets, "--json"]));
  const id = file.endsWith("two_units.json")
    ? "two_units"
    : file.endsWith("arb.json")
    ? "arb29"
    : "vegetarian_to_pescatarian";
  return rows.map((c: Record<string, unknown>) => ({
    package: id,
    file,
    budget: c.budget,
    k: c.k,
    status: c.status,
    objective: c.objective,
    bound: c.bound,
    gap: c.gap,
    method: c.method,
    digest: c.package,
  }));
}

Deno.test("solve DIR solves every package file and CSV folder in name order, each as solve PACKAGE does", async () => {
  await withTempDir(async (dir) => {
    const d = await batchDir(dir);
    const r = await memaudit(["solve", d, "--budgets", "3,7", "--json"]);
    const report = jsonOut(r);
    assert.deepEqual(Object.keys(report), ["packages", "shard", "rows", "warnings"]);
    await assertFitsPublished("solve_batch_report", report);
    assert.equal(report.packages, 3);
    assert.equal(report.shard, null);
    const files = ["a_arb.json", "b_two_units.json", "csv_example"].map((f) => join(d, f));
    const want = [
      ...await single(files[0], "3,7"),
      ...await single(files[1], "3,7"),
      ...await single(files[2], "3,7"),
    ];
    for (const row of report.rows) assert.deepEqual(Object.keys(row), KEYS);
    assert.deepEqual(report.rows.map(untimed), want);
    // The hand-computed optima of two_units, and the example's (e2.tombstone alone at B = 3).
    assert.deepEqual(
      report.rows.map((x: Record<string, unknown>) => [x.package, x.budget, x.status, x.objective]),
      [
        ["arb29", 3, "optimal", want[0].objective],
        ["arb29", 7, "optimal", want[1].objective],
        ["two_units", 3, "optimal", 1],
        ["two_units", 7, "optimal", 3],
        ["vegetarian_to_pescatarian", 3, "optimal", 1],
        ["vegetarian_to_pescatarian", 7, "optimal", 3],
      ],
    );
    const warning =
      `${d}: not read (not a *.json file nor a CSV package folder): empty/, notes.txt`;
    assert.deepEqual(report.warnings, [warning]);
    assert.equal(r.stderr, `warning: ${warning}\n`);
  });
});

Deno.test("solve A B and solve B A give the same rows, in the order of the files", async () => {
  await withTempDir(async (dir) => {
    const d = await batchDir(dir);
    const a = join(d, "b_two_units.json");
    const [ab, ba] = await Promise.all([
      memaudit(["solve", a, EXAMPLE, "--budgets", "3,7", "--json"]),
      memaudit(["solve", EXAMPLE, a, "--budgets", "3,7", "--json"]),
    ]);
    const rowsAb = jsonOut(ab).rows.map(untimed), rowsBa = jsonOut(ba).rows.map(untimed);
    assert.deepEqual(rowsAb.map((x: Record<string, unknown>) => x.file), [a, a, EXAMPLE, EXAMPLE]);
    assert.deepEqual(rowsBa, [...rowsAb.slice(2), ...rowsAb.slice(0, 2)]);
    assert.deepEqual(jsonOut(ab).warnings, []);
  });
});

Deno.test("solve PACKAGE... without --budgets solves each package at its own budgets", async () => {
  await withTempDir(async (dir) => {
    const d = await batchDir(dir);
    const two = join(d, "b_two_units.json");
    const report = jsonOut(await memaudit(["solve", two, EXAMPLE_CSV, "--json"]));
    const own = JSON.parse(await Deno.readTextFile(EXAMPLE)).budgets;
    assert.deepEqual(
      report.rows.map((x: Record<string, unknown>) => [x.package, x.budget]),
      [
        ["two_units", 3],
        ["two_units", 7],
        ...own.map((b: number) => ["vegetarian_to_pescatarian", b]),
      ],
    );
  });
});

Deno.test("solve --shard I/N takes the packages at positions p mod N = I; the shards' rows make the whole", async () => {
  await withTempDir(async (dir) => {
    const d = await batchDir(dir);
    const runs = await Promise.all(
      [[], ["--shard", "0/2"], ["--shard", "1/2"], ["--shard", "3/4"]].map((s) =>
        memaudit(["solve", d, "--budgets", "7", "--json", "--solver", "bnb", ...s])
      ),
    );
    const [all, s0, s1, s3] = runs.map(jsonOut);
    const files = (rep: { rows: Record<string, unknown>[] }) => rep.rows.map((x) => x.file);
    assert.deepEqual(files(s0), [join(d, "a_arb.json"), join(d, "csv_example")]);
    assert.deepEqual(files(s1), [join(d, "b_two_units.json")]);
    assert.deepEqual([s0.shard, s1.shard, s0.packages, s1.packages], ["0/2", "1/2", 2, 1]);
    assert.deepEqual(
      [s0.rows[0], s1.rows[0], s0.rows[1]].map(untimed),
      all.rows.map(untimed),
    );
    assert.deepEqual(s3.rows, []);
    assert.equal(s3.warnings.at(-1), "shard 3/4 holds none of the 3 packages");
  });
});

Deno.test("solve DIR --workers 2 gives the rows of the main thread, in list order", async () => {
  await withTempDir(async (dir) => {
    const d = await batchDir(dir);
    const [one, two] = await Promise.all([
      memaudit(["solve", d, "--budgets", "3,7", "--json"]),
      memaudit(["solve", d, "--budgets", "3,7", "--json", "--workers", "2"]),
    ]);
    assert.equal(jsonOut(two).rows.length, 6);
    assert.deepEqual(jsonOut(two).rows.map(untimed), jsonOut(one).rows.map(untimed));
    assert.deepEqual(jsonOut(two).warnings, jsonOut(one).warnings);
  });
});

Deno.test("solve with one package id in two files warns and solves both", async () => {
  const r = await memaudit(["solve", EXAMPLE, EXAMPLE_CSV, "--budgets", "8", "--json"]);
  const report = jsonOut(r);
  const w =
    `package id 'vegetarian_to_pescatarian' is in both ${EXAMPLE} and ${EXAMPLE_CSV} (both solved)`;
  assert.deepEqual(report.warnings, [w]);
  assert.equal(r.stderr, `warning: ${w}\n`);
  assert.deepEqual(report.rows.map(untimed).map((x: Record<string, unknown>) => x.objective), [
    3,
    3,
  ]);
  assert.equal(report.rows[0].digest, report.rows[1].digest);
});

Deno.test("solve PACKAGE... --csv and the text table: one line per (package, budget)", async () => {
  await withTempDir(async (dir) => {
    const two = join(await batchDir(dir), "b_two_units.json");
    const [csv, table] = await Promise.all([
      memaudit(["solve", two, EXAMPLE, "--budgets", "7", "--csv"]),
      memaudit(["solve", two, EXAMPLE, "--budgets", "7"]),
    ]);
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.trimEnd().split("\n");
    assert.equal(lines[0], KEYS.join(","));
    assert.equal(lines.length, 3);
    assert.match(
      lines[1],
      new RegExp(`^two_units,${two},7,1,optimal,3,3,0,bnb,[0-9.e-]+,[0-9a-f]{64}$`),
    );
    assert.equal(table.code, 0, table.stderr);
    const t = table.stdout.trimEnd().split("\n");
    assert.deepEqual(t[0].split(/\s+/), KEYS.slice(0, -1));
    assert.equal(t.length, 4);
    assert.deepEqual(t[3].split(/\s+/).slice(0, -1), [
      "vegetarian_to_pescatarian",
      EXAMPLE,
      "7",
      "1",
      "optimal",
      "3",
      "3",
      "0",
      "bnb",
    ]);
  });
});

Deno.test("solve PACKAGE... with a bad package is exit 2 with one line naming it, nothing on stdout", async () => {
  await withTempDir(async (dir) => {
    const d = await batchDir(dir);
    const bad = join(d, "c_bad.json");
    await Deno.writeTextFile(bad, JSON.stringify({ ...TWO_UNITS, units: [{ id: "u1" }] }));
    const empty = join(dir, "none");
    await Deno.mkdir(empty);
    await Deno.writeTextFile(join(empty, "x.txt"), "");
    const nobudgets = join(dir, "nobudgets.json");
    await Deno.writeTextFile(nobudgets, JSON.stringify({ ...TWO_UNITS, budgets: [] }));
    const cases: [Promise<Ran>, RegExp][] = [
      [
        memaudit(["solve", d, "--budgets", "7"]),
        new RegExp(`^memaudit solve: Cannot read ${bad}: `),
      ],
      [
        memaudit(["solve", EXAMPLE, join(dir, "missing.json"), "--budgets", "7"]),
        /missing\.json: \(root\): expected an existing package file or folder$/,
      ],
      [
        memaudit(["solve", empty, "--budgets", "7"]),
        /none: \(root\): expected package files \(\*\.json\) or CSV package folders in it, found none \(not read: x\.txt; subfolders are not searched\)$/,
      ],
      [
        memaudit(["solve", EXAMPLE, nobudgets]),
        /nobudgets\.json: budgets: expected budgets: the package lists none and --budgets is not given$/,
      ],
      [
        memaudit(["solve", EXAMPLE, "--budgets", "7", "--shard", "0/2"]),
        /^memaudit solve: --shard expects several packages or a folder of them/,
      ],
      [memaudit(["solve", d, "--budgets", "7", "--shard", "2/2"]), /^memaudit solve: --shard /],
      [
        memaudit(["solve", EXAMPLE, "--budgets", "7", "--workers", "2"]),
        /^memaudit solve: --workers expects several packages or a folder of them/,
      ],
      [
        memaudit(["solve", d, "--budgets", "7", "--workers", "0"]),
        /^memaudit solve: --workers: expected an integer in \[1, 64\], got "0"/,
      ],
    ];
    const runs = await Promise.all(cases.map(([r]) => r));
    runs.forEach((r, i) => assertOneLine(r, cases[i][1]));
  });
});

Deno.test("data/schema/solve_batch_report.schema.json: the report's four keys, the rows' keys", async () => {
  const js = JSON.parse(await Deno.readTextFile("data/schema/solve_batch_report.schema.json"));
  assert.deepEqual(js.required, ["packages", "shard", "rows", "warnings"]);
  assert.deepEqual(Object.keys(js.properties.rows.items.properties), KEYS);
});

Deno.test("solve PACKAGE... draws a progress bar on stderr only when stderr is a terminal", async () => {
  const { command } = await import("../../lib/cli/commands/solve.ts");
  for (const isTerminal of [true, false]) {
    let out = "", err = "";
    const io = {
      stdout: (t: string) => void (out += t),
      stderr: (t: string) => void (err += t),
      isTerminal,
    };
    const code = await command.run([EXAMPLE, EXAMPLE, "--budgets", "8", "--json"], io);
    assert.equal(code, 0, err);
    assert.deepEqual(JSON.parse(out).rows.map((r: { objective: number }) => r.objective), [3, 3]);
    const bar = err.split("\n").filter((l) => !l.startsWith("warning: "));
    if (isTerminal) assert.match(bar.join("\n"), /solve \[.*\] 100% \| 2\/2 units/);
    else assert.deepEqual(bar, [""]);
  }
});
