/**
 * Tests mirror lib/ (docs/ARCHITECTURE.md, issue 27 item 4): the tests of `lib/<path>.ts` are in
 * `tests/<path>_test.ts`. A test file that mirrors no lib file sits in one of the declared
 * cross-cutting folders; every other `.ts` under tests/ is a `_name.ts` helper.
 */
import assert from "node:assert/strict";
import { ROOT, tsFiles } from "../_imports.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The cross-cutting folders of tests/ and what each holds. */
const DECLARED: Record<string, string> = {
  properties: "property-based cross-checks",
  hostile: "bad and extreme input suites",
  cli: "whole-command tests through the CLI (tests/cli/commands/ mirrors lib/cli/commands/)",
  structure: "repository checks: import graph, entry points, long functions, docs, notebooks",
};

/**
 * The problems of a test tree: `files` are root-relative paths under tests/ (fixtures left out),
 * `isLib` says whether a root-relative lib path exists. Returns one line per misplaced file.
 */
function layoutProblems(files: string[], isLib: (path: string) => boolean): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const rel = file.slice("tests/".length);
    const base = rel.split("/").pop()!;
    if (!file.endsWith("_test.ts")) {
      if (!base.startsWith("_")) {
        problems.push(`${file}: neither a *_test.ts nor a _name.ts helper`);
      }
      continue;
    }
    const lib = `lib/${rel.slice(0, -"_test.ts".length)}.ts`;
    if (isLib(lib)) continue;
    if (rel.startsWith("cli/commands/")) {
      problems.push(
        `${file}: tests/cli/commands/ mirrors lib/cli/commands/, and ${lib} is missing`,
      );
    } else if (!(rel.split("/")[0] in DECLARED)) {
      problems.push(`${file}: mirrors no lib file (${lib}) and is in no declared folder`);
    }
  }
  return problems;
}

const testTree = () => tsFiles("tests").filter((f) => !f.split("/").includes("fixtures"));
const isLib = (path: string) => existsSync(join(ROOT, path));

Deno.test("layoutProblems() names a test file that mirrors nothing outside the declared folders", () => {
  const lib = new Set(["lib/solve/bnb.ts", "lib/cli/commands/solve.ts", "lib/objective.ts"]);
  const files = [
    "tests/solve/bnb_test.ts",
    "tests/objective_test.ts",
    "tests/solve/_pkg.ts",
    "tests/solve/budget_edge_test.ts",
    "tests/notebooks_test.ts",
    "tests/properties/solve_agreement_test.ts",
    "tests/hostile/x_test.ts",
    "tests/structure/entry_points_test.ts",
    "tests/cli/store_warnings_test.ts",
    "tests/cli/commands/solve_test.ts",
    "tests/cli/commands/nosuch_test.ts",
    "tests/solve/helper.ts",
  ];
  assert.deepEqual(layoutProblems(files, (p) => lib.has(p)), [
    "tests/solve/budget_edge_test.ts: mirrors no lib file (lib/solve/budget_edge.ts) and is in no declared folder",
    "tests/notebooks_test.ts: mirrors no lib file (lib/notebooks.ts) and is in no declared folder",
    "tests/cli/commands/nosuch_test.ts: tests/cli/commands/ mirrors lib/cli/commands/, and lib/cli/commands/nosuch.ts is missing",
    "tests/solve/helper.ts: neither a *_test.ts nor a _name.ts helper",
  ]);
});

Deno.test("every test file mirrors a lib file or sits in a declared folder (tests/properties, hostile, cli, structure)", () => {
  assert.deepEqual(layoutProblems(testTree(), isLib), []);
});
