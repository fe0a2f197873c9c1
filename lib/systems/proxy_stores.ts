/**
 * Offline stand-ins for exported systems' stores, built from a package's own candidates (notebook
 * 06; paper 000 Table 4's shape without running a system), the cost-rule sensitivity of their
 * salience-pruned selections (paper 001 appendix C), and the round trip of writers' stores through
 * the generic adapter. These are PROXIES: no memory system wrote them.
 *
 * @module
 */
import { compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { WRITERS } from "../writers/registry.ts";
import { readGenericJsonl, toGenericJsonl } from "./generic_jsonl.ts";
import { packageTextAdjudicator } from "./package_text_adjudicator.ts";
import type { ExactSolveOptions } from "./pruning.ts";
import type { MemoryCostModel } from "./cost_models.ts";
import { scoreUnion, type UnionScore } from "./union_score.ts";
import { exportCandidates, exportWriterStore } from "./writer_export.ts";

/** The three proxy stores (see {@linkcode proxyStoreIds}). */
export type ProxyStore = "observation store" | "session archive" | "archive + observations";

const facts = (pkg: Package): string[] =>
  pkg.candidates.filter((c) => c.representation === "atomic_fact").map((c) => c.id);
const archive = (pkg: Package): string[] =>
  WRITERS.recency_raw(compilePackage(pkg), pkg.candidates.reduce((a, c) => a + c.cost, 0)).store;

/** Each proxy store's selection rule, in display order. */
const SELECTIONS: Record<ProxyStore, (pkg: Package) => string[]> = {
  "observation store": facts,
  "session archive": archive,
  "archive + observations": (pkg) => [...archive(pkg), ...facts(pkg)],
};

/** Names of the proxy stores, in display order. */
export const PROXY_STORES: readonly ProxyStore[] = Object.keys(SELECTIONS) as ProxyStore[];

/**
 * The candidate ids of a proxy store of a package:
 * - `observation store`: every atomic fact (LoCoMo observations; the shape of a Mem0 store);
 * - `session archive`: every raw span, as Recency raw keeps them without a budget (an archival
 *   store of long passages, or full A-Mem notes);
 * - `archive + observations`: both (the shape of Letta's core + archival).
 *
 * @returns candidate ids (archive first, then observations, for the last)
 */
export function proxyStoreIds(pkg: Package, store: ProxyStore): string[] {
  return SELECTIONS[store](pkg);
}

/** A proxy store's memories: their own groups (no experience), word costs (none declared). */
const AS_STORE = { system: "store", declareCost: false, tieExperience: false };

/** Result of {@linkcode scoreProxyStores}. */
export interface ProxyStoreScores {
  /** Union scores per proxy store, one per package (package order). */
  pruned: Record<ProxyStore, UnionScore[]>;
  /**
   * Salience-pruned package ratios at the cost-rule budget with every candidate (package and store)
   * re-costed under the word rule and the byte-overhead rule; packages without a ratio are left
   * out.
   */
  costRules: Record<ProxyStore, { words: number[]; byte: number[] }>;
}

/**
 * Scores the three proxy stores of every package as external memories (their own groups, word
 * costs, package-text coverage) with every selector, and the cost-rule sensitivity of the
 * salience-pruned selection.
 *
 * @param packages the packages
 * @param opts budgets, solver limits, cost-rule budget
 * @returns scores per store, and the cost-rule ratios
 * @throws {InputError} when a union package does not validate
 */
export async function scoreProxyStores(
  packages: readonly Package[],
  opts: {
    /** Budgets (default 30, 60, 100). */
    budgets?: readonly number[];
    /** Exact solves (default branch-and-bound within 12,500 work units, then the MILP certificate). */
    solver?: ExactSolveOptions;
    /** Budget of the cost-rule sensitivity (default 100); null skips it. */
    costRuleBudget?: number | null;
  } = {},
): Promise<ProxyStoreScores> {
  const budgets = opts.budgets ?? [30, 60, 100];
  const solver = opts.solver ?? { bnbWork: 12_500 };
  const costB = opts.costRuleBudget === undefined ? 100 : opts.costRuleBudget;
  const pruned = {} as ProxyStoreScores["pruned"];
  const costRules = {} as ProxyStoreScores["costRules"];
  for (const k of PROXY_STORES) {
    pruned[k] = [];
    costRules[k] = { words: [], byte: [] };
  }
  for (const pkg of packages) {
    const adjudicator = packageTextAdjudicator(pkg);
    for (const name of PROXY_STORES) {
      const row = exportCandidates(pkg, proxyStoreIds(pkg, name), AS_STORE);
      const [store] = readGenericJsonl(toGenericJsonl([row]));
      pruned[name].push(await scoreUnion(pkg, store, { adjudicator, budgets, solver }));
      if (costB === null) continue;
      const rules = [["words", costRules[name].words], ["byte_overhead", costRules[name].byte]];
      for (const [rule, into] of rules as [MemoryCostModel, number[]][]) {
        const s = await scoreUnion(pkg, store, {
          adjudicator,
          budgets: [costB],
          costModel: rule,
          packageCosts: "model",
          selectors: ["salience_pruned"],
          solver,
        });
        const r = s.budgets[0].selections[0].packageRatio.ratio;
        if (r !== null) into.push(r);
      }
    }
  }
  return { pruned, costRules };
}

/**
 * Exports each writer's store at each budget as a generic JSONL row (memory = candidate text, its
 * declared cost and experience), reads it back through the generic adapter and scores it as
 * written: tied to their experiences with declared costs, the memories add nothing to P+(Y), so the
 * union and package ratios must both equal the writer's own ratio (exactly).
 *
 * @param packages the packages
 * @param writers writer ids of the registry
 * @param budgets budgets
 * @param solver exact solve limits (default branch-and-bound within 12,500 work units, then the MILP)
 * @returns the scores and the mismatch count
 */
export async function roundTripWriters(
  packages: readonly Package[],
  writers: readonly string[],
  budgets: readonly number[] = [30, 60, 100],
  solver: ExactSolveOptions = { bnbWork: 12_500 },
): Promise<{
  /** Union scores per writer (one per (package, budget), package then budget order). */
  scores: Record<string, UnionScore[]>;
  /** (package, writer, budget) triples checked. */
  checked: number;
  /** Triples whose scored-back value or ratios differ from the writer's own. */
  mismatches: number;
}> {
  const scores: Record<string, UnionScore[]> = Object.fromEntries(writers.map((w) => [w, []]));
  let mismatches = 0, checked = 0;
  for (const pkg of packages) {
    const cp = compilePackage(pkg);
    const adjudicator = packageTextAdjudicator(pkg);
    for (const w of writers) {
      const rows = budgets.map((B) => ({ B, result: WRITERS[w](cp, B) }));
      const stores = readGenericJsonl(
        toGenericJsonl(rows.map((r) => exportWriterStore(pkg, r.result))),
      );
      for (const [i, { B, result }] of rows.entries()) {
        const s = await scoreUnion(pkg, stores[i], {
          adjudicator,
          budgets: [B],
          costModel: "declared",
          tie: "experience",
          selectors: ["as_written"],
          solver,
        });
        const b = s.budgets[0], x = b.selections[0], opt = b.optPackage.objective!;
        checked++;
        if (
          Math.abs(x.value - result.value) > 1e-12 || b.optUnion.objective !== opt ||
          (opt > 0 &&
            (x.unionRatio.ratio !== result.value / opt ||
              x.packageRatio.ratio !== result.value / opt))
        ) {
          mismatches++;
        }
        scores[w].push(s);
      }
    }
  }
  return { scores, checked, mismatches };
}
