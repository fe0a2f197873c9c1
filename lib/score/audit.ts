/**
 * The conditional failure audit (paper 000, appendix "Conditional Failure Audit", figure
 * `conditional_failure_audit`): which evidence-unit families a writer loses against the certified
 * optimum, counted only where the package made the unit reachable under the budget.
 *
 * For a writer's store X and a certified optimal store X* of the same package at budget B, the loss
 * on unit r is w_r · (h_r(z_r(X*)) − h_r(z_r(X)))^+, in weight units. The paper conditions a miss
 * on two facts about the package, not about the writer:
 *
 * - candidate availability: some candidate has a_ur > 0;
 * - budget feasibility: some candidate with a_ur > 0 costs at most B (it can be
 *   stored alone, so the unit is reachable by a feasible store).
 *
 * A unit that fails either is `unavailable` or `unaffordable` and is never charged to the writer.
 * Every unit X* covers is reachable (X* is feasible), so the OPT-relative loss needs no filtering;
 * the conditioning matters for the OPT-free measure `untouched` (a reachable, weighted unit the
 * writer's store does not cover at all) and for the unreachable counts reported beside them.
 *
 * Exact relation: summed over all units, loss − surplus = OPT − F(X), where
 * surplus is w_r · (h_r(z_r(X)) − h_r(z_r(X*)))^+ (the writer covering more
 * of a unit than X* does). Units with weight 0 are listed but never counted.
 *
 * Optimal stores need not be unique. When the writer's own store reaches OPT (F(X) >= OPT − 1e-12)
 * it is itself an optimal store, and by default the audit takes it as X*, so an optimal writer is
 * never charged for picking a different optimum than the solver did (`tieToWriter: false` turns
 * this off; the loss then equals the surplus).
 *
 * @module
 */
import { checkFeasible, evaluateStore, saturate, valueTol } from "../objective.ts";
import type { CompiledPackage } from "../package/compile.ts";
import { UNIT_FAMILIES, type UnitFamily } from "../package/schema.ts";
import { type Certificate, isCertified } from "../certificate/result.ts";
import { requireWithinBound } from "../certificate/registry.ts";
import { type CertificateUse, requireCertificate } from "../certificate/issue.ts";
import { solveBnb } from "../solve/bnb.ts";
import { getWriter } from "../writers/registry.ts";
import { TOL, type Writer, type WriterResult } from "../writers/types.ts";

/** Why a unit is (not) attributable to a writer at budget B. */
export type Reachability = "reachable" | "unaffordable" | "unavailable";

/** Reachability of one unit at a budget. */
export interface UnitReach {
  /** `reachable`: a covering candidate costs <= B; `unaffordable`: covering candidates exist, all cost > B; `unavailable`: no candidate covers it. */
  reach: Reachability;
  /** Cost of the cheapest candidate with a_ur > 0 (cost units), null if none. */
  minCost: number | null;
  /** Number of candidates with a_ur > 0. */
  coveringCandidates: number;
}

/**
 * Reachability of every unit at budget B (paper 000 conditional failure
 * audit: candidate availability, then budget feasibility).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns one entry per unit, in package unit order
 */
export function unitReachability(cp: CompiledPackage, budget: number): UnitReach[] {
  const M = cp.unitIds.length;
  const minCost = new Float64Array(M).fill(Infinity);
  const count = new Int32Array(M);
  cp.rowUnits.forEach((units, c) => {
    for (const r of units) {
      count[r]++;
      if (cp.cost[c] < minCost[r]) minCost[r] = cp.cost[c];
    }
  });
  return Array.from({ length: M }, (_, r) => ({
    reach: count[r] === 0 ? "unavailable" : minCost[r] <= budget ? "reachable" : "unaffordable",
    minCost: count[r] === 0 ? null : minCost[r],
    coveringCandidates: count[r],
  }));
}

