import assert from "node:assert/strict";
import { checkFlags, flagOptions, type FlagTable, optionsHelp } from "../../lib/cli/flag_table.ts";

const T = {
  store: { type: "string", value: "FILE", help: "the store file", required: true },
  format: {
    type: "string",
    value: "F",
    help: "the format",
    choices: ["auto", "x"],
    default: "auto",
  },
  adjudicator: {
    type: "string",
    value: "SPEC",
    help: "coverage: lexical or imported:FILE",
    choices: ["lexical", "imported:FILE"],
  },
  "per-memory": { type: "boolean", help: "list memories" },
} as const satisfies FlagTable;

Deno.test("flagOptions() gives parseArgs its types and defaults, in table order", () => {
  assert.deepEqual(flagOptions(T), {
    store: { type: "string" },
    format: { type: "string", default: "auto" },
    adjudicator: { type: "string" },
    "per-memory": { type: "boolean" },
  });
});

Deno.test("optionsHelp() prints each flag with its value, choices, default and [required]", () => {
  assert.equal(
    optionsHelp(T, [["-h, --help", "this text"]], 24, 60),
    "  --store FILE          the store file [required]\n" +
      "  --format F            the format: auto | x (default auto)\n" +
      "  --adjudicator SPEC    coverage: lexical or imported:FILE\n" +
      "  --per-memory          list memories\n" +
      "  -h, --help            this text\n",
  );
  // A long help wraps under its column; a long flag puts its help on the next line.
  const long = optionsHelp(
    { "a-very-long-flag-name": { type: "string", value: "X", help: "w ".repeat(30) } },
    [],
    24,
    40,
  );
  assert.equal(
    long,
    "  --a-very-long-flag-name X\n" +
      `${" ".repeat(24)}w w w w w w w w\n`.repeat(3) +
      `${" ".repeat(24)}w w w w w w\n`,
  );
});

Deno.test("checkFlags() refuses a missing required flag and a value off its choices", () => {
  checkFlags(T, { store: "s", format: "x", adjudicator: "imported:a.csv" });
  assert.throws(() => checkFlags(T, {}), /^UsageError: --store FILE is required$/);
  assert.throws(
    () => checkFlags(T, { store: "s", format: "csv" }),
    /^UsageError: --format expects auto or x, got 'csv'$/,
  );
  assert.throws(
    () => checkFlags(T, { store: "s", adjudicator: "imported:" }),
    /--adjudicator expects lexical or imported:FILE, got 'imported:'/,
  );
});

Deno.test("flagOptions() marks a repeatable flag multiple: parseArgs then gives a list", () => {
  const R = {
    retrieval: { type: "string", value: "LABEL=LOG", help: "a rung", multiple: true },
  } as const satisfies FlagTable;
  assert.deepEqual(flagOptions(R), { retrieval: { type: "string", multiple: true } });
  checkFlags(R, { retrieval: ["a=x", "b=y"] });
});

Deno.test("a flag without a type takes a value (string), as one with type string", () => {
  const S = { out: { value: "DIR", help: "the folder" } } as const satisfies FlagTable;
  assert.deepEqual(flagOptions(S), { out: { type: "string" } });
  assert.equal(optionsHelp(S, [], 14, 60), "  --out DIR   the folder\n");
});
