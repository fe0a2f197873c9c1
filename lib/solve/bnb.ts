/**
 * Exact branch-and-bound over ordered groups (paper 000 §3; ARTIFACT-SPEC §5.1, §5.4).
 *
 * Depth-first over groups in (order, id) order. At each group the search branches over the group's
 * options (candidates of singleton value 0 left out: they are in no lowest-cost optimum): discard
 * first, then each candidate in (−F({c}), cost, id) order (k = 1); with the k-per-group relaxation
 * every subset of at most k candidates that fits, in (−F(S)/max(1, cost(S)), cost, ids) order, the
 * empty subset among them. A leaf replaces the incumbent if its F exceeds it by more than 1e-12, or
 * ties within 1e-12 at a lower cost; so among tied optima the first found in this order wins,
 * whatever bound prunes the tree.
 *
 * Bounds (both admissible):
 * - `suffix` (the artifact's): F(z + S_i) with S_i[r] = sum over groups j >= i of the largest
 *   coverage of r among j's options. Budget-blind.
 * - `knapsack` (default above 8 groups): the minimum of `suffix` and F(z) + the LP bound of the
 *   multiple-choice knapsack over the remaining groups, valuing each option by its marginal gain at
 *   the node (an overestimate of its joint gain, F being submodular).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import {
  BUDGET_RTOL,
  CoverageState,
  evaluateStore,
  exactFits,
  fitsBudget,
  saturate,
  singletonValues,
  sumTerms,
  valueOf,
  valueScale,
  valueTol,
} from "../objective.ts";
import type { Certificate, CertificateDraft } from "../certificate/result.ts";
import { checkSolveArgs, issueAnswer } from "../certificate/issue.ts";

/** Above this many groups the `auto` bound is `knapsack`. */
const AUTO_KNAPSACK_GROUPS = 8;

/** Options of {@linkcode solveBnb}. */
export interface BnbOptions {
  /** Group cap k (default: the package's). */
  k?: number;
  /**
   * Pruning bound: the artifact's budget-blind `suffix`, `knapsack`, or
   * `auto` (default): `suffix` for packages of at most 8 groups, where the
   * knapsack bound costs more than it prunes, else `knapsack`.
   */
  bound?: "suffix" | "knapsack" | "auto";
  /** Stop after this many milliseconds with status `time_limit`. */
  timeLimitMs?: number;
  /**
   * A known feasible value used only to prune subtrees whose bound is below it by more than 1e-9
   * (e.g. a writer's F). It must be the F of a feasible store; then it does not change the returned
   * store. Default with the knapsack bound: the F of a quick greedy store.
   */
  lowerBound?: number;
  /**
   * Explore subtrees that can only tie the incumbent, to apply the artifact's tie rule (a tie at
   * lower cost wins) — default true, needed for the artifact's exact stores. `false` prunes every
   * subtree that cannot beat the incumbent by more than 1e-12: the same OPT value, often far fewer
   * nodes on packages with many tied optima, but the store may be another optimal one.
   */
  exploreTies?: boolean;
  /**
   * Stop after this many nodes with status `time_limit` (default: none). A cap on work rather
   * than time: whether a search finishes within it does not depend on the machine.
   */
  nodeLimit?: number;
  /**
   * Stop after this much search work with status `time_limit` (default: none): nodes plus the
   * options the knapsack bound evaluates (its cost per node grows with the options of the groups
   * left). A cap on work that follows the time a search takes more closely than nodes do, and
   * like them does not depend on the machine.
   */
  workLimit?: number;
}

/** The options of one group: each one's candidate indices (none for the empty option) and cost. */
type GroupOptions = { members: number[][]; cost: number[] };

/**
 * Most branching options (subsets of at most k candidates, over all groups) the search tables are
 * built for; beyond it the search gives no certificate rather than enumerate C(n, k) subsets.
 */
export const BNB_MAX_OPTIONS = 1_000_000;

/**
 * Most entries of one per-depth table ((groups + 1) x (units + 1)); three such
 * tables (suffix bound, partial sums) hold about 400 MB at this size.
 */
export const BNB_MAX_TABLE = 16_000_000;

/** Why the precomputation stopped: the time limit, or a size the tables are not built for. */
type Stop = { stop: "time" } | { stop: "size"; message: string };

