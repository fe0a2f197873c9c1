/**
 * MILP certificate of OPT_P(B) through HiGHS (npm `highs`, WebAssembly) (paper 000 §3; DESIGN §3;
 * ARTIFACT-SPEC §5.2).
 *
 * The model is the LP text of {@linkcode buildLp} (binary x_u, continuous y_r, budget, group and
 * coverage rows), normalised by powers of two so HiGHS' absolute tolerances act relative to the
 * package's scale. HiGHS runs ({@linkcode runHighsLp}) with zero relative and absolute MIP gap (its
 * defaults are 1e-4 and 1e-6), feasibility tolerances of 1e-9, its smallest `small_matrix_value`
 * (1e-12) and two primal heuristics and presolve's probing off (together 47 % of its time on the
 * bench packages; they take no part in the proof).
 *
 * Step 0, above {@linkcode MILP_EXACT_MAX_GROUPS} experiences (issue 29 item 2): the exact
 * decomposition of lib/solve/frontier.ts. A package that splits into independent components (no
 * shared weighted unit or experience) with small frontiers is certified without HiGHS by the
 * multiple-choice knapsack over the components' (cost, F) frontiers (method `frontier`); where it
 * declines (a cap, inexact cost sums, one component) the reason is appended to the message and
 * HiGHS' model runs as below.
 *
 * Reading the answer:
 * 1. the store is {u : x_u > 0.5} in group order; it must pass {@linkcode checkFeasible} (the one
 *    cost-to-budget rule, and k) in TypeScript;
 * 2. members whose removal leaves F exactly unchanged are left out (HiGHS is indifferent to them);
 * 3. F is re-evaluated with {@linkcode evaluateStore}: that F, never the LP objective, is the
 *    certificate's objective; an LP objective above it by more than
 *    {@linkcode MILP_OBJECTIVE_TOL} x the package's value scale ({@linkcode valueScale}) means a
 *    decode problem;
 * 4. HiGHS' Optimal status with a relative gap of at most {@linkcode MILP_GAP_TOL}, no feasible
 *    single addition gaining more than the package's tolerance ({@linkcode valueTol}), and coverage
 *    HiGHS dropped (<= 1e-12 after scaling) worth at most that;
 * 5. PROVED (the proof step, lib/solve/milp_proof.ts; issue 18 point 6):
 *    - up to {@linkcode MILP_EXACT_MAX_GROUPS} experiences, the exhaustive branch-and-bound,
 *      warm-started with the MILP's F as its floor (it only has to refute improvements), within
 *      the work cap {@linkcode MILP_EXACT_WORK}. Finished and nothing above F: method `milp+bnb`,
 *      gap 0. A better store (HiGHS' tolerances hide improvements below about 1e-9): that store is
 *      the answer, method `bnb`, with the search's bound and tie tolerance;
 *    - otherwise (larger packages, or the cap reached), HiGHS' own proof: its branch-and-cut at
 *      zero MIP gap on the scaled model, its dual bound D widened to D (1 + delta) for its
 *      tolerances ({@linkcode milpBoundTolerance}). Method `milp`: the certificate states that
 *      bound and its gap instead of claiming zero gap; certified while delta <=
 *      {@linkcode MILP_MAX_RTOL};
 *    - an injected runtime (`highs`, or a test loader) is not trusted for the second kind of proof,
 *      and `verify: false` skips the proof: both give `unverified`, which ratios and audits refuse.
 *
 * Why this proof step: re-proving every answer by branch-and-bound is exponential (a random
 * 80-experience package did not finish in 120 s); a second HiGHS solve with the objective cut F >=
 * F* (1 + delta) shown infeasible was measured at 1.5-10x the first solve on the bench packages
 * (the cut row is dense and degenerate); HiGHS' `objective_bound` option does not act as a cutoff
 * for maximisation. Widening the first solve's dual bound costs nothing and states honestly what
 * HiGHS' tolerances leave open. It is HiGHS' proof at its tolerances, not one in exact arithmetic:
 * where the exact search can finish, it is preferred.
 *
 * The runtime and its runner are lib/solve/highs.ts. A WebAssembly abort, an exception or an
 * unreadable answer drops the cached runtime (the next solve loads a new one) and yields
 * `no_certificate` with objective null.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import {
  checkFeasible,
  CoverageState,
  evaluateStore,
  storeCost,
  valueScale,
  valueTol,
} from "../objective.ts";
import type { Certificate, CertificateDraft, SolveStatus } from "../certificate/result.ts";
import { checkSolveArgs, issueAnswer } from "../certificate/issue.ts";
import { buildLp, type LpModel } from "./lp_text.ts";
import {
  cachedRuntime,
  type HighsAnswer,
  highsCounters,
  type HighsRuntime,
  loadMilpSolver,
  OPTIMAL,
  resetMilpSolver,
  runHighsLp,
  SMALL_MATRIX_VALUE,
  STATUS_TEXT,
  TIME_LIMIT,
} from "./highs.ts";
import { MILP_EXACT_MAX_GROUPS, proveOptimal } from "./milp_proof.ts";
import { frontierDraft } from "./frontier.ts";

/** Options of {@linkcode solveMilp}. */
export interface MilpOptions {
  /** Group cap k (default: the compiled package's k). */
  k?: number;
  /** HiGHS wall-clock limit in seconds (default: none). */
  timeLimitSec?: number;
  /**
   * Milliseconds the branch-and-bound verification of an `optimal` answer
   * may take (default: what is left of `timeLimitSec`; without a time limit
   * it runs to the end, so that whether an answer is certified never depends
   * on the machine's speed). An answer not verified in time is `no_certificate`.
   */
  verifyTimeMs?: number;
  /**
   * Verify HiGHS' `optimal` by branch-and-bound (default true). `false`
   * trusts HiGHS' tolerances (the pre-verification behaviour); only for
   * diagnostics: such an `optimal` is HiGHS' word, not a certificate.
   */
  verify?: boolean;
  /**
   * A HiGHS runtime to use instead of the cached one. It is never cached nor
   * replaced: a failure only yields `no_certificate`.
   */
  highs?: HighsRuntime;
  /**
   * Try the exact decomposition first (default true; lib/solve/frontier.ts): above
   * {@linkcode MILP_EXACT_MAX_GROUPS} experiences, a package that splits into independent
   * components with small frontiers is certified by the multiple-choice knapsack over them
   * (method `frontier`) without HiGHS; otherwise, or with `false`, or with an injected `highs`
   * runtime (a request for HiGHS), HiGHS' model runs as before.
   */
  frontiers?: boolean;
}

