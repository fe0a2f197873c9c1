/**
 * The MILP of a package, line by line: the LP text `buildLp` writes, each line beside the
 * paper's formula it encodes (paper 000 eq. 1 feasible set, eq. 2 objective, §3 MILP with
 * x_u and y_r) and the package ids behind its generated variable names.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { buildLp } from "../solve/lp_text.ts";

/** The paper's formula for the first word of an LP line, or "" when it is a continuation. */
function meaning(line: string, k: number): string {
  const t = line.trim();
  if (t.startsWith("\\")) return "comment";
  if (t === "Maximize") return "max over stores X: the package optimum OPT_P(B) (definition 1)";
  if (t.startsWith("F:")) return "objective Σ_r w_r y_r = F(X) with h_r(z) = min(1, z) (eq. 2)";
  if (t === "Subject To") return "constraints";
  if (t.startsWith("budget:")) return "knapsack: Σ_u c_u x_u ≤ B (eq. 1)";
  if (/^g\d+:/.test(t)) return `partition matroid: |X ∩ G_i| ≤ ${k} (eq. 1)`;
  if (/^c\d+:/.test(t)) return "coverage: y_r ≤ Σ_u a_ur x_u (§3)";
  if (t === "Bounds") return "variable bounds";
  if (/^y\d+ <= /.test(t)) return "the cap: y_r ≤ 1, i.e. h_r(z) = min(1, z) (eq. 2)";
  if (/^y\d+_\d+ <= /.test(t)) return "one segment of a piecewise-linear concave h_r (eq. 2)";
  if (t === "Binary") return "x_u ∈ {0, 1}: candidate u kept or not";
  if (t === "End") return "end of model";
  return "(continued)";
}

/**
 * The LP text of OPT_P(B), one row per line, with its meaning and the ids behind the names.
 *
 * @example The paper's example package at B = 8
 * ```ts
 * import assert from "node:assert/strict";
 * import { compilePackage, readPackageJson } from "../../mod.ts";
 * import { explainLp } from "./lp_lines.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const lines = explainLp(cp, 8);
 * assert.ok(lines.some((l) => l.line === " budget: 4 x0 + 9 x1 + 3 x2 + 4 x3 + 7 x4 + 12 x5 <= 8"));
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the lines in order
 * @throws {RangeError} as `buildLp` does (bad budget)
 */
export function explainLp(cp: CompiledPackage, budget: number): {
  /** The line as written. */
  line: string;
  /** The paper's formula or section the line encodes. */
  means: string;
  /** Package ids of the variables the line names (x<u>: candidate, y<r>: unit). */
  names: string;
}[] {
  const lp = buildLp(cp, budget);
  const names = new Map<string, string>();
  lp.xNames.forEach((x, u) => names.set(x, cp.candIds[u]));
  for (const v of lp.unitVars) names.set(v.name, cp.unitIds[v.unit]);
  let section = "";
  return lp.text.trimEnd().split("\n").map((line) => {
    let means = meaning(line, lp.k);
    if (["Maximize", "Subject To", "Bounds", "Binary"].includes(line)) section = line;
    else if (means === "(continued)" && section === "Binary") means = "the binary columns x_u";
    const vars = line.startsWith("\\") ? [] : line.match(/\b[xy]\d+(?:_\d+)?\b/g) ?? [];
    const ids = [...new Set(vars)].map((v) => `${v} = ${names.get(v) ?? "?"}`);
    return { line, means, names: ids.join(", ") };
  });
}