/**
 * The options of each group in branching order (ARTIFACT-SPEC §5.1 step 4,
 * §5.4), or why they could not be built: the clock is read every 256
 * subsets, and no more than {@linkcode BNB_MAX_OPTIONS} are enumerated.
 */
function groupOptions(
  cp: CompiledPackage,
  budget: number,
  k: number,
  deadline: number,
): GroupOptions[] | Stop {
  const single = singletonValues(cp, deadline);
  if (single === null) return { stop: "time" };
  // A candidate of singleton value 0 adds 0 to F in every store (each unit it covers has weight
  // 0), at a positive cost: every store holding it has a cheaper twin of the same F, which wins
  // the tie. So it is never in the returned store, and no option holds it.
  if (k === 1) {
    return cp.groups.map((g) => {
      const order = [...g].filter((c) => single[c] > 0).sort((a, b) =>
        single[b] - single[a] || cp.cost[a] - cp.cost[b] || compareIds(cp.candIds[a], cp.candIds[b])
      );
      return {
        members: [[], ...order.map((c) => [c])],
        cost: [0, ...order.map((c) => cp.cost[c])],
      };
    });
  }
  const out: GroupOptions[] = [];
  let total = 0, timedOut = false;
  const t0 = performance.now();
  for (const g of cp.groups) {
    const subsets: { m: number[]; cost: number; f: number; ids: string[] }[] = [];
    const cur: number[] = [];
    const rec = (start: number, cost: number): boolean => {
      if ((++total & 255) === 0 && deadline !== Infinity && performance.now() > deadline) {
        timedOut = true;
        return false;
      }
      if (total > BNB_MAX_OPTIONS) return false;
      const ids = cur.map((c) => cp.candIds[c]).sort(compareIds);
      subsets.push({ m: [...cur], cost, f: evaluateStore(cp, cur), ids });
      if (cur.length === k) return true;
      for (let t = start; t < g.length; t++) {
        const c = g[t];
        if (!(single[c] > 0)) continue;
        cur.push(c);
        const go = !fitsBudget(cp.cost, cur, budget) || rec(t + 1, cost + cp.cost[c]);
        cur.pop();
        if (!go) return false;
      }
      return true;
    };
    if (!rec(0, 0)) {
      if (timedOut) return { stop: "time" };
      return {
        stop: "size",
        message: `more than ${BNB_MAX_OPTIONS} subsets of at most k = ${k} candidates fit the ` +
          `budget: the branch-and-bound's tables are not built for that many`,
      };
    }
    // Sorting costs about what enumerating did: stop now rather than overrun the limit.
    if (deadline !== Infinity && 2 * performance.now() - t0 > deadline) return { stop: "time" };
    subsets.sort((a, b) => {
      const d = b.f / Math.max(1, b.cost) - a.f / Math.max(1, a.cost);
      if (d !== 0) return d;
      if (a.cost !== b.cost) return a.cost - b.cost;
      for (let t = 0; t < Math.min(a.ids.length, b.ids.length); t++) {
        const x = compareIds(a.ids[t], b.ids[t]);
        if (x !== 0) return x;
      }
      return a.ids.length - b.ids.length;
    });
    out.push({ members: subsets.map((s) => s.m), cost: subsets.map((s) => s.cost) });
  }
  return out;
}

/** A quick global greedy store and its F (feasible: a pruning floor and a fallback incumbent). */
function greedyStore(
  cp: CompiledPackage,
  budget: number,
  k: number,
  deadline: number,
): CoverageState {
  const st = new CoverageState(k === cp.k ? cp : { ...cp, k });
  const n = cp.candIds.length;
  const used = new Uint8Array(n);
  for (;;) {
    let best = -1, bestD = 0;
    if (deadline !== Infinity && performance.now() > deadline) return st;
    for (let c = 0; c < n; c++) {
      if (used[c] || !st.fits(c, budget)) continue;
      const d = rowGain(cp, st.z, c) / cp.cost[c];
      if (d > bestD) [best, bestD] = [c, d];
    }
    if (best < 0) return st;
    used[best] = 1;
    st.add(best);
  }
}