/**
 * LP objective − re-evaluated F above which the decode is distrusted, relative
 * to max(1, |F|). The other sign is harmless (the store is at least as good as
 * HiGHS thinks) and happens with coverage values near HiGHS' tolerances.
 */
export const MILP_OBJECTIVE_TOL = 1e-9;

/**
 * A HiGHS "optimal" whose relative gap (its `mip_gap`) is at most this is read
 * as zero gap: the dual and primal bounds then differ by float rounding (seen:
 * 1e-16). Equal to the artifact's tie tolerance (ARTIFACT-SPEC §2.4).
 */
export const MILP_GAP_TOL = 1e-12;

/** HiGHS treats matrix entries at or above this as infinite (`large_matrix_value` default). */
const LARGE_MATRIX_VALUE = 1e15;
/** Smallest cost, relative to the budget, for which a MILP answer is trusted. */
const MIN_RELATIVE_COST = 1e-6;
/** HiGHS treats costs and bounds at or above this as infinite (`infinite_cost`, `infinite_bound`). */
const INFINITE_VALUE = 1e20;

/** Share of the time left that HiGHS' own clock gets in a time-limited solve (runHighs' caller). */
const HIGHS_CLOCK_SHARE = 0.85;
/** Seconds kept back from HiGHS' clock for its overrun and the decoding after it. */
const HIGHS_CLOCK_RESERVE_SEC = 0.1;

/**
 * Most candidates for which a time-limited MILP solve calls HiGHS. HiGHS reads and presolves a
 * model without looking at its clock: on a package of 100,000 candidates over 200 units, reading
 * took 5.7 s and a run with `time_limit` 3 s took 305 s (bench/time_limits.ts). Beyond this size a
 * time-limited solve answers `time_limit` without calling HiGHS; without a time limit it runs as
 * long as HiGHS needs.
 */
