/**
 * The retention optimum: the largest pooled retention a memory bank can
 * reach with hindsight under a budget (memaudit's extension of paper 003;
 * no peer reports it). Certified exactly by a MILP through HiGHS.
 *
 * Setting: one user's stream of entries, each written at its session s_e,
 * carrying a set of reference facts F_e (provenance) and costing c_e tokens;
 * facts r with lifespans T(r) = t_start..t_target. With hindsight, each
 * entry is stored at its session or never, may be evicted after any later
 * session, and never comes back; after every session the bank holds at
 * most B entries (or B tokens). Fact r is present at t iff a held entry
 * carries it (the provenance judge). The optimum is
 *
 *   OPT_u(B) = max Σ_r Σ_{t∈T(r)} I(r ∈ M_t) / Σ_r L_r.
 *
 * Model (CPLEX LP text, {@linkcode buildRetentionLp}):
 * - x<e>_<t> binary: entry e is held at the end of session t, for
 *   s_e <= t <= h_e, where h_e = the last session of any lifespan e's facts
 *   reach (holding e later cannot add presence, so those x are fixed to 0);
 * - p<r>_<t> in [0, 1]: fact r is present at t, for t in T(r);
 * - monotone rows m<e>_<t>: x<e>_<t+1> − x<e>_<t> <= 0 (once evicted, gone);
 * - capacity rows cap<t>: Σ_e c_e x<e>_<t> <= B (c_e = 1 for entry budgets);
 * - presence rows r<r>_<t>: p<r>_<t> − Σ_{e ∋ r, s_e <= t} x<e>_<t> <= 0;
 * - maximise Σ p (held fact-sessions; integral at every integral x).
 * Entries carrying no fact, and entries above a token budget, are left out
 * (they can only take room). Every FIFO replay with any gating skip set is a
 * feasible point, so OPT bounds every policy on the same stream and budget.
 *
 * Certificate: `optimal` only when HiGHS reports Optimal with zero MIP gap
 * and the decoded schedule passes the TypeScript checks (monotone,
 * capacity) with a re-counted objective equal to HiGHS' within 1e-6 (the
 * objective is an integer count); the retention reported is the re-counted
 * one. `time_limit` keeps the incumbent and HiGHS' bound; anything else is
 * `no_certificate`.
 *
 * @module
 */
import { type HighsRuntime, loadMilpSolver, runHighsLp } from "../solve/highs.ts";
import { pow2Scale } from "../solve/lp_text.ts";
import { Registry, requireWithinBound } from "../certificate/registry.ts";
import { withinBudget } from "../objective.ts";
import { packageHash } from "../package/digest.ts";
import { lifespanOf, mean, type ReferenceFact } from "./retention_rate.ts";

/** One entry of the stream. */
export interface StreamEntry {
  /** Entry id (unique in the stream). */
  id: string;
  /** The session that writes it. */
  session: number;
  /** Reference fact ids it carries. */
  facts: readonly string[];
  /** Its size in tokens (token budgets; default 1). */
  tokens?: number;
}

/** The budget: at most `value` entries, or tokens, held after each session. */
export interface RetentionBudget {
  /** B (finite, >= 0). */
  value: number;
  /** What B counts (default "entries"). */
  unit?: "entries" | "tokens";
}

/** The LP text and the maps needed to decode it. */
export interface RetentionLp {
  /** CPLEX LP-format text, ending in `End`. */
  text: string;
  /** Kept entries (index = e in variable names) and their holding horizons [s_e, h_e]. */
  entries: { id: string; session: number; horizon: number; cost: number; facts: number[] }[];
  /** Facts (index = r in variable names). */
  facts: ReferenceFact[];
  /** Σ_r L_r, the denominator. */
  lifespanTotal: number;
  /** Number of x variables. */
  xCount: number;
  /** Number of rows. */
  rows: number;
}

