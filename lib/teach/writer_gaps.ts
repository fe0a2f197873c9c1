/**
 * Why greedy and GVT fail, measured: the proposition-1 packages on which density-only reaches
 * exactly η of OPT, and GVT's F/OPT on audit packages beside theorem 2's guarantee (paper 000
 * §3, proposition 1, theorem 2 and their proofs in appendix A).
 *
 * @module
 */
import { type CompiledPackage, compilePackage } from "../package/compile.ts";
import { parsePackage } from "../package/parse.ts";
import { ratioToOpt } from "../score/ratio.ts";
import { solveBnb } from "../solve/bnb.ts";
import { gvtTheorem2 } from "../writers/gvt_theorem2.ts";
import { oracleGvt } from "../writers/oracle_gvt.ts";

/**
 * The proposition-1 package for η: one experience, B = 2, a candidate `tiny` of cost η/2
 * covering a unit of weight η (density 2) and `useful` of cost 1 covering a unit of weight 1
 * (density 1). Both cost at most B/2 when η <= 2. Max-density keeps `tiny`: F = η, OPT = 1.
 *
 * @param eta η in (0, 2]
 * @returns the compiled package
 * @throws {RangeError} if η is not in (0, 2]
 */
export function proposition1Package(eta: number): CompiledPackage {
  if (!(eta > 0 && eta <= 2)) throw new RangeError(`Cannot build: η must be in (0, 2], got ${eta}`);
  return compilePackage(parsePackage({
    schema_version: 1,
    id: `prop1_${eta}`,
    weight_source: "explicit",
    experiences: [{ id: "e", order: 0 }],
    candidates: [
      { id: "tiny", experience: "e", kind: "fact", cost: eta / 2 },
      { id: "useful", experience: "e", kind: "fact", cost: 1 },
    ],
    units: [
      { id: "minor", family: "fact", weight: eta },
      { id: "major", family: "fact", weight: 1 },
    ],
    coverage: [
      { candidate: "tiny", unit: "minor", value: 1 },
      { candidate: "useful", unit: "major", value: 1 },
    ],
    budgets: [2],
  }));
}

/** Theorem 2's guarantee (1 − ε)/4 for ε = 0.1, the grid `gvtTheorem2` uses by default. */
export const THEOREM2_LINE = 0.9 / 4;

/**
 * Certifies OPT per (package, budget) and scores both GVT variants against it.
 *
 * @param packages named compiled packages
 * @param budgets budgets B, in cost units
 * @returns one row per package and budget, packages outer
 * @throws {Error} if branch-and-bound does not certify a row
 */
export function gvtRows(
  packages: readonly { name: string; cp: CompiledPackage }[],
  budgets: readonly number[],
): {
  /** Package name. */
  package: string;
  /** Budget B, in cost units. */
  B: number;
  /** Certified OPT_P(B), in weight units. */
  OPT: number;
  /** F/OPT of the artifact's GVT (singleton-density grid), or null when OPT = 0. */
  gvt: number | null;
  /** F/OPT of GVT on theorem 2's grid (ε = 0.1), or null when OPT = 0. */
  theorem2: number | null;
  /** Whether theorem 2's hypothesis holds: every candidate costs at most B/2. */
  smallItems: boolean;
}[] {
  return packages.flatMap(({ name, cp }) =>
    budgets.map((B) => {
      const opt = solveBnb(cp, B);
      if (opt.status !== "optimal") throw new Error(`Cannot certify ${name} at B = ${B}`);
      const use = { cp, budget: B };
      return {
        package: name,
        B,
        OPT: opt.objective!,
        gvt: ratioToOpt(oracleGvt(cp, B).value, opt, use).ratio,
        theorem2: ratioToOpt(gvtTheorem2(cp, B).value, opt, use).ratio,
        smallItems: cp.cost.every((c) => c <= B / 2),
      };
    })
  );
}
