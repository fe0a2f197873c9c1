import assert from "node:assert/strict";
import { compilePackage, readPackageJson } from "../../mod.ts";
import { explainLp } from "../../lib/teach/lp_lines.ts";

const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));

Deno.test("explainLp() maps every line of 01's MILP to the paper's formula", () => {
  const lines = explainLp(cp, 8);
  assert.ok(lines.every((l) => l.means !== "(continued)"), JSON.stringify(lines));
  const by = (re: RegExp) => lines.filter((l) => re.test(l.line));
  assert.match(by(/^ budget:/)[0].means, /Σ_u c_u x_u ≤ B \(eq\. 1\)/);
  assert.equal(by(/^ g\d+:/).length, 2); // both groups have more than k = 1 candidates
  assert.ok(by(/^ g\d+:/).every((l) => /\|X ∩ G_i\| ≤ 1/.test(l.means)));
  // Four weighted units (stale_vegetarian has w = 0): four coverage rows, four capped y's.
  assert.equal(by(/^ c\d+:/).length, 4);
  assert.equal(by(/^ y\d+ <= 1$/).length, 4);
  assert.ok(by(/^ y\d+ <= 1$/).every((l) => /the cap/.test(l.means)));
});

Deno.test("explainLp() names the package ids behind x<u> and y<r>", () => {
  const budget = explainLp(cp, 8).find((l) => l.line.startsWith(" budget:"))!;
  for (const id of cp.candIds) assert.ok(budget.names.includes(`= ${id}`), id);
  const objective = explainLp(cp, 8).find((l) => l.line.startsWith(" F:"))!;
  assert.ok(!objective.names.includes("stale_vegetarian"));
  assert.ok(objective.names.includes("quote"));
});
