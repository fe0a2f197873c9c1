/**
 * Exact decomposition for the MILP path (issue 29 item 2): a presolve step that splits the package
 * into independent components and solves a multiple-choice knapsack over their frontiers, without
 * HiGHS (paper 000 §3; DESIGN §3).
 *
 * 1. **Components.** Experiences (groups) are joined when their candidates cover a common weighted
 *    unit. Two components share no unit and no group, so F is the sum of their own values and
 *    feasibility couples them only through the budget row.
 * 2. **Frontiers.** In each component every selection of at most k candidates per group is
 *    enumerated (after dropping, per group, options strictly dominated by another option of the
 *    group: no dearer and covering every unit at least as much, saturation counted, one of the two
 *    strictly). The component's frontier keeps the (cost, value) points no other point strictly
 *    dominates (no dearer, no lower value, one strictly); points with equal cost and value are all
 *    kept, so no optimal store is lost. The empty selection (cost 0) is always on it.
 * 3. **Multiple-choice knapsack** (one point per component, total cost <= B), solved exactly by a
 *    state search from the LP solution: the LP's critical slope lambda (greedy over the frontiers'
 *    upper hulls) gives each component a base point (the cheapest maximiser of value - lambda cost)
 *    and a Lagrangian penalty for leaving it; components are opened in increasing order of their
 *    smallest penalty, states (cost and value changes from the base) are kept Pareto-reduced, and a
 *    state is dropped when its Lagrangian bound V0 + dV + lambda (B - C0 - dC) (valid for every
 *    lambda >= 0) does not exceed the best feasible value by more than the package's tie tolerance
 *    ({@linkcode valueTol}). The search stops when the next component's smallest penalty already
 *    closes every state's bound. The proven bound is the largest bound of anything dropped or left
 *    unopened (at most the answer plus the tie tolerance), or the answer.
 *
 * Exactness: costs are used only where every sum of them is exact in doubles (every cost a multiple
 * of one power of two, the total below 2^53: integer and byte-rule costs are); then the budget test
 * of a knapsack state is the one cost-to-budget rule on an exact sum. Component values are Neumaier
 * sums in unit order; they differ from {@linkcode evaluateStore} by rounding only, far below the
 * tie tolerance. The answer's F is re-evaluated on the decoded store of the original package and
 * its feasibility checked ({@linkcode checkFeasible}).
 *
 * Hard caps (work, not time, so whether the step applies does not depend on the machine): options
 * per group, selections enumerated per component and in all, frontier points per component,
 * knapsack states. Beyond any of them, with inexact cost sums, or with a single component, the step
 * declines with the reason and the MILP path runs HiGHS' model as before.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import {
  checkFeasible,
  evaluateStore,
  fitsAlone,
  neumaierSum,
  saturate,
  storeCost,
  valueTol,
} from "../objective.ts";
import type { CertificateDraft } from "../certificate/result.ts";

/** Most options (subsets of at most k candidates) of one group the step enumerates. */
export const FRONTIER_MAX_GROUP_OPTIONS = 256;
/** Most selections enumerated in one component. */
export const FRONTIER_MAX_LEAVES = 100_000;
/** Most selections enumerated over all components. */
export const FRONTIER_MAX_TOTAL_LEAVES = 2_000_000;
/** Most frontier points of one component (the hard cap of issue 29 item 2). */
export const FRONTIER_MAX_POINTS = 4_000;
/** Most knapsack states the search creates. */
export const FRONTIER_MAX_STATES = 5_000_000;

/** The decline when the time limit passes first. */
const TIME = "the time limit passed during the decomposition";

/** A frontier point of a component: a feasible selection inside it (candidates in group order). */
type Point = { cost: number; value: number; members: number[] };

/** A component: its groups (group order) and its frontier by increasing cost. */
type Component = { groups: number[]; points: Point[] };

/** What the decomposition found, or why the step declines. */
export type Split =
  | { comps: Component[]; leaves: number; largestGroups: number; largestFront: number }
  | { decline: string };

/** Union-find root, halving paths. */
function find(p: Int32Array, x: number): number {
  while (p[x] !== x) {
    p[x] = p[p[x]];
    x = p[x];
  }
  return x;
}

/** Whether every sum of the package's costs is exact in doubles (see the module doc). */
export function exactCostSums(cost: ArrayLike<number>): boolean {
  let shift = 0;
  for (let u = 0; u < cost.length; u++) {
    let j = 0;
    while (!Number.isInteger(cost[u] * 2 ** j)) if (++j > 1100) return false;
    if (j > shift) shift = j;
  }
  let total = 0;
  for (let u = 0; u < cost.length; u++) total += cost[u] * 2 ** shift;
  return total <= 2 ** 53;
}