export const MILP_TIMED_MAX_CANDIDATES = 20_000;

/**
 * Most candidates for which a time-limited MILP solve runs HiGHS' presolve. Presolve does not look
 * at HiGHS' clock and its time grows about with the square of the budget row's length when no group
 * row binds (k at least every group's size): 12,000 candidates at k = 3 spent 2.4 s in presolve
 * under a 0.5 s limit (7 s from the CLI), 19,000 spent 6 s (17 s). Above this size a time-limited
 * solve runs without presolve, which honours the limit; the answer's proof does not depend on it.
 */
export const MILP_TIMED_PRESOLVE_MAX_CANDIDATES = 2_000;

/**
 * Certifies OPT_P(B) with HiGHS, loading the runtime on first use.
 *
 * @example Two candidates, budget 2
 * ```ts
 * import { compilePackage, parsePackage, solveMilp } from "memaudit";
 * const cp = compilePackage(parsePackage({
 *   schema_version: 1, id: "p", weight_source: "explicit",
 *   experiences: [{ id: "e0", order: 0 }, { id: "e1", order: 1 }],
 *   candidates: [
 *     { id: "a", experience: "e0", kind: "raw", cost: 2 },
 *     { id: "b", experience: "e1", kind: "fact", cost: 1 },
 *   ],
 *   units: [{ id: "r", family: "fact", weight: 1 }],
 *   coverage: [{ candidate: "a", unit: "r", value: 1 }, { candidate: "b", unit: "r", value: 0.5 }],
 * }));
 * const cert = await solveMilp(cp, 2);
 * if (cert.status !== "optimal" || cert.objective !== 1) throw new Error("expected OPT 1");
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units (finite, >= 0)
 * @param opts k, time limit in seconds, or an injected runtime
 * @returns a certificate: `optimal` (zero gap) with the store and F; `time_limit`
 *   with the incumbent's F (if any), HiGHS' dual bound and the gap; or
 *   `no_certificate` with objective null and the reason in `message`
 * @throws {RangeError} if the budget, k or the time limit is invalid
 */
export async function solveMilp(
  cp: CompiledPackage,
  budget: number,
  opts: MilpOptions = {},
): Promise<Certificate> {
  if (opts.highs !== undefined) return solveMilpSync(cp, budget, opts);
  return issueAnswer(cp, await milpDraft(cp, budget, opts));
}

/**
 * {@linkcode solveMilp}'s solve without an injected runtime (same arguments and errors),
 * returning the draft (not issued): for `solve()`, which issues once per call. Internal.
 */
export async function milpDraft(
  cp: CompiledPackage,
  budget: number,
  opts: MilpOptions = {},
): Promise<CertificateDraft> {
  const t0 = performance.now(), k = opts.k ?? cp.k;
  // The decomposition first: where it certifies, HiGHS is not even loaded.
  checkMilpArgs(cp, budget, opts);
  const fr = tryFrontiers(cp, budget, k, opts, t0);
  if ("draft" in fr) return fr.draft;
  opts = { ...opts, frontiers: false };
  try {
    await loadMilpSolver();
  } catch (e) {
    const why = `HiGHS could not be loaded: ${errText(e)}`;
    return noted(noCertificate(budget, k, performance.now() - t0, why), fr.note);
  }
  // Loading the runtime (the first solve) and the declined decomposition count against the
  // time limit.
  const loadMs = performance.now() - t0, limit = opts.timeLimitSec;
  if (limit === undefined) return noted(runMilpSync(cp, budget, opts), fr.note);
  const left = Math.max(0, limit - loadMs / 1000);
  const cert = runMilpSync(cp, budget, { ...opts, timeLimitSec: left });
  return noted({ ...cert, timeMs: cert.timeMs + loadMs }, fr.note);
}

