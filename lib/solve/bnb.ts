/**
 * Exact branch-and-bound over ordered groups (paper 000 §3; ARTIFACT-SPEC §5.1, §5.4).
 *
 * Depth-first over groups in (order, id) order. At each group the search
 * branches over the group's options: discard first, then each candidate in
 * (−F({c}), cost, id) order (k = 1); with the k-per-group relaxation every
 * subset of at most k candidates that fits, in (−F(S)/max(1, cost(S)), cost,
 * ids) order, the empty subset among them. A leaf replaces the incumbent if
 * its F exceeds it by more than 1e-12, or ties within 1e-12 at a lower cost;
 * so among tied optima the first found in this order wins, whatever bound
 * prunes the tree.
 *
 * Bounds (both admissible):
 * - `suffix` (the artifact's): F(z + S_i) with S_i[r] = sum over groups j >= i
 *   of the largest coverage of r among j's options. Budget-blind.
 * - `knapsack` (default above 8 groups): the minimum of `suffix` and F(z) + the LP bound of
 *   the multiple-choice knapsack over the remaining groups, valuing each
 *   option by its marginal gain at the node (an overestimate of its joint
 *   gain, F being submodular).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { compareIds } from "../package/compile.ts";
import { CoverageState, saturate, singletonValues, TOL, valueOf } from "../objective.ts";
import type { Segment } from "../package/schema.ts";
import type { Certificate } from "./result.ts";
import { checkSolveArgs } from "./_validate.ts";

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
   * A known feasible value used only to prune subtrees whose bound is below
   * it by more than 1e-9 (e.g. a writer's F). It must be the F of a feasible
   * store; then it does not change the returned store. Default with the
   * knapsack bound: the F of a quick greedy store.
   */
  lowerBound?: number;
  /**
   * Explore subtrees that can only tie the incumbent, to apply the artifact's
   * tie rule (a tie at lower cost wins) — default true, needed for the
   * artifact's exact stores. `false` prunes every subtree that cannot beat
   * the incumbent by more than 1e-12: the same OPT value, often far fewer
   * nodes on packages with many tied optima, but the store may be another
   * optimal one.
   */
  exploreTies?: boolean;
}

interface GroupOptions {
  /** Candidate indices of each option (the empty option has none). */
  members: number[][];
  cost: number[];
}

/** The options of each group in branching order (ARTIFACT-SPEC §5.1 step 4, §5.4). */
function groupOptions(cp: CompiledPackage, budget: number, k: number): GroupOptions[] {
  const single = singletonValues(cp);
  return cp.groups.map((g) => {
    if (k === 1) {
      const order = [...g].map((c) => ({ c, f: single[c] }))
        .sort((a, b) =>
          b.f - a.f || cp.cost[a.c] - cp.cost[b.c] || compareIds(cp.candIds[a.c], cp.candIds[b.c])
        );
      const members: number[][] = [[]], cost: number[] = [0];
      for (const o of order) {
        members.push([o.c]);
        cost.push(cp.cost[o.c]);
      }
      return { members, cost };
    }
    const subsets: { m: number[]; cost: number; f: number; ids: string[] }[] = [];
    const rec = (start: number, cur: number[], cost: number) => {
      const st = new CoverageState(cp);
      for (const c of cur) st.add(c);
      const ids = cur.map((c) => cp.candIds[c]).sort(compareIds);
      subsets.push({ m: [...cur], cost, f: st.value, ids });
      if (cur.length === k) return;
      for (let t = start; t < g.length; t++) {
        const c = g[t];
        if (cost + cp.cost[c] <= budget) rec(t + 1, [...cur, c], cost + cp.cost[c]);
      }
    };
    rec(0, [], 0);
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
    return {
      members: subsets.map((s) => s.m),
      cost: subsets.map((s) => s.cost),
    };
  });
}

