/**
 * One unit of sweep work: one (distribution, seed) package with all its
 * budgets and methods (ARTIFACT-SPEC §4.2–§4.4, §6.1, §6.3).
 *
 * @module
 */
import { generate } from "../generate/distributions.ts";
import { evaluateStore } from "../objective.ts";
import { type CompiledPackage, compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { artifactSafeRatio, DEGENERATE_TOL } from "../score/ratio.ts";
import { representationMix, updateMetrics, validityLists } from "../score/metrics.ts";
import type { Summation } from "../score/_py_sum.ts";
import { solveBnb } from "../solve/bnb.ts";
import { isCertified } from "../solve/result.ts";
import { WRITERS } from "../writers/registry.ts";
import { noTombstone, noTombstonePool, restrictPackage } from "../writers/restrict_package.ts";
import { getSweepMethod, type SweepMethod } from "./methods.ts";
import { RESULT_SCHEMA_VERSION, type ResultRow, type TimingRow, VERSIONS } from "./row.ts";

/** What every unit of a sweep shares. */
export interface UnitConfig {
  /** Absolute budgets B in cost units. */
  budgets: readonly number[];
  /** Method ids (see `sweepMethodIds()`). */
  methods: readonly string[];
  /** B&B bound (default `auto`; the store does not depend on it). */
  bound?: "suffix" | "knapsack" | "auto";
  /** Summation of the covered masses in the update metrics (default `neumaier`). */
  summation?: Summation;
}

/** The rows and wall times of one unit. */
export interface UnitResult {
  distribution: string;
  seed: number;
  rows: ResultRow[];
  timings: TimingRow[];
}

interface Selection {
  store: string[];
  seconds: number;
  status?: string;
}

/**
 * Runs every budget and method on one generated package.
 *
 * Per budget: the full OPT by exact B&B (the denominator of every ratio,
 * whether or not `opt` is among the methods), the greedy store (the
 * reference value), then each method. F, cost, feasibility, update metrics
 * and the representation mix are recomputed on the full package from the
 * method's store. Restricted exact methods (`no_tombstone_opt`, ...) solve
 * the restricted pool and are scored against the full OPT.
 *
 * @param distribution a built-in distribution name
 * @param seed the package seed
 * @param config budgets, methods, bound, summation
 * @param pkg the package `generate(distribution, seed)`, if already generated (not checked)
 * @returns one row and one timing per (budget, method), in (budget, method-list) order
 * @throws {RangeError} on an unknown method or a bad seed; {@linkcode InputError} on an unknown distribution
 */
export function runUnit(
  distribution: string,
  seed: number,
  config: UnitConfig,
  pkg?: Package,
): UnitResult {
  const methods = config.methods.map((id) => [id, getSweepMethod(id)] as const);
  const cp = compilePackage(pkg ?? generate(distribution, seed));
  const lists = validityLists(cp);
  const bound = config.bound ?? "auto";
  const pools = new Map<SweepMethod, CompiledPackage>();
  const poolOf = (m: SweepMethod): CompiledPackage => {
    if (m.kind !== "exact" || m.pool === null) return cp;
    let p = pools.get(m);
    if (p === undefined) {
      p = m.pool === noTombstone ? noTombstonePool(cp) : restrictPackage(cp, m.pool(cp));
      pools.set(m, p);
    }
    return p;
  };
  const exact = (pool: CompiledPackage, budget: number): Selection => {
    const t0 = performance.now();
    const cert = solveBnb(pool, budget, { bound });
    return { store: cert.store, seconds: (performance.now() - t0) / 1000, status: cert.status };
  };

  const rows: ResultRow[] = [];
  const timings: TimingRow[] = [];
  for (const budget of config.budgets) {
    const t0 = performance.now();
    const full = solveBnb(cp, budget, { bound });
    const fullSeconds = (performance.now() - t0) / 1000;
    const opt = isCertified(full) ? full.objective : null;
    const t1 = performance.now();
    const reference = WRITERS.greedy(cp, budget);
    const referenceSeconds = (performance.now() - t1) / 1000;
    const referenceValue = evaluateStore(cp, reference.store.map((id) => cp.candIndex.get(id)!));

    for (const [id, m] of methods) {
      let sel: Selection;
      if (m.kind === "exact") {
        sel = m.pool === null
          ? { store: full.store, seconds: fullSeconds, status: full.status }
          : exact(poolOf(m), budget);
      } else if (id === "greedy") {
        sel = { store: reference.store, seconds: referenceSeconds };
      } else {
        const t2 = performance.now();
        const res = WRITERS[m.id](cp, budget);
        sel = { store: res.store, seconds: (performance.now() - t2) / 1000 };
      }
      const idx = sel.store.map((cid) => {
        const c = cp.candIndex.get(cid);
        if (c === undefined) {
          throw new RangeError(
            `Cannot score method '${id}' on '${cp.pkg.id}': it selected unknown candidate '${cid}'`,
          );
        }
        return c;
      });
      const value = evaluateStore(cp, idx);
      let cost = 0;
      const perGroup = new Map<number, number>();
      for (const c of idx) {
        cost += cp.cost[c];
        perGroup.set(cp.groupOf[c], (perGroup.get(cp.groupOf[c]) ?? 0) + 1);
      }
      const row: ResultRow = {
        schema_version: RESULT_SCHEMA_VERSION,
        instance_id: cp.pkg.id,
        seed,
        distribution,
        budget,
        method: id,
        selected_candidate_ids: sel.store,
        selected_cost: cost,
        objective_value: value,
        denominator_label: opt === null ? "none" : "exact_opt",
        ratio_to_opt: artifactSafeRatio(value, opt),
        opt_degenerate: opt !== null && Math.abs(opt) <= DEGENERATE_TOL,
        ratio_to_upper_bound: artifactSafeRatio(value, opt),
        ratio_to_reference: artifactSafeRatio(value, referenceValue),
        optimum_value: opt,
        upper_bound: opt,
        upper_bound_source: opt === null ? null : "exact_opt",
        reference_value: referenceValue,
        budget_feasible: cost <= budget,
        group_feasible: [...perGroup.values()].every((n) => n <= cp.k),
        representation_mix: representationMix(cp, idx),
        update_metrics: updateMetrics(cp, idx, { lists, summation: config.summation }),
        retrieval_metrics: {},
        policy_metadata: { ...m.policy },
        versions: { ...VERSIONS },
      };
      if (sel.status !== undefined) row.certificate_status = sel.status;
      rows.push(row);
      timings.push({ distribution, seed, budget, method: id, runtime_sec: sel.seconds });
    }
  }
  return { distribution, seed, rows, timings };
}