/** Branching options and suffix bound of a package; with k = 1 they do not depend on B (cached). */
interface SearchTables {
  options: GroupOptions[];
  /** S_i[r] in rows i*M .. i*M+M-1; row G is all zeros. */
  suffix: Float64Array;
  /** The options of all groups, flat, in branching order: group i owns optFirst[i] .. optFirst[i+1]-1. */
  optFirst: Int32Array;
  optCost: Float64Array;
  /** Coverage cells of option o (its members' rows in member order): cellStart[o] .. cellStart[o+1]-1. */
  cellStart: Int32Array;
  cellUnit: Int32Array;
  cellVal: Float64Array;
  /** Candidates of option o: memStart[o] .. memStart[o+1]-1. */
  memStart: Int32Array;
  memCand: Int32Array;
  /** Most cells and most candidates on one root-to-leaf path. */
  maxCells: number;
  maxMembers: number;
  /**
   * firstUnit[i]: the lowest unit any option of group i covers (M if none).
   * Below it, a child of a depth-i node has the same terms of F(z + S) as
   * the node, so the compensated sum can resume there.
   */
  firstUnit: Int32Array;
  /**
   * resumeFrom[d]: the depth whose saved partial sums a depth-d node resumes
   * from (the deepest ancestor that computed them at index firstUnit[d-1]).
   */
  resumeFrom: Int32Array;
  /**
   * Search buffers a finished search handed back, for the next search on these tables (taken, so a
   * search never shares them with another; a search that finds none allocates its own).
   */
  spare: Workspace | null;
}

/** Search buffers of one search (never shared: a search takes them, then hands them back to its tables). */
type Workspace = ReturnType<typeof workspace>;

/** Fresh search buffers for a package and its tables. */
function workspace(cp: CompiledPackage, t: SearchTables) {
  const M = cp.unitIds.length, G = cp.groups.length;
  return {
    z: new Float64Array(M),
    tAt: new Int32Array(G + 1),
    usedAt: new Float64Array(G + 1),
    saved: new Float64Array(t.maxCells),
    path: new Int32Array(t.maxMembers),
    partS: new Float64Array((G + 1) * (M + 1)),
    partC: new Float64Array((G + 1) * (M + 1)),
  };
}

const tablesK1 = new WeakMap<CompiledPackage, SearchTables>();

