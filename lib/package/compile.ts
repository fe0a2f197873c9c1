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
  /** The package it was compiled from. */
  readonly pkg: Package;
  /** Unit ids, in the package's unit order (the summation order of F). */
  readonly unitIds: readonly string[];
  /** w_r per unit, in unit order. */
  readonly weights: Float64Array;
  /** h_r per unit as segments, or null for the default min(1, z). */
  readonly segments: readonly (readonly Segment[] | null)[];
  /** Candidate ids, in the package's candidate order. */
  readonly candIds: readonly string[];
  /** Fine representation type per candidate (`representation`, else {@linkcode DEFAULT_REPRESENTATION} of its kind). */
  readonly rep: readonly string[];
  /** c_u per candidate. */
  readonly cost: Float64Array;
  /** Index of each candidate's group in `groupIds`. */
  readonly groupOf: Int32Array;
  /** Time index of each candidate (its experience's order). */
  readonly time: Float64Array;
  /** Sparse coverage row of each candidate: unit indices and values a_ur > 0. */
  readonly rowUnits: readonly Int32Array[];
  /** The values a_ur matching `rowUnits`. */
  readonly rowVals: readonly Float64Array[];
  /** Experience ids in group order. */
  readonly groupIds: readonly string[];
  /** Candidate indices per group, ordered by (cost, id). */
  readonly groups: readonly Int32Array[];
  /** k: the most candidates a store may keep per group. */
  readonly k: number;
  /** Candidate id to index. */
  readonly candIndex: ReadonlyMap<string, number>;
  /** Unit id to index. */
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

