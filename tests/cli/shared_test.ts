import assert from "node:assert/strict";
import { join } from "node:path";
import { UsageError } from "../../lib/cli/command.ts";
import {
  handleHelp,
  isDecimal,
  parseCommand,
  parseIntFlag,
  parseList,
  parseNumberList,
  parseProbabilityFlag,
  parseRealFlag,
  parseSeedFlag,
  parseShardFlag,
  readPackageArg,
  requireOutDir,
  runWithFlags,
  stringFlags,
  writeOutFiles,
} from "../../lib/cli/shared.ts";
import { InputError } from "../../lib/base/errors.ts";
import { EXAMPLE, EXAMPLE_CSV } from "./_run.ts";

Deno.test("parseNumberList() reads budget lists and names the flag and word it refuses", () => {
  assert.deepEqual(parseNumberList("--budgets", "2,5 10"), [2, 5, 10]);
  assert.deepEqual(parseNumberList("--budgets", "0.5,1e1"), [0.5, 10]);
  assert.deepEqual(parseNumberList("--x", "-1,0", { positive: false }), [-1, 0]);
  const bad: [string, object, RegExp][] = [
    ["", {}, /^--budgets: expected a number > 0, got ""$/],
    ["2,x", {}, /^--budgets: expected a number > 0, got "x"$/],
    ["0x10", {}, /got "0x10"/],
    ["Infinity", {}, /got "Infinity"/],
    ["2,0", {}, /^--budgets: expected a number > 0, got "0"$/],
    ["2.5", { integer: true }, /^--budgets: expected an integer > 0, got "2.5"$/],
    ["2,2", {}, /^--budgets: expected distinct numbers, got "2,2"$/],
    ["8,", {}, /--budgets has an empty entry in '8,'/],
  ];
  for (const [text, opts, re] of bad) {
    assert.throws(() => parseNumberList("--budgets", text, opts), (e) => {
      assert.ok(e instanceof UsageError);
      assert.match(e.message, re);
      return true;
    }, text);
  }
});

Deno.test("parseIntFlag(), parseList() and parseShardFlag() check their values", () => {
  assert.equal(parseIntFlag("--k", "3"), 3);
  assert.throws(
    () => parseIntFlag("--k", "-3"),
    /^UsageError: --k: expected an integer >= 1, got "-3"$/,
  );
  assert.throws(
    () => parseIntFlag("--k", "0"),
    /^UsageError: --k: expected an integer >= 1, got "0"$/,
  );
  assert.throws(
    () => parseIntFlag("--k", "9", 1, 8),
    /^UsageError: --k: expected an integer in \[1, 8\], got "9"$/,
  );
  assert.deepEqual(parseList(" a, b  c"), ["a", "b", "c"]);
  assert.deepEqual(parseList("  "), []);
  for (const text of ["8,", "a,,b", ",a", "a, ,b"]) {
    assert.throws(
      () => parseList(text, "--budgets"),
      (e) =>
        e instanceof UsageError &&
        e.message === `--budgets has an empty entry in '${text}': expected a word between commas`,
      text,
    );
  }
  assert.equal(parseShardFlag(undefined), undefined);
  assert.deepEqual(parseShardFlag("2/3"), { index: 2, count: 3 });
  assert.throws(
    () => parseShardFlag("3/3"),
    (e) => e instanceof UsageError && /^--shard /.test(e.message),
  );
});

Deno.test("readPackageArg() reads a JSON file or a CSV folder, and names a missing file", async () => {
  const json = await readPackageArg(EXAMPLE);
  const csv = await readPackageArg(EXAMPLE_CSV);
  assert.equal(json.form, "json");
  assert.equal(csv.form, "csv");
  assert.deepEqual(csv.pkg.budgets, json.pkg.budgets);
  assert.equal(csv.pkg.candidates.length, 6);
  await assert.rejects(readPackageArg("/nonexistent/p.json"), (e) => {
    assert.ok(e instanceof InputError);
    assert.equal(e.file, "/nonexistent/p.json");
    return true;
  });
});

