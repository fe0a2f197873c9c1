/**
 * One unit of sweep work: one (distribution, seed) package with all its
 * budgets and methods (ARTIFACT-SPEC §4.2–§4.4, §6.1, §6.3).
 *
 * @module
 */
import { generate } from "../generate/distributions.ts";
import { evaluateStore, fitsBudget } from "../objective.ts";
import { type CompiledPackage, compileOwnedPackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { artifactSafeRatio, DEGENERATE_TOL } from "../score/ratio.ts";
import { representationMix, updateMetrics, validityLists } from "../score/metrics.ts";
import type { Summation } from "../score/summation.ts";
import { solveBnb } from "../solve/bnb.ts";
import { isCertified } from "../certificate/result.ts";
import { WRITERS } from "../writers/registry.ts";
import { noTombstone, noTombstonePool } from "../writers/restrict_package.ts";
import { restrictPackage } from "../package/restrict.ts";
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
  /** Distribution name of the unit's package. */
  distribution: string;
  /** Seed of the unit's package. */
  seed: number;
  /** One row per (budget, method), in output order. */
  rows: ResultRow[];
  /** Wall time per row, in the same order. */
  timings: TimingRow[];
}

interface Selection {
  store: string[];
  seconds: number;
  status?: string;
}

interface Scored {
  idx: number[];
  value: number;
  cost: number;
  groupFeasible: boolean;
}

/**
 * Runs every budget and method on one generated package.
 *
 * Per budget: the greedy store (the reference value) and every writer
 * method; then the full OPT by exact B&B (the denominator of every ratio,
 * whether or not `opt` is among the methods) and the restricted exact
 * methods (`no_tombstone_opt`, ...) on their pools. Each exact search starts
 * from the best F among the writers' feasible stores that lie in its pool,
 * as a floor that prunes without changing the certified store (`lowerBound`
 * of `solveBnb`). F, cost, feasibility, update metrics and the
 * representation mix are recomputed on the full package from each method's
 * store; restricted exact methods are scored against the full OPT.
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
  // The unit's package is its own (generated here or handed over by the lane, which drops it).
  const cp = compileOwnedPackage(pkg ?? generate(distribution, seed));
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
  const exact = (pool: CompiledPackage, budget: number, floor: number | undefined) => {
    const t0 = performance.now();
    const cert = solveBnb(pool, budget, { bound, lowerBound: floor });
    const seconds = (performance.now() - t0) / 1000;
    return { sel: { store: cert.store, seconds, status: cert.status } satisfies Selection, cert };
  };
  const groupCount = new Int32Array(cp.groupIds.length); // all zeros between scoreStore calls
  /** A store scored on the full package: indices, F, cost, feasibility. */
  const scoreStore = (id: string, store: readonly string[]): Scored => {
    const idx = store.map((cid) => {
      const c = cp.candIndex.get(cid);
      if (c === undefined) {
        throw new RangeError(
          `Cannot score method '${id}' on '${cp.pkg.id}': it selected unknown candidate '${cid}'`,
        );
      }
      return c;
    });
    let cost = 0, groupFeasible = true;
    for (const c of idx) {
      cost += cp.cost[c];
      if (++groupCount[cp.groupOf[c]] > cp.k) groupFeasible = false;
    }
    for (const c of idx) groupCount[cp.groupOf[c]] = 0;
    return { idx, value: evaluateStore(cp, idx), cost, groupFeasible };
  };

  const rows: ResultRow[] = [];
  const timings: TimingRow[] = [];
  for (const budget of config.budgets) {
    // Writers first: the best feasible store among them starts each exact search as its
    // incumbent floor, which prunes without changing the certified store (see solveBnb).
    const t1 = performance.now();
    const reference = WRITERS.greedy(cp, budget);
    const referenceSeconds = (performance.now() - t1) / 1000;
    const referenceScored = scoreStore("greedy", reference.store);
    const referenceValue = referenceScored.value;
    const sels: (Selection | null)[] = methods.map(([id, m]) => {
      if (m.kind === "exact") return null;
      if (id === "greedy") return { store: reference.store, seconds: referenceSeconds };
      const t2 = performance.now();
      const res = WRITERS[m.id](cp, budget);
      return { store: res.store, seconds: (performance.now() - t2) / 1000 };
    });
    const scored = sels.map((sel, i) => sel === null ? null : scoreStore(methods[i][0], sel.store));
    const feasible = [referenceScored, ...scored].filter((x): x is Scored =>
      x !== null && x.groupFeasible && fitsBudget(cp.cost, x.idx, budget)
    );
    const floor = (pool: CompiledPackage): number | undefined => {
      let best: number | undefined;
      for (const x of feasible) {
        if (best !== undefined && x.value <= best) continue;
        if (pool === cp || x.idx.every((c) => pool.candIndex.has(cp.candIds[c]))) best = x.value;
      }
      return best;
    };
    const full = exact(cp, budget, floor(cp));
    const opt = isCertified(full.cert) ? full.cert.objective : null;

    methods.forEach(([id, m], i) => {
      let sel = sels[i];
      if (sel === null) {
        const pool = poolOf(m);
        sel = pool === cp ? full.sel : exact(pool, budget, floor(pool)).sel;
      }
      const x = scored[i] ?? scoreStore(id, sel.store);
      const row: ResultRow = {
        schema_version: RESULT_SCHEMA_VERSION,
        instance_id: cp.pkg.id,
        seed,
        distribution,
        budget,
        method: id,
        selected_candidate_ids: sel.store,
        selected_cost: x.cost,
        objective_value: x.value,
        denominator_label: opt === null ? "none" : "exact_opt",
        ratio_to_opt: artifactSafeRatio(x.value, opt),
        opt_degenerate: opt !== null && Math.abs(opt) <= DEGENERATE_TOL,
        ratio_to_upper_bound: artifactSafeRatio(x.value, opt),
        ratio_to_reference: artifactSafeRatio(x.value, referenceValue),
        optimum_value: opt,
        upper_bound: opt,
        upper_bound_source: opt === null ? null : "exact_opt",
        reference_value: referenceValue,
        budget_feasible: fitsBudget(cp.cost, x.idx, budget),
        group_feasible: x.groupFeasible,
        representation_mix: representationMix(cp, x.idx),
        update_metrics: updateMetrics(cp, x.idx, { lists, summation: config.summation }),
        retrieval_metrics: {},
        policy_metadata: { ...m.policy },
        versions: { ...VERSIONS },
      };
      if (sel.status !== undefined) row.certificate_status = sel.status;
      rows.push(row);
      timings.push({ distribution, seed, budget, method: id, runtime_sec: sel.seconds });
    });
  }
  return { distribution, seed, rows, timings };
}
