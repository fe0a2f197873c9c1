/**
 * The compiled (numeric) form of a package that solvers, writers and scorers
 * share: typed arrays, ordered groups and sparse coverage rows.
 *
 * Group order is (experience order, experience id); inside a group,
 * candidates are ordered by (cost, candidate id) (ARTIFACT-SPEC §4.4).
 * Units keep package order, which is the summation order of F.
 *
 * @module
 */
import type { CandidateKind, Package, Segment } from "./schema.ts";

/** A package compiled for fast evaluation. Indices refer to `candIds` and `unitIds`. */
export interface CompiledPackage {
  readonly pkg: Package;
  readonly unitIds: readonly string[];
  /** w_r per unit, in unit order. */
  readonly weights: Float64Array;
  /** h_r per unit as segments, or null for the default min(1, z). */
  readonly segments: readonly (readonly Segment[] | null)[];
  readonly candIds: readonly string[];
  /** Fine representation type per candidate (`representation`, else {@linkcode DEFAULT_REPRESENTATION} of its kind). */
  readonly rep: readonly string[];
  readonly cost: Float64Array;
  /** Index of each candidate's group in `groupIds`. */
  readonly groupOf: Int32Array;
  /** Time index of each candidate (its experience's order). */
  readonly time: Float64Array;
  /** Sparse coverage row of each candidate: unit indices and values a_ur > 0. */
  readonly rowUnits: readonly Int32Array[];
  readonly rowVals: readonly Float64Array[];
  /** Experience ids in group order. */
  readonly groupIds: readonly string[];
  /** Candidate indices per group, ordered by (cost, id). */
  readonly groups: readonly Int32Array[];
  /** k: the most candidates a store may keep per group. */
  readonly k: number;
  readonly candIndex: ReadonlyMap<string, number>;
  readonly unitIndex: ReadonlyMap<string, number>;
}

/**
 * The representation type a candidate has when the package gives only its
 * kind: the artifact's type names, which the writers filter by (fact-only
 * keeps `atomic_fact`, the no-tombstone pool drops `tombstone` and
 * `compound_update`, recency keeps `raw`/`raw_span`).
 */
export const DEFAULT_REPRESENTATION: Readonly<Record<CandidateKind, string>> = {
  raw: "raw_span",
  fact: "atomic_fact",
  summary: "summary",
  event: "event",
  edge: "graph_edge",
  rule: "rule",
  skill: "skill",
  tombstone: "tombstone",
  update: "compound_update",
  system: "system",
};

/**
 * Coarse kind of each artifact representation type (ARTIFACT-SPEC §1.1;
 * DESIGN §2): the inverse direction of {@linkcode DEFAULT_REPRESENTATION}.
 * Types not listed are external memories (kind `system`).
 */
export const REPRESENTATION_KINDS: Readonly<Record<string, CandidateKind>> = {
  raw_span: "raw",
  raw: "raw",
  atomic_fact: "fact",
  fact: "fact",
  interval_fact: "fact",
  summary: "summary",
  tombstone: "tombstone",
  compound_update: "update",
  compound_evidence: "event",
  abstention: "rule",
  uncertainty: "rule",
  graph_edge: "edge",
  skill: "skill",
};

const SURROGATE = /[\uD800-\uDFFF]/;

/** Code-point order of strings (Python's `str` order); ids are compared with it in every tie rule. */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order differs from code-point order only for astral characters (surrogate pairs).
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  const ia = [...a], ib = [...b];
  const n = Math.min(ia.length, ib.length);
  for (let i = 0; i < n; i++) {
    const d = ia[i].codePointAt(0)! - ib[i].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ia.length - ib.length;
}

/**
 * Unit weights w_r in unit order (DESIGN §2): explicit weights, or
 * w_r = sum over queries q with r in R(q) of importance_q / |R(q)|.
 */