/** The search tables (cached per package when k = 1), or why they were not built. */
function searchTables(
  cp: CompiledPackage,
  budget: number,
  k: number,
  deadline: number,
): SearchTables | Stop {
  const hit = k === 1 ? tablesK1.get(cp) : undefined;
  if (hit) return hit;
  const M = cp.unitIds.length, G = cp.groups.length;
  const options = groupOptions(cp, budget, k, deadline);
  if (!Array.isArray(options)) return options;

  // Flat option tables for the search loop.
  let nOpt = 0, nCells = 0, nMem = 0, maxCells = 0, maxMembers = 0;
  for (const o of options) {
    nOpt += o.members.length;
    let groupCells = 0, groupMembers = 0;
    for (const m of o.members) {
      let cells = 0;
      for (const c of m) cells += cp.rowUnits[c].length;
      nCells += cells;
      nMem += m.length;
      if (cells > groupCells) groupCells = cells;
      if (m.length > groupMembers) groupMembers = m.length;
    }
    maxCells += groupCells;
    maxMembers += groupMembers;
  }
  // All tables in one ArrayBuffer (one allocation per package): float64 parts, then int32 parts.
  const f64Len = (G + 1) * M + nOpt + nCells;
  const i32Len = (G + 1) + 2 * (nOpt + 1) + nCells + nMem + G + (G + 1);
  const buf = new ArrayBuffer(f64Len * 8 + i32Len * 4);
  let fAt = 0, iAt = f64Len * 8;
  const f64 = (len: number) => {
    const a = new Float64Array(buf, fAt, len);
    fAt += len * 8;
    return a;
  };
  const i32 = (len: number) => {
    const a = new Int32Array(buf, iAt, len);
    iAt += len * 4;
    return a;
  };
  const tables: SearchTables = {
    spare: null,
    options,
    suffix: f64((G + 1) * M),
    optCost: f64(nOpt),
    cellVal: f64(nCells),
    optFirst: i32(G + 1),
    cellStart: i32(nOpt + 1),
    memStart: i32(nOpt + 1),
    cellUnit: i32(nCells),
    memCand: i32(nMem),
    firstUnit: i32(G).fill(M),
    resumeFrom: i32(G + 1),
    maxCells,
    maxMembers,
  };

  // Suffix coverage S_i[r]: rows i*M .. i*M+M-1; row G is all zeros.
  const { suffix } = tables;
  const unitMax = new Float64Array(M), optionSum = new Float64Array(M);
  for (let i = G - 1; i >= 0; i--) {
    if ((i & 63) === 0 && deadline !== Infinity && performance.now() > deadline) {
      return { stop: "time" };
    }
    unitMax.fill(0, 0, M);
    for (const m of options[i].members) {
      // Summed coverage of the option (one candidate when k = 1), then the per-unit maximum
      // (optionSum cleared as it is read: a unit met again compares 0).
      for (const c of m) {
        const u = cp.rowUnits[c], v = cp.rowVals[c];
        for (let t = 0; t < u.length; t++) optionSum[u[t]] += v[t];
      }
      for (const c of m) {
        for (const r of cp.rowUnits[c]) {
          if (optionSum[r] > unitMax[r]) unitMax[r] = optionSum[r];
          optionSum[r] = 0;
        }
      }
    }
    for (let r = 0; r < M; r++) suffix[i * M + r] = suffix[(i + 1) * M + r] + unitMax[r];
  }

  // The options' costs, cells and members, group after group.
  const { optFirst, optCost, cellStart, cellUnit, cellVal, memStart, memCand } = tables;
  let o = 0, q = 0, p = 0;
  for (let i = 0; i < G; i++) {
    optFirst[i] = o;
    const { members, cost } = options[i];
    for (let t = 0; t < members.length; t++, o++) {
      optCost[o] = cost[t];
      cellStart[o] = q;
      memStart[o] = p;
      for (const c of members[t]) {
        memCand[p++] = c;
        const u = cp.rowUnits[c], v = cp.rowVals[c];
        for (let x = 0; x < u.length; x++, q++) {
          cellUnit[q] = u[x];
          cellVal[q] = v[x];
        }
      }
    }
  }
  optFirst[G] = o;
  cellStart[o] = q;
  memStart[o] = p;

  const { firstUnit, resumeFrom } = tables;
  for (let i = 0; i < G; i++) {
    for (let x = cellStart[optFirst[i]]; x < cellStart[optFirst[i + 1]]; x++) {
      if (cellUnit[x] < firstUnit[i]) firstUnit[i] = cellUnit[x];
    }
  }
  // A depth-e node computes partial sums from index start(e) = firstUnit[e-1] (0 at the root).
  for (let d = 1; d <= G; d++) {
    const j = firstUnit[d - 1];
    let e = d - 1;
    while (e > 0 && firstUnit[e - 1] > j) e--;
    resumeFrom[d] = e;
  }
  if (k === 1) tablesK1.set(cp, tables);
  return tables;
}

/**
 * Certifies OPT_P(B) = max F(X) over stores X with cost <= B and at most k
 * candidates per group (paper 000 definition 1).
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts bound, group cap, time limit, pruning floor
 * @returns a certificate: status `optimal` with gap 0 and the store in DFS
 *   path order, or `time_limit` with the incumbent and the root bound
 * @throws {RangeError} for a budget that is not a positive finite number, a k that is
 *   not an integer >= 1, or a non-finite lowerBound
 */
export function solveBnb(cp: CompiledPackage, budget: number, opts: BnbOptions = {}): Certificate {
  return issueAnswer(cp, searchBnb(cp, budget, opts));
}

/** Tolerances, floors and limits of one search ({@linkcode searchLimits}). */
type Limits = ReturnType<typeof searchLimits>;