/** One unit of a {@linkcode FailureAudit}. Masses are in weight units. */
export interface UnitAudit {
  /** Unit id. */
  unit: string;
  /** Evidence-unit family. */
  family: UnitFamily;
  /** Validity tag of the unit, or null when the package gives none. */
  validity: string | null;
  /** w_r. */
  weight: number;
  /** Reachability at B. */
  reach: Reachability;
  /** Cheapest covering candidate's cost, null if none covers the unit. */
  minCost: number | null;
  /** h_r(z_r(X*)): how much of the unit OPT's store covers. */
  optLevel: number;
  /** h_r(z_r(X)): how much of the unit the writer's store covers. */
  writerLevel: number;
  /** w_r · (optLevel − writerLevel)^+. */
  loss: number;
  /** w_r · (writerLevel − optLevel)^+. */
  surplus: number;
  /** Reachable, and loss > 1e-12: a conditional miss charged to the writer. */
  missed: boolean;
  /** Reachable, w_r > 0 and z_r(X) = 0: the writer ignored a unit the package put within reach. */
  untouched: boolean;
}

/** Per-family totals of one audit; counts and masses cover units with w_r > 0 only. */
export interface FamilyAudit {
  /** Evidence-unit family. */
  family: UnitFamily;
  /** Units of the family with w_r > 0. */
  units: number;
  /** Units with a covering candidate of cost <= B. */
  reachable: number;
  /** Units whose covering candidates all cost more than B. */
  unaffordable: number;
  /** Units no candidate covers. */
  unavailable: number;
  /** Σ w_r over reachable units. */
  reachableMass: number;
  /** Σ w_r h_r(z_r(X*)) over reachable units. */
  optMass: number;
  /** Σ w_r h_r(z_r(X)) over reachable units. */
  writerMass: number;
  /** Reachable units with a loss > 1e-12. */
  missedUnits: number;
  /** Σ loss over reachable units. */
  missedMass: number;
  /** Σ surplus over reachable units. */
  surplusMass: number;
  /** Reachable units the writer's store does not cover at all. */
  untouchedUnits: number;
  /** Σ w_r over untouched units. */
  untouchedMass: number;
}

/** The conditional failure audit of one writer store on one package at one budget. */
export interface FailureAudit {
  /** B in cost units. */
  budget: number;
  /** Which optimal store X* is: the certificate's, or the writer's own when it reaches OPT. */
  reference: "certificate" | "writer";
  /** F(X*) re-evaluated here, weight units. */
  optValue: number;
  /** F(X) re-evaluated here, weight units. */
  writerValue: number;
  /** Σ loss over all units (= Σ missedMass: only reachable units can carry a loss). */
  lossMass: number;
  /** Σ surplus over all units; lossMass − surplusMass = optValue − writerValue. */
  surplusMass: number;
  /** Per unit, in package unit order. */
  units: UnitAudit[];
  /** Families present in the package (any weight), in {@linkcode UNIT_FAMILIES} order. */
  families: FamilyAudit[];
}

/**
 * Candidate indices of a store given by ids, checked against eq. 1 at `budget`
 * (shared by the audit and the ledger).
 *
 * @param cp compiled package
 * @param store candidate ids
 * @param budget B in cost units
 * @param what which store, for the error message ("writer", "OPT")
 * @returns the candidate indices, in store order
 * @throws {RangeError} if an id is unknown, repeated, or the store is infeasible at B
 */
export function storeIndices(
  cp: CompiledPackage,
  store: readonly string[],
  budget: number,
  what: string,
): number[] {
  const f = checkFeasible(cp, store, budget);
  if (!f.feasible) throw new RangeError(`Cannot audit the ${what} store: ${f.reasons.join("; ")}`);
  return store.map((id) => cp.candIndex.get(id)!);
}

/**
 * The store of a certified OPT. Only a solver-made certificate of the same
 * package, budget and k is accepted: a list of ids is not an OPT.
 *
 * @param opt an exact solver's certificate (as `solve()`, `solveBnb()`, ... return it)
 * @param use the package, budget and k it must belong to
 * @returns the candidate ids of the optimal store
 * @throws {TypeError} if no exact solver made `opt` (e.g. a plain id list or an object literal)
 * @throws {RangeError} if it belongs to another package, budget or k, or is
 *   not certified (status optimal, gap 0)
 */