export function unitWeights(pkg: Package): Float64Array {
  const w = new Float64Array(pkg.units.length);
  if (pkg.weight_source === "explicit") {
    pkg.units.forEach((u, i) => (w[i] = u.weight ?? 0));
    return w;
  }
  const index = new Map(pkg.units.map((u, i) => [u.id, i]));
  for (const q of pkg.queries) {
    const req = [...new Set(q.required_units)];
    for (const r of req) w[index.get(r)!] += q.importance / req.length;
  }
  return w;
}

/**
 * Compiles a validated package.
 *
 * @param pkg a package that passed {@linkcode parsePackage}
 * @param opts.k override of the package's group cap
 * @returns the compiled package
 */
export function compilePackage(pkg: Package, opts: { k?: number } = {}): CompiledPackage {
  const unitIds = pkg.units.map((u) => u.id);
  const unitIndex = new Map(unitIds.map((id, i) => [id, i]));
  const candIds = pkg.candidates.map((c) => c.id);
  const candIndex = new Map(candIds.map((id, i) => [id, i]));
  const expOrder = new Map(pkg.experiences.map((e) => [e.id, e.order]));
  const groupIds = [...pkg.experiences]
    .sort((a, b) => a.order - b.order || compareIds(a.id, b.id))
    .map((e) => e.id);
  const groupIndex = new Map(groupIds.map((id, i) => [id, i]));
  const n = candIds.length;
  const cost = new Float64Array(n), groupOf = new Int32Array(n), time = new Float64Array(n);
  const members: number[][] = groupIds.map(() => []);
  pkg.candidates.forEach((c, i) => {
    cost[i] = c.cost;
    groupOf[i] = groupIndex.get(c.experience)!;
    time[i] = expOrder.get(c.experience)!;
    members[groupOf[i]].push(i);
  });
  const groups = members.map((m) =>
    Int32Array.from(m.sort((a, b) => cost[a] - cost[b] || compareIds(candIds[a], candIds[b])))
  );
  // Coverage rows, in coverage order within a candidate, as views of one
  // buffer per package (one allocation instead of two per candidate).
  const coverage = pkg.coverage;
  const cellCand = new Int32Array(coverage.length);
  const rowStart = new Int32Array(n + 1);
  for (let q = 0; q < coverage.length; q++) {
    const cell = coverage[q];
    if (cell.value > 0) {
      const c = candIndex.get(cell.candidate)!;
      cellCand[q] = c;
      rowStart[c + 1]++;
    } else cellCand[q] = -1;
  }
  for (let c = 0; c < n; c++) rowStart[c + 1] += rowStart[c];
  const nnz = rowStart[n];
  const unitBuf = new Int32Array(nnz), valBuf = new Float64Array(nnz);
  const fill = rowStart.slice(0, n);
  for (let q = 0; q < coverage.length; q++) {
    const c = cellCand[q];
    if (c < 0) continue;
    const cell = coverage[q], at = fill[c]++;
    unitBuf[at] = unitIndex.get(cell.unit)!;
    valBuf[at] = cell.value;
  }
  const rowUnits: Int32Array[] = new Array(n), rowVals: Float64Array[] = new Array(n);
  for (let c = 0; c < n; c++) {
    rowUnits[c] = unitBuf.subarray(rowStart[c], rowStart[c + 1]);
    rowVals[c] = valBuf.subarray(rowStart[c], rowStart[c + 1]);
  }
  const defaultH = pkg.h ?? null;
  const isCap1 = (s: readonly Segment[] | null) =>
    s === null || (s.length === 1 && s[0].width === 1 && s[0].slope === 1);
  return {
    pkg,
    unitIds,
    weights: unitWeights(pkg),
    segments: pkg.units.map((u) => {
      const s = u.h ?? defaultH;
      return isCap1(s) ? null : s;
    }),
    candIds,
    rep: pkg.candidates.map((c) => c.representation ?? DEFAULT_REPRESENTATION[c.kind]),
    cost,
    groupOf,
    time,
    rowUnits,
    rowVals,
    groupIds,
    groups,
    k: opts.k ?? pkg.group_cap,
    candIndex,
    unitIndex,
  };
}
