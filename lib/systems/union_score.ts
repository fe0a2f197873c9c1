/**
 * Union scoring of an exported store (paper 000 definition 2, Table 4;
 * ARTIFACT-SPEC §6.5): the store's memories become candidates of kind
 * `system` with coverage rows from an adjudicator, giving P+(Y); each
 * selection of the store (as written, recency-, salience-, upper-pruned) is
 * scored against OPT of the union (rho_union, at most 1) and of the package
 * (the package ratio, which exceeds 1 when the store covers what the package
 * candidates could not).
 *
 * @module
 */
import type { Adjudicator, CoverageEdge } from "../adjudicate/types.ts";
import { compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { type ExternalMemory, unionCandidateId, unionPackage } from "../package/union.ts";
import { type Ratio, ratioToOpt, ratioToSmallerPackageOpt } from "../score/ratio.ts";
import { type Certificate, isCertified } from "../solve/result.ts";
import { solve } from "../solve/solve.ts";
import { checkFeasible, evaluateStore } from "../objective.ts";
import { recostPackage } from "../natural/cost_rules.ts";
import { memoryCost, type MemoryCostModel, wordCost } from "./cost_models.ts";
import type { AdapterProblem, MemoryStore, StoredMemory } from "./memory_store.ts";
import {
  type ExactSolveOptions,
  type PrunedStore,
  recencyPruned,
  saliencePruned,
  upperPrunedExact,
  upperPrunedGreedy,
} from "./pruning.ts";
import { queryBlindSalience } from "./salience_estimate.ts";
import { timeOrder } from "./time_order.ts";

/**
 * Selections of a store scored at each budget:
 * - `as_written`: the whole store (a ratio only when it fits the budget);
 * - `recency_pruned`, `salience_pruned`: ARTIFACT-SPEC §6.5;
 * - `upper_pruned`: the exact upper-pruned bound (max F over budget-feasible
 *   subsets of the store, certified);
 * - `upper_pruned_greedy`: the artifact's greedy "upper-pruned".
 */
export const UNION_SELECTORS = [
  "as_written",
  "recency_pruned",
  "salience_pruned",
  "upper_pruned",
  "upper_pruned_greedy",
] as const;

/** One of {@linkcode UNION_SELECTORS}. */
export type UnionSelector = (typeof UNION_SELECTORS)[number];

/** Options of {@linkcode scoreUnion}. */
export interface UnionScoreOptions {
  /** Produces each memory's coverage row. */
  adjudicator: Adjudicator;
  /** Budgets B (default the package's). */
  budgets?: readonly number[];
  /**
   * Memory costs: `words` (default; max(1, non-space tokens)),
   * `byte_overhead` (8 + ceil(bytes/24)), or `declared` (the export's `cost`,
   * falling back to words, reported).
   */
  costModel?: MemoryCostModel | "declared";
  /**
   * Package candidate costs: `declared` (the package's own), or `model`
   * (re-costed under the memory cost model). Default: `model` for
   * byte_overhead, `declared` otherwise, so both sides share units.
   */
  packageCosts?: "declared" | "model";
  /** System label in candidate ids (default the store's). */
  system?: string;
  /**
   * `experience`: a memory naming a package experience joins that group (a
   * store copied from package candidates then adds no new combinations);
   * `none` (default): every memory is its own group (or its `group`'s).
   */
  tie?: "none" | "experience";
  /** Show the adjudicator the package's own query (default false: query-blind). */
  question?: boolean;
  /**
   * Salience for salience pruning: `system` (the store's scores; missing
   * ones count 0, reported), `estimate` (query-blind, see
   * {@linkcode queryBlindSalience}), `auto` (default: `system` when every
   * memory has a score, else `estimate`).
   */
  salience?: "auto" | "system" | "estimate";
  /** Selections to score (default all). */
  selectors?: readonly UnionSelector[];
  /**
   * Exact solves (OPT of P, of P+(Y), the upper-pruned bound) go through
   * `solve()`: branch-and-bound for `bnbTimeMs` (default here 200 ms), then
   * the HiGHS MILP certificate; `timeLimitMs` caps each solve (default none).
   * Union packages whose memories copy package candidates have many tied
   * optima, which branch-and-bound must enumerate; the MILP does not.
   */
  solver?: ExactSolveOptions;
}

/** A memory as it enters the union. */
export interface ScoredMemory {
  /** Memory id in the store. */
  id: string;
  /** Its candidate id in P+(Y). */
  candidate: string;
  /** The memory's text, as shown to the adjudicator. */
  text: string;
  /** Cost under the chosen cost model. */
  cost: number;
  /** Kept coverage edges (known units, values clipped to [0, 1], max over repeats). */
  coverage: CoverageEdge[];
  /** Salience used for salience pruning, in [0, 1]. */
  salience: number;
  /** Rank in time order (0 = oldest). */
  timeIndex: number;
}

/** A ratio, or the reason there is none. */
export type SelectionRatio = Ratio | { ratio: null; flag: "over_budget" };

/** One scored selection at one budget. */
export interface SelectionScore {
  /** Which selection of the store this is. */
  selector: UnionSelector;
  /** Memory ids of the selection, in time order. */
  memories: string[];
  /** Σ cost of the selection in cost units (under the chosen cost model). */
  cost: number;
  /** F of the selection under the package weights. */
  value: number;
  /** Within the budget and the group cap. */
  feasible: boolean;
  /** F / OPT of P+(Y) (<= 1). */
  unionRatio: SelectionRatio;
  /** F / OPT of P (may exceed 1). */
  packageRatio: SelectionRatio;
  /**
   * For `upper_pruned`: whether the subset optimum is certified. When it is
   * not, `value` is the solver's incumbent (not a bound), both ratios are
   * `uncertified` and `summarizeUnion` leaves it out of every mean (counted).
   */
  certified?: boolean;
}

/** Scores at one budget. */
export interface UnionBudgetScore {
  /** Budget B in cost units. */
  budget: number;
  /** OPT of the package alone (under the package costs used). */
  optPackage: Certificate;
  /** OPT of P+(Y). */
  optUnion: Certificate;
  /** One score per selector, in the order of the `selectors` option. */
  selections: SelectionScore[];
}

/** Result of {@linkcode scoreUnion}. */
export interface UnionScore {
  /** Id of the package P. */
  packageId: string;
  /** System label used in the union candidate ids. */
  system: string;
  /** Cost model the memories were costed under. */
  costModel: MemoryCostModel | "declared";
  /**
   * Where the salience for salience pruning came from: the store's own scores or the query-blind
   * estimate.
   */
  salienceSource: "system" | "estimate";
  /** The union package P+(Y) (package costs as used). */
  union: Package;
  /** The store's memories as they entered the union, in time order. */
  memories: ScoredMemory[];
  /** The store's adapter problems, then the scoring problems. */
  problems: AdapterProblem[];
  /** Scores per budget, in the order of the `budgets` option (default the package's budgets). */
  budgets: UnionBudgetScore[];
}

/**
 * Scores an exported store on a package under the union denominator.
 *
 * Steps: memories in time order ({@linkcode timeOrder}); costs under the cost
 * model; coverage rows from the adjudicator (edges naming units outside the
 * package are dropped and reported; values clipped to [0, 1]; repeats keep
 * the maximum); P+(Y) via `unionPackage` (memories after every package
 * experience, in time order; a `group` shared by several memories becomes
 * one group; with `tie: "experience"` a memory naming a package experience
 * joins it); then per budget the certified OPT of P and of P+(Y) and each
 * selection's F, union ratio and package ratio (ratios only against a
 * certified OPT, a zero OPT flagged).
 *
 * @param pkg the package P
 * @param store the exported store Y (from an adapter)
 * @param opts adjudicator, budgets, cost model, ties, salience, selectors
 * @returns the scores and every problem met
 * @throws {InputError} if the union package does not validate (e.g. an
 *   adjudicator edge with a value that is not a finite number)
 * @throws {RangeError} when package candidates are re-costed (`packageCosts:
 *   "model"`) and one has no text
 */
export async function scoreUnion(
  pkg: Package,
  store: MemoryStore,
  opts: UnionScoreOptions,
): Promise<UnionScore> {
  const system = opts.system ?? store.system;
  const costModel = opts.costModel ?? "words";
  const problems: AdapterProblem[] = [...store.problems];
  const packageCosts = opts.packageCosts ?? (costModel === "byte_overhead" ? "model" : "declared");
  let base = pkg;
  if (packageCosts === "model") {
    const model = costModel === "byte_overhead" ? "byte_overhead" : "word";
    base = recostPackage(pkg, model);
  }

  const memories = timeOrder(store.memories);
  const units = pkg.units.map((u) => ({ id: u.id, text: u.text ?? "", family: u.family }));
  const unitIds = new Set(units.map((u) => u.id));
  const question = opts.question ? pkg.queries[0]?.text : undefined;
  const expIds = new Set(pkg.experiences.map((e) => e.id));

  const cost = (m: StoredMemory): number => {
    if (costModel !== "declared") return memoryCost(m.text, costModel);
    if (m.cost !== undefined) return m.cost;
    problems.push({
      code: "coerced",
      record: m.id,
      field: "cost",
      detail: "no declared cost: word cost used",
    });
    return wordCost(m.text);
  };

  const scored: ScoredMemory[] = [];
  for (const [i, m] of memories.entries()) {
    const edges = await opts.adjudicator.adjudicate({
      packageId: base.id,
      memory: { id: m.id, text: m.text },
      units,
      ...(question !== undefined ? { question } : {}),
    });
    const best = new Map<string, CoverageEdge>();
    for (const e of edges) {
      if (!unitIds.has(e.unit)) {
        problems.push({
          code: "dropped",
          record: m.id,
          field: "coverage",
          detail:
            `${opts.adjudicator.name} named unit '${e.unit}', not in the package: edge dropped`,
        });
        continue;
      }
      const value = Math.min(1, Math.max(0, e.value));
      const prev = best.get(e.unit);
      if (!prev || value > prev.value) best.set(e.unit, { ...e, value });
    }
    scored.push({
      id: m.id,
      candidate: unionCandidateId(system, m.id),
      text: m.text,
      cost: cost(m),
      coverage: pkg.units.flatMap((u) => best.get(u.id) ?? []),
      salience: 0,
      timeIndex: i,
    });
  }

  // Salience.
  const mode = opts.salience ?? "auto";
  const allScored = memories.every((m) => m.salience !== undefined);
  const salienceSource: "system" | "estimate" = mode === "system" || (mode === "auto" && allScored)
    ? "system"
    : "estimate";
  if (salienceSource === "system") {
    memories.forEach((m, i) => {
      if (m.salience === undefined) {
        problems.push({
          code: "coerced",
          record: m.id,
          field: "salience",
          detail: "no system salience: counted as 0",
        });
      }
      scored[i].salience = m.salience ?? 0;
    });
  } else {
    if (mode === "auto" && memories.some((m) => m.salience !== undefined)) {
      problems.push({
        code: "coerced",
        record: "(store)",
        field: "salience",
        detail:
          "system salience missing for some memories: the query-blind estimate is used for all",
      });
    }
    queryBlindSalience(memories).forEach((s, i) => (scored[i].salience = s));
  }

  // P+(Y).
  const maxOrder = pkg.experiences.reduce((a, e) => Math.max(a, e.order), -1);
  const groupLead = new Map<string, string>();
  const external: ExternalMemory[] = memories.map((m, i) => {
    const e: ExternalMemory = {
      id: m.id,
      text: m.text,
      cost: scored[i].cost,
      coverage: Object.fromEntries(scored[i].coverage.map((c) => [c.unit, c.value])),
      order: maxOrder + 1 + i,
    };
    if (opts.tie === "experience" && m.experience !== undefined) {
      if (expIds.has(m.experience)) e.experience = m.experience;
      else {
        problems.push({
          code: "coerced",
          record: m.id,
          field: "experience",
          detail: `experience '${m.experience}' is not in the package: own group`,
        });
      }
    }
    if (e.experience === undefined && m.group !== undefined) {
      const lead = groupLead.get(m.group);
      if (lead === undefined) groupLead.set(m.group, unionCandidateId(system, m.id));
      else e.experience = lead;
    }
    return e;
  });
  const union = unionPackage(base, external, { system, file: store.file });
  const cp = compilePackage(base);
  const cu = compilePackage(union);
  const pool = scored.map((s) => cu.candIndex.get(s.candidate)!);
  const poolPos = new Map(pool.map((c, i) => [c, i]));
  const salience = scored.map((s) => s.salience);
  const selectors = opts.selectors ?? UNION_SELECTORS;
  const budgets = opts.budgets ?? pkg.budgets;
  const limit: ExactSolveOptions = { bnbTimeMs: 200, ...opts.solver };

  const out: UnionBudgetScore[] = [];
  for (const budget of budgets) {
    const optPackage = await solve(cp, budget, limit);
    const optUnion = await solve(cu, budget, limit);
    const selections: SelectionScore[] = [];
    for (const selector of selectors) {
      let st: PrunedStore;
      let certified: boolean | undefined;
      if (selector === "as_written") {
        let c = 0;
        for (const x of pool) c += cu.cost[x];
        st = { candidates: [...pool], cost: c, value: evaluateStore(cu, pool) };
      } else if (selector === "recency_pruned") st = recencyPruned(cu, pool, budget);
      else if (selector === "salience_pruned") st = saliencePruned(cu, pool, salience, budget);
      else if (selector === "upper_pruned_greedy") st = upperPrunedGreedy(cu, pool, budget);
      else {
        const ex = await upperPrunedExact(cu, pool, budget, limit);
        st = ex;
        certified = isCertified(ex.certificate);
      }
      const ids = st.candidates.map((c) => cu.candIds[c]);
      const feasible = checkFeasible(cu, ids, budget).feasible;
      const over = { ratio: null, flag: "over_budget" } as const;
      const none = { ratio: null, flag: "uncertified" } as const;
      // The package ratio scores a store of P+ against OPT(P): above 1 is a finding there.
      const ratio = (opt: Certificate, at: typeof cp, of = ratioToOpt): SelectionRatio =>
        !feasible ? over : certified === false ? none : of(st.value, opt, { cp: at, budget });
      const r: SelectionScore = {
        selector,
        memories: st.candidates.map((c) => scored[poolPos.get(c)!].id),
        cost: st.cost,
        value: st.value,
        feasible,
        unionRatio: ratio(optUnion, cu),
        packageRatio: ratio(optPackage, cp, ratioToSmallerPackageOpt),
      };
      if (certified !== undefined) r.certified = certified;
      selections.push(r);
    }
    out.push({ budget, optPackage, optUnion, selections });
  }
  return {
    packageId: pkg.id,
    system,
    costModel,
    salienceSource,
    union,
    memories: scored,
    problems,
    budgets: out,
  };
}