/** Throws a RangeError for a bad budget, k or time limit. */
function checkMilpArgs(cp: CompiledPackage, budget: number, opts: MilpOptions): void {
  checkSolveArgs("the MILP", budget, opts.k ?? cp.k);
  const timeLimit = opts.timeLimitSec;
  if (timeLimit !== undefined && !(timeLimit >= 0 && Number.isFinite(timeLimit))) {
    throw new RangeError(
      `Cannot solve the MILP: timeLimitSec must be finite and >= 0, got ${timeLimit}`,
    );
  }
}

/**
 * Step 0 (the module doc): the decomposition's draft, or the note saying why it was not used
 * ("" when it was not tried: an injected runtime, `frontiers: false`, or at most
 * {@linkcode MILP_EXACT_MAX_GROUPS} experiences).
 */
function tryFrontiers(
  cp: CompiledPackage,
  budget: number,
  k: number,
  opts: MilpOptions,
  t0: number,
): { draft: CertificateDraft } | { note: string } {
  if (
    opts.highs !== undefined || opts.frontiers === false ||
    cp.groups.length <= MILP_EXACT_MAX_GROUPS
  ) {
    return { note: "" };
  }
  const limit = opts.timeLimitSec;
  const fr = frontierDraft(cp, budget, k, t0, limit === undefined ? Infinity : t0 + 1000 * limit);
  return "draft" in fr ? fr : { note: `; component frontiers not used: ${fr.decline}` };
}

/** The draft with the decomposition's note appended to its message. */
function noted(d: CertificateDraft, note: string): CertificateDraft {
  return note === "" ? d : { ...d, message: `${d.message ?? d.status}${note}` };
}

/**
 * Synchronous {@linkcode solveMilp}: needs an injected runtime or a cached one
 * (`await loadMilpSolver()` once first).
 *
 * @example Load once, then solve in a loop
 * ```ts
 * import { compilePackage, loadMilpSolver, parsePackage, solveMilpSync } from "memaudit";
 * const cp = compilePackage(parsePackage({
 *   schema_version: 1, id: "p", weight_source: "explicit",
 *   experiences: [{ id: "e0", order: 0 }],
 *   candidates: [{ id: "a", experience: "e0", kind: "fact", cost: 2 }],
 *   units: [{ id: "r", family: "fact", weight: 1 }],
 *   coverage: [{ candidate: "a", unit: "r", value: 0.5 }],
 * }));
 * await loadMilpSolver();
 * const opts = [1, 2].map((budget) => solveMilpSync(cp, budget).objective);
 * if (opts[0] !== 0 || opts[1] !== 0.5) throw new Error("expected OPT 0 and 0.5");
 * ```
 *
 * @param cp compiled package
 * @param budget B in cost units (finite, >= 0)
 * @param opts k, time limit in seconds, or an injected runtime
 * @returns the certificate, as {@linkcode solveMilp}
 * @throws {RangeError} if the budget, k or the time limit is invalid
 * @throws {Error} if no runtime is injected and none is loaded
 */
export function solveMilpSync(
  cp: CompiledPackage,
  budget: number,
  opts: MilpOptions = {},
): Certificate {
  return issueAnswer(cp, runMilpSync(cp, budget, opts));
}

/** One step of {@linkcode runMilpSync}: its certificate when the solve ends there, else what the next step needs. */
type Step<T> = { done: CertificateDraft } | { next: T };

/** What one solve's steps share: the arguments and its clock. */
interface MilpRun {
  cp: CompiledPackage;
  budget: number;
  k: number;
  /** Seconds, or undefined for no limit. */
  timeLimit: number | undefined;
  opts: MilpOptions;
  /** Milliseconds since the solve started. */
  ms: () => number;
}

/**
 * {@linkcode solveMilpSync}'s solve (same arguments and errors) as named steps: write the model,
 * ask HiGHS, read its store back, then prove (see the module doc for what each step checks).
 * Returns the draft (not issued); internal.
 */
export function runMilpSync(
  cp: CompiledPackage,
  budget: number,
  opts: MilpOptions = {},
): CertificateDraft {
  const t0 = performance.now(), ms = () => performance.now() - t0;
  checkMilpArgs(cp, budget, opts);
  const run: MilpRun = { cp, budget, k: opts.k ?? cp.k, timeLimit: opts.timeLimitSec, opts, ms };
  const fr = tryFrontiers(cp, budget, run.k, opts, t0);
  if ("draft" in fr) return fr.draft;
  // Steps 1-4 (the model, HiGHS, its store, the proof).
  const model = writeModel(run);
  if ("done" in model) return noted(model.done, fr.note);
  const asked = askHighs(run, model.next);
  if ("done" in asked) return noted(asked.done, fr.note);
  return noted(judgeAnswer(run, model.next, asked.next), fr.note);
}

