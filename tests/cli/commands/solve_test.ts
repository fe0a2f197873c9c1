/** `memaudit solve` through the real entry point (scripts/memaudit.ts) as a subprocess. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCsv as parse } from "../../../lib/base/deps/csv_parse.ts";
import { readPackageJson } from "memaudit";
import { packageHash } from "memaudit/generate";
import { assertFitsPublished } from "../../_published_schema.ts";

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

const KEYS = [
  "budget",
  "k",
  "status",
  "objective",
  "bound",
  "gap",
  "method",
  "tolerance",
  "solver",
  "store",
  "cost",
  "package",
];

Deno.test("memaudit solve certifies OPT = 3 with store e2.compound at B = 8 (text table)", async () => {
  const r = await memaudit(["solve", JSON_PKG, "--budgets", "2,8"]);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trimEnd().split("\n");
  assert.deepEqual(lines[0].split(/\s+/), KEYS);
  assert.equal(lines.length, 4);
  const row = Object.fromEntries(
    lines[3].trim().split(/\s+/).map((v, i) => [KEYS[i], v]),
  );
  assert.deepEqual(
    [row.budget, row.status, row.objective, row.bound, row.gap, row.method, row.store, row.cost],
    ["8", "optimal", "3", "3", "0", "bnb", "e2.compound", "7"],
  );
  assert.match(row.package, /^[0-9a-f]{64}$/);
});

Deno.test("memaudit solve --json says what was proved: store, F, bound, gap, method, tolerance, package", async () => {
  const [fromJson, fromCsv, milp, brute] = await Promise.all([
    memaudit(["solve", JSON_PKG, "--budgets", "2,8", "--json"]),
    memaudit(["solve", CSV_PKG, "--budgets", "2,8", "--json"]),
    memaudit(["solve", JSON_PKG, "--budgets", "8", "--json", "--solver", "milp"]),
    memaudit(["solve", JSON_PKG, "--budgets", "8", "--json", "--solver", "brute", "--k", "1"]),
  ]);
  for (const r of [fromJson, fromCsv, milp, brute]) assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse(fromJson.stdout);
  await assertFitsPublished("solve_report", rows);
  const digest = packageHash(await readPackageJson(join(ROOT, JSON_PKG)));
  assert.deepEqual(rows.map((r: Record<string, unknown>) => ({ ...r, tolerance: 0 })), [
    {
      budget: 2,
      k: 1,
      status: "optimal",
      objective: 0,
      bound: 0,
      gap: 0,
      method: "bnb",
      tolerance: 0,
      solver: "bnb",
      store: [],
      cost: 0,
      package: digest,
    },
    {
      budget: 8,
      k: 1,
      status: "optimal",
      objective: 3,
      bound: 3,
      gap: 0,
      method: "bnb",
      tolerance: 0,
      solver: "bnb",
      store: ["e2.compound"],
      cost: 7,
      package: digest,
    },
  ]);
  assert.deepEqual(Object.keys(rows[0]), KEYS);
  // The exact search's tie tolerance: 1e-12 of the value scale, relative to the bound.
  assert.ok(rows[1].tolerance > 0 && rows[1].tolerance < 1e-11, String(rows[1].tolerance));
  assert.equal(rows[0].tolerance, 0);
  assert.deepEqual(JSON.parse(fromCsv.stdout), rows);
  const [m] = JSON.parse(milp.stdout);
  assert.deepEqual([m.solver, m.status, m.method, m.objective, m.gap, m.store], [
    "milp",
    "optimal",
    "milp+bnb",
    3,
    0,
    ["e2.compound"],
  ]);
  const [b] = JSON.parse(brute.stdout);
  assert.deepEqual([b.solver, b.method, b.objective], ["brute", "brute", 3]);
});

Deno.test("memaudit solve --csv prints a header and one row per budget", async () => {
  const r = await memaudit(["solve", CSV_PKG, "--budgets", "8", "--csv"]);
  assert.equal(r.code, 0, r.stderr);
  const [head, line, end] = r.stdout.split("\n");
  assert.equal(head, KEYS.join(","));
  assert.match(line, /^8,1,optimal,3,3,0,bnb,[0-9.e-]+,bnb,"\[""e2\.compound""\]",7,[0-9a-f]{64}$/);
  assert.equal(end, "");
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
    const store = JSON.parse(parse(line)[0][9]);
    assert.deepEqual([...store].sort(), ["a;b", "c,d"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("memaudit solve refuses bad flags with exit 2 and one line on stderr", async () => {
  const cases: [string[], RegExp][] = [
    [["--bogus"], /^memaudit solve: Unknown option '--bogus'/],
    [["--budgets", "0"], /--budgets: expected a number > 0, got "0"/],
    [["--budgets", "2,x"], /--budgets: expected a number > 0, got "x"/],
    [["--budgets", "8,8"], /--budgets: expected distinct numbers, got "8,8"/],
    [
      ["--budgets", "8", "--solver", "gurobi"],
      /--solver expects auto, bnb, milp or brute, got 'gurobi'/,
    ],
    [["--budgets", "8", "--k", "0"], /--k: expected an integer >= 1, got "0"/],
    [
      ["--budgets", "8", "--time-limit=-5"],
      /--time-limit: expected an integer >= 0, got "-5"/,
    ],
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

Deno.test("memaudit solve DIR --out DIR is refused before solving (its summary would be read as a package next run)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pkgs = join(dir, "pkgs");
    await Deno.mkdir(pkgs);
    await Deno.copyFile(join(ROOT, JSON_PKG), join(pkgs, "a.json"));
    await Deno.copyFile(join(ROOT, JSON_PKG), join(pkgs, "b.json"));
    for (const out of [pkgs, `${pkgs}/`, join(pkgs, ".")]) {
      const r = await memaudit(["solve", pkgs, "--budgets", "8", "--out", out]);
      assertOneLine(
        r,
        /^memaudit solve: --out .* is the package folder .*pkgs: its files would be read as packages or package files; expected another folder/,
      );
    }
    const csv = join(dir, "csv");
    await Deno.mkdir(csv);
    for await (const e of Deno.readDir(join(ROOT, CSV_PKG))) {
      await Deno.copyFile(join(ROOT, CSV_PKG, e.name), join(csv, e.name));
    }
    const r = await memaudit(["solve", join(pkgs, "a.json"), csv, "--budgets", "8", "--out", csv]);
    assertOneLine(r, /^memaudit solve: --out .*csv is the package folder .*csv: /);
    // Inside a CSV package (its files are hashed into a shard's run digest: shards would differ).
    for (const args of [[join(pkgs, "a.json"), csv], [dir]]) {
      const r = await memaudit([
        "solve",
        ...args,
        "--budgets",
        "8",
        "--shard",
        "0/2",
        "--out",
        join(csv, "s0"),
      ]);
      assertOneLine(r, /^memaudit solve: --out .*s0 is inside the package folder .*csv: /);
    }
    const left: string[] = [];
    for await (const e of Deno.readDir(pkgs)) left.push(e.name);
    assert.deepEqual(left.sort(), ["a.json", "b.json"]);
    const csvLeft: string[] = [];
    for await (const e of Deno.readDir(csv)) csvLeft.push(e.name);
    assert.equal(csvLeft.length, 6);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("memaudit solve A B --solver brute over the enumeration limit: exit 2 and the same line naming A with --workers 1 and 2", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // 21 experiences of one candidate each: 2^21 stores, above brute's limit of 2,000,000.
    const big = {
      schema_version: 1,
      id: "big",
      weight_source: "explicit",
      experiences: [...Array(21).keys()].map((i) => ({ id: `e${i}`, order: i })),
      candidates: [...Array(21).keys()].map((i) => ({
        id: `c${i}`,
        experience: `e${i}`,
        kind: "fact",
        cost: 1,
      })),
      units: [{ id: "u", family: "fact", weight: 1 }],
      coverage: [{ candidate: "c0", unit: "u", value: 1 }],
    };
    const a = join(dir, "a.json");
    await Deno.writeTextFile(a, JSON.stringify(big));
    const lines: string[] = [];
    for (const workers of ["1", "2"]) {
      const r = await memaudit([
        "solve",
        a,
        join(ROOT, JSON_PKG),
        "--budgets",
        "3",
        "--solver",
        "brute",
        "--workers",
        workers,
      ]);
      assertOneLine(r, /^memaudit solve: Cannot solve .*a\.json: Cannot enumerate: 2097152 stores/);
      lines.push(r.stderr);
    }
    // One package alone is named the same way (it was "Cannot enumerate: ..." without the file).
    const alone = await memaudit(["solve", a, "--budgets", "3", "--solver", "brute"]);
    lines.push(alone.stderr);
    assert.equal(lines[0], lines[1]);
    assert.equal(lines[0], lines[2]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("memaudit solve PACKAGE whose own budgets repeat one solves each and warns on stderr (it was silent)", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pkg = JSON.parse(await Deno.readTextFile(join(ROOT, JSON_PKG)));
    const path = join(dir, "rep.json");
    await Deno.writeTextFile(path, JSON.stringify({ ...pkg, budgets: [2, 8, 2] }));
    const r = await memaudit(["solve", path, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as { budget: number }[];
    assert.deepEqual(rows.map((x) => x.budget), [2, 8, 2]);
    assert.equal(
      r.stderr,
      `warning: ${path}: budget 2 is in its budgets 2 times (solved 2 times: its rows repeat)\n`,
    );
    const once = await memaudit(["solve", JSON_PKG, "--json"]);
    assert.equal(once.stderr, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
