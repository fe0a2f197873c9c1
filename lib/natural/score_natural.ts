/**
 * Scoring natural packages: certified OPT and the natural-package writers at
 * each budget (ARTIFACT-SPEC §6.5-§6.7), summaries with bootstrap intervals
 * clustered by conversation, and the comparisons of two scorings used by the
 * coverage audit and the sensitivity analyses (paper 001 §5, appendix C):
 * the rescoring shift (mean |Δ ratio|, Kendall tau of writer rankings) and
 * the OPT shift (k = 2 relaxation, cost rules).
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import { compilePackage } from "../package/compile.ts";
import { type Certificate, isCertified } from "../certificate/result.ts";
import { isIssued, issuedFor, raiseCap } from "../certificate/issue.ts";
import { solveBnb } from "../solve/bnb.ts";
import { solveSync } from "../solve/solve.ts";
import { ratioToOpt } from "../score/ratio.ts";
import { clusterBootstrapCi } from "../score/cluster_bootstrap.ts";
import { kendallTau } from "../score/agreement.ts";
import { getWriter } from "../writers/registry.ts";
import { LOCOMO_DEFAULT_BUDGETS } from "./locomo.ts";

/**
 * Writers scored on natural packages: the artifact's set (ARTIFACT-SPEC
 * §6.7: oracle_gvt, summary_only, fact_only, mem0_extract, amem_graph,
 * recency_raw, estimated_gvt with the local `gemini_flash_lite_v1`
 * heuristic) plus density_only.
 */
export const NATURAL_METHODS: readonly string[] = (
  "oracle_gvt estimated_gvt density_only fact_only summary_only recency_raw mem0_extract " +
  "amem_graph"
).split(" ");

/** One (package, budget, method) score. */
export interface NaturalScoreRow {
  /** Package id. */
  package: string;
  /** Cluster for the bootstrap: the LoCoMo sample (conversation) id. */
  cluster: string;
  /** Category of the package's own query. */
  category: string;
  /** Budget B in cost units (words under the default cost rule). */
  budget: number;
  /** `opt` or a writer id. */
  method: string;
  /** F of the store (for `opt`: OPT), in weight units. */
  value: number;
  /** Certified OPT at this budget, or null when not certified. */
  opt: number | null;
  /** value / OPT, or null (degenerate OPT = 0, or no certificate). */
  ratio: number | null;
  /**
   * The ratio's flag: `ok`, `degenerate_opt` (OPT = 0: no ratio) or `uncertified` (no zero-gap OPT:
   * no ratio).
   */
  flag: "ok" | "degenerate_opt" | "uncertified";
}

/** Options of {@linkcode scoreNatural}. */
export interface ScoreNaturalOptions {
  /** Budgets (default 30, 60, 100). */
  budgets?: readonly number[];
  /** Writer ids (default {@linkcode NATURAL_METHODS}); `opt` rows are always produced. */
  methods?: readonly string[];
  /** Group cap k for OPT (default: the package's). Writers always use the package's cap. */
  k?: number;
  /**
   * Certificates of the same packages under a smaller cap (e.g. from
   * {@linkcode certifyNatural} at k = 1 when scoring k = 2). Where such a
   * certificate is for the same package (same canonical JSON) and budget and
   * already reaches the largest value F can take (Σ w_r with the default
   * h = min(1, z)), it is OPT under the larger cap too — a proof (`raiseCap`),
   * so it is certified without a search. Only solver-made certificates are
   * accepted (rows or OPT values are not); they cannot cross a worker, so
   * `scoreNaturalParallel` runs such a job on the main thread.
   */
  reachedBy?: readonly Certificate[];
}

/**
 * Certifies OPT (`solveSync`: branch-and-bound within its work cap, ties explored, then
 * HiGHS when it is loaded) and runs every writer on every package at every budget.
 *
 * @param packages natural packages (meta.sample_id names the cluster)
 * @param opts budgets, writers, k
 * @returns rows in (package, budget, [opt, ...methods]) order
 * @throws {RangeError} for an unknown writer id
 * @throws {TypeError} if `reachedBy` holds anything no exact solver made
 */