/** Step 1: the model text, or the certificate when HiGHS need not (or cannot) be called. */
function writeModel(run: MilpRun): Step<LpModel> {
  const { cp, budget, k, timeLimit, ms } = run;
  const stop = (message: string): Step<LpModel> => ({
    done: { ...base(budget, k), status: "time_limit", timeMs: ms(), message },
  });
  if (timeLimit !== undefined && cp.candIds.length > MILP_TIMED_MAX_CANDIDATES) {
    return stop(
      `HiGHS not called: with ${cp.candIds.length} candidates (more than ` +
        `${MILP_TIMED_MAX_CANDIDATES}) it does not honour a time limit`,
    );
  }
  const written = modelBudget(cp, budget);
  const lp = buildLp(cp, written, { k, normalise: true });
  if (timeLimit !== undefined && ms() > timeLimit * 1000) {
    return stop("time limit reached while writing the model");
  }
  if (lp.unitVars.length === 0) {
    // Every weighted unit is uncoverable: F = 0 for every store.
    return {
      done: {
        ...base(budget, k),
        status: "optimal",
        objective: evaluateStore(cp, []),
        bound: 0,
        gap: 0,
        nodes: 0,
        timeMs: ms(),
        method: "trivial",
        message: "no weighted unit has coverage: OPT = 0 without calling HiGHS",
      },
    };
  }
  const range = rangeProblem(cp, written, lp);
  return range === null ? { next: lp } : { done: noCertificate(budget, k, ms(), range) };
}

/** HiGHS' answer in weight units; only the `highs` package's own runtime is trusted (its bound). */
type Asked = { answer: HighsAnswer; trusted: boolean };

/** Step 2: HiGHS' answer, scaled back to weight units; a failure or an unreadable answer ends the solve. */
function askHighs(run: MilpRun, lp: LpModel): Step<Asked> {
  const { budget, k, timeLimit, opts, ms } = run;
  const injected = opts.highs !== undefined;
  const cached = cachedRuntime();
  const highs = opts.highs ?? cached.runtime;
  if (highs === null) {
    throw new Error(
      "Cannot solve the MILP synchronously: HiGHS is not loaded; await loadMilpSolver() first",
    );
  }
  highsCounters.solves++;
  const fail = (what: string, why: string): Step<Asked> => {
    highsCounters.failures++;
    if (!injected) resetMilpSolver();
    const dropped = injected ? "" : " (runtime dropped; the next solve loads a new one)";
    return { done: noCertificate(budget, k, ms(), `${what}${dropped}: ${why}`) };
  };
  // HiGHS gets what is left of the limit after writing the model (its clock starts at zero),
  // less a margin: it overruns its own clock (50-230 ms measured under load) and decoding
  // follows, while the whole solve must end within 10 % + 100 ms of the limit. Presolve does
  // not look at HiGHS' clock ({@linkcode MILP_TIMED_PRESOLVE_MAX_CANDIDATES}).
  const clock = timeLimit === undefined
    ? undefined
    : Math.max(0, HIGHS_CLOCK_SHARE * (timeLimit - ms() / 1000) - HIGHS_CLOCK_RESERVE_SEC);
  const presolve = timeLimit === undefined ||
    lp.xNames.length <= MILP_TIMED_PRESOLVE_MAX_CANDIDATES;
  let answer: HighsAnswer;
  try {
    answer = runHighsLp(highs, lp.text, { timeLimitSec: clock, presolve });
  } catch (e) {
    return fail("HiGHS failed", errText(e));
  }
  const unreadable = checkAnswer(answer, lp);
  // Back from the scaled model to weight units (powers of two: exact).
  answer.objective /= lp.objectiveScale;
  answer.dualBound /= lp.objectiveScale;
  if (unreadable !== null) return fail("unreadable HiGHS answer", unreadable);
  return { next: { answer, trusted: !injected && cached.genuine } };
}

