/**
 * The per-decision ledger: one row per experience (group), in group order, setting what a writer
 * kept beside what a certified optimal store kept, and where the writer's shortfall against OPT was
 * incurred (a companion to the conditional failure audit of paper 000's appendix).
 *
 * Two attributions of the loss, both exact in total:
 *
 * - `lostMass` / `gainedMass`: each unit's loss w_r · (h_r(z_r(X*)) − h_r(z_r(X)))^+ is split over
 *   the groups whose OPT choice covers it, in proportion to that choice's share a_ur / z_r(X*);
 *   each unit's surplus (the writer covering more than OPT) over the writer's groups the same way.
 *   Over all rows Σ lostMass = the audit's loss mass and Σ (lostMass − gainedMass) = OPT − F(X). A
 *   unit shared by two groups is never counted twice.
 * - `swapLoss`: F(S_{g−1}) − F(S_g), where S_g keeps the writer's choices in groups 1..g and OPT's
 *   in the later groups (S_0 = X*, S_T = X): the value lost by replacing OPT's decision g with the
 *   writer's, given the earlier writer decisions. It is 0 where both keep the same, may be
 *   negative, and telescopes to OPT − F(X).
 *
 * The OPT columns show the given optimal store. When the writer reaches OPT
 * with a different optimal store, its lost and gained mass cancel in total.
 *
 * @module
 */
import { evaluateStore, saturate } from "../objective.ts";
import type { CompiledPackage } from "../package/compile.ts";
import type { Certificate } from "../certificate/result.ts";
import { TOL } from "../writers/types.ts";
import { certifiedStore, coverageOf, storeIndices } from "./audit.ts";

/** One decision (experience) of the ledger. Values in weight units, costs in cost units. */
export interface LedgerRow {
  /** 1-based position of the group in group order. */
  step: number;
  /** Experience id of the group. */
  experience: string;
  /** Candidate id(s) the writer kept in this group (" + "-joined), or "discard". */
  writerKept: string;
  /** Representation type(s) of the writer's choice, or "discard". */
  writerRep: string;
  /** Cost of the writer's choice here, cost units. */
  writerCost: number;
  /** Candidate id(s) OPT kept in this group, or "discard". */
  optKept: string;
  /** Representation type(s) of OPT's choice, or "discard". */
  optRep: string;
  /** Cost of OPT's choice here, cost units. */
  optCost: number;
  /** True when writer and OPT keep the same candidates here. */
  agree: boolean;
  /** Units whose loss is (partly) attributed here, ", "-joined ("" if none). */
  lostUnits: string;
  /** Loss attributed to OPT's choice in this group (proportional split). */
  lostMass: number;
  /** Surplus attributed to the writer's choice in this group (proportional split). */
  gainedMass: number;
  /** F(S_{g−1}) − F(S_g): value lost by swapping OPT's decision for the writer's. */
  swapLoss: number;
  /** F of the writer's choices in groups 1..step. */
  writerF: number;
  /** F of OPT's choices in groups 1..step. */
  optF: number;
  /** optF − writerF. */
  runningGap: number;
}

/**
 * Builds the per-decision ledger of a writer store against a certified optimal store.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param store the writer's store, candidate ids
 * @param opt the exact solver's certificate of OPT for (cp, B, cp.k)
 * @returns one row per group in group order (Table-ready: every field is a string, number or boolean)
 * @throws {TypeError} if no exact solver made `opt` (a list of ids is not an OPT)
 * @throws {RangeError} if a store is infeasible at B or has unknown ids, or
 *   the certificate is for another package, budget or k, or is not certified
 */
export function decisionLedger(
  cp: CompiledPackage,
  budget: number,
  store: readonly string[],
  opt: Certificate,
): LedgerRow[] {
  const xs = storeIndices(cp, certifiedStore(opt, { cp, budget }), budget, "OPT");
  const xw = storeIndices(cp, store, budget, "writer");
  const G = cp.groupIds.length;
  const byGroup = (x: number[]) => {
    // Each group's kept candidates in the compiled group order (cost, id).
    const kept = new Set(x);
    return cp.groups.map((g) => [...g].filter((c) => kept.has(c)));
  };
  const sg = byGroup(xs), wg = byGroup(xw);
  const zs = coverageOf(cp, xs), zw = coverageOf(cp, xw);
  const M = cp.unitIds.length;
  const loss = new Float64Array(M), surplus = new Float64Array(M);
  for (let r = 0; r < M; r++) {
    const d = saturate(cp.segments[r], zs[r]) - saturate(cp.segments[r], zw[r]);
    loss[r] = cp.weights[r] * Math.max(0, d);
    surplus[r] = cp.weights[r] * Math.max(0, -d);
  }
  const split = (cands: number[], z: Float64Array, mass: Float64Array) => {
    let total = 0;
    const units: string[] = [];
    for (const c of cands) {
      const ru = cp.rowUnits[c], rv = cp.rowVals[c];
      for (let t = 0; t < ru.length; t++) {
        const r = ru[t];
        if (mass[r] > TOL) {
          total += mass[r] * (rv[t] / z[r]);
          if (!units.includes(cp.unitIds[r])) units.push(cp.unitIds[r]);
        }
      }
    }
    return { total, units };
  };
  const show = (cands: number[], f: (c: number) => string) =>
    cands.length === 0 ? "discard" : cands.map(f).join(" + ");
  const costOf = (cands: number[]) => cands.reduce((s, c) => s + cp.cost[c], 0);
  const hybrid = (g: number) => {
    // Writer's choices in groups < g, OPT's in groups >= g (group order).
    const h: number[] = [];
    for (let i = 0; i < G; i++) h.push(...(i < g ? wg[i] : sg[i]));
    return evaluateStore(cp, h);
  };
  const rows: LedgerRow[] = [];
  const runW: number[] = [], runS: number[] = [];
  let prevHybrid = hybrid(0);
  for (let g = 0; g < G; g++) {
    runW.push(...wg[g]);
    runS.push(...sg[g]);
    const nextHybrid = hybrid(g + 1);
    const lost = split(sg[g], zs, loss), gained = split(wg[g], zw, surplus);
    const writerF = evaluateStore(cp, runW), optF = evaluateStore(cp, runS);
    rows.push({
      step: g + 1,
      experience: cp.groupIds[g],
      writerKept: show(wg[g], (c) => cp.candIds[c]),
      writerRep: show(wg[g], (c) => cp.rep[c]),
      writerCost: costOf(wg[g]),
      optKept: show(sg[g], (c) => cp.candIds[c]),
      optRep: show(sg[g], (c) => cp.rep[c]),
      optCost: costOf(sg[g]),
      agree: wg[g].length === sg[g].length && wg[g].every((c, i) => c === sg[g][i]),
      lostUnits: lost.units.join(", "),
      lostMass: lost.total,
      gainedMass: gained.total,
      swapLoss: prevHybrid - nextHybrid,
      writerF,
      optF,
      runningGap: optF - writerF,
    });
    prevHybrid = nextHybrid;
  }
  return rows;
}