export function scoreNatural(
  packages: readonly Package[],
  opts: ScoreNaturalOptions = {},
): NaturalScoreRow[] {
  const budgets = opts.budgets ?? LOCOMO_DEFAULT_BUDGETS;
  const methods = opts.methods ?? NATURAL_METHODS;
  const writers = methods.map((m) => [m, getWriter(m)] as const);
  const known = opts.reachedBy ?? [];
  for (const c of known) {
    if (!isIssued(c)) {
      throw new TypeError(
        "Cannot score natural packages: reachedBy takes certificates made by an exact solver (e.g. certifyNatural()), not rows, OPT values or copies",
      );
    }
  }
  const rows: NaturalScoreRow[] = [];
  for (const pkg of packages) {
    const cp = compilePackage(pkg);
    const cluster = String(pkg.meta?.sample_id ?? pkg.id);
    const category = pkg.queries[0]?.category ?? "";
    const k = opts.k ?? cp.k;
    for (const budget of budgets) {
      let cert: Certificate | null = null;
      for (const prior of known) {
        if (prior.budget !== budget || prior.k >= k || !issuedFor(prior, cp)) continue;
        cert = raiseCap(cp, prior, k);
        if (cert !== null) break;
      }
      // Branch-and-bound within a work cap, then HiGHS when it is loaded (scoreNaturalParallel
      // loads it): no exponential tail on the few k = 2 packages B&B is slow on (issue 29).
      cert ??= solveSync(cp, budget, { k, exploreTies: true });
      const opt = isCertified(cert) ? cert.objective : null;
      const use = { cp, budget, k };
      const row = (method: string, value: number): NaturalScoreRow => {
        const r = ratioToOpt(value, cert, use);
        return {
          package: pkg.id,
          cluster,
          category,
          budget,
          method,
          value,
          opt,
          ratio: r.ratio,
          flag: r.flag,
        };
      };
      rows.push(row("opt", cert.objective ?? 0));
      for (const [m, w] of writers) rows.push(row(m, w(cp, budget).value));
    }
  }
  return rows;
}

/**
 * Certifies OPT (branch-and-bound) of every package at every budget: the
 * certificates `reachedBy` takes.
 *
 * @param packages natural packages
 * @param opts budgets (default 30, 60, 100) and k (default: each package's)
 * @returns issued certificates in (package, budget) order
 */
export function certifyNatural(
  packages: readonly Package[],
  opts: Pick<ScoreNaturalOptions, "budgets" | "k"> = {},
): Certificate[] {
  const budgets = opts.budgets ?? LOCOMO_DEFAULT_BUDGETS;
  return packages.flatMap((pkg) => {
    const cp = compilePackage(pkg);
    return budgets.map((b) => solveBnb(cp, b, { k: opts.k ?? cp.k }));
  });
}

/** One (method, budget) summary with its denominators. */
export interface NaturalSummaryRow {
  /** `opt` or a writer id. */
  method: string;
  /** Budget B in cost units. */
  budget: number;
  /** Packages scored. */
  items: number;
  /** Packages with a ratio (the mean's denominator). */
  scored: number;
  /** Packages with OPT = 0 at this budget (no ratio). */
  degenerate: number;
  /** Packages without a certified OPT (no ratio). */
  uncertified: number;
  /** Mean ratio to OPT over the scored packages (null if none). */
  mean: number | null;
  /**
   * Lower end of the 95% cluster-bootstrap interval of `mean` (resampling conversations, seeded);
   * null if no package was scored.
   */
  low: number | null;
  /** Upper end of the 95% cluster-bootstrap interval of `mean`; null if no package was scored. */
  high: number | null;
  /** Conversations among the scored packages. */
  clusters: number;
  /** Mean F of the store over all items (for `opt`: mean certified OPT over the certified items; null if none). */
  mean_value: number | null;
}

