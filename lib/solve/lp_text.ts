/**
 * The MILP certificate model as CPLEX LP-format text (paper 000 §3; DESIGN §3; ARTIFACT-SPEC §5.2),
 * built without any solver so it can be read and tested on its own.
 *
 * Variables (generated names only; package ids never appear in the text):
 * - `x<u>` binary: candidate u is kept (u = candidate index in the compiled package).
 * - `y<r>` in [0, 1]: clipped coverage min(1, z_r) of evidence unit r (default h).
 * - `y<r>_<s>` in [0, width_s]: the part of z_r that falls on segment s of a piecewise-linear
 *   concave h_r (only segments with slope > 0).
 *
 * Model:
 * - maximise sum_r w_r y_r (default h), or sum_r sum_s w_r slope_s y_r_s (piecewise h);
 * - budget row `budget`: sum_u c_u x_u <= B;
 * - group rows `g<i>`: sum_{u in G_i} x_u <= k, written only for groups with more than k candidates
 *   (the others cannot bind);
 * - coverage rows `c<r>`: y_r - sum_u a_ur x_u <= 0 (or sum_s y_r_s - ... <= 0).
 *
 * Only units with w_r > 0 and some coverage get y variables: the others add nothing to F. With
 * nonincreasing slopes the LP fills the steepest segments first, so sum_s slope_s y_r_s equals
 * h_r(z_r) at the optimum (concavity).
 *
 * With `normalise` (what the MILP solver uses) the model is scaled by powers of two, which changes
 * no bit of any value: objective coefficients so the largest lies in [0.5, 1), costs and B so B
 * lies in [0.5, 1), and each coverage row so its largest coverage value lies in [0.5, 1). HiGHS'
 * absolute tolerances (about 1e-9) are then relative to the package's scale, whatever units the
 * weights and costs are in.
 *
 * Numbers are printed as `String(x)` does (template literals), which round-trips every double;
 * HiGHS reads its exponent forms (`1e-7`, `1.5e+21`). Lines are wrapped at
 * {@linkcode LP_LINE_LIMIT} characters, the classic CPLEX limit (current HiGHS reads longer lines,
 * other readers may not).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";

/** Longest line written, in characters (the CPLEX LP-format limit). */
export const LP_LINE_LIMIT = 255;

/** One y variable of the model: unit r's clipped coverage, or its part on one segment of h_r. */
export interface LpUnitVar {
  /** Variable name: `y<r>` or `y<r>_<s>`. */
  name: string;
  /** Unit index r in the compiled package. */
  unit: number;
  /** Segment index s of h_r, or null for the default h(z) = min(1, z). */
  segment: number | null;
  /** Upper bound of the variable: 1, or the segment width. */
  upper: number;
  /** Objective coefficient: w_r, or w_r * slope_s. */
  objective: number;
}

/** The LP text and the name maps needed to decode a solution. */
export interface LpModel {
  /** CPLEX LP-format text, ending in `End`. */
  text: string;
  /** `xNames[u]` is the variable of candidate u (`x<u>`), for every candidate. */
  xNames: string[];
  /** The y variables, by unit then segment. */
  unitVars: LpUnitVar[];
  /** Group cap k used in the group rows. */
  k: number;
  /** Number of constraint rows written (budget, group and coverage rows). */
  rows: number;
  /** Objective coefficients in the text are `objective x objectiveScale` (a power of two; 1 unless normalised). */
  objectiveScale: number;
  /** Costs and B in the text are multiplied by this (a power of two; 1 unless normalised). */
  costScale: number;
  /** Coverage row c<r> is multiplied by `rowScale[r]` (a power of two; 1 unless normalised). */
  rowScale: Float64Array;
}