/** Code-point order of strings (Python's `str` order); ids are compared with it in every tie rule. */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  const x = a.charCodeAt(i), y = b.charCodeAt(i);
  // UTF-16 order is code-point order unless a surrogate (astral character) is involved.
  if (x < 0xd800 && y < 0xd800) return x - y;
  const ia = [...a], ib = [...b];
  const m = Math.min(ia.length, ib.length);
  for (let k = 0; k < m; k++) {
    const d = ia[k].codePointAt(0)! - ib[k].codePointAt(0)!;
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

/** What compilePackage() made, kept out of reach: copies of every number the solvers read. */
interface Sealed {
  weights: Float64Array;
  cost: Float64Array;
  groupOf: Int32Array;
  members: Int32Array;
  cells: Float64Array;
  units: Int32Array;
  k: number;
}

const SEALED = new WeakMap<CompiledPackage, Sealed>();

/** Objects {@linkcode frozenCopy} made: deep-frozen, so they can be shared, never copied again. */
const DEEP_FROZEN = new WeakSet<object>();

/**
 * A deep-frozen copy of a JSON-like value (plain objects, arrays, primitives), sharing every part
 * that an earlier call made (a restricted package reuses its source's frozen candidates and
 * coverage cells instead of copying them again). Anything else is copied by structuredClone.
 */
function frozenCopy<T>(x: T): T {
  if (typeof x !== "object" || x === null || DEEP_FROZEN.has(x)) return x;
  const proto = Object.getPrototypeOf(x);
  let copy: Record<string, unknown> | unknown[];
  if (Array.isArray(x)) copy = x.map(frozenCopy);
  else if (proto === Object.prototype || proto === null) {
    copy = {};
    for (const [k, v] of Object.entries(x)) {
      Object.defineProperty(copy, k, {
        value: frozenCopy(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  } else return deepFreezeClone(x);
  Object.freeze(copy);
  DEEP_FROZEN.add(copy);
  return copy as T;
}

/** structuredClone, deep-frozen (values that are not plain objects or arrays). */
function deepFreezeClone<T>(x: T): T {
  const freeze = (v: unknown) => {
    if (typeof v !== "object" || v === null || Object.isFrozen(v)) return;
    Object.freeze(v);
    for (const c of Object.values(v)) freeze(c);
  };
  const copy = structuredClone(x);
  freeze(copy);
  return copy;
}

function rowsOf(cp: CompiledPackage): { cells: Float64Array; units: Int32Array } {
  let n = 0;
  for (const r of cp.rowVals) n += r.length;
  const cells = new Float64Array(n), units = new Int32Array(n);
  let at = 0;
  for (let c = 0; c < cp.rowVals.length; c++) {
    cells.set(cp.rowVals[c], at);
    units.set(cp.rowUnits[c], at);
    at += cp.rowVals[c].length;
  }
  return { cells, units };
}

/**
 * Compiles a validated package. The compiled package holds a private, deep-frozen copy of `pkg`
 * (editing `pkg` afterwards changes nothing in it), and {@linkcode compiledIntegrity} compares
 * its numeric arrays (writable typed arrays) with copies taken here: the solvers and every use of
 * a certificate refuse a compiled package whose numbers were changed after compilation
 * (issue 18 point 1).
 *
 * @param pkg a package that passed {@linkcode parsePackage}
 * @param opts.k override of the package's group cap
 * @returns the compiled package (the object itself is frozen)
 */
export function compilePackage(pkg: Package, opts: { k?: number } = {}): CompiledPackage {
  return sealCompiled(frozenCopy(pkg), opts);
}

/**
 * {@linkcode compilePackage} for a package object that no one else holds (one the caller has
 * just generated and drops): it is frozen in place instead of copied. Internal to the sweep's
 * units (lib/sweep/run_unit.ts), where the copy was a measured third of compiling.
 *
 * @param pkg a freshly built package, not referenced elsewhere
 * @param opts.k override of the package's group cap
 * @returns the compiled package, as compilePackage returns it
 */
export function compileOwnedPackage(pkg: Package, opts: { k?: number } = {}): CompiledPackage {
  return sealCompiled(freezeInPlace(pkg), opts);
}

/** Deep-freezes a JSON-like value in place (marking it for {@linkcode frozenCopy} to share). */
function freezeInPlace<T>(x: T): T {
  if (typeof x !== "object" || x === null || DEEP_FROZEN.has(x)) return x;
  for (const v of Object.values(x)) freezeInPlace(v);
  Object.freeze(x);
  DEEP_FROZEN.add(x);
  return x;
}

function sealCompiled(frozen: Package, opts: { k?: number }): CompiledPackage {
  const made = compileFrozen(frozen, opts);
  for (const a of [made.unitIds, made.segments, made.candIds, made.rep, made.rowUnits]) {
    Object.freeze(a);
  }
  for (const a of [made.rowVals, made.groupIds, made.groups]) Object.freeze(a);
  const cp = Object.freeze(made);
  SEALED.set(cp, {
    weights: cp.weights.slice(),
    cost: cp.cost.slice(),
    groupOf: cp.groupOf.slice(),
    members: Int32Array.from(cp.groups.flatMap((g) => [...g])),
    ...rowsOf(cp),
    k: cp.k,
  });
  return cp;
}

function sameBits(a: Float64Array | Int32Array, b: Float64Array | Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Null when `cp` is a package {@linkcode compilePackage} made and its numbers (weights, costs,
 * groups, coverage rows, k) are still the ones it computed; else what is wrong, as a sentence.
 * O(size of the package); the certificate registry calls it on every issue and use.
 *
 * @param cp a compiled package
 * @returns null, or why the package cannot be trusted
 */
export function compiledIntegrity(cp: CompiledPackage): string | null {
  const s = SEALED.get(cp);
  if (s === undefined) {
    return "it was not made by compilePackage() (a copy or a hand-built object)";
  }
  if (cp.k !== s.k) return `its k was changed from ${s.k} to ${cp.k}`;
  if (!sameBits(cp.weights, s.weights)) return "its unit weights were changed";
  if (!sameBits(cp.cost, s.cost)) return "its candidate costs were changed";
  if (!sameBits(cp.groupOf, s.groupOf)) return "its groups were changed";
  let at = 0;
  for (const g of cp.groups) {
    for (let t = 0; t < g.length; t++) {
      if (g[t] !== s.members[at++]) return "its groups were changed";
    }
  }
  if (at !== s.members.length) return "its groups were changed";
  const rows = rowsOf(cp);
  if (!sameBits(rows.cells, s.cells) || !sameBits(rows.units, s.units)) {
    return "its coverage values were changed";
  }
  return null;
}

function compileFrozen(pkg: Package, opts: { k?: number }): CompiledPackage {
  const units = pkg.units, cands = pkg.candidates, exps = pkg.experiences;
  const unitIds = new Array<string>(units.length);
  const unitIndex = new Map<string, number>();
  for (let i = 0; i < units.length; i++) unitIndex.set(unitIds[i] = units[i].id, i);
  const n = cands.length;
  const candIds = new Array<string>(n);
  const candIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) candIndex.set(candIds[i] = cands[i].id, i);
  const sortedExps = [...exps].sort((a, b) => a.order - b.order || compareIds(a.id, b.id));
  const groupIds = new Array<string>(sortedExps.length);
  const groupIndex = new Map<string, number>();
  for (let g = 0; g < sortedExps.length; g++) groupIndex.set(groupIds[g] = sortedExps[g].id, g);
  const cost = new Float64Array(n), groupOf = new Int32Array(n), time = new Float64Array(n);
  const members: number[][] = new Array(groupIds.length);
  for (let g = 0; g < members.length; g++) members[g] = [];
  for (let i = 0; i < n; i++) {
    const c = cands[i], g = groupIndex.get(c.experience)!;
    cost[i] = c.cost;
    groupOf[i] = g;
    time[i] = sortedExps[g].order;
    members[g].push(i);
  }
  const byCostThenId = (a: number, b: number) =>
    cost[a] - cost[b] || compareIds(candIds[a], candIds[b]);
  const groups = new Array<Int32Array>(members.length);
  for (let g = 0; g < members.length; g++) {
    groups[g] = Int32Array.from(members[g].sort(byCostThenId));
  }
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