/** A certified (or not) retention optimum for one user and budget. */
export interface RetentionOptimum {
  /** Only `optimal` is a certified OPT (zero gap). */
  status: "optimal" | "time_limit" | "no_certificate";
  /** `milp` (HiGHS) or `none` (no entry can help: OPT 0). */
  solver: "milp" | "none";
  /** The user. */
  user: string;
  /** B. */
  budget: number;
  /** What B counts. */
  unit: "entries" | "tokens";
  /** Held fact-sessions of the best schedule found (null: none). */
  held: number | null;
  /** Σ_r L_r. */
  lifespanTotal: number;
  /** held / lifespanTotal: OPT_u(B) when optimal (null without a schedule or with no facts). */
  retention: number | null;
  /** Upper bound on the retention (= retention when optimal). */
  bound: number | null;
  /** (bound − retention) / max(1e-12, bound); 0 when optimal. */
  gap: number | null;
  /** Branch-and-bound nodes (HiGHS). */
  nodes: number | null;
  /** Wall time in milliseconds. */
  timeMs: number;
  /** Degenerate case flag: `no_facts` when Σ L = 0. */
  flag?: "no_facts";
  /**
   * How it was proved: `milp` (HiGHS; its dual bound, widened for its tolerances, below
   * held + 1: the objective is an integer count), `trivial` (no entry can help), `none` (not
   * certified).
   */
  method?: "milp" | "trivial" | "none";
  /** Relative tolerance of the ratio check: a retention above bound x (1 + this) is an error. */
  tolerance?: number;
  /**
   * SHA-256 (hex) of the stream it was proved for (entries sorted by id, facts by id, the
   * budget and its unit), set when it is issued ({@linkcode retentionStreamDigest}).
   */
  stream?: string;
  /** Per kept entry: the last session it is held (null: never stored). */
  schedule?: { id: string; heldThrough: number | null }[];
  /** Solver status text, why there is no certificate, ... */
  message?: string;
}

/** The kept entries, the facts and Σ L_r, and per fact the kept entries that carry it. */
function prepare(
  entries: readonly StreamEntry[],
  facts: readonly ReferenceFact[],
  budget: RetentionBudget,
): Pick<RetentionLp, "entries" | "facts" | "lifespanTotal"> & { carriers: number[][] } {
  const bad = (what: string) => new RangeError(`Cannot build the retention optimum: ${what}`);
  if (!(Number.isFinite(budget.value) && budget.value >= 0)) {
    throw bad(`budget must be finite and >= 0, got ${budget.value}`);
  }
  const unit = budget.unit ?? "entries";
  const index = new Map<string, number>();
  let lifespanTotal = 0;
  facts.forEach((f, r) => {
    if (index.has(f.fact)) throw bad(`fact ${f.fact} appears twice`);
    index.set(f.fact, r);
    lifespanTotal += lifespanOf(f);
  });
  const ids = new Set<string>();
  const kept: RetentionLp["entries"] = [];
  for (const e of entries) {
    if (ids.has(e.id)) throw bad(`entry ${e.id} appears twice`);
    ids.add(e.id);
    if (!Number.isInteger(e.session)) throw bad(`entry ${e.id} has session ${e.session}`);
    const cost = unit === "tokens" ? e.tokens ?? 1 : 1;
    if (!(cost >= 0 && Number.isFinite(cost))) throw bad(`entry ${e.id} has tokens ${e.tokens}`);
    if (!withinBudget([cost], budget.value)) continue;
    const fs = [...new Set(e.facts)].map((f) => index.get(f)).filter((r): r is number =>
      r !== undefined && facts[r].tTarget >= e.session
    ).sort((a, b) => a - b);
    if (fs.length === 0) continue;
    const horizon = Math.max(...fs.map((r) => facts[r].tTarget));
    kept.push({ id: e.id, session: e.session, horizon, cost, facts: fs });
  }
  const carriers: number[][] = facts.map(() => []);
  kept.forEach((e, i) => e.facts.forEach((r) => carriers[r].push(i)));
  return { entries: kept, facts: [...facts], lifespanTotal, carriers };
}