/** HiGHS' store read back: candidate indices, their re-evaluated F, a note on what was pruned. */
type Incumbent = { store: number[]; f: number; pruneNote: string };

/** Step 3: the decoded store, checked feasible, pruned, and its F re-evaluated against the LP objective. */
function readIncumbent(run: MilpRun, lp: LpModel, answer: HighsAnswer): Step<Incumbent> {
  const { cp, budget, k, ms } = run;
  const refuse = (why: string) => ({ done: noCertificate(budget, k, ms(), why, answer.nodes) });
  const decoded = decode(cp, lp, answer.values);
  const ids = decoded.map((u) => cp.candIds[u]);
  const feas = checkFeasible(k === cp.k ? cp : { ...cp, k }, ids, budget);
  if (!feas.feasible) {
    return refuse(`decoded store is infeasible (HiGHS tolerances): ${feas.reasons.join("; ")}`);
  }
  const store = pruneZeroGain(cp, decoded);
  const pruneNote = store.length === decoded.length
    ? ""
    : `; ${decoded.length - store.length} zero-gain candidate(s) of HiGHS' store left out`;
  const f = evaluateStore(cp, store);
  if (answer.objective - f > MILP_OBJECTIVE_TOL * valueScale(cp)) {
    return refuse(
      `LP objective ${answer.objective} differs from re-evaluated F ${f}: decode problem`,
    );
  }
  return { next: { store, f, pruneNote } };
}

/**
 * Step 4: what HiGHS' answer certifies: no store, a time-limited incumbent with HiGHS' bound,
 * or an "optimal" whose zero gap and missed additions are checked before the proof step.
 */
function judgeAnswer(run: MilpRun, lp: LpModel, asked: Asked): CertificateDraft {
  const { cp, budget, k, timeLimit, opts, ms } = run;
  const { answer } = asked;
  const statusText = STATUS_TEXT[answer.status] ?? `status ${answer.status}`;
  const hasIncumbent = answer.status === OPTIMAL ||
    (answer.status === TIME_LIMIT && answer.primalFeasible);
  if (!hasIncumbent && answer.status !== TIME_LIMIT) {
    return noCertificate(budget, k, ms(), `HiGHS: ${statusText}`, answer.nodes);
  }
  // HiGHS bounds the model it read; dropped tiny coverage may be worth `slack` more.
  const slack = droppedSlack(cp, lp);
  const slackNote = slack === 0
    ? ""
    : `; coverage <= ${SMALL_MATRIX_VALUE} dropped by HiGHS is worth at most ${slack}`;
  const bound = Number.isFinite(answer.dualBound) ? answer.dualBound + slack : null;
  // No store: HiGHS' bound alone.
  const noStore = (status: SolveStatus, upperBound: number | null, message: string) => ({
    ...base(budget, k),
    bound: upperBound,
    nodes: answer.nodes,
    status,
    timeMs: ms(),
    message,
  });
  if (!hasIncumbent) {
    return noStore("time_limit", bound, `HiGHS: ${statusText}, no feasible store found`);
  }
  const read = readIncumbent(run, lp, answer);
  if ("done" in read) return read.done;
  // A time-limited answer whose gap HiGHS already closed is judged as an optimal one (issue 29
  // item 1: never time_limit at gap 0).
  const closed = answer.status === OPTIMAL ||
    (answer.status === TIME_LIMIT && answer.gap >= 0 && answer.gap <= MILP_GAP_TOL);
  const { store, pruneNote } = read.next;
  const addNote = closed ? takeMissed(cp, store, budget, k) : "";
  const f = addNote === "" ? read.next.f : evaluateStore(cp, store);
  const common = {
    ...base(budget, k),
    objective: f,
    store: store.map((u) => cp.candIds[u]),
    cost: storeCost(store.map((u) => cp.cost[u])),
    nodes: answer.nodes,
  };
  if (closed && answer.gap >= 0 && answer.gap <= MILP_GAP_TOL && slack <= valueTol(cp)) {
    const gapNote = answer.gap === 0
      ? ""
      : ` (dual bound ${answer.dualBound}, relative gap ${answer.gap} read as 0)`;
    return proveOptimal(cp, budget, k, lp, answer, common, {
      f,
      slack,
      injected: !asked.trusted,
      verify: opts.verify !== false,
      verifyMs: opts.verifyTimeMs ??
        (timeLimit === undefined ? Infinity : Math.max(0, timeLimit * 1000 - ms())),
      head: `HiGHS: ${statusText}${gapNote}${slackNote}${pruneNote}${addNote}`,
      ms,
    });
  }
  // OPT >= F(store): a bound below it is HiGHS' tolerance showing.
  const upper = bound === null ? null : Math.max(bound, f + slack);
  if (answer.status === OPTIMAL) {
    return noStore(
      "no_certificate",
      upper,
      `HiGHS reported optimal, but the gap is not zero: relative gap ${answer.gap}${slackNote} ` +
        `(bound ${upper}, F ${f})`,
    );
  }
  return {
    ...common,
    status: "time_limit",
    bound: upper,
    gap: upper === null ? null : upper > 0 ? (upper - f) / upper : 0,
    timeMs: ms(),
    message: `HiGHS: ${statusText}${slackNote}${pruneNote}`,
  };
}