/**
 * The package's components and their frontiers at group cap k (see the module doc), or
 * `{ decline }` with the reason the step declines (also when `performance.now()` passes
 * `deadline`, default none).
 */
export function splitComponents(cp: CompiledPackage, k: number, deadline = Infinity): Split {
  const nG = cp.groups.length, M = cp.unitIds.length;
  const w = cp.weights, seg = cp.segments;
  if (!exactCostSums(cp.cost)) return { decline: "the costs' sums are not exact in doubles" };
  const useful = new Uint8Array(cp.candIds.length);
  for (let c = 0; c < useful.length; c++) {
    for (const r of cp.rowUnits[c]) if (w[r] > 0) useful[c] = 1;
  }
  const parent = Int32Array.from({ length: nG }, (_, i) => i);
  const firstGroup = new Int32Array(M).fill(-1);
  for (let g = 0; g < nG; g++) {
    for (const c of cp.groups[g]) {
      if (useful[c] === 0) continue;
      for (const r of cp.rowUnits[c]) {
        if (!(w[r] > 0)) continue;
        if (firstGroup[r] < 0) firstGroup[r] = g;
        else {
          const a = find(parent, g), b = find(parent, firstGroup[r]);
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
  }
  const byRoot = new Map<number, number[]>();
  for (let g = 0; g < nG; g++) {
    if (!cp.groups[g].some((c) => useful[c] === 1)) continue;
    const r = find(parent, g);
    let l = byRoot.get(r);
    if (l === undefined) byRoot.set(r, l = []);
    l.push(g);
  }
  if (byRoot.size < 2) return { decline: `${byRoot.size} component(s): nothing to split` };
  const comps: Component[] = [];
  const local = new Int32Array(M).fill(-1);
  let leaves = 0, largestGroups = 0, largestFront = 0;
  for (const groups of byRoot.values()) {
    if (deadline !== Infinity && performance.now() > deadline) return { decline: TIME };
    // The component's weighted units, in unit order (F's summation order).
    const unitSet = new Set<number>();
    for (const g of groups) {
      for (const c of cp.groups[g]) for (const r of cp.rowUnits[c]) if (w[r] > 0) unitSet.add(r);
    }
    const units = [...unitSet].sort((a, b) => a - b);
    units.forEach((r, i) => local[r] = i);
    const L = units.length;
    // Beyond its saturation point a unit's h is flat: coverage compared up to it.
    const cap = units.map((r) =>
      seg[r] === null ? 1 : seg[r]!.reduce((s, x) => x.slope > 0 ? s + x.width : s, 0)
    );
    const opts: Option[][] = [];
    let product = 1;
    for (const g of groups) {
      const o = groupOptions(cp, g, k, useful, local, L, cap);
      if (o === null) {
        return {
          decline: `experience ${cp.groupIds[g]} has more than ${FRONTIER_MAX_GROUP_OPTIONS} ` +
            `options at k = ${k}`,
        };
      }
      opts.push(o);
      product *= o.length;
      if (product > FRONTIER_MAX_LEAVES) {
        return {
          decline: `a component of ${groups.length}+ experiences has more than ` +
            `${FRONTIER_MAX_LEAVES} selections`,
        };
      }
    }
    leaves += product;
    if (leaves > FRONTIER_MAX_TOTAL_LEAVES) {
      return { decline: `more than ${FRONTIER_MAX_TOTAL_LEAVES} selections in all` };
    }
    const points = enumerate(cp, opts, units);
    if (points.length > FRONTIER_MAX_POINTS) {
      return {
        decline: `a component of ${groups.length} experiences has ${points.length} frontier ` +
          `points (more than ${FRONTIER_MAX_POINTS})`,
      };
    }
    largestGroups = Math.max(largestGroups, groups.length);
    largestFront = Math.max(largestFront, points.length);
    comps.push({ groups, points });
    for (const r of units) local[r] = -1;
  }
  return { comps, leaves, largestGroups, largestFront };
}

/** A group's option: candidates, exact cost, coverage on the component's units. */
type Option = { members: number[]; cost: number; z: Float64Array };

/**
 * The options of group g (the empty one first, then subsets of at most k covering candidates in
 * the group's order) without the strictly dominated ones, or null above the cap.
 */
function groupOptions(
  cp: CompiledPackage,
  g: number,
  k: number,
  useful: Uint8Array,
  local: Int32Array,
  L: number,
  cap: number[],
): Option[] | null {
  const cands = [...cp.groups[g]].filter((c) => useful[c] === 1);
  const all: Option[] = [];
  const rec = (start: number, cur: number[]): boolean => {
    const z = new Float64Array(L);
    let cost = 0;
    for (const c of cur) {
      cost += cp.cost[c];
      const us = cp.rowUnits[c], vs = cp.rowVals[c];
      for (let t = 0; t < us.length; t++) if (local[us[t]] >= 0) z[local[us[t]]] += vs[t];
    }
    all.push({ members: [...cur], cost, z });
    if (all.length > FRONTIER_MAX_GROUP_OPTIONS) return false;
    if (cur.length === k) return true;
    for (let i = start; i < cands.length; i++) {
      cur.push(cands[i]);
      const ok = rec(i + 1, cur);
      cur.pop();
      if (!ok) return false;
    }
    return true;
  };
  if (!rec(0, [])) return null;
  const zc = all.map((o) => o.z.map((x, i) => Math.min(x, cap[i])));
  return all.filter((_, b) =>
    !all.some((o1, a) => {
      if (a === b || !(o1.cost <= all[b].cost)) return false;
      let strict = o1.cost < all[b].cost;
      for (let i = 0; i < L; i++) {
        if (zc[a][i] < zc[b][i]) return false;
        if (zc[a][i] > zc[b][i]) strict = true;
      }
      return strict;
    })
  );
}

/** Every selection of the component (one option per group), reduced to its frontier. */
function enumerate(cp: CompiledPackage, opts: Option[][], units: number[]): Point[] {
  const w = cp.weights, seg = cp.segments, L = units.length, D = opts.length;
  let count = 1;
  for (const o of opts) count *= o.length;
  // Each selection is numbered in mixed radix (option index per group); members are decoded for
  // the frontier's points only.
  const cost = new Float64Array(count), value = new Float64Array(count);
  const zs = Array.from({ length: D + 1 }, () => new Float64Array(L));
  const costs = new Float64Array(D + 1);
  let leaf = 0;
  const rec = (d: number) => {
    if (d === D) {
      const z = zs[D];
      let s = 0, comp = 0;
      for (let i = 0; i < L; i++) {
        const r = units[i], zr = z[i];
        const x = w[r] * (seg[r] === null ? (zr < 1 ? zr : 1) : saturate(seg[r]!, zr));
        const t = s + x;
        comp += Math.abs(s) >= Math.abs(x) ? (s - t) + x : (x - t) + s;
        s = t;
      }
      cost[leaf] = costs[D];
      value[leaf++] = s + comp;
      return;
    }
    const from = zs[d], to = zs[d + 1], od = opts[d];
    for (let j = 0; j < od.length; j++) {
      const oz = od[j].z;
      for (let i = 0; i < L; i++) to[i] = from[i] + oz[i];
      costs[d + 1] = costs[d] + od[j].cost;
      rec(d + 1);
    }
  };
  rec(0);
  // Ties in (cost, value) keep the enumeration order (the index).
  const idx = Int32Array.from({ length: count }, (_, i) => i).sort((a, b) =>
    cost[a] - cost[b] || value[b] - value[a] || a - b
  );
  const front: Point[] = [];
  let best = -Infinity, bestCost = NaN;
  for (const l of idx) {
    const keep = value[l] > best || (value[l] === best && cost[l] === bestCost);
    if (!keep) continue;
    if (value[l] > best) {
      best = value[l];
      bestCost = cost[l];
    }
    // Decode: the last group varies fastest.
    const members: number[][] = new Array(D);
    let rest = l;
    for (let d = D - 1; d >= 0; d--) {
      members[d] = opts[d][rest % opts[d].length].members;
      rest = Math.floor(rest / opts[d].length);
    }
    front.push({ cost: cost[l], value: value[l], members: members.flat() });
  }
  return front;
}

/**
 * One point per component, total cost within the budget rule, largest total value (see the module
 * doc): the point chosen per component, the value, the proven bound and the work (states, opened
 * components); or why not (past {@linkcode FRONTIER_MAX_STATES}, or the deadline).
 */
function solveKnapsack(comps: Component[], budget: number, tol: number, deadline: number) {
  const n = comps.length;
  // The LP's critical slope: greedy over the upper hulls' increments, steepest first.
  const incs: { i: number; from: number; to: number; dc: number; s: number }[] = [];
  for (let i = 0; i < n; i++) {
    const pts = comps[i].points, hull: number[] = [];
    for (let p = 0; p < pts.length; p++) {
      const last = hull.length > 0 ? pts[hull[hull.length - 1]] : null;
      if (last !== null && pts[p].cost === last.cost) continue; // a tie of the last
      while (hull.length >= 2) {
        const a = pts[hull[hull.length - 2]], b = pts[hull[hull.length - 1]], q = pts[p];
        if ((b.value - a.value) * (q.cost - a.cost) <= (q.value - a.value) * (b.cost - a.cost)) {
          hull.pop();
        } else break;
      }
      hull.push(p);
    }
    for (let h = 1; h < hull.length; h++) {
      const a = pts[hull[h - 1]], b = pts[hull[h]], dc = b.cost - a.cost;
      incs.push({ i, from: hull[h - 1], to: hull[h], dc, s: (b.value - a.value) / dc });
    }
  }
  incs.sort((a, b) => b.s - a.s || a.i - b.i || a.from - b.from);
  // Base: the hull point each component reaches in the greedy before the split (within the budget
  // by construction), then greedy's first incumbent: the increments after the split that still fit.
  const base = new Int32Array(n);
  let used = 0, lambda = 0, split = incs.length;
  for (let j = 0; j < incs.length; j++) {
    // A component's increments come in hull order (slopes decrease along it); one that rounding
    // put out of order is skipped: any base and any lambda >= 0 keep the bound valid.
    if (base[incs[j].i] !== incs[j].from) continue;
    if (used + incs[j].dc <= budget) {
      used += incs[j].dc;
      base[incs[j].i] = incs[j].to;
    } else {
      lambda = incs[j].s;
      split = j;
      break;
    }
  }
  const fits = (cost: number) => cost <= budget || fitsAlone(cost, budget);
  const C0 = comps.reduce((s, c, i) => s + c.points[base[i]].cost, 0); // exact (module doc)
  if (!fits(C0)) return "the LP's base store exceeds the budget"; // not expected: C0 = used
  const V0 = neumaierSum(comps.map((c, i) => c.points[base[i]].value));
  const greedy = Int32Array.from(base);
  let gCost = C0;
  for (let j = split; j < incs.length; j++) {
    const { i, from, to, dc } = incs[j];
    if (greedy[i] === from && fits(gCost + dc)) {
      greedy[i] = to;
      gCost += dc;
    }
  }
  // Lagrangian bound at lambda: G = lambda B + sum_i max_p (v_ip - lambda c_ip); choosing point
  // p in component i costs the penalty d_ip = max - (v_ip - lambda c_ip) >= 0 of it, so a state
  // whose opened components have penalties D bounds every completion by G - D.
  const pen: Float64Array[] = [], minPen = new Float64Array(n);
  const gs: number[] = [lambda * budget];
  for (let i = 0; i < n; i++) {
    const pts = comps[i].points;
    const r = Float64Array.from(pts, (p) => p.value - lambda * p.cost);
    let g = -Infinity;
    for (const x of r) if (x > g) g = x;
    gs.push(g);
    const d = r.map((x) => g - x);
    pen.push(d);
    let m = Infinity;
    for (let p = 0; p < pts.length; p++) if (p !== base[i] && d[p] < m) m = d[p];
    minPen[i] = m;
  }
  const G = neumaierSum(gs);
  let inc = neumaierSum(comps.map((c, i) => c.points[greedy[i]].value));
  type Link = { i: number; p: number; prev: Link | null };
  // A state: cost and value changes from the base, and the penalties of its opened points.
  type State = { dc: number; dv: number; pd: number; link: Link | null };
  let incLink: Link | null | undefined = inc > V0 ? undefined : null; // undefined: greedy's
  if (inc <= V0) inc = V0;
  const order = [...Array(n).keys()].sort((a, b) => minPen[a] - minPen[b] || a - b);
  let states: State[] = [{ dc: 0, dv: 0, pd: 0, link: null }];
  let dropped = -Infinity, total = 1, opened = 0;
  for (let q = 0; q < n && states.length > 0; q++) {
    let top = -Infinity;
    for (const s of states) top = Math.max(top, G - s.pd);
    const i = order[q];
    if (!(minPen[i] < top - inc - tol)) {
      // Leaving the base of any component not opened costs at least minPen[i]; keeping all of
      // them gives the states' own stores (offered to the incumbent when they were made).
      dropped = Math.max(dropped, top - minPen[i]);
      states = [];
      break;
    }
    if (deadline !== Infinity && performance.now() > deadline) return TIME;
    opened++;
    const pts = comps[i].points, b = pts[base[i]], d = pen[i];
    const next: State[] = [];
    for (const s of states) {
      for (let p = 0; p < pts.length; p++) {
        const pd = s.pd + d[p], u = G - pd;
        if (u <= inc + tol) {
          if (u > dropped) dropped = u;
          continue;
        }
        const dc = s.dc + (pts[p].cost - b.cost), dv = s.dv + (pts[p].value - b.value);
        const link = p === base[i] ? s.link : { i, p, prev: s.link };
        if (V0 + dv > inc && fits(C0 + dc)) {
          inc = V0 + dv;
          incLink = link;
        }
        next.push({ dc, dv, pd, link });
      }
    }
    total += next.length;
    if (total > FRONTIER_MAX_STATES) {
      return `the knapsack search passed ${FRONTIER_MAX_STATES} states`;
    }
    // Pareto reduction over (cost, value) among states with the same opened components: a
    // state no cheaper and no better than another has no completion better than the other's
    // same completion, so it needs no bound of its own.
    next.sort((a, b) => a.dc - b.dc || b.dv - a.dv || a.pd - b.pd);
    states = [];
    let best = -Infinity;
    for (const s of next) {
      if (!(s.dv > best)) continue;
      best = s.dv;
      const u = G - s.pd;
      if (u <= inc + tol) dropped = Math.max(dropped, u);
      else states.push(s);
    }
  }
  // States left after the last component are complete stores: the feasible ones were offered
  // to the incumbent; the others are no stores.
  const choice = incLink === undefined ? greedy : Int32Array.from(base);
  if (incLink !== undefined) { for (let l = incLink; l !== null; l = l.prev) choice[l.i] = l.p; }
  return { choice, value: inc, bound: Math.max(inc, dropped), states: total, opened };
}

/**
 * The presolve step of the MILP path (see the module doc) at budget B > 0 and group cap k: an
 * `optimal` draft (solver `milp`, method `frontier`) with the knapsack's proven bound, or
 * `{ decline }` with the reason the step declines (also when `performance.now()` passes
 * `deadline`, default none). `t0` is the `performance.now()` the solve started at (for `timeMs`).
 */
export function frontierDraft(
  cp: CompiledPackage,
  budget: number,
  k: number,
  t0: number,
  deadline = Infinity,
): { draft: CertificateDraft } | { decline: string } {
  const split = splitComponents(cp, k, deadline);
  if ("decline" in split) return split;
  const tol = valueTol(cp);
  const ks = solveKnapsack(split.comps, budget, tol, deadline);
  if (typeof ks === "string") return { decline: ks };
  // Group order, as the other solvers list a store.
  const chosen = new Set(split.comps.flatMap((c, i) => c.points[ks.choice[i]].members));
  const store = cp.groups.flatMap((g) => [...g].filter((u) => chosen.has(u)));
  const ids = store.map((u) => cp.candIds[u]);
  const feas = checkFeasible(k === cp.k ? cp : { ...cp, k }, ids, budget);
  const f = evaluateStore(cp, store);
  if (!feas.feasible || Math.abs(f - ks.value) > tol) {
    // Not expected (exact cost sums; values within rounding): the MILP decides instead.
    return {
      decline: feas.feasible
        ? `the knapsack's value ${ks.value} differs from F ${f} by more than ${tol}`
        : `the knapsack's store is infeasible: ${feas.reasons.join("; ")}`,
    };
  }
  const bound = Math.max(ks.bound, f);
  return {
    draft: {
      solver: "milp",
      method: "frontier",
      status: "optimal",
      budget,
      k,
      objective: f,
      store: ids,
      cost: storeCost(store.map((u) => cp.cost[u])),
      bound,
      gap: bound > 0 ? (bound - f) / bound : 0,
      nodes: ks.states,
      timeMs: performance.now() - t0,
      message: `${split.comps.length} independent components (largest ${split.largestGroups} ` +
        `experiences, ${split.largestFront} frontier points; ${split.leaves} selections ` +
        `enumerated); the multiple-choice knapsack over their frontiers solved exactly ` +
        `(${ks.states} states, ${ks.opened} components opened), without HiGHS`,
    },
  };
}