/**
 * Builds the MILP as LP text (no solver needed; see the module doc for the model).
 *
 * @param entries the user's stream
 * @param facts the user's reference facts (ids match the entries' `facts`)
 * @param budget B and its unit
 * @returns the LP text and decode maps
 * @throws {RangeError} for a bad budget, a repeated id, a non-integer session or a bad lifespan
 */
export function buildRetentionLp(
  entries: readonly StreamEntry[],
  facts: readonly ReferenceFact[],
  budget: RetentionBudget,
): RetentionLp {
  const prep = prepare(entries, facts, budget);
  const { entries: es, carriers } = prep;
  const binary: string[] = [];
  const out: string[] = [
    "\\ memaudit retention optimum (paper 003 extension): max held fact-sessions",
    "\\ x<e>_<t> binary: entry e held at the end of session t (s_e <= t <= h_e)",
    "\\ p<r>_<t> in [0,1]: fact r present at the end of session t (t in T(r))",
  ];
  const pTerms: string[] = [];
  const presence: string[] = [];
  prep.facts.forEach((f, r) => {
    for (let t = f.tStart; t <= f.tTarget; t++) {
      const xs = carriers[r].filter((e) => es[e].session <= t && t <= es[e].horizon);
      if (xs.length === 0) continue;
      pTerms.push(`p${r}_${t}`);
      presence.push(` r${r}_${t}: p${r}_${t}${xs.map((e) => ` - x${e}_${t}`).join("")} <= 0`);
    }
  });
  out.push("Maximize", ...wrap(" held:", pTerms.map((p, i) => (i === 0 ? ` ${p}` : ` + ${p}`))));
  out.push("Subject To");
  let rows = 0;
  const byT = new Map<number, string[]>();
  // Token budgets are written scaled by a power of two (B in [0.5, 1)), so HiGHS' absolute
  // tolerances act relative to B: a 1e-9 token budget is no looser than a 1-token one.
  const scale = (budget.unit ?? "entries") === "tokens" ? pow2Scale(budget.value) : 1;
  es.forEach((e, i) => {
    for (let t = e.session; t <= e.horizon; t++) {
      binary.push(` x${i}_${t}`);
      const list = byT.get(t) ?? [];
      const c = e.cost * scale;
      list.push(c === 1 ? `x${i}_${t}` : `${c} x${i}_${t}`);
      byT.set(t, list);
      if (t > e.session) {
        out.push(` m${i}_${t}: x${i}_${t} - x${i}_${t - 1} <= 0`);
        rows++;
      }
    }
  });
  for (const [t, xs] of [...byT.entries()].sort((a, b) => a[0] - b[0])) {
    const live = es.filter((e) => e.session <= t && t <= e.horizon).map((e) => e.cost);
    if (withinBudget(live, budget.value)) continue; // cannot bind
    const terms = xs.map((x, i) => (i === 0 ? ` ${x}` : ` + ${x}`));
    out.push(...wrap(` cap${t}:`, terms, ` <= ${budget.value * scale}`));
    rows++;
  }
  out.push(...presence);
  rows += presence.length;
  if (pTerms.length > 0) {
    out.push("Bounds");
    for (const p of pTerms) out.push(` ${p} <= 1`);
  }
  if (binary.length > 0) out.push("Binary", ...wrap("", binary));
  out.push("End");
  return {
    text: out.join("\n") + "\n",
    entries: es,
    facts: prep.facts,
    lifespanTotal: prep.lifespanTotal,
    xCount: binary.length,
    rows,
  };
}

function wrap(head: string, terms: string[], tail = ""): string[] {
  const lines: string[] = [];
  let line = head;
  for (const t of [...terms, tail]) {
    if (t === "") continue;
    if (line.length + t.length > 255 && line.trim() !== "") {
      lines.push(line);
      line = " ";
    }
    line += t;
  }
  if (line.trim() !== "") lines.push(line);
  return lines;
}