/** A quick global greedy store and its F (feasible: a pruning floor and a fallback incumbent). */
function greedyStore(cp: CompiledPackage, budget: number, k: number): CoverageState {
  const st = new CoverageState(cp);
  const n = cp.candIds.length;
  const used = new Uint8Array(n);
  for (;;) {
    let best = -1, bestD = 0;
    for (let c = 0; c < n; c++) {
      if (used[c] || st.groupCount[cp.groupOf[c]] >= k || st.cost + cp.cost[c] > budget) continue;
      const d = st.gainFast(c) / cp.cost[c];
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
}

/** Search buffers, shared by all solves (one at a time: the search calls nothing re-entrant). */
interface Workspace {
  z: Float64Array;
  tAt: Int32Array;
  usedAt: Float64Array;
  saved: Float64Array;
  path: Int32Array;
  partS: Float64Array;
  partC: Float64Array;
}

let work: Workspace | null = null;

/** The shared search buffers, grown to fit a package of M units and G groups. */
function workspace(M: number, G: number, maxCells: number, maxMembers: number): Workspace {
  const w = work;
  if (
    w !== null && w.z.length >= M && w.tAt.length >= G + 1 && w.saved.length >= maxCells &&
    w.path.length >= maxMembers && w.partS.length >= (G + 1) * (M + 1)
  ) return w;
  const m = Math.max(M, w?.z.length ?? 0), g = Math.max(G + 1, w?.tAt.length ?? 0);
  const part = Math.max((G + 1) * (M + 1), w?.partS.length ?? 0);
  return work = {
    z: new Float64Array(m),
    tAt: new Int32Array(g),
    usedAt: new Float64Array(g),
    saved: new Float64Array(Math.max(maxCells, w?.saved.length ?? 0)),
    path: new Int32Array(Math.max(maxMembers, w?.path.length ?? 0)),
    partS: new Float64Array(part),
    partC: new Float64Array(part),
  };
}

let scratch: { unitMax: Float64Array; optionSum: Float64Array } | null = null;

/** Scratch for the suffix tables, at least M long; optionSum is all zeros between uses. */
function tableScratch(M: number): { unitMax: Float64Array; optionSum: Float64Array } {
  if (scratch === null || scratch.unitMax.length < M) {
    scratch = { unitMax: new Float64Array(M), optionSum: new Float64Array(M) };
  }
  return scratch;
}

const tablesK1 = new WeakMap<CompiledPackage, SearchTables>();

function searchTables(cp: CompiledPackage, budget: number, k: number): SearchTables {
  if (k === 1) {
    const hit = tablesK1.get(cp);
    if (hit) return hit;
  }
  const M = cp.unitIds.length;
  const G = cp.groups.length;
  const options = groupOptions(cp, budget, k);

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
  const suffix = f64((G + 1) * M), optCost = f64(nOpt), cellVal = f64(nCells);
  const optFirst = i32(G + 1), cellStart = i32(nOpt + 1), memStart = i32(nOpt + 1);
  const cellUnit = i32(nCells), memCand = i32(nMem);
  const firstUnit = i32(G).fill(M), resumeFrom = i32(G + 1);

  // Suffix coverage S_i[r]: rows i*M .. i*M+M-1; row G is all zeros.
  const { unitMax, optionSum } = tableScratch(M);
  for (let i = G - 1; i >= 0; i--) {
    unitMax.fill(0, 0, M);
    for (const m of options[i].members) {
      // Summed coverage of the option (one candidate when k = 1), then the per-unit maximum.
      for (const c of m) {
        const u = cp.rowUnits[c], v = cp.rowVals[c];
        for (let t = 0; t < u.length; t++) optionSum[u[t]] += v[t];
      }
      for (const c of m) {
        const u = cp.rowUnits[c];
        for (let t = 0; t < u.length; t++) {
          const r = u[t];
          if (optionSum[r] > unitMax[r]) unitMax[r] = optionSum[r];
        }
      }
      for (const c of m) {
        const u = cp.rowUnits[c];
        for (let t = 0; t < u.length; t++) optionSum[u[t]] = 0;
      }
    }
    for (let r = 0; r < M; r++) suffix[i * M + r] = suffix[(i + 1) * M + r] + unitMax[r];
  }

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

  const tables = {
    options,
    suffix,
    optFirst,
    optCost,
    cellStart,
    cellUnit,
    cellVal,
    memStart,
    memCand,
    maxCells,
    maxMembers,
    firstUnit,
    resumeFrom,
  };
  if (k === 1) tablesK1.set(cp, tables);
  return tables;
}

/**
 * F(z + S_i) for a depth-i node, resumed at unit j from the partial sums
 * (s, c) saved at partS/partC[from] (before term j) by an ancestor whose terms below j
 * are the node's; saves its own partial sums at `to` (-1: not saved).
 * Term for term what valueOf computes on z + S_i.
 */
function resumeValue(
  w: Float64Array,
  seg: readonly (readonly Segment[] | null)[],
  z: Float64Array,
  suffix: Float64Array,
  off: number,
  j: number,
  partS: Float64Array,
  partC: Float64Array,
  from: number,
  to: number,
): number {
  const M = w.length;
  let s = partS[from], c = partC[from];
  for (let r = j; r < M; r++) {
    if (to >= 0) {
      partS[to + r] = s;
      partC[to + r] = c;
    }
    const zr = z[r] + suffix[off + r];
    const x = w[r] * (seg[r] === null ? (zr < 1 ? zr : 1) : saturate(seg[r], zr));
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  if (to >= 0) {
    partS[to + M] = s;
    partC[to + M] = c;
  }
  return s + c;
}

/** {@linkcode resumeValue} at a leaf (S_G = 0, nothing saved) when every h is min(1, z). */
function leafCap1(w: Float64Array, z: Float64Array, j: number, s: number, c: number): number {
  const M = w.length;
  for (let r = j; r < M; r++) {
    const zr = z[r] + 0; // z + S_G, as at inner nodes (the same value: z >= 0)
    const x = w[r] * (zr < 1 ? zr : 1);
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  return s + c;
}

/** {@linkcode resumeValue} at an inner node when every h is min(1, z). */
function nodeCap1(
  w: Float64Array,
  z: Float64Array,
  suffix: Float64Array,
  off: number,
  j: number,
  partS: Float64Array,
  partC: Float64Array,
  from: number,
  to: number,
): number {
  const M = w.length;
  let s = partS[from], c = partC[from];
  for (let r = j; r < M; r++) {
    partS[to + r] = s;
    partC[to + r] = c;
    const zr = z[r] + suffix[off + r];
    const x = w[r] * (zr < 1 ? zr : 1);
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
    s = t;
  }
  partS[to + M] = s;
  partC[to + M] = c;
  return s + c;
}

/**
 * F(z + S) for S = suffix[off .. off+M-1]: valueOf on the summed coverage,
 * term for term (same sums, same order, same Neumaier compensation).
 */
function suffixValue(
  w: Float64Array,
  seg: readonly (readonly Segment[] | null)[] | null,
  z: Float64Array,
  suffix: Float64Array,
  off: number,
): number {
  const M = w.length;
  let s = 0, c = 0;
  if (seg === null) {
    for (let r = 0; r < M; r++) {
      const zr = z[r] + suffix[off + r];
      const x = w[r] * (zr < 1 ? zr : 1);
      const t = s + x;
      c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
      s = t;
    }
  } else {
    for (let r = 0; r < M; r++) {
      const zr = z[r] + suffix[off + r];
      const x = w[r] * (seg[r] === null ? (zr < 1 ? zr : 1) : saturate(seg[r], zr));
      const t = s + x;
      c += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
      s = t;
    }
  }
  return s + c;
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
 * @throws {RangeError} for a budget that is not finite and >= 0, a k that is
 *   not an integer >= 1, or a non-finite lowerBound
 */
export function solveBnb(cp: CompiledPackage, budget: number, opts: BnbOptions = {}): Certificate {
  const t0 = performance.now();
  const k = opts.k ?? cp.k;
  checkSolveArgs("branch-and-bound", budget, k);
  if (opts.lowerBound !== undefined && !Number.isFinite(opts.lowerBound)) {
    throw new RangeError(
      `Cannot solve with branch-and-bound: lowerBound must be finite, got ${opts.lowerBound}`,
    );
  }
  const bound = opts.bound ?? "auto";
  const useKnapsack = bound === "knapsack" ||
    (bound === "auto" && cp.groups.length > AUTO_KNAPSACK_GROUPS);
  // Prune when the bound cannot reach best − TOL (ties explored) or best + TOL (ties skipped).
  const margin = opts.exploreTies === false ? -TOL : TOL;
  const deadline = opts.timeLimitMs === undefined ? Infinity : t0 + opts.timeLimitMs;
  const greedy = useKnapsack ? greedyStore(cp, budget, k) : null;
  const floor = (opts.lowerBound ?? greedy?.value ?? -Infinity) - 1e-9;
  const M = cp.unitIds.length;
  const G = cp.groups.length;
  const tables = searchTables(cp, budget, k);
  const {
    options,
    suffix,
    optFirst,
    optCost,
    cellStart,
    cellUnit,
    cellVal,
    memStart,
    memCand,
    maxCells,
    maxMembers,
    firstUnit,
    resumeFrom,
  } = tables;
  const w = cp.weights;
  const seg = cp.segments.every((h) => h === null) ? null : cp.segments;

  const ws = workspace(M, G, maxCells, maxMembers);
  const { tAt, usedAt, saved, path, partS, partC } = ws;
  const z = ws.z.length === M ? ws.z : ws.z.subarray(0, M);
  z.fill(0); // a search stopped by the time limit leaves z dirty
  partS[0] = partC[0] = 0;
  let best = 0, bestCost = 0, bestPath: number[] = [];
  let nodes = 0, timedOut = false;
  // CoverageState.gainFast on z itself: the marginal over c's row only.
  const gainFast = (c: number) => {
    const units = cp.rowUnits[c], vals = cp.rowVals[c];
    let g = 0;
    for (let t = 0; t < units.length; t++) {
      const r = units[t], z0 = z[r];
      g += w[r] * (saturate(cp.segments[r], z0 + vals[t]) - saturate(cp.segments[r], z0));
    }
    return g;
  };

  // Multiple-choice knapsack LP bound on the gain of groups i.. with capacity cap.
  const hullSlopes: number[] = [], hullWidths: number[] = [];
  const knapsackGain = (i: number, cap: number) => {
    hullSlopes.length = 0;
    hullWidths.length = 0;
    for (let g = i; g < G; g++) {
      const o = options[g];
      // Points (cost, gain) of fitting options with positive gain; upper hull from (0, 0).
      const pts: [number, number][] = [];
      for (let t = 0; t < o.members.length; t++) {
        if (o.cost[t] > cap || o.members[t].length === 0) continue;
        let gain = 0;
        for (const c of o.members[t]) gain += gainFast(c);
        if (gain > 0) pts.push([o.cost[t], gain]);
      }
      if (pts.length === 0) continue;
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
        hullWidths.push(hx - px);
        hullSlopes.push((hy - py) / (hx - px));
        px = hx;
        py = hy;
      }
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

  // Depth-first search without recursion. At depth i, tAt[i] is the option
  // applied (optFirst[i] - 1: none yet), usedAt[i] the cost of the path above;
  // applying an option pushes the previous z of its cells on `saved`, undoing
  // pops them in reverse order, so z is restored bit for bit.
  let sp = 0, pathLen = 0;
  const checkTime = deadline !== Infinity;
  // Partial sums (s, c) before each term, per depth: row d holds M + 1 entries.
  const rootBound = suffixValue(w, seg, z, suffix, 0);
  let i = 0, enter = true;
  search: for (;;) {
    if (enter) {
      nodes++;
      if (checkTime && (nodes & 1023) === 0 && performance.now() > deadline) {
        timedOut = true;
        break;
      }
      const used = usedAt[i];
      // At a leaf S_G = 0, so this is F(z) itself.
      const j = i === 0 ? 0 : firstUnit[i - 1], from = resumeFrom[i] * (M + 1) + j;
      let optimistic = seg !== null
        ? resumeValue(w, seg, z, suffix, i * M, j, partS, partC, from, i < G ? i * (M + 1) : -1)
        : i === G
        ? leafCap1(w, z, j, partS[from], partC[from])
        : nodeCap1(w, z, suffix, i * M, j, partS, partC, from, i * (M + 1));
      let expand = !(optimistic + margin < best || optimistic + TOL < floor);
      if (expand && i === G) {
        const v = optimistic;
        if (v > best + TOL || (Math.abs(v - best) <= TOL && used < bestCost)) {
          best = v;
          bestCost = used;
          bestPath = Array.from(path.subarray(0, pathLen));
        }
        expand = false;
      }
      if (expand && useKnapsack) {
        const kb = valueOf(cp, z) + knapsackGain(i, budget - used) * (1 + 1e-12) + 1e-9;
        if (kb < optimistic) optimistic = kb;
        if (optimistic + margin < best || optimistic + TOL < floor) expand = false;
      }
      enter = false;
      if (expand && i === G - 1) {
        // The leaves below, inline: the same nodes, checks and order as entering each one.
        const lj = firstUnit[i], from = resumeFrom[G] * (M + 1) + lj;
        for (let t = optFirst[i]; t < optFirst[i + 1]; t++) {
          const leafUsed = used + optCost[t];
          if (leafUsed > budget) continue;
          const q0 = cellStart[t], q1 = cellStart[t + 1];
          for (let q = q0; q < q1; q++) {
            const r = cellUnit[q];
            saved[sp++] = z[r];
            z[r] += cellVal[q];
          }
          nodes++;
          if (checkTime && (nodes & 1023) === 0 && performance.now() > deadline) {
            timedOut = true;
            break search;
          }
          const v = seg === null
            ? leafCap1(w, z, lj, partS[from], partC[from])
            : resumeValue(w, seg, z, suffix, G * M, lj, partS, partC, from, -1);
          if (
            !(v + margin < best || v + TOL < floor) &&
            (v > best + TOL || (Math.abs(v - best) <= TOL && leafUsed < bestCost))
          ) {
            best = v;
            bestCost = leafUsed;
            bestPath = Array.from(path.subarray(0, pathLen));
            for (let m = memStart[t]; m < memStart[t + 1]; m++) bestPath.push(memCand[m]);
          }
          for (let q = q1 - 1; q >= q0; q--) z[cellUnit[q]] = saved[--sp];
        }
        expand = false;
      }
      if (expand) tAt[i] = optFirst[i] - 1;
      else if (--i < 0) break;
      continue;
    }
    // Back at depth i: undo the option applied here, then apply the next one that fits.
    let t = tAt[i];
    if (t >= optFirst[i]) {
      for (let q = cellStart[t + 1] - 1; q >= cellStart[t]; q--) z[cellUnit[q]] = saved[--sp];
      pathLen -= memStart[t + 1] - memStart[t];
    }
    const used = usedAt[i], end = optFirst[i + 1];
    t++;
    while (t < end && used + optCost[t] > budget) t++;
    if (t === end) {
      if (--i < 0) break;
      continue;
    }
    tAt[i] = t;
    for (let q = cellStart[t]; q < cellStart[t + 1]; q++) {
      const r = cellUnit[q];
      saved[sp++] = z[r];
      z[r] += cellVal[q];
    }
    for (let q = memStart[t]; q < memStart[t + 1]; q++) path[pathLen++] = memCand[q];
    usedAt[++i] = used + optCost[t];
    enter = true;
  }
  if (!timedOut && opts.lowerBound !== undefined && best + 1e-9 < opts.lowerBound) {
    // The caller's lower bound was not the F of a feasible store: it may have pruned the optimum.
    return solveBnb(cp, budget, { ...opts, lowerBound: undefined });
  }
  const timeMs = performance.now() - t0;
  const store = bestPath.map((c) => cp.candIds[c]);
  if (timedOut) {
    if (greedy && greedy.value > best) {
      // The floor kept the search from recording anything below the greedy store.
      best = greedy.value;
      bestCost = greedy.cost;
      store.splice(0, store.length, ...greedy.selected.map((c) => cp.candIds[c]));
    }
    const bound = Math.max(rootBound, best);
    return {
      status: "time_limit",
      solver: "bnb",
      budget,
      k,
      objective: best,
      store,
      cost: bestCost,
      bound,
      gap: (bound - best) / Math.max(1e-12, Math.abs(bound)),
      nodes,
      timeMs,
      message: `time limit of ${opts.timeLimitMs} ms reached`,
    };
  }
  return {
    status: "optimal",
    solver: "bnb",
    budget,
    k,
    objective: best,
    store,
    cost: bestCost,
    bound: best,
    gap: 0,
    nodes,
    timeMs,
  };
}