Deno.test("writeOutFiles() writes every file whole and leaves no temporary file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_out_" });
  try {
    const out = join(dir, "a", "b");
    const paths = await writeOutFiles(out, { "x.json": "{}\n", "y.csv": "a\n1\n" });
    assert.deepEqual(paths, [join(out, "x.json"), join(out, "y.csv")]);
    assert.equal(await Deno.readTextFile(paths[1]), "a\n1\n");
    assert.deepEqual([...Deno.readDirSync(out)].map((e) => e.name).sort(), ["x.json", "y.csv"]);
    await Deno.writeTextFile(join(dir, "file"), "");
    await assert.rejects(writeOutFiles(join(dir, "file"), { "z": "" }), InputError);
    await assert.rejects(writeOutFiles(" ", { "z": "" }), UsageError);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("handleHelp() prints the help for --help and -h only", () => {
  let out = "";
  const io = { stdout: (t: string) => void (out += t), stderr() {}, isTerminal: false };
  assert.equal(handleHelp(["x"], io, "H"), false);
  assert.equal(out, "");
  assert.equal(handleHelp(["x", "-h"], io, "H"), true);
  assert.equal(handleHelp(["--help"], io, "H\n"), true);
  assert.equal(out, "H\nH\n");
});

Deno.test("parseCommand() prints help or parses the flags, OUTPUT_FLAGS and the output form", () => {
  let out = "";
  const io = { stdout: (t: string) => void (out += t), stderr() {}, isTerminal: false };
  const flags = { ...stringFlags("out", "k"), quiet: { type: "boolean", default: false } } as const;
  assert.deepEqual(stringFlags("a", "b"), { a: { type: "string" }, b: { type: "string" } });
  const cmd = parseCommand(["p", "--k", "3", "--csv"], io, "H", flags);
  assert.deepEqual(cmd?.positionals, ["p"]);
  assert.equal(cmd?.values.k, "3");
  assert.equal(cmd?.values.quiet, false);
  assert.equal(cmd?.form, "csv");
  assert.equal(parseCommand([], io, "H", flags)?.form, "table");
  assert.throws(() => parseCommand(["--json", "--csv"], io, "H", flags), UsageError);
  assert.throws(() => parseCommand(["p"], io, "H", flags, { positionals: false }), UsageError);
  // An empty argument is no path.
  assert.throws(
    () => parseCommand(["p", " "], io, "H", flags),
    /^UsageError: expected a path, got an empty argument ''$/,
  );
  // Help wins over a bad flag, a missing value and --json --csv.
  assert.equal(parseCommand(["--bogus", "-h"], io, "H", flags), null);
  assert.equal(parseCommand(["--help", "--k"], io, "H\n", flags, { positionals: false }), null);
  assert.equal(parseCommand(["--json", "--csv", "--help"], io, "H", flags), null);
  assert.equal(out, "H\nH\nH\n");
  // A negative number after a flag that takes a value is its value (the command checks it);
  // after "--" it is a positional.
  assert.equal(parseCommand(["--k", "-3"], io, "H", flags)?.values.k, "-3");
  assert.deepEqual(parseCommand(["--k", "1", "--", "-3"], io, "H", flags)?.positionals, ["-3"]);
  assert.throws(() => parseCommand(["--quiet", "-3"], io, "H", flags), /Unknown option '-3'/);
  // A flag that takes a value given twice is refused (parseArgs would keep the last one).
  assert.throws(
    () => parseCommand(["--k", "2", "--k=3"], io, "H", flags),
    /^UsageError: --k given twice \('2' and '3'\): expected it once$/,
  );
  assert.equal(
    parseCommand(["--quiet", "--quiet", "--json", "--json"], io, "H", flags)?.form,
    "json",
  );
});

Deno.test("runWithFlags() returns 0 after help, else the body's code; requireOutDir() checks --out", async () => {
  let out = "";
  const io = { stdout: (t: string) => void (out += t), stderr() {}, isTerminal: false };
  const run = runWithFlags("H", stringFlags("out"), ({ values, form }) => {
    out += `${values.out} ${form}\n`;
    return Promise.resolve(7);
  });
  assert.equal(await run(["--help"], io), 0);
  assert.equal(await run(["--out", "d", "--json"], io), 7);
  assert.equal(out, "H\nd json\n");
  await assert.rejects(run(["--bogus"], io), UsageError);
  assert.equal(requireOutDir("d"), "d");
  assert.throws(() => requireOutDir(undefined), /^UsageError: --out DIR is required$/);
  assert.throws(() => requireOutDir(" "), /--out expects a folder path, got an empty string/);
});

Deno.test("isDecimal() takes signed decimals with exponents, not what else Number() takes; parseSeedFlag()", () => {
  for (const w of ["2", "-0", "+5", ".5", "5.", "1e3", "1E-3"]) assert.equal(isDecimal(w), true, w);
  for (const w of ["", " ", " 5", "0x10", "0b1", "Infinity", "NaN", "1e", "1_000", "٣"]) {
    assert.equal(isDecimal(w), false, w);
  }
  assert.equal(parseSeedFlag(undefined, 0), 0);
  assert.equal(parseSeedFlag("-7", 0), -7);
  assert.equal(parseSeedFlag("abc", 0), "abc");
  // Beyond 2^53 a number would round onto another seed: kept as text.
  assert.equal(parseSeedFlag("99999999999999999999", 0), "99999999999999999999");
  assert.throws(
    () => parseSeedFlag(" ", 0),
    /^UsageError: --seed: expected an integer or a word, got " "$/,
  );
});

Deno.test("textTable() shows numbers below 0.001 in 4 significant digits and from 1e11 on in full", async () => {
  const { textTable } = await import("../../lib/cli/command.ts");
  const values = [1e-12, -3e-7, 0.5, 0, 0.00004, 7.313e-5, 8.857e-5, 2.032e-4, 0.001, 0.01234];
  const big = [200000000000000.6, 99999999999.12345];
  const t = textTable(["b"], [...values, ...big].map((b) => ({ b })));
  assert.deepEqual(t.split("\n").slice(2, 14).map((s) => s.trim()), [
    "1.000e-12",
    "-3.000e-7",
    "0.5000",
    "0",
    "0.00004000",
    "0.00007313", // was 0.0001
    "0.00008857", // was 0.0001
    "0.0002032", // was 0.0002
    "0.0010",
    "0.0123",
    "200000000000000.6", // was 200000000000000.5938
    "99999999999.1234",
  ]);
});

Deno.test("textTable() writes a control character of a text escaped, so a row stays one line", async () => {
  const { textTable } = await import("../../lib/cli/command.ts");
  const t = textTable(["agent", "n"], [{ agent: "a\nb\u001b[31mRED", n: 1 }]);
  assert.equal(t, "agent              n\n-----------------  -\na\\nb\\u001b[31mRED  1\n");
});

Deno.test("parseRealFlag() and parseProbabilityFlag() take plain decimals in range and refuse in one wording", () => {
  assert.equal(parseRealFlag("--llm-timeout", "2.5", 0, Infinity, { open: true }), 2.5);
  assert.equal(parseRealFlag("--x", "0", 0), 0);
  assert.equal(parseRealFlag("--x", "1e1", 0, 10), 10);
  assert.throws(
    () => parseRealFlag("--llm-timeout", "0", 0, Infinity, { open: true }),
    /^UsageError: --llm-timeout: expected a number > 0, got "0"$/,
  );
  assert.throws(
    () => parseRealFlag("--x", "11", 0, 10),
    /^UsageError: --x: expected a number in \[0, 10\], got "11"$/,
  );
  assert.throws(
    () => parseRealFlag("--x", " 5 ", 0),
    /^UsageError: --x: expected a number >= 0, got " 5 "$/,
  );
  for (const [text, x] of [["0", 0], [".5", 0.5], ["1", 1], ["7e-1", 0.7]] as const) {
    assert.equal(parseProbabilityFlag("--alpha", text), x);
  }
  for (const text of ["1.01", "-0.1", "NaN", "0x1", "", "\n"]) {
    assert.throws(
      () => parseProbabilityFlag("--alpha", text),
      (e) =>
        e instanceof UsageError &&
        e.message === `--alpha: expected a probability in [0, 1], got ${JSON.stringify(text)}` &&
        !e.message.includes("\n"),
      text,
    );
  }
});