/**
 * Held fact-sessions of a schedule (each kept entry held from its session through `through[e]`,
 * or never when null), or the first rule it violates.
 *
 * @param lp the kept entries and the facts of {@linkcode buildRetentionLp}
 * @param through per kept entry, the last session it is held (null: never stored)
 * @param budget B and its unit
 * @returns the count, or the violation
 */
export function countHeld(
  lp: Pick<RetentionLp, "entries" | "facts">,
  through: (number | null)[],
  budget: RetentionBudget,
): { held: number } | { violation: string } {
  const es = lp.entries;
  const load = new Map<number, number[]>();
  es.forEach((e, i) => {
    const d = through[i];
    if (d === null) return;
    if (d < e.session || d > e.horizon) return;
    for (let t = e.session; t <= d; t++) load.set(t, [...(load.get(t) ?? []), e.cost]);
  });
  for (const [t, costs] of load) {
    // The one cost-to-budget rule (exact sum, tolerance 1e-12 x B: relative).
    if (!withinBudget(costs, budget.value)) {
      const c = costs.reduce((a, b) => a + b, 0);
      return { violation: `capacity exceeded after session ${t}: ${c} > ${budget.value}` };
    }
  }
  let held = 0;
  lp.facts.forEach((f, r) => {
    for (let t = f.tStart; t <= f.tTarget; t++) {
      if (
        es.some((e, i) =>
          e.facts.includes(r) && through[i] !== null && e.session <= t && t <= through[i]!
        )
      ) {
        held++;
      }
    }
  });
  return { held };
}

/** Options of {@linkcode retentionOptimum}. */
export interface OptimumOptions {
  /** HiGHS wall-clock limit in seconds (default none). */
  timeLimitSec?: number;
}

const OPTIMAL = 7, TIME_LIMIT = 13;

/**
 * Certifies OPT_u(B), the best pooled retention of one user's stream under
 * the budget, with HiGHS.
 *
 * @example One entry slot, two facts that need it at different times
 * ```ts
 * import { retentionOptimum } from "./optimum.ts";
 * const facts = [
 *   { user: "u", fact: "a", type: "user_profile" as const, tStart: 1, tTarget: 3 },
 *   { user: "u", fact: "b", type: "ongoing_state" as const, tStart: 2, tTarget: 3 },
 * ];
 * const entries = [{ id: "ea", session: 1, facts: ["a"] }, { id: "eb", session: 2, facts: ["b"] }];
 * const opt = await retentionOptimum("u", entries, facts, { value: 1 });
 * // keep ea for 3 sessions (3 of 5) — or ea at 1 then eb at 2..3 (1 + 2 = 3 of 5)
 * if (opt.status !== "optimal" || opt.held !== 3) throw new Error(JSON.stringify(opt));
 * ```
 *
 * @param user the user id (reported)
 * @param entries the user's stream
 * @param facts the user's reference facts
 * @param budget B and its unit
 * @param opts time limit
 * @returns the certificate (status always present; `optimal` only at zero gap)
 * @throws {RangeError} for a bad budget, a repeated id, a non-integer session or a bad lifespan
 */
export async function retentionOptimum(
  user: string,
  entries: readonly StreamEntry[],
  facts: readonly ReferenceFact[],
  budget: RetentionBudget,
  opts: OptimumOptions = {},
): Promise<RetentionOptimum> {
  const opt = await solveRetention(user, entries, facts, budget, opts);
  const issued: RetentionOptimum = {
    ...opt,
    method: opt.method ?? "none",
    tolerance: opt.tolerance ?? 1e-12,
    stream: retentionStreamDigest(entries, facts, budget),
  };
  return ISSUED.issue(issued, null, [issued.schedule ?? undefined]);
}

