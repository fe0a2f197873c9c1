/** lib/teach/budget_figure.ts: the OPT(B) step figure of notebook 01. */
import assert from "node:assert/strict";
import { compilePackage, readPackageJson } from "../../mod.ts";
import { budgetSteps, integerBudgets, optJumps } from "../../lib/teach/budget_steps.ts";
import { optStepsSpec } from "../../lib/teach/budget_figure.ts";
import { makeFigure } from "../../lib/plot/figure.ts";

const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));

Deno.test("optStepsSpec() draws OPT, each writer and one rule per jump, and renders", async () => {
  const steps = budgetSteps(cp, integerBudgets(0, 24));
  const spec = optStepsSpec(steps, optJumps(steps), { greedy: "Greedy", density_only: "Density" });
  const series = new Set(spec.layer[0].data.values.map((r: { method: string }) => r.method));
  assert.deepEqual([...series], ["OPT (certified)", "Greedy", "Density"]);
  assert.equal(spec.layer[0].data.values.length, 25 * 3);
  assert.deepEqual(spec.layer[2].data.values.map((r: { B: number }) => r.B), [3, 7, 16]);
  const fig = await makeFigure("t", spec);
  assert.match(fig.svg, /B=16: →3\.25/);
});

Deno.test("optStepsSpec() marks each jump at the top of the y scale with its budget, new OPT and store", () => {
  const steps = [
    { B: 2, OPT: 0, store: [], writers: { greedy: 0 }, stores: {} },
    { B: 3, OPT: 1, store: ["t"], writers: { greedy: 1 }, stores: {} },
    { B: 7, OPT: 3.25, store: ["a", "b"], writers: { greedy: 2 }, stores: {} },
  ];
  const jumps = [{ B: 3, from: 0, to: 1, store: ["t"] }, {
    B: 7,
    from: 1,
    to: 3.25,
    store: ["a", "b"],
  }];
  const spec = optStepsSpec(steps, jumps, { greedy: "Greedy" }, "T");
  assert.equal(spec.title, "T");
  // top = ceil(max OPT + 0.5) = ceil(3.75) = 4
  assert.deepEqual(spec.layer[0].encoding.y.scale, { domain: [0, 4] });
  assert.deepEqual(spec.layer[3].data.values, [
    { B: 3, F: 4, note: "B=3: →1", store: "t" },
    { B: 7, F: 4, note: "B=7: →3.25", store: "a + b" },
  ]);
  assert.deepEqual(spec.layer[1].encoding.shape.scale.range, ["square", "circle"]);
  assert.deepEqual(spec.layer[1].encoding.size.scale.range, [120, 92]);
  assert.deepEqual(spec.layer[0].data.values.slice(0, 2), [
    { B: 2, method: "OPT (certified)", F: 0 },
    { B: 2, method: "Greedy", F: 0 },
  ]);
});
