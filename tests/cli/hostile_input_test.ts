/**
 * Hostile command lines for every `memaudit` command: `--help` beside bad
 * flags, `--out` folders that cannot be written, and the like. Each case is
 * exit 0 with help, or exit 2 with one line on stderr and nothing on stdout.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  assertOneLine,
  EXAMPLE,
  HAVE_LOCOMO,
  memaudit,
  SMALL_NATURAL,
  smallLadder,
} from "./_run.ts";

/** Every command and subcommand that parses flags. */
const COMMAND_LINES = [
  ["validate"],
  ["writers"],
  ["solve"],
  ["store"],
  ["merge"],
  ["natural"],
  ["sweep"],
  ["scale", "score"],
  ["scale", "ladder"],
  ["scale", "simulate"],
  ["retention", "rr"],
  ["retention", "gating"],
  ["retention", "simulate"],
];

Deno.test("--help wins over a bad flag, a missing value and --json --csv, for every command", async () => {
  const runs = await Promise.all(
    COMMAND_LINES.flatMap((c) => [
      memaudit([...c, "--bogus", "--help"]),
      memaudit([...c, "--json", "--csv", "-h"]),
      memaudit([...c, "--help", "--out"]),
    ]),
  );
  for (const r of runs) {
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    assert.match(r.stdout, /^Usage: memaudit /);
  }
});