async function solveRetention(
  user: string,
  entries: readonly StreamEntry[],
  facts: readonly ReferenceFact[],
  budget: RetentionBudget,
  opts: OptimumOptions,
): Promise<RetentionOptimum> {
  const t0 = performance.now();
  const lp = buildRetentionLp(entries, facts, budget);
  const base = {
    user,
    budget: budget.value,
    unit: budget.unit ?? "entries",
    lifespanTotal: lp.lifespanTotal,
    ...(lp.lifespanTotal === 0 ? { flag: "no_facts" as const } : {}),
  };
  const ratio = (held: number) => (lp.lifespanTotal === 0 ? null : held / lp.lifespanTotal);
  if (lp.xCount === 0) {
    return {
      ...base,
      status: "optimal",
      solver: "none",
      method: "trivial",
      held: 0,
      retention: ratio(0),
      bound: ratio(0),
      gap: 0,
      nodes: 0,
      timeMs: performance.now() - t0,
      schedule: [],
      message: "no entry carries a fact within its lifespan and fits the budget: OPT = 0",
    };
  }
  const fail = (message: string): RetentionOptimum => ({
    ...base,
    status: "no_certificate",
    solver: "milp",
    method: "none",
    held: null,
    retention: null,
    bound: null,
    gap: null,
    nodes: null,
    timeMs: performance.now() - t0,
    message,
  });
  let highs: HighsRuntime;
  try {
    highs = await loadMilpSolver();
  } catch (e) {
    return fail(`HiGHS could not be loaded: ${(e as Error).message}`);
  }
  try {
    // Token budgets are real-valued: memaudit's tight tolerances (1e-9); entry budgets are 0/1.
    const precise = base.unit === "tokens";
    const a = runHighsLp(highs, lp.text, { timeLimitSec: opts.timeLimitSec, precise });
    const { status, dualBound: dual, primalFeasible: feasible } = a;
    if (status === TIME_LIMIT && !feasible) {
      return {
        ...fail("HiGHS: time limit reached, no feasible schedule found"),
        status: "time_limit",
      };
    }
    if ((status !== OPTIMAL && status !== TIME_LIMIT) || !feasible) {
      return fail(`HiGHS: model status ${status}${feasible ? "" : ", no feasible schedule"}`);
    }
    const through: (number | null)[] = lp.entries.map((e, i) => {
      let d: number | null = null;
      for (let t = e.session; t <= e.horizon; t++) {
        if ((a.values.get(`x${i}_${t}`) ?? 0) > 0.5) d = t;
        else break;
      }
      return d;
    });
    const counted = countHeld(lp, through, budget);
    if ("violation" in counted) return fail(`decoded schedule is infeasible: ${counted.violation}`);
    if (Math.abs(a.objective - counted.held) > 1e-6) {
      return fail(
        `LP objective ${a.objective} differs from the re-counted ${counted.held}: decode problem`,
      );
    }
    const nodes = a.nodes ?? NaN;
    const common = {
      ...base,
      solver: "milp" as const,
      held: counted.held,
      retention: ratio(counted.held),
      nodes: Number.isFinite(nodes) ? nodes : null,
      schedule: lp.entries.map((e, i) => ({ id: e.id, heldThrough: through[i] })),
    };
    // The proof, as the package MILP's: HiGHS' dual bound widened by what its tolerances can
    // cause (tol x 3 x (rows + x-columns), in count units: each presence p can exceed its row by
    // tol, each x be tol off 0 or 1, each reduced cost be tol off), below held + 1: the
    // objective is an integer count, so no schedule holds more.
    const slack = (precise ? 1e-9 : 1e-6) * 3 * (lp.rows + lp.xCount);
    if (status === OPTIMAL && Number.isFinite(dual) && dual + slack < counted.held + 1) {
      return {
        ...common,
        status: "optimal",
        method: "milp",
        bound: ratio(counted.held),
        gap: 0,
        tolerance: 1e-12,
        timeMs: performance.now() - t0,
        message: `HiGHS: optimal; dual bound ${dual} + ${slack} (tolerances) < held + 1`,
      };
    }
    const upper = Number.isFinite(dual) ? Math.max(Math.floor(dual + 1e-6), counted.held) : null;
    const bound = upper === null ? null : ratio(upper);
    return {
      ...common,
      status: status === TIME_LIMIT ? "time_limit" : "no_certificate",
      method: "none",
      bound,
      gap: bound === null || common.retention === null
        ? null
        : (bound - common.retention) / Math.max(1e-12, bound),
      timeMs: performance.now() - t0,
      message: `HiGHS: ${
        status === TIME_LIMIT ? "time limit reached" : `optimal with gap ${a.gap}`
      }`,
    };
  } catch (e) {
    return fail(`HiGHS failed: ${(e as Error).message}`);
  }
}

