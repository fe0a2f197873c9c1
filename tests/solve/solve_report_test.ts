/** lib/solve/solve_report.ts: `memaudit solve PACKAGE --json`, declared once. */
import assert from "node:assert/strict";
import { readPackageJson } from "../../lib/package/json_io.ts";
import { compilePackage } from "../../lib/package/compile.ts";
import { solve } from "../../lib/solve/solve.ts";
import { SOLVE_COLUMNS, solveReport } from "../../lib/solve/solve_report.ts";
import { assertFitsPublished } from "../_published_schema.ts";

Deno.test("solveReport(): a certificate's fields but nodes, wall time and message, in the published schema", async () => {
  const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
  const cert = await solve(cp, 8, { solver: "bnb" });
  const [row] = solveReport([cert]);
  assert.deepEqual(Object.keys(row), [...SOLVE_COLUMNS]);
  assert.deepEqual(
    [row.budget, row.k, row.status, row.objective, row.bound, row.method, row.cost],
    [8, 1, "optimal", 3, 3, "bnb", cert.cost],
  );
  assert.equal("nodes" in row || "timeMs" in row, false);
  await assertFitsPublished("solve_report", [row]);
  // A field a certificate gains is not printed silently.
  assert.throws(
    () => solveReport([{ ...cert, proof: "x" } as typeof cert]),
    /^TypeError: solve_report: 0: .*proof/,
  );
});