export function certifiedStore(opt: Certificate, use: CertificateUse): readonly string[] {
  if (Array.isArray(opt)) {
    throw new TypeError(
      "Cannot audit against OPT: a list of candidate ids is not a certificate (pass the exact solver's certificate)",
    );
  }
  requireCertificate(opt, use, "audit against OPT");
  if (!isCertified(opt) || opt.objective === null) {
    throw new RangeError(
      `Cannot audit against OPT: the certificate is not certified (status ${opt.status}, gap ${opt.gap})`,
    );
  }
  return opt.store;
}

/**
 * Summed coverage z_r(X) of a store, accumulated in store order.
 *
 * @param cp compiled package
 * @param store candidate indices
 * @returns z per unit, package unit order (unclipped)
 */
export function coverageOf(cp: CompiledPackage, store: readonly number[]): Float64Array {
  const z = new Float64Array(cp.unitIds.length);
  for (const c of store) {
    const units = cp.rowUnits[c], vals = cp.rowVals[c];
    for (let t = 0; t < units.length; t++) z[units[t]] += vals[t];
  }
  return z;
}

/** Options of {@linkcode auditStore}. */
export interface AuditOptions {
  /** Take the writer's store as X* when F(X) >= OPT − 1e-12 (default true). */
  tieToWriter?: boolean;
}

/** F from per-unit levels, summed in unit order. */
function valueFromLevels(cp: CompiledPackage, levels: readonly number[]): number {
  let s = 0;
  for (let r = 0; r < levels.length; r++) s += cp.weights[r] * levels[r];
  return s;
}

/**
 * Audits one writer store against a certified optimal store (paper 000 conditional failure audit).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param store the writer's store, candidate ids
 * @param opt the exact solver's certificate of OPT for (cp, B, cp.k)
 * @param opts tie rule (see the module doc)
 * @returns per-unit and per-family losses, conditioned on reachability
 * @throws {TypeError} if no exact solver made `opt` (see {@linkcode certifiedStore})
 * @throws {RangeError} if a store is infeasible at B or has unknown ids, or
 *   the certificate is for another package, budget or k, or is not certified
 * @throws {ClaimError} if the writer's F exceeds the certificate's proven bound (beyond its
 *   tolerance)
 */