/** A retention as a ratio to a certified optimum. */
export interface RetentionRatio {
  /** retention / OPT, or null. */
  ratio: number | null;
  /** `ok`, `no_certificate` (OPT not certified) or `degenerate_opt` (OPT = 0 or no facts). */
  flag: "ok" | "no_certificate" | "degenerate_opt";
}

/** The registry of issued retention optima (the generic one of lib/certificate/registry.ts). */
const ISSUED = new Registry<RetentionOptimum, null>();

/**
 * The digest a retention optimum is bound to: SHA-256 of the canonical JSON of the stream
 * (entries sorted by id, facts by id), the budget and its unit: 64 hex digits,
 * order-independent.
 */
export function retentionStreamDigest(
  entries: readonly StreamEntry[],
  facts: readonly ReferenceFact[],
  budget: RetentionBudget,
): string {
  const byId = <T>(key: (x: T) => string) => (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return packageHash({
    entries: [...entries].map((e) => ({ ...e, facts: [...e.facts].sort() }))
      .sort(byId((e: StreamEntry) => e.id)),
    facts: [...facts].sort(byId((f: ReferenceFact) => f.fact)),
    budget: budget.value,
    unit: budget.unit ?? "entries",
  });
}

/**
 * A policy's retention as a ratio to the certified optimum of the same
 * user, stream and budget.
 *
 * @param retention the policy's pooled retention (exact, provenance judge)
 * @param opt the optimum's certificate (issued by {@linkcode retentionOptimum})
 * @param use the user and the entry budget B (compared exactly) it must belong to (default: not
 *   compared)
 * @returns the ratio, null unless the optimum is certified and positive
 * @throws {TypeError} if no solver made `opt`; {RangeError} if it is for another user, budget
 *   or unit; {ClaimError} (name `ClaimError`) if `retention` exceeds the certified optimum by
 *   more than its tolerance
 */
export function retentionRatio(
  retention: number | null,
  opt: RetentionOptimum,
  use: { user?: string; budget?: number } = {},
): RetentionRatio {
  if (!ISSUED.has(opt)) {
    throw new TypeError(
      "Cannot take a ratio to the retention optimum: it was not made by an exact solver " +
        "(use retentionOptimum() or certifyOptima(); literals, copies and JSON are refused)",
    );
  }
  const bad = use.user !== undefined && use.user !== opt.user
    ? `user ${opt.user}, not ${use.user}`
    : use.budget !== undefined && use.budget !== opt.budget
    ? `budget ${opt.budget}, not ${use.budget}`
    : use.budget !== undefined && opt.unit !== "entries"
    ? `unit ${opt.unit}, not entries`
    : null;
  if (bad !== null) {
    throw new RangeError(`Cannot take a ratio to the retention optimum: it is for ${bad}`);
  }
  if (opt.status !== "optimal" || opt.gap !== 0) return { ratio: null, flag: "no_certificate" };
  if (opt.retention === null || opt.retention === 0 || retention === null) {
    return { ratio: null, flag: "degenerate_opt" };
  }
  requireWithinBound(
    retention,
    { bound: opt.bound ?? opt.retention, tolerance: opt.tolerance ?? 1e-12, method: opt.method },
    `take a ratio to the retention optimum of user ${opt.user} at B = ${opt.budget}`,
  );
  return { ratio: retention / opt.retention, flag: "ok" };
}

/**
 * Certifies OPT_u(B) for every user and entry budget.
 *
 * @param users the users' streams
 * @param budgets entry budgets B (finite)
 * @param opts time limit per solve
 * @returns certificates keyed `<user>|<B>`
 * @throws {RangeError} as {@linkcode retentionOptimum}
 */
export async function certifyOptima(
  users: readonly {
    /** The user id. */
    user: string;
    /** The user's reference facts. */
    facts: readonly ReferenceFact[];
    /** Entries by session (e.g. `simulateWrites` output or a `PolicyUser.writes`). */
    writes: ReadonlyMap<number, readonly StreamEntry[]>;
  }[],
  budgets: readonly number[],
  opts: OptimumOptions = {},
): Promise<Map<string, RetentionOptimum>> {
  const out = new Map<string, RetentionOptimum>();
  for (const b of budgets) {
    for (const u of users) {
      const stream = [...u.writes.values()].flat();
      const opt = await retentionOptimum(u.user, stream, u.facts, { value: b }, opts);
      out.set(`${u.user}|${b}`, opt);
    }
  }
  return out;
}

/** A policy's retention at one budget as ratios to the certified optima. */
export interface PolicyRatioRow {
  /** The policy. */
  policy: string;
  /** B. */
  budget: number;
  /** Mean over users of OPT_u(B) (users with a certified OPT). */
  meanOpt: number | null;
  /** Mean policy RR over the same users / meanOpt. */
  benchmarkRatio: number | null;
  /** Mean of the per-user ratios RR_u / OPT_u (flag ok). */
  meanRatio: number | null;
  /** Smallest per-user ratio. */
  minRatio: number | null;
  /** Largest per-user ratio (<= 1 by the optimum's construction). */
  maxRatio: number | null;
  /** Users with a ratio (n). */
  n: number;
  /** Users left out: optimum not certified or degenerate (OPT 0). */
  leftOut: number;
}

/**
 * Every (policy, budget) row's per-user retention as a ratio to the
 * certified optimum of the same user and budget (only budgets with optima).
 *
 * @param rows per (policy, budget): the policy name, budget and per-user pooled exact RR
 *   (e.g. `evaluatePolicies` rows: `{ policy, budget, report: { users } }`)
 * @param optima certificates from {@linkcode certifyOptima}
 * @returns one row per (policy, budget) that has optima
 */
export function ratiosToOptimum(
  rows: readonly {
    policy: string;
    budget: number | null;
    report: { users: readonly { user: string; pooledExact: number | null }[] };
  }[],
  optima: ReadonlyMap<string, RetentionOptimum>,
): PolicyRatioRow[] {
  const out: PolicyRatioRow[] = [];
  for (const r of rows) {
    if (r.budget === null) continue;
    const per = r.report.users.map((u) => ({ u, opt: optima.get(`${u.user}|${r.budget}`) }));
    if (per.some((p) => p.opt === undefined)) continue;
    const ok = per.map((p) => ({
      ...p,
      ratio: retentionRatio(p.u.pooledExact, p.opt!, { user: p.u.user, budget: r.budget! }),
    }))
      .filter((p) => p.ratio.flag === "ok");
    const meanOpt = mean(ok.map((p) => p.opt!.retention!));
    const meanRr = mean(ok.map((p) => p.u.pooledExact!));
    const ratios = ok.map((p) => p.ratio.ratio!);
    out.push({
      policy: r.policy,
      budget: r.budget,
      meanOpt,
      benchmarkRatio: meanOpt === null || meanRr === null ? null : meanRr / meanOpt,
      meanRatio: mean(ratios),
      minRatio: ratios.length === 0 ? null : Math.min(...ratios),
      maxRatio: ratios.length === 0 ? null : Math.max(...ratios),
      n: ok.length,
      leftOut: per.length - ok.length,
    });
  }
  return out;
}