/**
 * Means of the ratios per (method, budget) with 95% bootstrap intervals
 * clustered by conversation (seeded; see `clusterBootstrapCi`), and the
 * counts entering each denominator.
 *
 * @param rows output of {@linkcode scoreNatural}
 * @param opts seed and resamples
 * @returns one row per (method, budget), methods in first-seen order, budgets ascending
 */
export function summarizeNatural(
  rows: readonly NaturalScoreRow[],
  opts: {
    /** Bootstrap seed (default 0). */
    seed?: number | string;
    /** Bootstrap resamples (default 1,000). */
    resamples?: number;
  } = {},
): NaturalSummaryRow[] {
  const methods = [...new Set(rows.map((r) => r.method))];
  const budgets = [...new Set(rows.map((r) => r.budget))].sort((a, b) => a - b);
  const out: NaturalSummaryRow[] = [];
  for (const method of methods) {
    for (const budget of budgets) {
      const cell = rows.filter((r) => r.method === method && r.budget === budget);
      if (cell.length === 0) continue;
      const scored = cell.filter((r) => r.ratio !== null);
      const ci = scored.length > 0
        ? clusterBootstrapCi(scored.map((r) => r.ratio!), scored.map((r) => r.cluster), {
          seed: opts.seed ?? 0,
          resamples: opts.resamples ?? 1000,
        })
        : null;
      out.push({
        method,
        budget,
        items: cell.length,
        scored: scored.length,
        degenerate: cell.filter((r) => r.flag === "degenerate_opt").length,
        uncertified: cell.filter((r) => r.flag === "uncertified").length,
        mean: ci?.mean ?? null,
        low: ci?.low ?? null,
        high: ci?.high ?? null,
        clusters: ci?.clusters ?? 0,
        mean_value: meanValue(method === "opt" ? cell.filter((r) => r.opt !== null) : cell),
      });
    }
  }
  return out;
}

/** The mean of a non-empty list, summed in order. */
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Mean F of rows (null for none). */
function meanValue(rows: readonly NaturalScoreRow[]): number | null {
  return rows.length === 0 ? null : mean(rows.map((r) => r.value));
}

/** One budget's (or all budgets') rescoring shift between two scorings. */
export interface ShiftRow {
  /** The budget, or "all". */
  budget: number | "all";
  /** (package, budget, writer) triples with a ratio under both scorings. */
  pairs: number;
  /** Packages paired. */
  packages: number;
  /** Mean |ratio_B − ratio_A| over the pairs (null if none). */
  mean_abs_delta: number | null;
  /** Largest |ratio_B − ratio_A| over the pairs (null if none). */
  max_abs_delta: number | null;
  /** Kendall tau-b between the writers' mean ratios under A and under B (over the pairs). */
  kendall_tau: number | null;
  /** Writers by mean ratio under A, best first. */
  ranking_a: string[];
  /** Writers by mean ratio under B, best first (ties by id). */
  ranking_b: string[];
}

/**
 * Compares two scorings of the same packages (two coverage labelings, two
 * cost rules, ...): per budget and overall, the mean absolute change of the
 * ratio over (package, writer) pairs with a ratio under both, and Kendall's
 * tau-b between the writers' mean ratios (computed on those pairs). `opt`
 * rows are left out.
 *
 * @param a rows of scoring A
 * @param b rows of scoring B (matched on package, budget, method)
 * @returns rows per budget (ascending), then "all"
 */