/** Checks the options and derives the search's tolerances and limits (floor still -Infinity). */
function searchLimits(cp: CompiledPackage, budget: number, opts: BnbOptions, t0: number) {
  const k = opts.k ?? cp.k;
  checkSolveArgs("branch-and-bound", budget, k);
  if (opts.lowerBound !== undefined && !Number.isFinite(opts.lowerBound)) {
    throw new RangeError(
      `Cannot solve with branch-and-bound: lowerBound must be finite, got ${opts.lowerBound}`,
    );
  }
  const bound = opts.bound ?? "auto";
  const TOL = valueTol(cp);
  return {
    k,
    useKnapsack: bound === "knapsack" ||
      (bound === "auto" && cp.groups.length > AUTO_KNAPSACK_GROUPS),
    // The tie tolerance, and the 1e-9-relative pad of the knapsack bound and floors (never below
    // 1e-300, where divisions of subnormal gains lose their precision).
    TOL,
    SLACK: Math.max(1e-9 * valueScale(cp), 1e-300),
    // Prune when the bound cannot reach best − TOL (ties explored) or best + TOL (ties skipped).
    margin: opts.exploreTies === false ? -TOL : TOL,
    deadline: opts.timeLimitMs === undefined ? Infinity : t0 + opts.timeLimitMs,
    nodeCap: opts.nodeLimit ?? Infinity,
    workCap: opts.workLimit ?? Infinity,
    // Prune below this (a caller's or the greedy store's F, less SLACK), set by the search.
    floor: -Infinity,
  };
}

/**
 * {@linkcode solveBnb}'s search (same arguments and errors), returning the draft (not issued):
 * for the other solvers and `solve()`, which issue once per call. Internal (not in mod.ts).
 */
export function searchBnb(
  cp: CompiledPackage,
  budget: number,
  opts: BnbOptions = {},
): CertificateDraft {
  const t0 = performance.now();
  const lim = searchLimits(cp, budget, opts, t0);
  const M = cp.unitIds.length, G = cp.groups.length;
  if ((G + 1) * (M + 1) > BNB_MAX_TABLE) {
    const message = `${G} groups x ${M} units exceed the branch-and-bound's table limit of ` +
      `${BNB_MAX_TABLE} entries`;
    return stopped(cp, budget, lim.k, opts, t0, null, { stop: "size", message });
  }
  const greedy = lim.useKnapsack ? greedyStore(cp, budget, lim.k, lim.deadline) : null;
  lim.floor = (opts.lowerBound ?? greedy?.value ?? -Infinity) - lim.SLACK;
  const tables = searchTables(cp, budget, lim.k, lim.deadline);
  if ("stop" in tables) return stopped(cp, budget, lim.k, opts, t0, greedy, tables);
  const ws = tables.spare ?? workspace(cp, tables);
  tables.spare = null;
  const run = depthFirst(cp, budget, tables, ws, lim);
  tables.spare = ws;
  if (!run.timedOut && opts.lowerBound !== undefined && run.best + lim.SLACK < opts.lowerBound) {
    // The caller's lower bound was not the F of a feasible store: it may have pruned the optimum.
    const left = opts.timeLimitMs === undefined
      ? undefined
      : Math.max(0, opts.timeLimitMs - (performance.now() - t0));
    return searchBnb(cp, budget, { ...opts, lowerBound: undefined, timeLimitMs: left });
  }
  return searchResult(cp, budget, lim, opts, performance.now() - t0, run, greedy);
}

/** What a depth-first search found: the incumbent, the root bound and whether it stopped early. */
type Run = ReturnType<typeof depthFirst>;

/** The certificate of a finished or stopped search. */
function searchResult(
  cp: CompiledPackage,
  budget: number,
  lim: Limits,
  opts: BnbOptions,
  timeMs: number,
  run: Run,
  greedy: CoverageState | null,
): CertificateDraft {
  let { best, bestCost } = run;
  const store = run.bestPath.map((c) => cp.candIds[c]);
  const done = !run.timedOut;
  if (!done && greedy && greedy.value > best) {
    // The floor kept the search from recording anything below the greedy store.
    best = greedy.value;
    bestCost = greedy.cost;
    store.splice(0, store.length, ...greedy.selected.map((c) => cp.candIds[c]));
  }
  const bound = done ? best : Math.max(run.rootBound, best);
  const draft: CertificateDraft = {
    solver: "bnb",
    budget,
    k: lim.k,
    nodes: run.nodes,
    timeMs,
    status: done ? "optimal" : "time_limit",
    objective: best,
    store,
    cost: bestCost,
    bound,
    gap: done || !(bound > 0) ? 0 : (bound - best) / bound,
  };
  if (!done) {
    draft.message = run.nodes > lim.nodeCap
      ? `node limit of ${lim.nodeCap} reached`
      : run.work > lim.workCap
      ? `work limit of ${lim.workCap} reached`
      : `time limit of ${opts.timeLimitMs} ms reached`;
  }
  return draft;
}