/** The power of two 2^-e with x * 2^-e in [0.5, 1) (1 for x <= 0 or not finite). */
export function pow2Scale(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  let e = Math.floor(Math.log2(x)) + 1;
  // log2 may round at exact powers of two: adjust so that x * 2^-e lies in [0.5, 1).
  while (x * 2 ** -e >= 1) e++;
  while (x * 2 ** -e < 0.5) e--;
  return 2 ** -e;
}

/**
 * Builds the MILP of OPT_P(B) as CPLEX LP-format text.
 *
 * @example Two candidates, one unit
 * ```ts
 * import { compilePackage, parsePackage } from "memaudit";
 * import { buildLp } from "./lp_text.ts";
 * const cp = compilePackage(parsePackage({
 *   schema_version: 1, id: "p", weight_source: "explicit",
 *   experiences: [{ id: "e", order: 0 }],
 *   candidates: [
 *     { id: "a", experience: "e", kind: "raw", cost: 2 },
 *     { id: "b", experience: "e", kind: "fact", cost: 1 },
 *   ],
 *   units: [{ id: "r", family: "fact", weight: 1 }],
 *   coverage: [{ candidate: "a", unit: "r", value: 1 }, { candidate: "b", unit: "r", value: 0.5 }],
 * }));
 * const lp = buildLp(cp, 2);
 * // Columns in canonical order: b (cost 1) is x0, a is x1.
 * if (!lp.text.includes(" c0: y0 - 0.5 x0 - x1 <= 0")) throw new Error("unexpected row");
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units (finite, >= 0)
 * @param opts.k group cap (integer >= 1; default `cp.k`)
 * @param opts.normalise scale by powers of two (default false)
 * @returns the text, `xNames` (index = candidate index) and the y variables
 * @throws {RangeError} if the budget is not a finite number >= 0 or k is not an integer >= 1
 */
