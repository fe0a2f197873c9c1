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
import { freezeInPlace, freezeNewParts, frozenCopy, isDeepFrozen, seal } from "./seal.ts";

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
  /** Candidate id to index (read-only: no `set`, and not a Map that Map.prototype.set can edit). */
  readonly candIndex: ReadonlyMap<string, number>;
  /** Unit id to index (read-only, as `candIndex`). */
  readonly unitIndex: ReadonlyMap<string, number>;
}

/**
 * A read-only view of a Map, frozen: a compiled package's id indexes. A Map itself cannot be
 * frozen (Map.prototype.set edits a frozen one), and the seal (lib/package/seal.ts) does not walk them.
 */
class ReadonlyIndex implements ReadonlyMap<string, number> {
  readonly #map: Map<string, number>;
  constructor(map: Map<string, number>) {
    this.#map = map;
    Object.freeze(this);
  }
  get(key: string): number | undefined {
    return this.#map.get(key);
  }
  has(key: string): boolean {
    return this.#map.has(key);
  }
  get size(): number {
    return this.#map.size;
  }
  forEach(
    f: (value: number, key: string, map: ReadonlyMap<string, number>) => void,
    self?: unknown,
  ): void {
    this.#map.forEach((v, k) => f.call(self, v, k, this));
  }
  entries(): MapIterator<[string, number]> {
    return this.#map.entries();
  }
  keys(): MapIterator<string> {
    return this.#map.keys();
  }
  values(): MapIterator<number> {
    return this.#map.values();
  }
  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.#map.entries();
  }
}

/**
 * The representation type a candidate has when the package gives only its kind: the artifact's type
 * names, which the writers filter by (fact-only keeps `atomic_fact`, the no-tombstone pool drops
 * `tombstone` and `compound_update`, recency keeps `raw`/`raw_span`).
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

/**
 * Compiles a validated package. The compiled package holds a private, deep-frozen copy of `pkg`
 * (editing `pkg` afterwards changes nothing in it), and compiledIntegrity() (lib/package/seal.ts) compares
 * its numbers (writable typed arrays, views of one buffer) and the entries of its arrays (ids,
 * h, coverage rows, groups; writable too) with copies taken here: the solvers and every use of a
 * certificate refuse a compiled package changed after compilation (issue 18 point 1).
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
 * @returns the compiled package, as compilePackage returns it
 */
export function compileOwnedPackage(pkg: Package): CompiledPackage {
  // Compiled, then frozen: V8 reads an array faster before it is frozen (in unoptimised code).
  const cp = sealCompiled(pkg, {});
  freezeInPlace(pkg);
  return cp;
}

/**
 * {@linkcode compilePackage} for a package built of new containers (the package object, its
 * filtered arrays) around parts of `from.pkg`, as restrictPackage() builds one: when `from.pkg`
 * is deep-frozen (a compiled package's), its parts are frozen already and only the new containers
 * are frozen, in place (every frozen object in `pkg` must be a part of `from.pkg`); otherwise it
 * is copied as compilePackage() copies.
 *
 * @param pkg the new package (its containers not held by anyone else)
 * @param from the compiled package its parts come from
 * @param opts.k override of the package's group cap
 * @returns the compiled package, as compilePackage returns it
 */
export function compileDerivedPackage(
  pkg: Package,
  from: CompiledPackage,
  opts: { k?: number } = {},
): CompiledPackage {
  if (!isDeepFrozen(from.pkg)) return compilePackage(pkg, opts);
  const cp = sealCompiled(pkg, opts);
  freezeNewParts(pkg);
  return cp;
}