Deno.test("an --out that cannot be written: exit 2, one line, nothing on stdout, no file of the set", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_hostile_" });
  try {
    await Deno.writeTextFile(join(dir, "file"), "");
    await Deno.mkdir(join(dir, "blocked", "writers.csv"), { recursive: true });
    const [v, w, blocked] = await Promise.all([
      memaudit(["validate", EXAMPLE, "--out", join(dir, "file")]),
      memaudit(["writers", EXAMPLE, "--budgets", "8", "--quiet", "--out", join(dir, "file", "x")]),
      memaudit(["writers", EXAMPLE, "--budgets", "8", "--quiet", "--out", join(dir, "blocked")]),
    ]);
    assertOneLine(v, /^memaudit validate: Cannot write .*file: expected a folder/);
    assertOneLine(w, /^memaudit writers: Cannot write .*x: expected a folder/);
    assertOneLine(
      blocked,
      /^memaudit writers: .*writers\.csv: expected a file, found a folder/,
    );
    // writers.json comes first in the set: it must not be written when writers.csv cannot be.
    assert.deepEqual([...Deno.readDirSync(join(dir, "blocked"))].map((e) => e.name), [
      "writers.csv",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("merge names a shard of another kind as such", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_hostile_" });
  try {
    const [sweep, ret] = [join(dir, "sweep"), join(dir, "ret")];
    const runs = await Promise.all([
      memaudit([
        "sweep",
        "--seeds",
        "2",
        "--budgets",
        "0.1",
        "--shard",
        "0/2",
        "--quiet",
        "--out",
        sweep,
      ]),
      memaudit(["retention", "simulate", "--users", "2", "--shard", "1/2", "--out", ret]),
    ]);
    for (const r of runs) assert.equal(r.code, 0, r.stderr);
    assertOneLine(
      await memaudit(["merge", sweep, ret, "--out", join(dir, "m")]),
      /^memaudit merge: Cannot read .*ret\/shard\.json: kind: expected a sweep shard like .*sweep, found a retention-simulate shard$/,
    );
    assertOneLine(
      await memaudit(["merge", ret, sweep, "--out", join(dir, "m")]),
      /sweep\/shard\.json: kind: expected a retention-simulate shard like .*ret, found a sweep shard$/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an empty --out is refused by every command that writes (it wrote into the working folder, or /)", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "memaudit_hostile_cwd_" });
  try {
    const ladder = await smallLadder(cwd);
    const cases: [string[], RegExp][] = [
      [
        ["scale", "ladder", "--out", ""],
        /^memaudit scale: --out expects a folder path, got an empty string \(see memaudit scale ladder --help\)$/,
      ],
      [
        ["scale", "simulate", ladder, "--out", ""],
        /^memaudit scale: --out expects a file path, got an empty string/,
      ],
      [
        ["scale", "simulate", ladder, "--out", " ", "--shard", "0/2"],
        /^memaudit scale: --out expects a folder path/,
      ],
      [
        ["scale", "simulate", ladder],
        /^memaudit scale: --out FILE\.jsonl is required \(see memaudit scale simulate --help\)$/,
      ],
      [
        ["retention", "simulate", "--out", ""],
        /^memaudit retention: --out expects a folder path, got an empty string \(see memaudit retention simulate --help\)$/,
      ],
    ];
    const runs = await Promise.all(cases.map(([args]) => memaudit(args, { cwd })));
    runs.forEach((r, i) => assertOneLine(r, cases[i][1]));
    // Nothing but the ladder was written in the working folder.
    assert.deepEqual([...Deno.readDirSync(cwd)].map((e) => e.name), ["l"]);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("Object.prototype names are unknown commands and subcommands (were internal errors), and usage errors of a subcommand point to its help", async () => {
  const [top, help, scale, ret, score, gating, noSub] = await Promise.all([
    memaudit(["toString"]),
    memaudit(["help", "constructor"]),
    memaudit(["scale", "toString"]),
    memaudit(["retention", "hasOwnProperty"]),
    memaudit(["scale", "score", "--bogus"]),
    memaudit(["retention", "gating"]),
    memaudit(["scale"]),
  ]);
  assertOneLine(top, /^memaudit: unknown command 'toString'; expected one of validate,/);
  assert.equal(help.code, 0);
  assertOneLine(
    scale,
    /^memaudit scale: unknown subcommand 'toString'; expected one of score, ladder, recall, simulate \(see memaudit scale --help\)$/,
  );
  assertOneLine(
    ret,
    /^memaudit retention: unknown subcommand 'hasOwnProperty'; expected one of rr, gating, simulate/,
  );
  assertOneLine(
    score,
    /^memaudit scale: Unknown option '--bogus' \(see memaudit scale score --help\)$/,
  );
  assert.match(gating.stderr, /\(see memaudit retention gating --help\)\n$/);
  // A misspelt command or subcommand gets a "did you mean".
  const [cmd, scaleSub, retSub] = await Promise.all([
    memaudit(["valdate"]),
    memaudit(["scale", "scroe"]),
    memaudit(["retention", "gatng"]),
  ]);
  assertOneLine(
    cmd,
    /^memaudit: unknown command 'valdate' \(did you mean validate\?\); expected one of/,
  );
  assertOneLine(scaleSub, /^memaudit scale: unknown subcommand 'scroe' \(did you mean score\?\);/);
  assertOneLine(
    retSub,
    /^memaudit retention: unknown subcommand 'gatng' \(did you mean gating\?\);/,
  );
  // `memaudit help scale score` is the subcommand's help, not the list of subcommands.
  const sub = await memaudit(["help", "scale", "score"]);
  assert.deepEqual([sub.code, sub.stderr], [0, ""]);
  assert.match(sub.stdout, /^Usage: memaudit scale score FILE\.jsonl/);
  // No subcommand: bad usage, the overview on stderr (as `memaudit` alone).
  assert.deepEqual([noSub.code, noSub.stdout], [2, ""]);
  assert.match(noSub.stderr, /^Usage: memaudit scale SUBCOMMAND/);
});

Deno.test("writers: ratios do not change when every weight is scaled by 1e-12 or 1e12, or the arrays are permuted", async () => {
  const { generate } = await import("../../lib/generate/distributions.ts");
  const dir = await Deno.makeTempDir({ prefix: "memaudit_hostile_" });
  try {
    const pkg = generate("density_trap", 7) as unknown as Record<string, Record<string, unknown>[]>;
    const scaled = (c: number) => ({
      ...pkg,
      units: pkg.units.map((u) => ({ ...u, weight: (u.weight as number) * c })),
    });
    // A fixed permutation (reversal, then odd positions first) of every array.
    const mix = <T>(xs: T[]) =>
      [...xs].reverse().filter((_, i) => i % 2 === 1).concat(
        [...xs].reverse().filter((_, i) => i % 2 === 0),
      );
    const permuted = Object.fromEntries(
      Object.entries(pkg).map(([k, v]) => [k, Array.isArray(v) && k !== "budgets" ? mix(v) : v]),
    );
    const variants = { base: pkg, up: scaled(1e12), down: scaled(1e-12), permuted };
    const ratios: Record<string, Map<string, number | null>> = {};
    for (const [name, p] of Object.entries(variants)) {
      const file = join(dir, `${name}.json`);
      await Deno.writeTextFile(file, JSON.stringify(p));
      const r = await memaudit(["writers", file, "--budgets", "5,10,20", "--json", "--quiet"]);
      assert.equal(r.code, 0, r.stderr);
      const json = JSON.parse(r.stdout) as {
        budgets: { budget: number; writers: { method: string; ratio: number | null }[] }[];
      };
      ratios[name] = new Map(
        json.budgets.flatMap((b) => b.writers.map((w) => [`${b.budget}/${w.method}`, w.ratio])),
      );
    }
    for (const name of ["up", "down", "permuted"]) {
      assert.deepEqual([...ratios[name].keys()], [...ratios.base.keys()]);
      for (const [key, x] of ratios.base) {
        const y = ratios[name].get(key)!;
        assert.ok(
          x === null ? y === null : Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x)),
          `${name} ${key}: ${x} vs ${y}`,
        );
      }
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("list flags: Object.prototype names are unknown ids, and an empty list is refused (it ran nothing, exit 0)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_hostile_" });
  try {
    const ladder = await smallLadder(dir);
    const out = join(dir, "o");
    const cases: [string[], RegExp][] = [
      // Was an internal error ("storeIds is not iterable").
      [
        ["writers", EXAMPLE, "--methods", "toString"],
        /^memaudit writers: --methods: unknown writer 'toString'; expected ids among oracle_gvt,/,
      ],
      // Was exit 0 with rows of a writer 'toString' (no value).
      [
        ["natural", "--methods", "toString", "--out", out],
        /^memaudit natural: --methods: unknown writer 'toString'/,
      ],
      [
        ["natural", "--methods", ",", "--out", out],
        /^memaudit natural: --methods has an empty entry in ',': expected a word between commas/,
      ],
      [
        ["natural", "--conversations", "", "--out", out],
        /^memaudit natural: --conversations expects conversation ids/,
      ],
      // Was an internal error.
      [
        ["scale", "simulate", ladder, "--agents", "toString", "--out", join(dir, "t.jsonl")],
        /^memaudit scale: unknown simulator 'toString'; expected one of sim-single-shot,/,
      ],
      [
        ["scale", "simulate", ladder, "--agents", ",", "--out", join(dir, "t.jsonl")],
        /^memaudit scale: --agents expects simulator names among sim-single-shot,/,
      ],
    ];
    cases.push([
      ["store", "--locomo", "conv-26", "--store", EXAMPLE, "--locomo-data", ""],
      /^memaudit store: --locomo-data expects locomo8, locomo10 or a file path, got ''/,
    ]);
    const runs = await Promise.all(cases.map(([args]) => memaudit(args)));
    runs.forEach((r, i) => assertOneLine(r, cases[i][1]));
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["l"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "natural and merge write none of their files when one target is a folder",
  ignore: !HAVE_LOCOMO,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit_hostile_" });
    try {
      const nat = join(dir, "nat"), sweep = join(dir, "sweep");
      await Deno.mkdir(join(nat, "natural_summary.json"), { recursive: true });
      const shard = await memaudit([
        "sweep",
        "--seeds",
        "1",
        "--budgets",
        "0.1",
        "--shard",
        "0/1",
        "--quiet",
        "--out",
        sweep,
      ]);
      assert.equal(shard.code, 0, shard.stderr);
      const merged = join(dir, "merged");
      await Deno.mkdir(join(merged, "summary.json"), { recursive: true });
      const [n, m] = await Promise.all([
        memaudit([...SMALL_NATURAL, "--out", nat]),
        memaudit(["merge", sweep, "--out", merged]),
      ]);
      assertOneLine(
        n,
        /^memaudit natural: Cannot write .*natural_summary\.json: expected a file, found a folder$/,
      );
      assertOneLine(
        m,
        /^memaudit merge: Cannot write .*summary\.json: expected a file, found a folder$/,
      );
      // A scale-simulate shard: trajectories.jsonl was written before its manifest failed.
      const ladder = await smallLadder(dir), shard2 = join(dir, "shard");
      await Deno.mkdir(join(shard2, "shard.json"), { recursive: true });
      assertOneLine(
        await memaudit(["scale", "simulate", ladder, "--shard", "0/2", "--out", shard2]),
        /shard\.json: expected a file, found a folder$/,
      );
      assert.deepEqual([...Deno.readDirSync(shard2)].map((e) => e.name), ["shard.json"]);
      // natural_rows.jsonl and raw_results.* were written before the failure.
      assert.deepEqual([...Deno.readDirSync(nat)].map((e) => e.name), ["natural_summary.json"]);
      assert.deepEqual([...Deno.readDirSync(merged)].map((e) => e.name), ["summary.json"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