/**
 * The multiple-choice knapsack LP bound on the gain of groups i.. with capacity cap, valuing
 * each option by its members' marginal gains on the search's coverage z (an overestimate of
 * their joint gain: F is submodular). Returns the bound as a function of (i, cap).
 */
function knapsackBound(
  cp: CompiledPackage,
  options: GroupOptions[],
  z: Float64Array,
  work: { n: number },
): (i: number, cap: number) => number {
  const G = options.length;
  const hullSlopes: number[] = [], hullWidths: number[] = [];
  return (i: number, cap: number) => {
    hullSlopes.length = 0;
    hullWidths.length = 0;
    for (let g = i; g < G; g++) {
      const o = options[g];
      work.n += o.members.length;
      // Points (cost, gain) of fitting options with positive gain; upper hull from (0, 0).
      const pts: [number, number][] = [];
      for (let t = 0; t < o.members.length; t++) {
        if (o.cost[t] > cap || o.members[t].length === 0) continue;
        let gain = 0;
        for (const c of o.members[t]) gain += rowGain(cp, z, c);
        if (gain > 0) pts.push([o.cost[t], gain]);
      }
      if (pts.length > 0) upperHull(pts, hullSlopes, hullWidths);
    }
    const idx = hullSlopes.map((_, t) => t).sort((a, b) => hullSlopes[b] - hullSlopes[a]);
    let left = cap, total = 0;
    for (const t of idx) {
      if (left <= 0) break;
      const take = Math.min(left, hullWidths[t]);
      total += take * hullSlopes[t];
      left -= take;
    }
    return total;
  };
}

/** Marginal gain of candidate c on coverage z over c's row only: fast, equal up to rounding. */
function rowGain(cp: CompiledPackage, z: ArrayLike<number>, c: number): number {
  const units = cp.rowUnits[c], vals = cp.rowVals[c];
  let g = 0;
  for (let t = 0; t < units.length; t++) {
    const r = units[t], z0 = z[r];
    g += cp.weights[r] * (saturate(cp.segments[r], z0 + vals[t]) - saturate(cp.segments[r], z0));
  }
  return g;
}

/** Appends the slopes and widths of the upper concave hull of `pts` (from (0, 0)). */
function upperHull(pts: [number, number][], slopes: number[], widths: number[]): void {
  pts.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let cy = 0;
  const hull: [number, number][] = [];
  for (const p of pts) {
    if (p[1] <= cy) continue; // dominated: no more gain for more cost
    while (hull.length > 0) {
      const [px, py] = hull[hull.length - 1];
      const [bx, by] = hull.length > 1 ? hull[hull.length - 2] : [0, 0];
      // Drop the last hull point if it lies under the segment from its predecessor to p.
      if ((py - by) * (p[0] - bx) <= (p[1] - by) * (px - bx)) hull.pop();
      else break;
    }
    hull.push(p);
    cy = p[1];
  }
  let px = 0, py = 0;
  for (const [hx, hy] of hull) {
    widths.push(hx - px);
    slopes.push((hy - py) / (hx - px));
    px = hx;
    py = hy;
  }
}

/** Whether the clock or the node cap stops the search at this node (clock read every clockMask + 1 nodes). */
function outOfTime(nodes: number, clockMask: number, deadline: number, nodeCap: number): boolean {
  return (deadline !== Infinity && (nodes & clockMask) === 0 && performance.now() > deadline) ||
    nodes > nodeCap;
}

/** Whether a bound (or a leaf's F) cannot reach the incumbent within `margin`, or the floor. */
function prunes(v: number, best: number, lim: Limits): boolean {
  return v + lim.margin < best || v + lim.TOL < lim.floor;
}

/** Whether a leaf of F `v` and cost `used` replaces the incumbent: better, or tied at a lower cost. */
function improves(v: number, used: number, best: number, bestCost: number, tol: number): boolean {
  return v > best + tol || (Math.abs(v - best) <= tol && used < bestCost);
}

/** Adds option o's cells to z, pushing their previous values on `saved`; returns the new top. */
function applyCells(t: SearchTables, o: number, z: Float64Array, saved: Float64Array, sp: number) {
  const { cellStart, cellUnit, cellVal } = t;
  for (let q = cellStart[o]; q < cellStart[o + 1]; q++) {
    const r = cellUnit[q];
    saved[sp++] = z[r];
    z[r] += cellVal[q];
  }
  return sp;
}