/** Compiles `pkg` (frozen by the caller before the compiled package is handed out) and seals it. */
function sealCompiled(pkg: Package, opts: { k?: number }): CompiledPackage {
  const { made, parts } = compileFrozen(pkg, opts);
  return seal(made, {
    numbers: made.weights.buffer,
    parts,
    // The arrays whose entries compiledIntegrity() checks one by one, and the sentence naming each.
    arrays: [
      [made.segments, "its unit functions h were changed"],
      [made.rowUnits, "its coverage values were changed"],
      [made.rowVals, "its coverage values were changed"],
      [made.groups, "its groups were changed"],
      [made.unitIds, "its unit ids were changed"],
      [made.candIds, "its candidate ids were changed"],
      [made.groupIds, "its groups were changed"],
      [made.rep, "its representation types were changed"],
    ],
    typed: [
      [made.weights, made.cost, made.groupOf, made.time],
      made.rowUnits,
      made.rowVals,
      made.groups,
    ],
  });
}

/** Where compileFrozen() puts each part of a package's numbers, and the sentence naming it. */
const PART_NAMES = [
  "its unit weights were changed",
  "its candidate costs were changed",
  "its candidate times were changed",
  "its groups were changed",
  "its groups were changed",
  "its coverage values were changed",
  "its coverage values were changed",
] as const;

/**
 * One buffer for every number the solvers read, in the order compiledIntegrity() names them:
 * weights (M), costs (n), times (n) as float64, group of each candidate (n), group members (n) as int32,
 * coverage values (nnz) as float64, their units (nnz) as int32 (every float64 part starts on 8
 * bytes, the int32 parts coming in pairs of n).
 */
function numberBuffer(M: number, n: number, nnz: number) {
  const sizes = [8 * M, 8 * n, 8 * n, 4 * n, 4 * n, 8 * nnz, 4 * nnz];
  const starts = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const buf = new ArrayBuffer(starts[6] + sizes[6]);
  return {
    weights: new Float64Array(buf, starts[0], M),
    cost: new Float64Array(buf, starts[1], n),
    time: new Float64Array(buf, starts[2], n),
    groupOf: new Int32Array(buf, starts[3], n),
    members: new Int32Array(buf, starts[4], n),
    values: new Float64Array(buf, starts[5], nnz),
    units: new Int32Array(buf, starts[6], nnz),
    parts: starts.map((b, i) => [b / 4, PART_NAMES[i]] as const),
  };
}

function compileFrozen(
  pkg: Package,
  opts: { k?: number },
): { made: CompiledPackage; parts: readonly (readonly [number, string])[] } {
  const units = pkg.units, cands = pkg.candidates, exps = pkg.experiences;
  const unitIds = new Array<string>(units.length);
  const unitIndex = new Map<string, number>();
  for (let i = 0; i < units.length; i++) unitIndex.set(unitIds[i] = units[i].id, i);
  const n = cands.length;
  const candIds = new Array<string>(n);
  const candIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) candIndex.set(candIds[i] = cands[i].id, i);
  // Coverage rows, in coverage order within a candidate, as views of the number buffer.
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
  const nums = numberBuffer(units.length, n, rowStart[n]);
  const sortedExps = [...exps].sort((a, b) => a.order - b.order || compareIds(a.id, b.id));
  const groupIds = new Array<string>(sortedExps.length);
  const groupIndex = new Map<string, number>();
  for (let g = 0; g < sortedExps.length; g++) groupIndex.set(groupIds[g] = sortedExps[g].id, g);
  const { cost, groupOf, time } = nums;
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
  for (let g = 0, at = 0; g < members.length; g++) {
    const m = members[g].sort(byCostThenId);
    groups[g] = nums.members.subarray(at, at + m.length);
    groups[g].set(m);
    at += m.length;
  }
  const unitBuf = nums.units, valBuf = nums.values;
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
  nums.weights.set(unitWeights(pkg));
  const defaultH = pkg.h ?? null;
  const isCap1 = (s: readonly Segment[] | null) =>
    s === null || (s.length === 1 && s[0].width === 1 && s[0].slope === 1);
  const made: CompiledPackage = {
    pkg,
    unitIds,
    weights: nums.weights,
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
    candIndex: new ReadonlyIndex(candIndex),
    unitIndex: new ReadonlyIndex(unitIndex),
  };
  return { made, parts: nums.parts };
}
