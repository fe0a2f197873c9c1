/**
 * The HiGHS runtime (npm `highs`, WebAssembly) and its one runner (paper 000 §3; DESIGN §3):
 * loading and caching the runtime, the options every memaudit solve sets, and
 * {@linkcode runHighsLp}, which runs one model in CPLEX LP format and copies the answer out. The
 * package MILP (lib/solve/milp.ts) and paper 003's retention optimum (lib/retention/optimum.ts)
 * both run their LPs through it.
 *
 * The WebAssembly runtime loads asynchronously once and is cached at module level; each solve
 * creates and disposes a fresh HiGHS model in it. A WebAssembly abort (after which every call of
 * that instance aborts), an exception or an unreadable answer drops the cached runtime (the MILP
 * solver calls {@linkcode resetMilpSolver}; the next solve loads a new one).
 *
 * @module
 */
import { type Highs, highsModule } from "../base/deps/highs.ts";

/**
 * A loaded HiGHS runtime as the MILP solver sees it: the npm `highs` module after
 * {@linkcode loadMilpSolver}, or a test double with the same `createModel()` (its model API is
 * HiGHS' own; see the npm package's types).
 */
export interface HighsRuntime {
  /** Creates an empty HiGHS model (HiGHS' `Highs["createModel"]`). */
  createModel(): unknown;
}

/**
 * HiGHS' MIP and primal feasibility tolerance (defaults 1e-6 and 1e-7). With the defaults a y_r may
 * exceed its coverage by 1e-6, so the LP objective overstates F by that much; 1e-9 keeps it within
 * {@linkcode MILP_OBJECTIVE_TOL}.
 */
export const FEASIBILITY_TOL = 1e-9;

/** HiGHS drops matrix entries at or below this (its `small_matrix_value`, set to its minimum). */
export const SMALL_MATRIX_VALUE = 1e-12;

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

/** HiGHS model status codes used here (`highs.constants.modelStatus`). */
export const OPTIMAL = 7, TIME_LIMIT = 13;
/** Every HiGHS model status as text, indexed by its code (0 .. 17). */
export const STATUS_TEXT: Record<number, string> = [
  ...["not set", "load error", "model error", "presolve error", "solve error", "postsolve error"],
  ...["empty", "optimal", "infeasible", "unbounded or infeasible", "unbounded"],
  ...["objective bound reached", "objective target reached", "time limit reached"],
  ...["iteration limit reached", "unknown", "solution limit reached", "interrupted"],
];

// The package's types describe a CommonJS module whose default import is its namespace; at run
// time (Deno's npm ESM interop) it is the loader function.
const highsLoader = highsModule as unknown as typeof highsModule.default;

let cached: Promise<HighsRuntime> | null = null;
let loaded: HighsRuntime | null = null;
/** Whether the cached runtime is the `highs` package's own (not a loader's test double). */
let loadedGenuine = false;
/** Solves and failures of the runtimes, counted by the MILP solver (milpSolverStats()). Internal. */
export const highsCounters = { loads: 0, solves: 0, failures: 0 };

/** Options of {@linkcode loadMilpSolver}. */
export interface LoadMilpOptions {
  /**
   * Creates the runtime when none is cached (default: the `highs` package's loader, output off).
   * Tests inject failing runtimes through it.
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
  highsCounters.loads++;
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

/** Counters of the cached HiGHS runtime, for diagnostics and tests. */
export function milpSolverStats(): {
  /** Runtimes loaded so far (1 + re-creations after failures). */
  loads: number;
  /** Solves that reached HiGHS (cached or injected runtime). */
  solves: number;
  /** Solves that ended in an exception or an unreadable answer. */
  failures: number;
  /** Current Wasm memory capacity of the cached runtime in bytes, or null if none is loaded. */
  memoryBytes: number | null;
} {
  const bytes = (loaded as Partial<Highs> | null)?.memoryBytes;
  return { ...highsCounters, memoryBytes: typeof bytes === "number" ? bytes : null };
}

/**
 * The cached runtime (null when none is loaded: a synchronous solve needs an injected one) and
 * whether it is the `highs` package's own (not a loader's test double). Internal.
 */
export function cachedRuntime(): { runtime: HighsRuntime | null; genuine: boolean } {
  return { runtime: loaded, genuine: loadedGenuine };
}

/** What one HiGHS run returned (see {@linkcode runHighsLp}). */
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

/**
 * Runs one MILP in a fresh model of `highs` (zero MIP gap, no output, two heuristics and presolve's
 * probing off) and copies out everything needed, disposing the model. The one HiGHS runner of
 * memaudit: the package MILP and the retention optimum both use it.
 *
 * @param highs a loaded runtime ({@linkcode loadMilpSolver})
 * @param text the model in CPLEX LP format
 * @param opts `timeLimitSec` (reading the model, then HiGHS' own clock); `precise` (default true)
 *   also sets memaudit's tight feasibility tolerances and small-matrix value for real-valued
 *   coverage (a pure 0/1 model may pass false); `presolve` (default true) false runs HiGHS without
 *   presolve, which does not look at its clock
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
      model.options.set({ time_limit: Math.max(0, timeLimit - (performance.now() - t0) / 1000) });
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
