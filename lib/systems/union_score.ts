/**
 * Union scoring of an exported store (paper 000 definition 2, Table 4; ARTIFACT-SPEC §6.5): the
 * store's memories become candidates of kind `system` with coverage rows from an adjudicator,
 * giving P+(Y); each selection of the store (as written, recency-, salience-, upper-pruned) is
 * scored against OPT of the union (rho_union, at most 1) and of the package (the package ratio,
 * which exceeds 1 when the store covers what the package candidates could not).
 *
 * @module
 */
import type { Adjudicator, CoverageEdge } from "../adjudicate/types.ts";
import { type CompiledPackage, compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { type ExternalMemory, unionCandidateId, unionPackage } from "../package/union.ts";
import { type Ratio, ratioToOpt, ratioToSmallerPackageOpt } from "../score/ratio.ts";
import { type Certificate, isCertified } from "../certificate/result.ts";
import { solve } from "../solve/solve.ts";
import { checkFeasible, evaluateStore } from "../objective.ts";
import { recostPackage } from "../natural/cost_rules.ts";
import { estimatedSingletonValue } from "../writers/estimate.ts";
import { memoryCost, type MemoryCostModel, wordCost } from "./cost_models.ts";
import type { AdapterProblem, MemoryStore, StoredMemory } from "./memory_store.ts";
import { problem } from "./_read.ts";
import {
  type ExactSolveOptions,
  type PrunedStore,
  recencyPruned,
  saliencePruned,
  upperPrunedExact,
  upperPrunedGreedy,
} from "./pruning.ts";
import { timeOrder } from "./time_order.ts";

/**
 * Selections of a store scored at each budget:
 * - `as_written`: the whole store (a ratio only when it fits the budget);
 * - `recency_pruned`, `salience_pruned`: ARTIFACT-SPEC §6.5;
 * - `upper_pruned`: the exact upper-pruned bound (max F over budget-feasible subsets of the store,
 *   certified);
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
   * Memory costs: `words` (default; max(1, non-space tokens)), `byte_overhead` (8 +
   * ceil(bytes/24)), or `declared` (the export's `cost`, falling back to words, reported).
   */
  costModel?: MemoryCostModel | "declared";
  /**
   * Package candidate costs: `declared` (the package's own), or `model` (re-costed under the memory
   * cost model). Default: `model` for byte_overhead, `declared` otherwise, so both sides share
   * units.
   */
  packageCosts?: "declared" | "model";
  /** System label in candidate ids (default the store's). */
  system?: string;
  /**
   * `experience`: a memory naming a package experience joins that group (a store copied from
   * package candidates then adds no new combinations); `none` (default): every memory is its own
   * group (or its `group`'s).
   */
  tie?: "none" | "experience";
  /** Show the adjudicator the package's own query (default false: query-blind). */
  question?: boolean;
  /**
   * Salience for salience pruning: `system` (the store's scores; missing ones count 0, reported),
   * `estimate` (query-blind, see {@linkcode queryBlindSalience}), `auto` (default: `system` when
   * every memory has a score, else `estimate`).
   */
  salience?: "auto" | "system" | "estimate";
  /** Selections to score (default all). */
  selectors?: readonly UnionSelector[];
  /**
   * Exact solves (OPT of P, of P+(Y), the upper-pruned bound) go through `solve()`:
   * branch-and-bound within `bnbWork` (default here 500,000), then the HiGHS MILP certificate;
   * `timeLimitMs` caps each solve (default none). Union packages whose memories copy package
   * candidates have many tied optima, which branch-and-bound must enumerate; the MILP does not.
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
   * For `upper_pruned`: whether the subset optimum is certified. When it is not, `value` is the
   * solver's incumbent (not a bound), both ratios are `uncertified` and `summarizeUnion` leaves it
   * out of every mean (counted).
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
 * Steps: memories in time order ({@linkcode timeOrder}); costs under the cost model; coverage rows
 * from the adjudicator (edges naming units outside the package are dropped and reported; values
 * clipped to [0, 1]; repeats keep the maximum); P+(Y) via `unionPackage` (memories after every
 * package experience, in time order; a `group` shared by several memories becomes one group; with
 * `tie: "experience"` a memory naming a package experience joins it); then per budget the certified
 * OPT of P and of P+(Y) and each selection's F, union ratio and package ratio (ratios only against
 * a certified OPT, a zero OPT flagged).
 *
 * @param pkg the package P
 * @param store the exported store Y (from an adapter)
 * @param opts adjudicator, budgets, cost model, ties, salience, selectors
 * @returns the scores and every problem met
 * @throws {InputError} if the union package does not validate (e.g. an adjudicator edge with a
 *   value that is not a finite number)
 * @throws {RangeError} when package candidates are re-costed (`packageCosts: "model"`) and one has
 *   no text
 */
export async function scoreUnion(
  pkg: Package,
  store: MemoryStore,
  opts: UnionScoreOptions,
): Promise<UnionScore> {
  const system = opts.system ?? store.system;
  const costModel = opts.costModel ?? "words";
  const problems: AdapterProblem[] = [...store.problems];
  const base = packageUnderCosts(pkg, costModel, opts.packageCosts);
  const memories = timeOrder(store.memories);
  const scored = await adjudicateMemories(pkg, base.id, memories, system, opts, problems);
  const salienceSource = assignSalience(memories, scored, opts.salience ?? "auto", problems);
  const external = externalMemories(pkg, memories, scored, system, opts.tie, problems);
  const union = unionPackage(base, external, { system, file: store.file });
  const cp = compilePackage(base);
  const cu = compilePackage(union);
  const pool = scored.map((s) => cu.candIndex.get(s.candidate)!);
  const poolPos = new Map(pool.map((c, i) => [c, i]));
  const salience = scored.map((s) => s.salience);
  const limit = { bnbWork: 500_000, ...opts.solver };
  const selection: SelectionContext = { cp, cu, pool, poolPos, scored, salience, limit };
  const selectors = opts.selectors ?? UNION_SELECTORS;
  const out: UnionBudgetScore[] = [];
  for (const budget of opts.budgets ?? pkg.budgets) {
    out.push(await scoreBudget(selection, selectors, budget));
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

/** P with its candidates re-costed under the memory cost model when asked (or by default). */
function packageUnderCosts(
  pkg: Package,
  costModel: MemoryCostModel | "declared",
  packageCosts: UnionScoreOptions["packageCosts"],
): Package {
  const costs = packageCosts ?? (costModel === "byte_overhead" ? "model" : "declared");
  if (costs !== "model") return pkg;
  return recostPackage(pkg, costModel === "byte_overhead" ? "byte_overhead" : "word");
}

/** A memory's cost under the model; `declared` falls back to words (reported). */
function memoryCostOf(
  m: StoredMemory,
  costModel: MemoryCostModel | "declared",
  problems: AdapterProblem[],
): number {
  if (costModel !== "declared") return memoryCost(m.text, costModel);
  if (m.cost !== undefined) return m.cost;
  problems.push(problem("coerced", m.id, "cost", "no declared cost: word cost used"));
  return wordCost(m.text);
}

/**
 * Step 1: each memory's coverage row from the adjudicator: edges to units outside the package
 * dropped (reported), values clipped to [0, 1], the maximum kept over repeats, in unit order.
 */
async function adjudicateMemories(
  pkg: Package,
  packageId: string,
  memories: readonly StoredMemory[],
  system: string,
  opts: UnionScoreOptions,
  problems: AdapterProblem[],
): Promise<ScoredMemory[]> {
  const costModel = opts.costModel ?? "words";
  const units = pkg.units.map((u) => ({ id: u.id, text: u.text ?? "", family: u.family }));
  const unitIds = new Set(units.map((u) => u.id));
  const question = opts.question ? pkg.queries[0]?.text : undefined;
  const scored: ScoredMemory[] = [];
  for (const [i, m] of memories.entries()) {
    const edges = await opts.adjudicator.adjudicate({
      packageId,
      memory: { id: m.id, text: m.text },
      units,
      ...(question !== undefined ? { question } : {}),
    });
    const best = new Map<string, CoverageEdge>();
    for (const e of edges) {
      if (!unitIds.has(e.unit)) {
        const detail =
          `${opts.adjudicator.name} named unit '${e.unit}', not in the package: edge dropped`;
        problems.push(problem("dropped", m.id, "coverage", detail));
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
      cost: memoryCostOf(m, costModel, problems),
      coverage: pkg.units.flatMap((u) => best.get(u.id) ?? []),
      salience: 0,
      timeIndex: i,
    });
  }
  return scored;
}

/**
 * Step 2: the salience of salience pruning: the store's own scores (missing ones 0, reported) or
 * the query-blind estimate for all; returns which.
 */
function assignSalience(
  memories: readonly StoredMemory[],
  scored: ScoredMemory[],
  mode: "auto" | "system" | "estimate",
  problems: AdapterProblem[],
): "system" | "estimate" {
  const allScored = memories.every((m) => m.salience !== undefined);
  if (mode === "system" || (mode === "auto" && allScored)) {
    memories.forEach((m, i) => {
      if (m.salience === undefined) {
        problems.push(problem("coerced", m.id, "salience", "no system salience: counted as 0"));
      }
      scored[i].salience = m.salience ?? 0;
    });
    return "system";
  }
  if (mode === "auto" && memories.some((m) => m.salience !== undefined)) {
    const detail =
      "system salience missing for some memories: the query-blind estimate is used for all";
    problems.push(problem("coerced", "(store)", "salience", detail));
  }
  queryBlindSalience(memories).forEach((s, i) => (scored[i].salience = s));
  return "estimate";
}

/**
 * A query-blind salience estimate for memories without a system score: the App. A.1 heuristic
 * singleton value (type prior, cue bonuses, signature tokens; no model call) of the memory's text
 * alone, scaled to [0, 1] by the store's largest value. It sees neither the question nor any
 * coverage.
 *
 * @returns s in [0, 1] per memory, in input order (all 0 when every value is 0)
 */
export function queryBlindSalience(memories: readonly { id: string; text: string }[]): number[] {
  const v = memories.map((m) => estimatedSingletonValue({ id: m.id, rep: "system", text: m.text }));
  const max = v.reduce((a, b) => Math.max(a, b), 0);
  return v.map((x) => (max > 0 ? x / max : 0));
}

/**
 * Step 3: the memories as external candidates of P+(Y): after every package experience in time
 * order; a memory naming a package experience joins it (`tie: "experience"`), memories sharing a
 * `group` share the first one's group.
 */
function externalMemories(
  pkg: Package,
  memories: readonly StoredMemory[],
  scored: readonly ScoredMemory[],
  system: string,
  tie: UnionScoreOptions["tie"],
  problems: AdapterProblem[],
): ExternalMemory[] {
  const expIds = new Set(pkg.experiences.map((e) => e.id));
  const maxOrder = pkg.experiences.reduce((a, e) => Math.max(a, e.order), -1);
  const groupLead = new Map<string, string>();
  return memories.map((m, i) => {
    const e: ExternalMemory = {
      id: m.id,
      text: m.text,
      cost: scored[i].cost,
      coverage: Object.fromEntries(scored[i].coverage.map((c) => [c.unit, c.value])),
      order: maxOrder + 1 + i,
    };
    if (tie === "experience" && m.experience !== undefined) {
      if (expIds.has(m.experience)) e.experience = m.experience;
      else {
        const detail = `experience '${m.experience}' is not in the package: own group`;
        problems.push(problem("coerced", m.id, "experience", detail));
      }
    }
    if (e.experience === undefined && m.group !== undefined) {
      const lead = groupLead.get(m.group);
      if (lead === undefined) groupLead.set(m.group, unionCandidateId(system, m.id));
      else e.experience = lead;
    }
    return e;
  });
}

/** The compiled P and P+(Y) and the store's candidates in P+(Y), shared by every budget. */
interface SelectionContext {
  cp: CompiledPackage;
  cu: CompiledPackage;
  /** The memories' candidate indices in P+(Y), in time order. */
  pool: number[];
  poolPos: Map<number, number>;
  scored: readonly ScoredMemory[];
  salience: number[];
  limit: ExactSolveOptions;
}

/** Step 4: at one budget, the certified OPT of P and of P+(Y) and every selection's score. */
async function scoreBudget(
  x: SelectionContext,
  selectors: readonly UnionSelector[],
  budget: number,
): Promise<UnionBudgetScore> {
  const optPackage = await solve(x.cp, budget, x.limit);
  const optUnion = await solve(x.cu, budget, x.limit);
  const selections: SelectionScore[] = [];
  for (const selector of selectors) {
    const { st, certified } = await selectFromStore(x, selector, budget);
    selections.push(scoreSelection(x, selector, st, certified, budget, optUnion, optPackage));
  }
  return { budget, optPackage, optUnion, selections };
}

/** The store's subset one selector keeps at a budget (the upper-pruned bound says if certified). */
async function selectFromStore(
  x: SelectionContext,
  selector: UnionSelector,
  budget: number,
): Promise<{ st: PrunedStore; certified?: boolean }> {
  const { cu, pool } = x;
  if (selector === "as_written") {
    let c = 0;
    for (const i of pool) c += cu.cost[i];
    return { st: { candidates: [...pool], cost: c, value: evaluateStore(cu, pool) } };
  }
  if (selector === "recency_pruned") return { st: recencyPruned(cu, pool, budget) };
  if (selector === "salience_pruned") return { st: saliencePruned(cu, pool, x.salience, budget) };
  if (selector === "upper_pruned_greedy") return { st: upperPrunedGreedy(cu, pool, budget) };
  const ex = await upperPrunedExact(cu, pool, budget, x.limit);
  return { st: ex, certified: isCertified(ex.certificate) };
}

/** A selection's F, feasibility and its ratios to OPT of P+(Y) and of P (only when certified). */
function scoreSelection(
  x: SelectionContext,
  selector: UnionSelector,
  st: PrunedStore,
  certified: boolean | undefined,
  budget: number,
  optUnion: Certificate,
  optPackage: Certificate,
): SelectionScore {
  const ids = st.candidates.map((c) => x.cu.candIds[c]);
  const feasible = checkFeasible(x.cu, ids, budget).feasible;
  const over = { ratio: null, flag: "over_budget" } as const;
  const none = { ratio: null, flag: "uncertified" } as const;
  // The package ratio scores a store of P+ against OPT(P): above 1 is a finding there.
  const ratio = (opt: Certificate, at: CompiledPackage, of = ratioToOpt): SelectionRatio =>
    !feasible ? over : certified === false ? none : of(st.value, opt, { cp: at, budget });
  const r: SelectionScore = {
    selector,
    memories: st.candidates.map((c) => x.scored[x.poolPos.get(c)!].id),
    cost: st.cost,
    value: st.value,
    feasible,
    unionRatio: ratio(optUnion, x.cu),
    packageRatio: ratio(optPackage, x.cp, ratioToSmallerPackageOpt),
  };
  if (certified !== undefined) r.certified = certified;
  return r;
}