export function rescoringShift(
  a: readonly NaturalScoreRow[],
  b: readonly NaturalScoreRow[],
): ShiftRow[] {
  const key = (r: NaturalScoreRow) => `${r.package}\u0000${r.budget}\u0000${r.method}`;
  const other = new Map(b.map((r) => [key(r), r]));
  const pairs: { a: NaturalScoreRow; b: NaturalScoreRow }[] = [];
  for (const r of a) {
    if (r.method === "opt" || r.ratio === null) continue;
    const s = other.get(key(r));
    if (s && s.ratio !== null) pairs.push({ a: r, b: s });
  }
  const budgets = [...new Set(a.map((r) => r.budget))].sort((x, y) => x - y);
  const row = (budget: number | "all"): ShiftRow => {
    const ps = budget === "all" ? pairs : pairs.filter((p) => p.a.budget === budget);
    const deltas = ps.map((p) => Math.abs(p.b.ratio! - p.a.ratio!));
    const methods = [...new Set(ps.map((p) => p.a.method))];
    const ma = methods.map((m) => mean(ps.filter((p) => p.a.method === m).map((p) => p.a.ratio!)));
    const mb = methods.map((m) => mean(ps.filter((p) => p.a.method === m).map((p) => p.b.ratio!)));
    const rank = (ms: number[]) =>
      methods.map((m, i) => ({ m, v: ms[i] })).sort((x, y) => y.v - x.v || (x.m < y.m ? -1 : 1))
        .map((x) => x.m);
    return {
      budget,
      pairs: ps.length,
      packages: new Set(ps.map((p) => p.a.package)).size,
      mean_abs_delta: deltas.length ? mean(deltas) : null,
      max_abs_delta: deltas.length ? Math.max(...deltas) : null,
      kendall_tau: methods.length >= 2 ? kendallTau(ma, mb) : null,
      ranking_a: rank(ma),
      ranking_b: rank(mb),
    };
  };
  return [...budgets.map(row), row("all")];
}

/**
 * Compares the certified OPT of two scorings per budget (the k = 2
 * relaxation against k = 1; one cost rule against another).
 *
 * @param a rows of scoring A (its `opt` rows are used)
 * @param b rows of scoring B
 * @returns one row per budget, ascending
 */
export function optShift(a: readonly NaturalScoreRow[], b: readonly NaturalScoreRow[]): {
  /** Budget B in cost units. */
  budget: number;
  /** Packages with a certified OPT under both. */
  items: number;
  /** Of those, packages with OPT_A > 0 (the denominator of the per-item ratio). */
  positive: number;
  /** Mean certified OPT_A over the `items` packages, in weight units (0 if none). */
  mean_opt_a: number;
  /** Mean certified OPT_B over the `items` packages, in weight units (0 if none). */
  mean_opt_b: number;
  /** Mean of OPT_B / OPT_A over the positive items (null if none). */
  mean_ratio: number | null;
  /** (mean_ratio − 1) · 100. */
  change_pct: number | null;
  /** Largest per-item OPT_B / OPT_A. */
  max_ratio: number | null;
}[] {
  const key = (r: NaturalScoreRow) => `${r.package}\u0000${r.budget}`;
  const other = new Map(b.filter((r) => r.method === "opt").map((r) => [key(r), r]));
  const budgets = [...new Set(a.map((r) => r.budget))].sort((x, y) => x - y);
  return budgets.map((budget) => {
    const ps = a.filter((r) => r.method === "opt" && r.budget === budget && r.opt !== null)
      .flatMap((r) => {
        const s = other.get(key(r));
        return s && s.opt !== null ? [{ a: r.opt!, b: s.opt }] : [];
      });
    const pos = ps.filter((p) => p.a > 1e-12);
    const ratios = pos.map((p) => p.b / p.a);
    const mr = ratios.length ? mean(ratios) : null;
    return {
      budget,
      items: ps.length,
      positive: pos.length,
      mean_opt_a: ps.length ? mean(ps.map((p) => p.a)) : 0,
      mean_opt_b: ps.length ? mean(ps.map((p) => p.b)) : 0,
      mean_ratio: mr,
      change_pct: mr === null ? null : (mr - 1) * 100,
      max_ratio: ratios.length ? Math.max(...ratios) : null,
    };
  });
}
