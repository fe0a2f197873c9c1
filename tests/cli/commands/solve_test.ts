/** `memaudit solve` through the real entry point (scripts/memaudit.ts) as a subprocess. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCsv as parse } from "../../../lib/deps.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const JSON_PKG = "data/examples/vegetarian_pescatarian.json";
const CSV_PKG = "data/examples/vegetarian_pescatarian_csv";

async function memaudit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    cwd: ROOT,
    args: ["run", "-A", "scripts/memaudit.ts", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Exit 2 with exactly one line on stderr, no stack trace, nothing on stdout. */
function assertOneLine(r: { code: number; stdout: string; stderr: string }, pattern: RegExp) {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, "");
  const lines = r.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /^\s+at /m);
  assert.match(lines[0], pattern);
}

Deno.test("memaudit solve certifies OPT = 3 with store e2.compound at B = 8 (text table)", async () => {
  const r = await memaudit(["solve", JSON_PKG, "--budgets", "2,8"]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.deepEqual(lines[0].split(/\s+/), [
    "budget",
    "status",
    "objective",
    "bound",
    "gap",
    "solver",
    "store",
    "cost",
  ]);
  assert.equal(lines.length, 4);
  assert.deepEqual(lines[3].trim().split(/\s+/), [
    "8",
    "optimal",
    "3",
    "3",
    "0",
    "bnb",
    "e2.compound",
    "7",
  ]);
});

Deno.test("memaudit solve --json prints one object per budget with the stable keys, same for the CSV folder", async () => {
  const [fromJson, fromCsv, milp, brute] = await Promise.all([
    memaudit(["solve", JSON_PKG, "--budgets", "2,8", "--json"]),
    memaudit(["solve", CSV_PKG, "--budgets", "2,8", "--json"]),
    memaudit(["solve", JSON_PKG, "--budgets", "8", "--json", "--solver", "milp"]),
    memaudit(["solve", JSON_PKG, "--budgets", "8", "--json", "--solver", "brute", "--k", "1"]),
  ]);
  for (const r of [fromJson, fromCsv, milp, brute]) assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse(fromJson.stdout);
  assert.deepEqual(rows, [
    {
      budget: 2,
      status: "optimal",
      objective: 0,
      bound: 0,
      gap: 0,
      solver: "bnb",
      store: [],
      cost: 0,
    },
    {
      budget: 8,
      status: "optimal",
      objective: 3,
      bound: 3,
      gap: 0,
      solver: "bnb",
      store: ["e2.compound"],
      cost: 7,
    },
  ]);
  assert.deepEqual(Object.keys(rows[0]), [
    "budget",
    "status",
    "objective",
    "bound",
    "gap",
    "solver",
    "store",
    "cost",
  ]);
  assert.deepEqual(JSON.parse(fromCsv.stdout), rows);
  const [m] = JSON.parse(milp.stdout);
  assert.deepEqual([m.solver, m.status, m.objective, m.store], ["milp", "optimal", 3, [
    "e2.compound",
  ]]);
  const [b] = JSON.parse(brute.stdout);
  assert.deepEqual([b.solver, b.objective], ["brute", 3]);
});

Deno.test("memaudit solve --csv prints a header and one row per budget", async () => {
  const r = await memaudit(["solve", CSV_PKG, "--budgets", "8", "--csv"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    'budget,status,objective,bound,gap,solver,store,cost\n8,optimal,3,3,0,bnb,"[""e2.compound""]",7\n',
  );
});

Deno.test("memaudit solve --csv keeps ids with ';' and ',' apart (the store column is a JSON array)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pkg = {
      schema_version: 1,
      id: "semicolons",
      experiences: [{ id: "e1", order: 0 }, { id: "e2", order: 1 }],
      candidates: [
        { id: "a;b", experience: "e1", kind: "fact", cost: 1 },
        { id: "c,d", experience: "e2", kind: "fact", cost: 1 },
      ],
      units: [{ id: "u1", family: "fact" }, { id: "u2", family: "fact" }],
      queries: [{ id: "q", importance: 1, required_units: ["u1", "u2"] }],
      weight_source: "queries",
      coverage: [{ candidate: "a;b", unit: "u1", value: 1 }, {
        candidate: "c,d",
        unit: "u2",
        value: 1,
      }],
    };
    const path = `${dir}/p.json`;
    await Deno.writeTextFile(path, JSON.stringify(pkg));
    const r = await memaudit(["solve", path, "--budgets", "2", "--csv"]);
    assert.equal(r.code, 0, r.stderr);
    const [, line] = r.stdout.trim().split("\n");
    const store = JSON.parse(parse(line)[0][6]);
    assert.deepEqual([...store].sort(), ["a;b", "c,d"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("memaudit solve refuses bad flags with exit 2 and one line on stderr", async () => {
  const cases: [string[], RegExp][] = [
    [["--bogus"], /^memaudit solve: Unknown option '--bogus'/],
    [["--budgets", "0"], /--budgets expects numbers > 0, got '0'/],
    [["--budgets", "2,x"], /--budgets expects numbers, got 'x'/],
    [["--budgets", "8,8"], /--budgets expects distinct numbers, got '8,8'/],
    [
      ["--budgets", "8", "--solver", "gurobi"],
      /--solver expects auto, bnb, milp or brute, got "gurobi"/,
    ],
    [["--budgets", "8", "--k", "0"], /--k expects an integer in \[1, \d+\], got '0'/],
    [["--budgets", "8", "--time-limit=-5"], /--time-limit expects a decimal integer, got '-5'/],
    [["--budgets", "8", "--json", "--csv"], /--json and --csv exclude each other/],
  ];
  const results = await Promise.all(
    cases.map(([flags]) => memaudit(["solve", JSON_PKG, ...flags])),
  );
  results.forEach((r, i) => assertOneLine(r, cases[i][1]));
  assertOneLine(
    await memaudit(["solve", "--budgets", "8"]),
    /expected one PACKAGE \(a JSON file or a CSV folder\), got 0/,
  );
});

Deno.test("memaudit solve names the file and the JSON path of a bad package (exit 2, one line)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_solve_" });
  try {
    const pkg = JSON.parse(await Deno.readTextFile(join(ROOT, JSON_PKG)));
    pkg.candidates[1].cost = -1;
    const bad = join(dir, "bad.json");
    await Deno.writeTextFile(bad, JSON.stringify(pkg));
    const missing = join(dir, "missing.json");
    const [r, m] = await Promise.all([
      memaudit(["solve", bad, "--budgets", "8"]),
      memaudit(["solve", missing, "--budgets", "8"]),
    ]);
    assertOneLine(r, new RegExp(`^memaudit solve: Cannot read ${bad}: candidates\\[1\\]\\.cost: `));
    assertOneLine(
      m,
      new RegExp(`^memaudit solve: Cannot read ${missing}: .*expected an existing file`),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("memaudit solve --help shows a worked example and exits 0", async () => {
  const r = await memaudit(["solve", "--help"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Usage: memaudit solve PACKAGE/);
  assert.match(
    r.stdout,
    /Example:\n {2}memaudit solve data\/examples\/vegetarian_pescatarian\.json --budgets 2,8/,
  );
});
