/**
 * MILP certificate of OPT_P(B) through HiGHS (npm `highs`, WebAssembly)
 * (paper 000 §3; DESIGN §3; ARTIFACT-SPEC §5.2).
 *
 * The model is the LP text of {@linkcode buildLp}: binary x_u (candidate u
 * kept), continuous y_r in [0, 1] (clipped coverage of unit r; one variable
 * per positive-slope segment for a piecewise h_r), budget row, group rows and
 * coverage rows, normalised by powers of two (largest objective coefficient,
 * B and each coverage row's largest value in [0.5, 1)), so HiGHS' absolute
 * tolerances act relative to the package's scale. HiGHS runs with zero
 * relative and absolute MIP gap (its defaults are 1e-4 and 1e-6),
 * feasibility tolerances of 1e-9, its smallest `small_matrix_value` (1e-12)
 * and two primal heuristics and presolve's probing off (together 47 % of its
 * time on the bench packages; they take no part in the proof).
 *
 * Reading the answer:
 * 1. the store is {u : x_u > 0.5} in group order; it must pass
 *    {@linkcode checkFeasible} (the one cost-to-budget rule, and k) in TypeScript;
 * 2. members whose removal leaves F exactly unchanged are left out (HiGHS is
 *    indifferent to them);
 * 3. F is re-evaluated with {@linkcode evaluateStore}: that F, never the LP
 *    objective, is the certificate's objective; an LP objective above it by
 *    more than {@linkcode MILP_OBJECTIVE_TOL} x the package's value scale
 *    ({@linkcode valueScale}) means a decode problem;
 * 4. HiGHS' Optimal status with a relative gap of at most
 *    {@linkcode MILP_GAP_TOL}, no feasible single addition gaining more than
 *    the package's tolerance ({@linkcode valueTol}), and coverage HiGHS
 *    dropped (<= 1e-12 after scaling) worth at most that;
 * 5. PROVED (the proof step; issue 18 point 6):
 *    - up to {@linkcode MILP_EXACT_MAX_GROUPS} experiences, the exhaustive
 *      branch-and-bound, warm-started with the MILP's F as its floor (it only
 *      has to refute improvements), within a work cap of
 *      {@linkcode MILP_EXACT_WORK} nodes x candidates (a cap on work, not
 *      time: the verdict does not depend on the machine). Finished and
 *      nothing above F: method `milp+bnb`, gap 0. A better store (HiGHS'
 *      tolerances hide improvements below about 1e-9): that store is the answer, method
 *      `bnb`, with the search's bound and tie tolerance;
 *    - otherwise (larger packages, or the cap reached), HiGHS' own proof:
 *      its branch-and-cut at zero MIP gap on the power-of-two scaled model,
 *      its dual bound D widened to D (1 + delta) by the most its 1e-9
 *      tolerances can move it ({@linkcode milpBoundTolerance}, a worst case:
 *      1e-8 .. 4e-7 on the bench's 80-400 experience packages). Method
 *      `milp`: the certificate states that bound and its gap instead of
 *      claiming zero gap; certified while delta <= {@linkcode MILP_MAX_RTOL};
 *    - an injected runtime (`highs`, or a test loader) is not trusted for the
 *      second kind of proof, and `verify: false` skips the proof: both give
 *      `unverified`, which ratios and audits refuse.
 *
 * Why this proof step: re-proving every answer by branch-and-bound is
 * exponential (a random 80-experience package did not finish in 120 s); a
 * second HiGHS solve with the objective cut F >= F* (1 + delta) shown
 * infeasible was measured at 1.5-10x the first solve on the bench packages
 * (the cut row is dense and degenerate); HiGHS' `objective_bound` option does
 * not act as a cutoff for maximisation. Widening the first solve's dual bound
 * costs nothing and states honestly what HiGHS' tolerances leave open. It is
 * HiGHS' proof at its tolerances, not one in exact arithmetic: where the exact
 * search can finish, it is preferred.
 *
 * The WebAssembly runtime loads asynchronously once and is cached at module
 * level; each solve creates and disposes a fresh HiGHS model in it. A
 * WebAssembly abort (after which every call of that instance aborts), an
 * exception or an unreadable answer drops the cached runtime (the next solve
 * loads a new one) and yields `no_certificate` with objective null.
 *
 * @module
 */