/** Undoes {@linkcode applyCells} of option o (z restored bit for bit); returns the new top. */
function undoCells(t: SearchTables, o: number, z: Float64Array, saved: Float64Array, sp: number) {
  const { cellStart, cellUnit } = t;
  for (let q = cellStart[o + 1] - 1; q >= cellStart[o]; q--) z[cellUnit[q]] = saved[--sp];
  return sp;
}

/** The candidates of the path's first `len` entries, then those of option `extra` (if >= 0). */
function pathOf(path: Int32Array, len: number, t: SearchTables, extra: number): number[] {
  const out = Array.from(path.subarray(0, len));
  if (extra >= 0) {
    for (let m = t.memStart[extra]; m < t.memStart[extra + 1]; m++) out.push(t.memCand[m]);
  }
  return out;
}

/**
 * Depth-first search without recursion, its state in locals (the hot loop of the sweep; the steps
 * are the small helpers above). At depth i, tAt[i] is the option applied (optFirst[i] - 1: none
 * yet), usedAt[i] the cost of the path above; applying an option pushes the previous z of its cells
 * on `saved`, undoing pops them in reverse order, so z is restored bit for bit. A node is pruned by
 * F(z + S_i) and, with the knapsack bound, by F(z) + the knapsack bound; the leaves below a depth
 * G − 1 node are scanned inline, with the same nodes, checks and order as entering each one.
 */
function depthFirst(
  cp: CompiledPackage,
  budget: number,
  t: SearchTables,
  ws: Workspace,
  lim: Limits,
) {
  const w = cp.weights, cost = cp.cost, M = cp.unitIds.length, G = cp.groups.length;
  const seg = cp.segments.every((h) => h === null) ? null : cp.segments;
  const { z, tAt, usedAt, saved, path, partS, partC } = ws;
  const { suffix, optFirst, optCost, firstUnit, resumeFrom, memStart } = t;
  const { deadline, nodeCap } = lim;
  z.fill(0); // a search stopped by the time limit leaves z dirty
  partS[0] = partC[0] = 0;
  // Running path cost at or below `lo` fits, above `hi` does not (budgetFilter's window for the
  // longest path); between, the exact sum decides.
  const limit = budget + BUDGET_RTOL * budget,
    win = 4 * (t.maxMembers + 4) * 2 ** -52 * limit;
  const lo = limit - win, hi = limit + win;
  // Read the clock every 1024 nodes, or at every node when a node costs O(candidates).
  const clockMask = lim.useKnapsack && cp.candIds.length > 2000 ? 0 : 1023;
  const work = { n: 0 };
  const knapsack = lim.useKnapsack ? knapsackBound(cp, t.options, z, work) : null;
  const rootBound = sumTerms(w, seg, z, suffix, 0, 0, 0, 0, null, null, 0);
  let best = 0, bestCost = 0, bestPath: number[] = [];
  let nodes = 0, timedOut = false, sp = 0, pathLen = 0;
  let i = 0, enter = true;
  // The one cost-to-budget rule for the path plus option o, by the exact sum.
  const fitsExactly = (o: number) => {
    const costs = pathOf(path, pathLen, t, o).map((c) => cost[c]);
    return exactFits(costs, costs.length, budget);
  };
  search: for (;;) {
    if (!enter) {
      // Back at depth i: undo the option applied here, then apply the next one that fits.
      let o = tAt[i];
      if (o >= optFirst[i]) {
        sp = undoCells(t, o, z, saved, sp);
        pathLen -= memStart[o + 1] - memStart[o];
      }
      const used = usedAt[i], end = optFirst[i + 1];
      for (o++; o < end; o++) {
        const c = used + optCost[o];
        if (c <= lo || (c <= hi && fitsExactly(o))) break;
      }
      if (o === end) {
        if (--i < 0) break;
        continue;
      }
      tAt[i] = o;
      sp = applyCells(t, o, z, saved, sp);
      for (let q = memStart[o]; q < memStart[o + 1]; q++) path[pathLen++] = t.memCand[q];
      usedAt[++i] = used + optCost[o];
      enter = true;
      continue;
    }
    // Entering the node at depth i.
    enter = false;
    if (outOfTime(++nodes, clockMask, deadline, nodeCap) || nodes + work.n > lim.workCap) {
      timedOut = true;
      break;
    }
    const used = usedAt[i];
    // At a leaf S_G = 0, so this is F(z) itself.
    const j = i === 0 ? 0 : firstUnit[i - 1], from = resumeFrom[i] * (M + 1) + j;
    const save = i < G ? partS : null, s0 = partS[from], c0 = partC[from];
    let optimistic = sumTerms(w, seg, z, suffix, i * M, j, s0, c0, save, partC, i * (M + 1));
    let expand = !prunes(optimistic, best, lim);
    if (expand && i === G) {
      if (improves(optimistic, used, best, bestCost, lim.TOL)) {
        best = optimistic;
        bestCost = used;
        bestPath = pathOf(path, pathLen, t, -1);
      }
      expand = false;
    }
    if (expand && knapsack !== null) {
      // Capacity up to `hi`, the largest running path cost that can still fit: a store fits
      // up to B + tau (and the running sum may round below its exact sum), so a bound with
      // capacity B - used would leave out options that fit only by the budget rule's tolerance.
      const kb = valueOf(cp, z) + knapsack(i, hi - used) * (1 + 1e-12) + lim.SLACK;
      if (kb < optimistic) optimistic = kb;
      expand = !prunes(optimistic, best, lim);
    }
    if (expand && i === G - 1) {
      const lj = firstUnit[i], lfrom = resumeFrom[G] * (M + 1) + lj;
      for (let o = optFirst[i]; o < optFirst[i + 1]; o++) {
        const leafUsed = used + optCost[o];
        if (leafUsed > lo && (leafUsed > hi || !fitsExactly(o))) continue;
        sp = applyCells(t, o, z, saved, sp);
        if (outOfTime(++nodes, clockMask, deadline, nodeCap)) {
          // Undo this leaf's cells: z stays the node's (a fresh workspace per search anyway).
          sp = undoCells(t, o, z, saved, sp);
          timedOut = true;
          break search;
        }
        const v = sumTerms(w, seg, z, suffix, G * M, lj, partS[lfrom], partC[lfrom], null, null, 0);
        if (!prunes(v, best, lim) && improves(v, leafUsed, best, bestCost, lim.TOL)) {
          best = v;
          bestCost = leafUsed;
          bestPath = pathOf(path, pathLen, t, o);
        }
        sp = undoCells(t, o, z, saved, sp);
      }
      expand = false;
    }
    if (expand) tAt[i] = optFirst[i] - 1;
    else if (--i < 0) break;
  }
  // work: nodes plus the knapsack bound's option evaluations (see `workLimit`).
  return { best, bestCost, bestPath, nodes, work: nodes + work.n, timedOut, rootBound };
}