/**
 * Adds to `store` (in place) the feasible additions HiGHS' tolerances hid (gains above the
 * package's tolerance, below about 1e-9), best first. They are then proved like the rest: HiGHS'
 * dual bound bounds OPT whatever the store, and the exact check starts from the better F.
 * Returns a note for the message ("" when none was missing).
 */
function takeMissed(cp: CompiledPackage, store: number[], budget: number, k: number): string {
  let note = "";
  for (let m = bestAddition(cp, store, budget, k); m !== null && m.gain > valueTol(cp);) {
    store.push(m.u);
    note += `; candidate ${cp.candIds[m.u]} added (F +${m.gain}, below HiGHS' tolerances)`;
    m = bestAddition(cp, store, budget, k);
  }
  return note;
}

/** Null if the answer can be decoded, else what is wrong with it. */
function checkAnswer(a: HighsAnswer, lp: LpModel): string | null {
  if (!Number.isInteger(a.status)) return `model status ${a.status}`;
  if (a.status === OPTIMAL && !a.primalFeasible) {
    return "optimal status without a feasible solution";
  }
  if (!a.primalFeasible) return null;
  if (!Number.isFinite(a.objective)) return `objective ${a.objective}`;
  for (const name of [...lp.xNames, ...lp.unitVars.map((v) => v.name)]) {
    const v = a.values.get(name);
    if (v === undefined) return `no value for column ${name}`;
    if (!Number.isFinite(v)) return `value ${v} for column ${name}`;
  }
  return null;
}

/** The decoded store {u : x_u > 0.5}, in group order (the order in which branch-and-bound lists a store). */
function decode(cp: CompiledPackage, lp: LpModel, values: Map<string, number>): number[] {
  const store: number[] = [];
  for (const members of cp.groups) {
    for (const u of members) if (values.get(lp.xNames[u])! > 0.5) store.push(u);
  }
  return store;
}

/**
 * `store` without the members whose removal leaves F exactly unchanged (zero-coverage candidates,
 * or coverage of units already saturated). HiGHS may keep such members: it is indifferent to them.
 */
function pruneZeroGain(cp: CompiledPackage, store: readonly number[]): number[] {
  let kept = [...store];
  const f = evaluateStore(cp, kept);
  for (const u of store) {
    const without = kept.filter((v) => v !== u);
    if (evaluateStore(cp, without) === f) kept = without;
  }
  return kept;
}

/**
 * The most F can lose because HiGHS drops coverage coefficients a_ur <= small_matrix_value: sum
 * over modelled units of w_r x (largest slope of h_r) x (sum of the dropped a_ur). OPT <= F(decoded
 * store) + this.
 */