import { type Highs, highsModule } from "../deps/highs.ts";
import type { CompiledPackage } from "../package/compile.ts";
import {
  checkFeasible,
  CoverageState,
  evaluateStore,
  storeCost,
  valueScale,
  valueTol,
} from "../objective.ts";
import type { Certificate, CertificateDraft } from "../certificate/result.ts";
import { issueAnswer } from "../certificate/issue.ts";
import { buildLp, type LpModel } from "./lp_text.ts";
import { searchBnb } from "./bnb.ts";
import { checkSolveArgs } from "./_validate.ts";
import { restrictPackage } from "../package/restrict.ts";

/**
 * A loaded HiGHS runtime as the MILP solver sees it: the npm `highs` module
 * after {@linkcode loadMilpSolver}, or a test double with the same
 * `createModel()` (its model API is HiGHS' own; see the npm package's types).
 */
export interface HighsRuntime {
  /** Creates an empty HiGHS model (HiGHS' `Highs["createModel"]`). */
  createModel(): unknown;
}

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
}

/** Counters of the cached HiGHS runtime, for diagnostics and tests. */
export interface MilpSolverStats {
  /** Runtimes loaded so far (1 + re-creations after failures). */
  loads: number;
  /** Solves that reached HiGHS (cached or injected runtime). */
  solves: number;
  /** Solves that ended in an exception or an unreadable answer. */
  failures: number;
  /** Current Wasm memory capacity of the cached runtime in bytes, or null if none is loaded. */
  memoryBytes: number | null;
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

/**
 * HiGHS' MIP and primal feasibility tolerance (defaults 1e-6 and 1e-7). With
 * the defaults a y_r may exceed its coverage by 1e-6, so the LP objective
 * overstates F by that much; 1e-9 keeps it within {@linkcode MILP_OBJECTIVE_TOL}.
 */
const FEASIBILITY_TOL = 1e-9;

/** HiGHS drops matrix entries at or below this (its `small_matrix_value`, set to its minimum). */
const SMALL_MATRIX_VALUE = 1e-12;
/** HiGHS treats matrix entries at or above this as infinite (`large_matrix_value` default). */
const LARGE_MATRIX_VALUE = 1e15;
/** Smallest cost, relative to the budget, for which a MILP answer is trusted. */
const MIN_RELATIVE_COST = 1e-6;
/** HiGHS treats costs and bounds at or above this as infinite (`infinite_cost`, `infinite_bound`). */
const INFINITE_VALUE = 1e20;

/**
 * HiGHS' effort settings of every memaudit solve: two primal heuristics (feasibility jump, root
 * reduced cost) and the probing presolve rule (bit 15 of `presolve_rule_off`) off. Heuristics
 * only look for incumbents and probing only tightens the model: the dual bound HiGHS reports is
 * a bound of the model either way, so the proof step does not change. Measured on the bench's
 * 80-400 experience packages (bench/cert_vs_cbc.ts, 12 (package, k, budget) pairs, HiGHS' read
 * and run in one process, `--liftoff-only`, medians of 8 interleaved runs, load 1.7-2.3): the
 * sum over the pairs 5.18 s with HiGHS' defaults, 3.16 s with the two heuristics off, 2.76 s
 * with probing off too (the worst pair against CBC, 400 experiences k = 2 B = 1155, 0.83 s ->
 * 0.38 s; one pair, k = 1 at the same budget, 0.27 -> 0.45 s); the same OPT on all. Switching
 * off RINS and RENS as well made it 2.5x slower; turning off restarts 3x.
 */
const EFFORT = {
  mip_heuristic_run_feasibility_jump: false,
  mip_heuristic_run_root_reduced_cost: false,
  presolve_rule_off: 1 << 15,
} as const;

/** Share of the time left that HiGHS' own clock gets in a time-limited solve (runHighs' caller). */
const HIGHS_CLOCK_SHARE = 0.85;
/** Seconds kept back from HiGHS' clock for its overrun and the decoding after it. */
const HIGHS_CLOCK_RESERVE_SEC = 0.1;

/**
 * Most candidates for which a time-limited MILP solve calls HiGHS. HiGHS
 * reads and presolves a model without looking at its clock: on a package of
 * 100,000 candidates over 200 units, reading took 5.7 s and a run with
 * `time_limit` 3 s took 305 s (bench/time_limits.ts). Beyond this size a
 * time-limited solve answers `time_limit` without calling HiGHS; without a
 * time limit it runs as long as HiGHS needs.
 */
export const MILP_TIMED_MAX_CANDIDATES = 20_000;

/**
 * Most candidates for which a time-limited MILP solve runs HiGHS' presolve. Presolve does not
 * look at HiGHS' clock and its time grows about with the square of the budget row's length
 * when no group row binds (k at least every group's size): 12,000 candidates at k = 3 spent
 * 2.4 s in presolve under a 0.5 s limit (7 s from the CLI), 19,000 spent 6 s (17 s). Above this
 * size a time-limited solve runs without presolve, which honours the limit; the answer's proof
 * does not depend on it.
 */
export const MILP_TIMED_PRESOLVE_MAX_CANDIDATES = 2_000;

/** HiGHS model status codes used here (`highs.constants.modelStatus`). */
const OPTIMAL = 7, TIME_LIMIT = 13;
const STATUS_TEXT: Record<number, string> = {
  0: "not set",
  1: "load error",
  2: "model error",
  3: "presolve error",
  4: "solve error",
  5: "postsolve error",
  6: "empty",
  7: "optimal",
  8: "infeasible",
  9: "unbounded or infeasible",
  10: "unbounded",
  11: "objective bound reached",
  12: "objective target reached",
  13: "time limit reached",
  14: "iteration limit reached",
  15: "unknown",
  16: "solution limit reached",
  17: "interrupted",
};

// The package's types describe a CommonJS module whose default import is its
// namespace; at run time (Deno's npm ESM interop) it is the loader function.
const highsLoader = highsModule as unknown as typeof highsModule.default;

let cached: Promise<HighsRuntime> | null = null;
let loaded: HighsRuntime | null = null;
/** Whether the cached runtime is the `highs` package's own (not a loader's test double). */
let loadedGenuine = false;
const stats = { loads: 0, solves: 0, failures: 0 };

/** Options of {@linkcode loadMilpSolver}. */
export interface LoadMilpOptions {
  /**
   * Creates the runtime when none is cached (default: the `highs` package's
   * loader, output off). Tests inject failing runtimes through it.
   */
  loader?: () => Promise<HighsRuntime>;
}

/**
 * Loads the HiGHS WebAssembly runtime once and caches it; later calls return
 * the cached runtime (a new one after {@linkcode resetMilpSolver} or a failure).
 *
 * @param opts.loader how to create the runtime when none is cached
 * @returns the loaded runtime
 * @throws {Error} if the WebAssembly module cannot be loaded (nothing is cached then)
 */
export function loadMilpSolver(opts: LoadMilpOptions = {}): Promise<HighsRuntime> {
  if (cached !== null) return cached;
  stats.loads++;
  const load = opts.loader ?? (() => highsLoader());
  const p: Promise<HighsRuntime> = load().then((h) => {
    if (cached === p) {
      loaded = h;
      loadedGenuine = opts.loader === undefined;
    }
    return h;
  });
  p.catch(() => {
    if (cached === p) cached = null;
  });
  cached = p;
  return p;
}

/** Drops the cached HiGHS runtime; the next solve loads a fresh one. */
export function resetMilpSolver(): void {
  cached = null;
  loaded = null;
  loadedGenuine = false;
}

/** Counters of the cached runtime: loads, solves, failures and Wasm memory capacity. */
export function milpSolverStats(): MilpSolverStats {
  const bytes = (loaded as Partial<Highs> | null)?.memoryBytes;
  return { ...stats, memoryBytes: typeof bytes === "number" ? bytes : null };
}

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
 * {@linkcode solveMilp}'s solve, returning the draft (not issued): for `solve()`, which issues
 * once per call. Internal (not in mod.ts).
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts as {@linkcode solveMilp}
 * @returns the draft
 * @throws {RangeError} if the budget, k or the time limit is invalid
 */
export async function milpDraft(
  cp: CompiledPackage,
  budget: number,
  opts: MilpOptions = {},
): Promise<CertificateDraft> {
  if (opts.highs !== undefined) return runMilpSync(cp, budget, opts);
  const t0 = performance.now();
  try {
    await loadMilpSolver();
  } catch (e) {
    checkSolveArgs("the MILP", budget, opts.k ?? cp.k);
    return noCertificate(
      budget,
      opts.k ?? cp.k,
      performance.now() - t0,
      `HiGHS could not be loaded: ${errText(e)}`,
    );
  }
  // Loading the runtime (the first solve) counts against the time limit.
  const loadMs = performance.now() - t0;
  const limit = opts.timeLimitSec;
  if (limit !== undefined && limit >= 0 && Number.isFinite(limit)) {
    const cert = runMilpSync(cp, budget, {
      ...opts,
      timeLimitSec: Math.max(0, limit - loadMs / 1000),
    });
    return { ...cert, timeMs: cert.timeMs + loadMs };
  }
  return runMilpSync(cp, budget, opts);
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

/**
 * True when the cached HiGHS runtime is loaded (a synchronous solve can use it). Internal.
 *
 * @returns whether {@linkcode solveMilpSync} can run without an injected runtime
 */
export function milpLoaded(): boolean {
  return loaded !== null;
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
 * The solve as named steps: write the model, ask HiGHS, read its store back, then prove
 * (see the module doc for what each step checks). Returns the draft (not issued); internal.
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts as {@linkcode solveMilp}
 * @returns the draft
 * @throws {RangeError} if the budget, k or the time limit is invalid
 * @throws {Error} if no runtime is injected and none is loaded
 */
export function runMilpSync(
  cp: CompiledPackage,
  budget: number,
  opts: MilpOptions = {},
): CertificateDraft {
  const t0 = performance.now();
  const timeLimit = opts.timeLimitSec;
  checkSolveArgs("the MILP", budget, opts.k ?? cp.k);
  if (timeLimit !== undefined && !(timeLimit >= 0 && Number.isFinite(timeLimit))) {
    throw new RangeError(
      `Cannot solve the MILP: timeLimitSec must be finite and >= 0, got ${timeLimit}`,
    );
  }
  const run: MilpRun = {
    cp,
    budget,
    k: opts.k ?? cp.k,
    timeLimit,
    opts,
    ms: () => performance.now() - t0,
  };
  const model = writeModel(run);
  if ("done" in model) return model.done;
  const asked = askHighs(run, model.next);
  if ("done" in asked) return asked.done;
  return judgeAnswer(run, model.next, asked.next);
}

/** Step 1: the model text, or the certificate when HiGHS need not (or cannot) be called. */
function writeModel(run: MilpRun): Step<LpModel> {
  const { cp, budget, k, timeLimit, ms } = run;
  if (timeLimit !== undefined && cp.candIds.length > MILP_TIMED_MAX_CANDIDATES) {
    return {
      done: {
        ...base(budget, k),
        status: "time_limit",
        timeMs: ms(),
        message: `HiGHS not called: with ${cp.candIds.length} candidates (more than ` +
          `${MILP_TIMED_MAX_CANDIDATES}) it does not honour a time limit`,
      },
    };
  }
  const lp = buildLp(cp, budget, { k, normalise: true });
  if (timeLimit !== undefined && ms() > timeLimit * 1000) {
    return {
      done: {
        ...base(budget, k),
        status: "time_limit",
        timeMs: ms(),
        message: "time limit reached while writing the model",
      },
    };
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
  const range = rangeProblem(cp, budget, lp);
  return range === null ? { next: lp } : { done: noCertificate(budget, k, ms(), range) };
}

/** What HiGHS answered, in weight units, and whether the runtime is trusted. */
interface Asked {
  answer: Answer;
  injected: boolean;
  /** Only the `highs` package's own runtime is trusted for the proof by its bound. */
  trusted: boolean;
}

/** Step 2: HiGHS' answer, scaled back to weight units; a failure or an unreadable answer ends the solve. */
function askHighs(run: MilpRun, lp: LpModel): Step<Asked> {
  const { budget, k, timeLimit, opts, ms } = run;
  const injected = opts.highs !== undefined;
  const highs = opts.highs ?? loaded;
  if (highs === null) {
    throw new Error(
      "Cannot solve the MILP synchronously: HiGHS is not loaded; await loadMilpSolver() first",
    );
  }
  stats.solves++;
  let answer: Answer;
  try {
    // HiGHS gets what is left of the limit after writing the model (its clock starts at zero),
    // less a margin: it overruns its own clock (50-230 ms measured under load) and decoding
    // follows, while the whole solve must end within 10 % + 100 ms of the limit.
    answer = runHighs(
      highs,
      lp,
      timeLimit === undefined
        ? undefined
        : Math.max(0, HIGHS_CLOCK_SHARE * (timeLimit - ms() / 1000) - HIGHS_CLOCK_RESERVE_SEC),
    );
  } catch (e) {
    stats.failures++;
    if (!injected) resetMilpSolver();
    return {
      done: noCertificate(budget, k, ms(), `HiGHS failed${renewed(injected)}: ${errText(e)}`),
    };
  }
  const unreadable = checkAnswer(answer, lp);
  // Back from the scaled model to weight units (powers of two: exact).
  answer.objective /= lp.objectiveScale;
  answer.dualBound /= lp.objectiveScale;
  if (unreadable !== null) {
    stats.failures++;
    if (!injected) resetMilpSolver();
    return {
      done: noCertificate(
        budget,
        k,
        ms(),
        `unreadable HiGHS answer${renewed(injected)}: ${unreadable}`,
      ),
    };
  }
  return { next: { answer, injected, trusted: !injected && loadedGenuine } };
}

/** HiGHS' store read back: candidate indices, their re-evaluated F, a note on what was pruned. */
interface Incumbent {
  store: number[];
  f: number;
  pruneNote: string;
}

/** Step 3: the decoded store, checked feasible, pruned, and its F re-evaluated against the LP objective. */
function readIncumbent(run: MilpRun, lp: LpModel, answer: Answer): Step<Incumbent> {
  const { cp, budget, k, ms } = run;
  const decoded = decode(cp, lp, answer.values);
  const feas = checkFeasible(
    k === cp.k ? cp : { ...cp, k },
    decoded.map((u) => cp.candIds[u]),
    budget,
  );
  if (!feas.feasible) {
    return {
      done: noCertificate(
        budget,
        k,
        ms(),
        `decoded store is infeasible (HiGHS tolerances): ${feas.reasons.join("; ")}`,
        answer.nodes,
      ),
    };
  }
  const store = pruneZeroGain(cp, decoded);
  const pruneNote = store.length === decoded.length
    ? ""
    : `; ${decoded.length - store.length} zero-gain candidate(s) of HiGHS' store left out`;
  const f = evaluateStore(cp, store);
  if (answer.objective - f > MILP_OBJECTIVE_TOL * valueScale(cp)) {
    return {
      done: noCertificate(
        budget,
        k,
        ms(),
        `LP objective ${answer.objective} differs from re-evaluated F ${f}: decode problem`,
        answer.nodes,
      ),
    };
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
  if (!hasIncumbent) {
    return {
      ...base(budget, k),
      status: "time_limit",
      bound,
      nodes: answer.nodes,
      timeMs: ms(),
      message: `HiGHS: ${statusText}, no feasible store found`,
    };
  }
  const read = readIncumbent(run, lp, answer);
  if ("done" in read) return read.done;
  // A time-limited answer whose gap HiGHS already closed is judged as an optimal one (issue 29
  // item 1: never time_limit at gap 0).
  const closed = answer.status === OPTIMAL ||
    (answer.status === TIME_LIMIT && answer.gap >= 0 && answer.gap <= MILP_GAP_TOL);
  const { store, pruneNote } = read.next;
  let { f } = read.next, addNote = "";
  // Additions HiGHS' tolerances hid (gains below about 1e-9): taken, then proved like the rest
  // (HiGHS' dual bound bounds OPT whatever the store; the exact check starts from the better F).
  for (let missed = closed ? bestAddition(cp, store, budget, k) : null; missed !== null;) {
    if (!(missed.gain > valueTol(cp))) break;
    store.push(missed.u);
    f = evaluateStore(cp, store);
    addNote += `; candidate ${
      cp.candIds[missed.u]
    } added (F +${missed.gain}, below HiGHS' tolerances)`;
    missed = bestAddition(cp, store, budget, k);
  }
  const common = {
    ...base(budget, k),
    objective: f,
    store: store.map((u) => cp.candIds[u]),
    cost: storeCost(store.map((u) => cp.cost[u])),
    nodes: answer.nodes,
  };
  if (
    closed && answer.gap >= 0 && answer.gap <= MILP_GAP_TOL && slack <= valueTol(cp)
  ) {
    const note = (answer.gap === 0
      ? ""
      : ` (dual bound ${answer.dualBound}, relative gap ${answer.gap} read as 0)`) +
      slackNote +
      pruneNote + addNote;
    return proveOptimal(cp, budget, k, lp, answer, common, {
      f,
      slack,
      injected: !asked.trusted,
      verify: opts.verify !== false,
      verifyMs: opts.verifyTimeMs ??
        (timeLimit === undefined ? Infinity : Math.max(0, timeLimit * 1000 - ms())),
      head: `HiGHS: ${statusText}${note}`,
      ms,
    });
  }
  // OPT >= F(store): a bound below it is HiGHS' tolerance showing.
  const upper = bound === null ? null : Math.max(bound, f + slack);
  if (answer.status === OPTIMAL) {
    return {
      ...common,
      status: "no_certificate",
      objective: null,
      store: [],
      cost: 0,
      bound: upper,
      gap: null,
      timeMs: ms(),
      message:
        `HiGHS reported optimal, but the gap is not zero: relative gap ${answer.gap}${slackNote} (bound ${upper}, F ${f})`,
    };
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

/** What {@linkcode proveOptimal} needs besides the model and HiGHS' answer. */
interface ProofInput {
  /** F of the decoded store, re-evaluated. */
  f: number;
  /** Most F that coverage HiGHS dropped can be worth. */
  slack: number;
  /** Whether the runtime was injected (its word is not trusted without the exact search). */
  injected: boolean;
  /** Whether to prove at all (`verify: false` gives `unverified`). */
  verify: boolean;
  /** Milliseconds the exact search may take (Infinity: its work cap only). */
  verifyMs: number;
  /** The message's start (HiGHS' status and notes). */
  head: string;
  /** Milliseconds since the solve started. */
  ms: () => number;
}

/**
 * Most branch-and-bound work (nodes x candidates) the exact check of a MILP answer gets by
 * default: a cap on work, not time, so whether an answer is proved exactly does not depend on
 * the machine's speed. Packages of up to a few dozen experiences finish within it; larger ones
 * are proved by HiGHS' bound ({@linkcode milpBoundTolerance}).
 */
export const MILP_EXACT_WORK = 2e6;

/**
 * Most experiences (groups with covering candidates) for which the exact search re-proves a
 * MILP answer; above, it rarely finishes within its work cap and the proof is HiGHS' bound.
 */
export const MILP_EXACT_MAX_GROUPS = 40;

/**
 * Largest relative widening of HiGHS' bound ({@linkcode milpBoundTolerance}) for which its
 * answer is certified without the exact search.
 */
export const MILP_MAX_RTOL = 1e-6;

/**
 * The relative allowance for HiGHS' tolerances on the scaled model: its dual bound D, widened to
 * D (1 + delta), bounds OPT although HiGHS decides feasibility, integrality and dual feasibility
 * only up to {@linkcode FEASIBILITY_TOL} (1e-9) each. On the power-of-two scaled model (objective
 * coefficients c_j <= 1, each coverage row's largest value in [0.5, 1), so y_r has coefficient
 * >= 0.5 in its row) a y_r can exceed its coverage by at most 2 tol, an x_u within tol of 0 or 1
 * adds at most tol to each row it is in, and a dual infeasibility of tol per column moves the LP
 * bound by at most tol per column of range 1:
 *
 *     delta = tol x (2 sum_j c_j + 2 nnz max_j c_j + columns) / F_scaled
 *
 * (nnz: coverage entries; F_scaled: the store's F in the model's units). A worst case, not an
 * estimate: on the bench packages (80-400 experiences) it is 1e-8 .. 4e-7.
 *
 * @param cp compiled package
 * @param lp the normalised model
 * @param f F of the store, in weight units
 * @returns delta (Infinity when F is 0)
 */
export function milpBoundTolerance(cp: CompiledPackage, lp: LpModel, f: number): number {
  let sumC = 0, maxC = 0, nnz = 0;
  for (const v of lp.unitVars) {
    const c = v.objective * lp.objectiveScale;
    sumC += c;
    if (c > maxC) maxC = c;
  }
  for (const r of cp.rowUnits) nnz += r.length;
  const cols = lp.xNames.length + lp.unitVars.length;
  const fScaled = f * lp.objectiveScale;
  if (!(fScaled > 0)) return Infinity;
  return FEASIBILITY_TOL * (2 * sumC + 2 * nnz * maxC + cols) / fScaled;
}

/**
 * The proof step of a HiGHS "optimal" answer (see the module doc): the exact search within its
 * work cap (`milp+bnb`, gap 0), else HiGHS' dual bound widened for its tolerances (`milp`, a
 * stated bound and gap); an injected runtime's answer without the exact search, or
 * `verify: false`, is `unverified`.
 */
function proveOptimal(
  cp: CompiledPackage,
  budget: number,
  k: number,
  lp: LpModel,
  answer: Answer,
  common: Omit<CertificateDraft, "status" | "bound" | "gap" | "timeMs">,
  p: ProofInput,
): CertificateDraft {
  const unverified = (why: string): CertificateDraft => ({
    ...common,
    status: "unverified",
    method: "none",
    bound: null,
    gap: null,
    timeMs: p.ms(),
    message: `${p.head}; ${why}: not a certificate`,
  });
  if (!p.verify) return unverified("NOT verified (verify: false): HiGHS' word");
  // Candidates with an empty coverage row add cost and no value: OPT without them is OPT with
  // them (F is monotone and dropping a candidate keeps a store feasible), so the check searches
  // the package without them (a union package often has hundreds).
  const part = coveringPart(cp);
  const check = part.groups.length <= MILP_EXACT_MAX_GROUPS
    ? searchBnb(part, budget, {
      k,
      lowerBound: p.f,
      exploreTies: false,
      timeLimitMs: Number.isFinite(p.verifyMs) ? p.verifyMs : undefined,
      nodeLimit: Math.max(1000, Math.floor(MILP_EXACT_WORK / Math.max(1, part.candIds.length))),
    })
    : null;
  if (check !== null && check.status === "optimal") {
    if (check.objective! > p.f) {
      // The search proved a better store than HiGHS': that store is the answer, with the
      // search's bound and tie tolerance (never HiGHS' F as a bound below a store found).
      return {
        ...check,
        solver: "milp",
        method: "bnb",
        timeMs: p.ms(),
        message: `${p.head}, with F ${p.f}; branch-and-bound found and proved a store with F ` +
          `${check.objective} (an improvement hidden below HiGHS' tolerances)`,
      };
    }
    return {
      ...common,
      status: "optimal",
      method: "milp+bnb",
      bound: Math.max(p.f, check.bound ?? p.f),
      gap: 0,
      timeMs: p.ms(),
      message: `${p.head}; verified by branch-and-bound`,
    };
  }
  const why = check === null
    ? `the exact search is not run above ${MILP_EXACT_MAX_GROUPS} experiences`
    : `branch-and-bound could not verify it within its share (${check.message})`;
  if (p.injected) return unverified(`an injected HiGHS runtime's answer, and ${why}`);
  const delta = milpBoundTolerance(cp, lp, p.f);
  const bound = (Math.max(answer.dualBound, p.f) + p.slack) * (1 + delta);
  const gap = bound > 0 ? (bound - p.f) / bound : 0;
  if (!(delta <= MILP_MAX_RTOL)) {
    return {
      ...common,
      status: "no_certificate",
      method: "none",
      bound: Number.isFinite(bound) ? bound : null,
      gap: Number.isFinite(gap) ? gap : null,
      timeMs: p.ms(),
      message: `${p.head}; ${why}, and HiGHS' tolerances allow ${delta} relative (more than ` +
        `${MILP_MAX_RTOL}): not certified`,
    };
  }
  return {
    ...common,
    status: "optimal",
    method: "milp",
    bound,
    gap,
    tolerance: gap,
    timeMs: p.ms(),
    message: `${p.head}; bound = HiGHS' dual bound x (1 + ${delta}) for its tolerances`,
  };
}

/** What was read back from HiGHS, before any interpretation. */
/**
 * What one HiGHS run returned (see {@linkcode runHighsLp}): the model status
 * code (7 optimal, 13 time limit, ...), the objective and column values when
 * HiGHS has a primal feasible solution, its dual bound, gap and node count.
 */
export interface HighsAnswer {
  /** HiGHS model status code (7 optimal, 13 time limit, 8 infeasible, ...). */
  status: number;
  /** Objective value of the solution (NaN without a primal feasible solution). */
  objective: number;
  /** Column values by column name (empty without a primal feasible solution). */
  values: Map<string, number>;
  /** Whether HiGHS reports a primal feasible solution. */
  primalFeasible: boolean;
  /** HiGHS' MIP dual bound (NaN when not reported). */
  dualBound: number;
  /** HiGHS' relative MIP gap (NaN when not reported). */
  gap: number;
  /** Branch-and-bound nodes HiGHS explored, or null. */
  nodes: number | null;
}

type Answer = HighsAnswer;

function runHighs(highs: HighsRuntime, lp: LpModel, timeLimit: number | undefined): Answer {
  const presolve = timeLimit === undefined ||
    lp.xNames.length <= MILP_TIMED_PRESOLVE_MAX_CANDIDATES;
  return runHighsLp(highs, lp.text, { timeLimitSec: timeLimit, presolve });
}

/**
 * Runs one MILP in a fresh model of `highs` (zero MIP gap, no output, two
 * heuristics and presolve's probing off) and copies out everything needed, disposing the model. The one HiGHS runner of
 * memaudit: the package MILP and the retention optimum both use it.
 *
 * @param highs a loaded runtime ({@linkcode loadMilpSolver})
 * @param text the model in CPLEX LP format
 * @param opts `timeLimitSec` (reading the model, then HiGHS' own clock); `precise` (default true) also
 *   sets memaudit's tight feasibility tolerances and small-matrix value for
 *   real-valued coverage; a pure 0/1 model may pass false; `presolve` (default true) false
 *   runs HiGHS without presolve, which does not look at its clock
 * @returns the answer (status, objective, values, bound, gap, nodes)
 * @throws whatever HiGHS throws for a model it cannot read
 */
export function runHighsLp(
  highs: HighsRuntime,
  text: string,
  opts: { timeLimitSec?: number; precise?: boolean; presolve?: boolean } = {},
): HighsAnswer {
  const timeLimit = opts.timeLimitSec;
  const model = (highs as Pick<Highs, "createModel">).createModel();
  try {
    model.options.set({
      output_flag: false,
      mip_rel_gap: 0,
      mip_abs_gap: 0,
      ...EFFORT,
      ...(opts.presolve === false ? { presolve: "off" } : {}),
      ...(opts.precise === false ? {} : {
        small_matrix_value: SMALL_MATRIX_VALUE,
        mip_feasibility_tolerance: FEASIBILITY_TOL,
        primal_feasibility_tolerance: FEASIBILITY_TOL,
        // milpBoundTolerance() assumes it: the dual bound's error is tol per column.
        dual_feasibility_tolerance: FEASIBILITY_TOL,
      }),
    });
    const t0 = performance.now();
    model.readModel({ format: "lp", data: text });
    // HiGHS' clock starts at run(): reading the model is charged to the limit here.
    if (timeLimit !== undefined) {
      model.options.set({
        time_limit: Math.max(0, timeLimit - (performance.now() - t0) / 1000),
      });
    }
    const run = model.run();
    const status = run.modelStatus as number;
    const values = new Map<string, number>();
    const cols = model.getDimensions().numCols;
    let primalFeasible = false, objective = NaN;
    if (status === OPTIMAL || status === TIME_LIMIT) {
      primalFeasible = Number(model.info.get("primal_solution_status")) === 2;
      if (primalFeasible) {
        const x = model.getSolution().colValue;
        for (let i = 0; i < cols; i++) values.set(model.getColName(i), x[i]);
        objective = model.getObjectiveValue();
      }
    }
    const info = (name: string) => {
      try {
        return Number(model.info.get(name));
      } catch {
        return NaN;
      }
    };
    const nodes = info("mip_node_count");
    return {
      status,
      objective,
      values,
      primalFeasible,
      dualBound: info("mip_dual_bound"),
      gap: info("mip_gap"),
      nodes: Number.isFinite(nodes) ? nodes : null,
    };
  } finally {
    try {
      model.dispose();
    } catch {
      // A model of an aborted runtime may not dispose; the runtime is dropped anyway.
    }
  }
}

/** Null if the answer can be decoded, else what is wrong with it. */
function checkAnswer(a: Answer, lp: LpModel): string | null {
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
 * `store` without the members whose removal leaves F exactly unchanged
 * (zero-coverage candidates, or coverage of units already saturated). HiGHS
 * may keep such members: it is indifferent to them.
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
 * The most F can lose because HiGHS drops coverage coefficients a_ur <=
 * small_matrix_value: sum over modelled units of w_r * (largest slope of h_r)
 * * (sum of the dropped a_ur). OPT <= F(decoded store) + this.
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
 * The feasible single addition to `store` with the largest gain (full
 * re-evaluation of F), or null if none fits. A positive gain means HiGHS'
 * "optimal" store is not optimal: its tolerances (about 1e-9) hid an
 * improvement, e.g. from coverage values below 1e-8.
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
  return {
    ...base(budget, k),
    status: "no_certificate",
    method: "none",
    nodes,
    timeMs,
    message,
  };
}

function renewed(injected: boolean): string {
  return injected ? "" : " (runtime dropped; the next solve loads a new one)";
}

function errText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

const coveringParts = new WeakMap<CompiledPackage, CompiledPackage>();

/**
 * The package without its candidates whose coverage row is empty (the same
 * object when there are none, or when no candidate covers anything), cached
 * per package: the same OPT value, a smaller search for the MILP's
 * verification. Internal (not in mod.ts).
 *
 * @param cp compiled package
 * @returns the restricted package, or `cp`
 */
export function coveringPart(cp: CompiledPackage): CompiledPackage {
  let part = coveringParts.get(cp);
  if (part === undefined) {
    // Unchanged when every candidate covers something, or none does (OPT = 0 either way).
    part = cp.rowUnits.every((r) => r.length > 0) || cp.rowUnits.every((r) => r.length === 0)
      ? cp
      : restrictPackage(cp, (c) => cp.rowUnits[c].length > 0);
    coveringParts.set(cp, part);
  }
  return part;
}