/**
 * The certificate of a search whose precomputation stopped: `time_limit`
 * (the greedy store, if any, against the bound F(all candidates)) when the
 * clock ran out, `no_certificate` when the package is too large for the tables.
 */
function stopped(
  cp: CompiledPackage,
  budget: number,
  k: number,
  opts: BnbOptions,
  t0: number,
  greedy: CoverageState | null,
  why: Stop,
): CertificateDraft {
  const timeMs = performance.now() - t0;
  const draft = { status: "no_certificate" as const, solver: "bnb" as const, budget, k };
  if (why.stop === "size") {
    const none = { objective: null, store: [], cost: 0, bound: null, gap: null, nodes: 0 };
    return { ...draft, ...none, timeMs, message: why.message };
  }
  // A quick incumbent when the search did not compute one (small packages only: it is O(n^2)).
  if (greedy === null && cp.candIds.length <= 5000) {
    greedy = greedyStore(cp, budget, k, performance.now() + 0.05 * (opts.timeLimitMs ?? 0));
  }
  const best = greedy?.value ?? 0, bound = Math.max(valueScale(cp), best);
  return {
    ...draft,
    status: "time_limit",
    objective: best,
    store: greedy === null ? [] : greedy.selected.map((c) => cp.candIds[c]),
    cost: greedy?.cost ?? 0,
    bound,
    gap: bound > 0 ? (bound - best) / bound : 0,
    nodes: 0,
    timeMs,
    message: `time limit of ${opts.timeLimitMs} ms reached while building the search tables`,
  };
}