export function buildLp(
  cp: CompiledPackage,
  budget: number,
  opts: { k?: number; normalise?: boolean } = {},
): LpModel {
  const k = opts.k ?? cp.k;
  if (!Number.isFinite(budget) || budget < 0) {
    throw new RangeError(
      `Cannot build the MILP: budget must be a finite number >= 0, got ${budget}`,
    );
  }
  if (!Number.isInteger(k) || k < 1) {
    throw new RangeError(`Cannot build the MILP: k must be an integer >= 1, got ${k}`);
  }
  const n = cp.candIds.length, m = cp.unitIds.length;
  // Canonical order, so that the model text (and HiGHS' choice among tied optima) does not
  // depend on the order of ids in the package: candidates in group order (experience order,
  // then id) and, within a group, by (cost, id); units by id. Variables are named by their
  // canonical position; `xNames[u]` is candidate u's column.
  const candOrder = cp.groups.flatMap((g) => [...g]);
  const candPos = new Int32Array(n);
  candOrder.forEach((u, p) => (candPos[u] = p));
  const unitOrder = Array.from({ length: m }, (_, r) => r)
    .sort((a, b) => compareIds(cp.unitIds[a], cp.unitIds[b]));
  const unitPos = new Int32Array(m);
  unitOrder.forEach((r, p) => (unitPos[r] = p));
  const xNames = Array.from({ length: n }, (_, u) => `x${candPos[u]}`);

  // Column view of the coverage matrix: the candidates covering each unit, in canonical order.
  const coverers: { u: number; a: number }[][] = Array.from({ length: m }, () => []);
  for (const u of candOrder) {
    const units = cp.rowUnits[u], vals = cp.rowVals[u];
    for (let t = 0; t < units.length; t++) {
      if (vals[t] > 0) coverers[units[t]].push({ u, a: vals[t] });
    }
  }

  const unitVars: LpUnitVar[] = [];
  const varsOfUnit: LpUnitVar[][] = Array.from({ length: m }, () => []);
  for (const r of unitOrder) {
    const w = cp.weights[r];
    if (!(w > 0) || coverers[r].length === 0) continue;
    const segs = cp.segments[r];
    const y = `y${unitPos[r]}`;
    if (segs === null) {
      varsOfUnit[r].push({ name: y, unit: r, segment: null, upper: 1, objective: w });
    } else {
      segs.forEach((s, i) => {
        const name = `${y}_${i}`, upper = s.width, objective = w * s.slope;
        if (s.slope > 0) varsOfUnit[r].push({ name, unit: r, segment: i, upper, objective });
      });
    }
    unitVars.push(...varsOfUnit[r]);
  }

  const out: string[] = [
    "\\ memaudit MILP certificate: OPT_P(B) (paper 000 eq. 1-2)",
    "\\ x<u> binary: candidate u kept",
    "\\ y<r> in [0,1]: clipped coverage min(1, z_r) of unit r",
  ];
  if (unitVars.some((v) => v.segment !== null)) {
    out.push("\\ y<r>_<s> in [0,width_s]: coverage of unit r on segment s of h_r");
  }
  const norm = opts.normalise === true;
  let topObjective = 0;
  for (const v of unitVars) if (v.objective > topObjective) topObjective = v.objective;
  const objectiveScale = norm ? pow2Scale(topObjective) : 1;
  const costScale = norm ? pow2Scale(budget) : 1;
  const rowScale = new Float64Array(m).fill(1);
  if (norm) {
    for (let r = 0; r < m; r++) {
      let top = 0;
      for (const { a } of coverers[r]) if (a > top) top = a;
      // Keep y's coefficient (the scale itself) well inside HiGHS' matrix range.
      rowScale[r] = Math.min(pow2Scale(top), 2 ** 40);
    }
  }
  out.push("Maximize");
  emit(out, " F:", unitVars.map((v, i) => term(v.objective * objectiveScale, v.name, i === 0)), "");
  out.push("Subject To");
  let rows = 0;
  if (n > 0) {
    const costs = candOrder.map((u, p) => term(cp.cost[u] * costScale, xNames[u], p === 0));
    emit(out, " budget:", costs, ` <= ${budget * costScale}`);
    rows++;
  }
  cp.groups.forEach((members, i) => {
    if (members.length <= k) return;
    emit(out, ` g${i}:`, [...members].map((u, j) => term(1, xNames[u], j === 0)), ` <= ${k}`);
    rows++;
  });
  for (const r of unitOrder) {
    const ys = varsOfUnit[r];
    if (ys.length === 0) continue;
    const rs = rowScale[r];
    const terms = ys.map((v, i) => term(rs, v.name, i === 0));
    for (const { u, a } of coverers[r]) terms.push(term(-a * rs, xNames[u], false));
    emit(out, ` c${unitPos[r]}:`, terms, " <= 0");
    rows++;
  }
  if (unitVars.length > 0) {
    out.push("Bounds");
    for (const v of unitVars) out.push(` ${v.name} <= ${v.upper}`);
  }
  if (n > 0) {
    out.push("Binary");
    emit(out, "", candOrder.map((u) => ` ${xNames[u]}`), "");
  }
  out.push("End");
  const text = out.join("\n") + "\n";
  return { text, xNames, unitVars, k, rows, objectiveScale, costScale, rowScale };
}

/** One linear term with a leading separator; a coefficient of 1 is left out. */
function term(coef: number, name: string, first: boolean): string {
  const mag = Math.abs(coef) === 1 ? name : `${Math.abs(coef)} ${name}`;
  if (coef < 0) return ` - ${mag}`;
  return first ? ` ${mag}` : ` + ${mag}`;
}

/** Appends `head`, the terms and `tail` as lines of at most LP_LINE_LIMIT characters. */
function emit(out: string[], head: string, terms: string[], tail: string): void {
  let line = head;
  for (const t of [...terms, tail]) {
    if (t === "") continue;
    if (line.length + t.length > LP_LINE_LIMIT && line.trim() !== "") {
      out.push(line);
      line = "";
    }
    line += t;
  }
  if (line !== "") out.push(line);
}
