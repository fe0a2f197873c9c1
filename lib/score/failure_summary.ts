/**
 * Summaries over conditional failure audits and decision ledgers (paper 000, appendix
 * "Conditional Failure Audit"): how much of a package set the reachability conditioning
 * removes, the mean package ratio of audited stores, the audit identities, and a ledger's
 * totals against OPT − F(X) with the naive "full loss per OPT choice" booking beside them.
 * Notebook 07 reports these; they live here so that they are tested.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { evaluateStore, saturate } from "../objective.ts";
import type { Certificate } from "../certificate/result.ts";
import { type AuditRecord, coverageOf, unitReachability } from "./audit.ts";
import { decisionLedger } from "./ledger.ts";

/**
 * Pools the weighted units of `packages` by reachability at `budget` (`unitReachability`), as
 * shares of all weighted units. Units with w_r = 0 are not counted; with no weighted unit at
 * all the shares are NaN.
 *
 * @param packages compiled packages
 * @param budget the budget B, in cost units
 * @returns unit count and the three shares (they sum to 1)
 */
export function reachabilityShares(
  packages: Iterable<CompiledPackage>,
  budget: number,
): {
  /** Weighted units counted, over all packages. */
  units: number;
  /** Share some candidate of cost at most B covers. */
  reachable: number;
  /** Share covered only by candidates costing more than B. */
  unaffordable: number;
  /** Share no candidate covers. */
  unavailable: number;
} {
  const n = { reachable: 0, unaffordable: 0, unavailable: 0 };
  for (const cp of packages) {
    unitReachability(cp, budget).forEach((u, r) => {
      if (cp.weights[r] > 0) n[u.reach]++;
    });
  }
  const units = n.reachable + n.unaffordable + n.unavailable;
  return {
    units,
    reachable: n.reachable / units,
    unaffordable: n.unaffordable / units,
    unavailable: n.unavailable / units,
  };
}

/**
 * Mean package ratio F(X) / OPT of one writer's audited stores (summed in record order).
 *
 * @param records audit records (of any writers; only `writer`'s are used)
 * @param writer writer id
 * @returns the mean ratio, or NaN when `writer` has no record
 */
export function meanPackageRatio(records: readonly AuditRecord[], writer: string): number {
  const rs = records.filter((r) => r.writer === writer);
  return rs.reduce((s, r) => s + r.audit.writerValue / r.audit.optValue, 0) / rs.length;
}

/**
 * Checks the audit's bookkeeping: losses minus surpluses equal OPT − F(X) in every record, and
 * no loss falls on an unreachable unit.
 *
 * @param records audit records
 * @returns the largest identity gap and the count of records charging an unreachable unit
 */
export function auditConsistency(records: Iterable<AuditRecord>): {
  /** max over records of |Σ loss − Σ surplus − (OPT − F(X))| (0 up to rounding). */
  maxIdentityGap: number;
  /** Records that charge a loss (> 1e-12) on a unit that is not reachable (should be 0). */
  unreachableCharged: number;
} {
  let maxIdentityGap = 0, unreachableCharged = 0;
  for (const { audit } of records) {
    const gap = Math.abs(audit.lossMass - audit.surplusMass - (audit.optValue - audit.writerValue));
    maxIdentityGap = Math.max(maxIdentityGap, gap);
    if (audit.units.some((u) => u.loss > 1e-12 && u.reach !== "reachable")) unreachableCharged++;
  }
  return { maxIdentityGap, unreachableCharged };
}

/**
 * The totals of `decisionLedger(cp, budget, store, opt)`: how far its split and swap columns are
 * from OPT − F(X), and the naive booking that double-counts shared units.
 *
 * @param cp compiled package
 * @param budget the budget B, in cost units
 * @param store the writer's store (candidate ids, in selection order)
 * @param opt a certified optimum of `cp` at `budget`
 * @returns the totals
 * @throws {RangeError} when `opt` has no objective, or a store is infeasible at `budget`
 */
export function ledgerTotals(
  cp: CompiledPackage,
  budget: number,
  store: readonly string[],
  opt: Certificate,
): {
  /** OPT − F(X). */
  gap: number;
  /** |Σ (lost − gained) − (OPT − F(X))| over the ledger's rows (0 up to rounding). */
  splitGap: number;
  /** |Σ swap − (OPT − F(X))| (0 up to rounding). */
  swapGap: number;
  /** Σ over units of w_r · (h(z_r(X*)) − h(z_r(X)))⁺: the loss mass. */
  lossMass: number;
  /**
   * The naive booking: each row charges the full loss of every unit it lists as lost, so a
   * unit covered by several of OPT's choices is counted once per choice.
   */
  naiveMass: number;
  /** True when the naive booking exceeds the loss mass (by more than 1e-9). */
  naiveDoubleCounts: boolean;
} {
  if (opt.objective === null) {
    throw new RangeError(
      `Cannot total a ledger against a certificate without objective (${opt.status})`,
    );
  }
  const rows = decisionLedger(cp, budget, store, opt); // validates both stores
  const indices = (ids: readonly string[]) => ids.map((id) => cp.candIndex.get(id)!);
  const gap = opt.objective - evaluateStore(cp, indices(store));
  const split = rows.reduce((s, r) => s + r.lostMass - r.gainedMass, 0);
  const swap = rows.reduce((s, r) => s + r.swapLoss, 0);
  const zOpt = coverageOf(cp, indices(opt.store));
  const zWriter = coverageOf(cp, indices(store));
  const lossOf = new Map<string, number>();
  cp.unitIds.forEach((u, r) => {
    const h = cp.segments[r];
    lossOf.set(u, cp.weights[r] * Math.max(0, saturate(h, zOpt[r]) - saturate(h, zWriter[r])));
  });
  const naiveMass = rows.reduce(
    (s, r) =>
      s + (r.lostUnits ? r.lostUnits.split(", ").reduce((a, u) => a + lossOf.get(u)!, 0) : 0),
    0,
  );
  const lossMass = [...lossOf.values()].reduce((a, b) => a + b, 0);
  return {
    gap,
    splitGap: Math.abs(split - gap),
    swapGap: Math.abs(swap - gap),
    lossMass,
    naiveMass,
    naiveDoubleCounts: naiveMass > lossMass + 1e-9,
  };
}