function droppedSlack(cp: CompiledPackage, lp: LpModel): number {
  const steepest = new Map<number, number>();
  for (const v of lp.unitVars) {
    steepest.set(v.unit, Math.max(steepest.get(v.unit) ?? 0, v.objective));
  }
  let slack = 0;
  for (let u = 0; u < cp.cost.length; u++) {
    const units = cp.rowUnits[u], vals = cp.rowVals[u];
    for (let t = 0; t < units.length; t++) {
      const w = steepest.get(units[t]);
      // The text holds a_ur x rowScale[r]: HiGHS drops it at or below small_matrix_value.
      if (w !== undefined && vals[t] * lp.rowScale[units[t]] <= SMALL_MATRIX_VALUE) {
        slack += w * vals[t];
      }
    }
  }
  return slack;
}

/**
 * The feasible single addition to `store` with the largest gain (full re-evaluation of F), or null
 * if none fits. A positive gain means HiGHS' "optimal" store is not optimal: its tolerances (about
 * 1e-9) hid an improvement, e.g. from coverage values below 1e-8.
 */
function bestAddition(
  cp: CompiledPackage,
  store: readonly number[],
  budget: number,
  k: number,
): { u: number; gain: number } | null {
  const st = new CoverageState(k === cp.k ? cp : { ...cp, k });
  for (const u of store) st.add(u);
  const inStore = new Set(store);
  let best: { u: number; gain: number } | null = null;
  for (let u = 0; u < cp.candIds.length; u++) {
    if (inStore.has(u) || !st.fits(u, budget) || cp.rowUnits[u].length === 0) continue;
    const gain = st.gain(u);
    if (best === null || gain > best.gain) best = { u, gain };
  }
  return best;
}

/**
 * The budget written into the model: `budget`, or twice the candidates' total cost when that is
 * smaller. Every store fits either budget alike (twice the total leaves room for rounding), and a
 * budget far above every cost would otherwise make the costs look negligible to HiGHS
 * ({@linkcode MIN_RELATIVE_COST}) and send the solve to branch-and-bound.
 */
function modelBudget(cp: CompiledPackage, budget: number): number {
  let total = 0;
  for (const c of cp.cost) total += c;
  return Math.min(budget, 2 * total);
}

/** Null if HiGHS can represent the costs, budget, weights and bounds, else the first problem. */
function rangeProblem(cp: CompiledPackage, budget: number, lp: LpModel): string | null {
  if (budget * lp.costScale >= INFINITE_VALUE) {
    return `budget ${budget} >= ${INFINITE_VALUE} reads as infinite in HiGHS`;
  }
  for (let u = 0; u < cp.cost.length; u++) {
    const c = cp.cost[u], scaled = c * lp.costScale;
    if (scaled <= SMALL_MATRIX_VALUE || scaled >= LARGE_MATRIX_VALUE) {
      return `cost ${c} of candidate ${u} (${scaled} after scaling B to [0.5, 1)) is outside HiGHS' matrix range (${SMALL_MATRIX_VALUE}, ${LARGE_MATRIX_VALUE})`;
    }
    // Costs far below the budget make the budget row badly scaled: HiGHS was seen to report a
    // wrong "optimal" (dual bound below the true OPT) with a cost of 1e-9 against B = 2.
    if (c <= budget && c < MIN_RELATIVE_COST * budget) {
      return `cost ${c} of candidate ${u} is below ${MIN_RELATIVE_COST} x budget: ` +
        `outside the range where HiGHS' answer can be trusted (use branch-and-bound)`;
    }
  }
  for (const v of lp.unitVars) {
    if (!(v.objective * lp.objectiveScale < INFINITE_VALUE) || !(v.upper < INFINITE_VALUE)) {
      return `objective coefficient ${v.objective} or bound ${v.upper} of ${v.name} reads as infinite in HiGHS`;
    }
  }
  return null;
}

/** The fields every certificate of this solver shares, before the outcome is known. */
function base(budget: number, k: number) {
  return {
    solver: "milp" as const,
    budget,
    k,
    objective: null,
    store: [] as string[],
    cost: 0,
    bound: null,
    gap: null,
    nodes: null,
  };
}

function noCertificate(
  budget: number,
  k: number,
  timeMs: number,
  message: string,
  nodes: number | null = null,
): CertificateDraft {
  return { ...base(budget, k), status: "no_certificate", method: "none", nodes, timeMs, message };
}

function errText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