export function auditStore(
  cp: CompiledPackage,
  budget: number,
  store: readonly string[],
  opt: Certificate,
  opts: AuditOptions = {},
): FailureAudit {
  let xs = storeIndices(cp, certifiedStore(opt, { cp, budget }), budget, "OPT");
  const xw = storeIndices(cp, store, budget, "writer");
  requireWithinBound(evaluateStore(cp, xw), opt, "audit against OPT", valueTol(cp));
  let reference: FailureAudit["reference"] = "certificate";
  if ((opts.tieToWriter ?? true) && evaluateStore(cp, xw) >= evaluateStore(cp, xs) - TOL) {
    xs = xw;
    reference = "writer";
  }
  const zs = coverageOf(cp, xs), zw = coverageOf(cp, xw);
  const reach = unitReachability(cp, budget);
  const units: UnitAudit[] = cp.pkg.units.map((u, r) => {
    const w = cp.weights[r];
    const optLevel = saturate(cp.segments[r], zs[r]);
    const writerLevel = saturate(cp.segments[r], zw[r]);
    const loss = w * Math.max(0, optLevel - writerLevel);
    const surplus = w * Math.max(0, writerLevel - optLevel);
    const reachable = reach[r].reach === "reachable";
    return {
      unit: u.id,
      family: u.family,
      validity: u.validity ?? null,
      weight: w,
      reach: reach[r].reach,
      minCost: reach[r].minCost,
      optLevel,
      writerLevel,
      loss,
      surplus,
      missed: reachable && loss > TOL,
      untouched: reachable && w > 0 && zw[r] === 0,
    };
  });
  const present = new Set(units.map((u) => u.family));
  const families = UNIT_FAMILIES.filter((f) => present.has(f)).map((family): FamilyAudit => {
    const weighted = units.filter((u) => u.family === family && u.weight > 0);
    const count = (reach: Reachability) => weighted.filter((u) => u.reach === reach).length;
    const reachable = weighted.filter((u) => u.reach === "reachable");
    const untouched = reachable.filter((u) => u.untouched);
    const total = (of: (u: UnitAudit) => number, list = reachable) =>
      list.reduce((s, u) => s + of(u), 0);
    return {
      family,
      units: weighted.length,
      reachable: reachable.length,
      unaffordable: count("unaffordable"),
      unavailable: count("unavailable"),
      reachableMass: total((u) => u.weight),
      optMass: total((u) => u.weight * u.optLevel),
      writerMass: total((u) => u.weight * u.writerLevel),
      missedUnits: reachable.filter((u) => u.missed).length,
      missedMass: total((u) => u.loss),
      surplusMass: total((u) => u.surplus),
      untouchedUnits: untouched.length,
      untouchedMass: total((u) => u.weight, untouched),
    };
  });
  return {
    budget,
    reference,
    optValue: valueFromLevels(cp, units.map((u) => u.optLevel)),
    writerValue: valueFromLevels(cp, units.map((u) => u.writerLevel)),
    lossMass: units.reduce((s, u) => s + u.loss, 0),
    surplusMass: units.reduce((s, u) => s + u.surplus, 0),
    units,
    families,
  };
}

/** One audited (package, writer) pair, as aggregated by {@linkcode aggregateFailureAudits}. */
export interface AuditRecord {
  /** Package id (or any label). */
  package: string;
  /** Writer id. */
  writer: string;
  /** The audit of the writer's store on the package. */
  audit: FailureAudit;
}

/** One (writer, family) row of the aggregated audit. Masses in weight units. */
export interface FamilyFailureRow {
  /** Writer id. */
  writer: string;
  /** Evidence-unit family. */
  family: UnitFamily;
  /** Audits of this writer aggregated. */
  packages: number;
  /** Packages where the family has at least one reachable unit with w_r > 0. */
  packagesReachable: number;
  /** Packages where the writer misses at least one reachable unit of the family. */
  packagesMissed: number;
  /** packagesMissed / packagesReachable, null when no package made the family reachable. */
  missShare: number | null;
  /** Σ reachable units with w_r > 0. */
  reachableUnits: number;
  /** Σ units unreachable at B (unaffordable or unavailable), w_r > 0. */
  unreachableUnits: number;
  /** Reachable units missed, summed over packages. */
  missedUnits: number;
  /** Σ over packages of the family's OPT-covered reachable mass. */
  optMass: number;
  /** Σ over packages of the family's missed mass. */
  missedMass: number;
  /** missedMass / packagesReachable: mean missed mass per package that made the family reachable (0 if none). */
  meanMissedMass: number;
  /** missedMass / optMass, null when optMass = 0. */
  missedShareOfOpt: number | null;
  /** Σ surplus mass (writer covers more than OPT). */
  surplusMass: number;
  /** Reachable untouched units, summed over packages. */
  untouchedUnits: number;
  /** Σ w_r of reachable untouched units, summed over packages. */
  untouchedMass: number;
}

/**
 * Aggregates audits over many packages per (writer, family): counts, summed and mean missed mass,
 * and the share of packages in which the writer misses at least one reachable unit of the family.
 *
 * @param records audits; writers appear in first-seen order, families in
 *   {@linkcode UNIT_FAMILIES} order; a (writer, family) row exists when the
 *   family occurs in at least one of the writer's packages
 * @returns one row per (writer, family)
 */
export function aggregateFailureAudits(records: Iterable<AuditRecord>): FamilyFailureRow[] {
  // Per writer: its package count and, per family, the family's audits in record order.
  const byWriter = new Map<string, { packages: number; audits: Map<UnitFamily, FamilyAudit[]> }>();
  for (const { writer, audit } of records) {
    let entry = byWriter.get(writer);
    if (!entry) byWriter.set(writer, entry = { packages: 0, audits: new Map() });
    entry.packages++;
    for (const f of audit.families) {
      const list = entry.audits.get(f.family);
      if (list) list.push(f);
      else entry.audits.set(f.family, [f]);
    }
  }
  const out: FamilyFailureRow[] = [];
  for (const [writer, { packages, audits }] of byWriter) {
    for (const family of UNIT_FAMILIES) {
      const fs = audits.get(family);
      if (!fs) continue;
      const total = (of: (f: FamilyAudit) => number) => fs.reduce((s, f) => s + of(f), 0);
      const packagesReachable = fs.filter((f) => f.reachable > 0).length;
      const packagesMissed = fs.filter((f) => f.missedUnits > 0).length;
      const optMass = total((f) => f.optMass), missedMass = total((f) => f.missedMass);
      out.push({
        writer,
        family,
        packages,
        packagesReachable,
        packagesMissed,
        missShare: packagesReachable > 0 ? packagesMissed / packagesReachable : null,
        reachableUnits: total((f) => f.reachable),
        unreachableUnits: total((f) => f.unaffordable + f.unavailable),
        missedUnits: total((f) => f.missedUnits),
        optMass,
        missedMass,
        meanMissedMass: packagesReachable > 0 ? missedMass / packagesReachable : 0,
        missedShareOfOpt: optMass > 0 ? missedMass / optMass : null,
        surplusMass: total((f) => f.surplusMass),
        untouchedUnits: total((f) => f.untouchedUnits),
        untouchedMass: total((f) => f.untouchedMass),
      });
    }
  }
  return out;
}

/**
 * Runs a writer given by registry id or as a function.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param writer a method id of the writer registry (e.g. "density_only") or a writer
 * @returns the writer's result (its store is never a certificate)
 * @throws {RangeError} if the id is not in the registry
 */
export function runWriter(
  cp: CompiledPackage,
  budget: number,
  writer: string | Writer,
): WriterResult {
  return (typeof writer === "string" ? getWriter(writer) : writer)(cp, budget);
}

/**
 * The conditional failure audit over many packages: certifies OPT once per package with
 * branch-and-bound, runs every writer, audits each store and aggregates per (writer, family).
 *
 * @param packages packages to audit (ids label the records)
 * @param budget B in cost units
 * @param writers writer ids from the registry (e.g. "oracle_gvt"), or a map id → writer
 * @param opts tie rule, as in {@linkcode auditStore}
 * @returns aggregated rows and the per-package audits
 * @throws {RangeError} if a writer id is unknown or OPT cannot be certified
 */
export function conditionalFailureAudit(
  packages: Iterable<{
    /** Package label. */
    id: string;
    /** The compiled package. */
    cp: CompiledPackage;
  }>,
  budget: number,
  writers: readonly string[] | Readonly<Record<string, Writer>>,
  opts: AuditOptions = {},
): {
  /** Budget B, cost units. */
  budget: number;
  /** One row per (writer, family). */
  rows: FamilyFailureRow[];
  /** Every (package, writer) audit, in package then writer order. */
  records: AuditRecord[];
} {
  const entries: [string, string | Writer][] = Array.isArray(writers)
    ? writers.map((id: string) => [id, id])
    : Object.entries(writers as Record<string, Writer>);
  const records: AuditRecord[] = [];
  for (const { id, cp } of packages) {
    const opt = solveBnb(cp, budget);
    for (const [name, writer] of entries) {
      const result = runWriter(cp, budget, writer);
      records.push({
        package: id,
        writer: name,
        audit: auditStore(cp, budget, result.store, opt, opts),
      });
    }
  }
  return { budget, rows: aggregateFailureAudits(records), records };
}
