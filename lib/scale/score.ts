/**
 * The scale-conditioned scorer of paper 002 (§1(a) items 4-8; COMPANIONS
 * §1(e)): per (agent, system, scale) the number of trajectories n, Pass@B,
 * the failure split p_exh / p_wrong, P90R, mean R, the R histogram, the
 * whole Pass@B(B) curve and seeded percentile-bootstrap intervals over query
 * ids; per (agent, system) the usable-scale boundary s*_alpha.
 *
 * Definitions (one trajectory τ per query per scale, R = R(τ), C = C(τ)):
 * - Pass@B = #{C = 1 ∧ R ≤ B} / n (the budget is applied post hoc);
 * - p_exh = #{R > B} / n, whatever the answer; p_wrong = #{R ≤ B ∧ C = 0} / n;
 *   all three are fractions of all trajectories and sum to 1;
 * - P90R = the least integer r with 10·#{R ≤ r} ≥ 9·n (nearest rank, always
 *   an observed value);
 * - s*_alpha: see {@linkcode usableScaleBoundary}.
 *
 * Ladder order: by N_irr when every scale of the input has one (a label
 * without N_irr takes the N_irr that another line gives it); otherwise by
 * the `ladder` option (a list of labels); otherwise by natural label order
 * ({@linkcode compareLadderLabels}: `s2` before `s10`). The order never
 * depends on the order of the input lines, nor do any numbers.
 *
 * @module
 */
import { quantileSorted } from "../base/deps/simple_statistics.ts";
import { SeededRandom } from "../base/rng/seeded_random.ts";
import { BinomialSampler } from "./_binomial.ts";
import { compareLadderLabels, reliabilityOptionIssue, usableScaleBoundary } from "./boundary.ts";
import { type ScoreRecord, TrajectoryInputError, type TrajectoryScale } from "./trajectory.ts";

/** Options of {@linkcode scoreScale}. */
export interface ScoreScaleOptions {
  /** Interaction budget B, memory calls (default 2, the paper's B0). */
  budget?: number;
  /** Reliability threshold alpha of s*_alpha (default 0.7). */
  alpha?: number;
  /** Bootstrap resamples over query ids (default 2,000; 0 = no intervals). */
  resamples?: number;
  /** Bootstrap confidence level (default 0.95). */
  level?: number;
  /** seedrandom seed of the bootstrap (default 0); each group derives its own stream. */
  seed?: number | string;
  /** Ladder order as labels, for inputs whose scales have no N_irr. */
  ladder?: readonly string[];
  /** Report the sustained boundary as `s_star` instead of the first crossing. */
  sustained?: boolean;
  /** Largest budget of the Pass@B(B) curve (default: the largest R of the agent-system pair, at most 10,000). */
  curveMax?: number;
  /** File name used in error messages (default `<memory>`). */
  file?: string;
}

/** A percentile-bootstrap interval. */
export interface Interval {
  /** Lower end. */
  low: number;
  /** Upper end. */
  high: number;
  /** (high − low) / 2, the "±" of the paper's tables. */
  half_width: number;
}

/** One point of the Pass@B(B) curve. */
export interface BudgetPoint {
  /** The budget B. */
  B: number;
  /** Pass@B at this budget. */
  pass_at_b: number;
  /** p_exh at this budget. */
  p_exh: number;
  /** p_wrong at this budget. */
  p_wrong: number;
}

/** The scores of one (agent, system, scale) group. */
export interface ScaleGroupScore {
  /** Agent A. */
  agent: string;
  /** Memory system M. */
  system: string;
  /** The scale as reported: the label when the input gave one, else N_irr; null without a scale. */
  scale: string | number | null;
  /** The resolved scale (label and N_irr as far as known), or null. */
  scale_ref: TrajectoryScale | null;
  /** Position in the ladder (0-based; -1 without a scale). */
  ladder_index: number;
  /** Number of trajectories. */
  n: number;
  /** Number of distinct query ids. */
  queries: number;
  /** Pass@B, fraction of all trajectories. */
  pass_at_b: number;
  /** p_exh = P[R > B], fraction of all trajectories. */
  p_exh: number;
  /** p_wrong = P[R ≤ B ∧ C = 0], fraction of all trajectories. */
  p_wrong: number;
  /** Counts behind the three fractions (they sum to n). */
  counts: { pass: number; exh: number; wrong: number };
  /** P90R, memory calls (nearest rank). */
  p90r: number;
  /** Mean R, memory calls. */
  mean_r: number;
  /** Largest R. */
  max_r: number;
  /** R histogram: each observed R with its number of trajectories and of correct ones, ascending. */
  r_histogram: { r: number; n: number; correct: number }[];
  /** Pass@B(B), p_exh(B), p_wrong(B) for B = 0..curve end. */
  curve: BudgetPoint[];
  /** Bootstrap intervals over query ids, or null with 0 resamples. */
  ci: { pass_at_b: Interval; p_exh: Interval; p_wrong: Interval } | null;
}

/** The boundary of one (agent, system). */
export interface ScaleBoundaryScore {
  /** Agent A. */
  agent: string;
  /** Memory system M. */
  system: string;
  /** s*_alpha (first crossing, or sustained with that option): N_irr or label, or ">MAX". */
  s_star: number | string;
  /** A later scale is back at or above alpha after the first crossing. */
  recovers: boolean;
  /** The first-crossing boundary. */
  s_star_first: number | string;
  /** The sustained boundary. */
  s_star_sustained: number | string;
  /** Pass@B per scale in ladder order, with n and its bootstrap interval (null without). */
  points: { scale: number | string; pass_at_b: number; n: number; ci: Interval | null }[];
  /**
   * Scales of the ladder this pair has no trajectories at (N_irr or label):
   * s* is taken over the others, so it may lie at one of these.
   */
  missing_scales: (number | string)[];
}

/** Result of {@linkcode scoreScale}. */
export interface ScaleScore {
  /** Budget B used. */
  budget: number;
  /** alpha used. */
  alpha: number;
  /** Which boundary `s_star` holds. */
  boundary_rule: "first" | "sustained";
  /** Bootstrap settings (resamples 0: none). */
  bootstrap: { resamples: number; level: number; seed: number | string; unit: "query_id" };
  /** Total trajectories scored. */
  n: number;
  /** The ladder, in order: the reported scale of each position. */
  ladder: (number | string)[];
  /** One row per (agent, system, scale), sorted by agent, system, ladder position. */
  groups: ScaleGroupScore[];
  /** One row per (agent, system) with at least one scale. */
  boundaries: ScaleBoundaryScore[];
  /** What the numbers rest on that the input did not say, e.g. a pair missing a scale. */
  warnings: string[];
}

/** The typed arrays a {@linkcode Column} widens through, narrowest first, and their largest values. */
const WIDTHS = [Uint8Array, Uint16Array, Uint32Array, Float64Array];
const LIMITS = [0xff, 0xffff, 0xffffffff, Infinity];
type ColumnArray = InstanceType<typeof WIDTHS[number]>;

/**
 * A growable column of non-negative integers in a typed array as narrow as its values allow:
 * bytes, then 16 and 32 bits, then doubles (exact to 2^53). A million records of R in 0..8,
 * 10,000 query ids and a million lines take 1 + 2 + 4 bytes each instead of 8 + 4 + 8.
 */
class Column {
  data: ColumnArray = new Uint8Array(64);
  length = 0;
  #width = 0;
  #limit = LIMITS[0];
  push(x: number): void {
    if (x > this.#limit || this.length === this.data.length) this.#grow(x);
    this.data[this.length++] = x;
  }
  /**
   * Half as long again when full, or as long but wide enough for `x`. The old buffer is freed at
   * once (`transfer`), not left to the collector: 10^6 records left ~2x their columns' bytes of
   * such garbage.
   */
  #grow(x: number): void {
    while (x > LIMITS[this.#width]) this.#width++;
    this.#limit = LIMITS[this.#width];
    const size = this.length === this.data.length ? Math.ceil(this.length * 1.5) : this.data.length;
    const Width = WIDTHS[this.#width], old = this.data;
    if (old instanceof Width) {
      this.data = new Width(old.buffer.transfer(size * Width.BYTES_PER_ELEMENT));
      return;
    }
    this.data = new Width(size);
    this.data.set(old.subarray(0, this.length));
    old.buffer.transfer(0);
  }
  /** The values pushed (a view, not a copy). */
  view(): ColumnArray {
    return this.data.subarray(0, this.length);
  }
}

/**
 * A column of integers kept as differences from the one before, zigzag-coded (0, −1, 1, −2, …
 * as 0, 1, 2, 3, …) in a {@linkcode Column}: a group's line numbers, mostly a step of a few
 * lines, take a byte each instead of four.
 */
class DeltaColumn {
  readonly #steps = new Column();
  #last = 0;
  push(x: number): void {
    const d = x - this.#last;
    this.#last = x;
    this.#steps.push(d >= 0 ? 2 * d : -2 * d - 1);
  }
  /** The values pushed, decoded. */
  values(): Float64Array {
    const steps = this.#steps.view(), out = new Float64Array(steps.length);
    let x = 0;
    for (let k = 0; k < steps.length; k++) {
      const z = steps[k];
      x += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
      out[k] = x;
    }
    return out;
  }
}

/** The records of one (agent, system, raw scale), column by column. */
interface Acc {
  scale: TrajectoryScale | null;
  line: number | undefined;
  /** Each record's query, as its number in `names`. */
  qids: Column;
  /** The query ids by number (shared by every Acc of a scorer). */
  names: readonly string[];
  /** Each record's R (a safe integer). */
  rs: Column;
  /** Each record's correctness, 1 or 0. */
  cs: Column;
  /** Each record's line (for the repeated-trajectory check). */
  lines: DeltaColumn;
  /** Trajectory ids of the records that have one, by position (most inputs have none). */
  tids: Map<number, string>;
}

const NO_SCALE = "\u0000";

function checkOptions(o: ScoreScaleOptions): void {
  const b = o.budget ?? 2, c = o.curveMax ?? 0;
  const whole = (x: number) => Number.isSafeInteger(x) && x >= 0;
  const bad = [
    whole(b) ? undefined : `budget must be a non-negative integer, got ${b}`,
    reliabilityOptionIssue(o),
    whole(c) ? undefined : "curveMax must be a non-negative integer",
  ].find((x) => x !== undefined);
  if (bad !== undefined) throw new RangeError(`Cannot score: ${bad}`);
}

/** P90R by integers: the least r with 10·#{R ≤ r} ≥ 9·n. `hist` ascending by r. */
function p90rOf(hist: { r: number; n: number }[], n: number): number {
  let cum = 0;
  for (const h of hist) {
    cum += h.n;
    if (10 * cum >= 9 * n) return h.r;
  }
  return hist[hist.length - 1].r;
}

/**
 * P90R of a list of memory-call counts (paper 002 §1(a) item 5): the least
 * integer r with 10·#{R ≤ r} ≥ 9·n, i.e. the ⌈0.9·n⌉-th smallest value.
 *
 * @example COMPANIONS §1(e)'s golden vector (numpy's linear default would give 5.4)
 * ```ts
 * import assert from "node:assert/strict";
 * import { p90r } from "./score.ts";
 * assert.ok(p90r([0, 1, 1, 2, 3, 5, 1, 1, 2, 9]) === 5);
 * ```
 *
 * @param rs memory-call counts (non-negative integers, at least one)
 * @returns P90R, an observed value
 * @throws {RangeError} if `rs` is empty
 */
export function p90r(rs: readonly number[]): number {
  if (rs.length === 0) throw new RangeError("Cannot compute P90R: no trajectories");
  const counts = new Map<number, number>();
  for (const r of rs) counts.set(r, (counts.get(r) ?? 0) + 1);
  const hist = [...counts].sort((a, b) => a[0] - b[0]).map(([r, n]) => ({ r, n }));
  return p90rOf(hist, rs.length);
}

function assertSplit(pass: number, exh: number, wrong: number, where: string): void {
  const s = pass + exh + wrong;
  if (Math.abs(s - 1) > 1e-12) {
    throw new Error(`Pass@B + p_exh + p_wrong = ${s} at ${where}, expected 1 within 1e-12`);
  }
}

function interval(lo: number, hi: number): Interval {
  return { low: lo, high: hi, half_width: (hi - lo) / 2 };
}

/**
 * Percentile bootstrap over query ids (the resampling unit), the three
 * fractions from the same resamples. A resample draws as many ids as there
 * are, uniformly with replacement, and takes Σ count / Σ trajectories over
 * the drawn ids; the interval is the (1 − level)/2 and (1 + level)/2
 * quantiles (linear interpolation, Hyndman–Fan type 7: simple-statistics'
 * `quantileSorted`), as in `clusterBootstrapCi` (lib/score/cluster_bootstrap.ts).
 *
 * The sums depend only on how many drawn ids fall on each id *type* (its
 * trajectories, passes and exhaustions), so a resample draws the type counts
 * from their multinomial law (sequential binomials: d3-random's exact
 * `randomBinomial`, drawn by {@linkcode BinomialSampler} without d3's closures,
 * on the group's seeded stream): the same distribution as drawing ids one by
 * one, at a cost that grows with the number of types (3 for one trajectory per
 * query) instead of the number of ids. Types are
 * taken in sorted order, so nothing depends on line order.
 */
function queryBootstrap(
  ids: QueryIndex,
  rs: ArrayLike<number>,
  cs: ArrayLike<number>,
  o: { B: number; resamples: number; level: number; seed: string },
): NonNullable<ScaleGroupScore["ci"]> {
  const types = idTypes(ids, rs, cs, o.B);
  const n = rs.length;
  let P = 0, E = 0;
  for (const t of types) {
    P += t.ids * t.pass;
    E += t.ids * t.exh;
  }
  if (types.length === 1) {
    return {
      pass_at_b: interval(P / n, P / n),
      p_exh: interval(E / n, E / n),
      p_wrong: interval((n - P - E) / n, (n - P - E) / n),
    };
  }
  const rng = new SeededRandom(o.seed);
  const draws = new BinomialSampler(() => rng.random());
  const g = types.reduce((s, t) => s + t.ids, 0);
  const mp = new Float64Array(o.resamples), me = new Float64Array(o.resamples);
  const mw = new Float64Array(o.resamples);
  for (let b = 0; b < o.resamples; b++) {
    let left = g, leftIds = g, c = 0, p = 0, e = 0;
    for (let k = 0; k < types.length && left > 0; k++) {
      const t = types[k];
      const m = k === types.length - 1 ? left : draws.binomial(left, t.ids / leftIds);
      leftIds -= t.ids;
      left -= m;
      c += m * t.cnt;
      p += m * t.pass;
      e += m * t.exh;
    }
    mp[b] = p / c;
    me[b] = e / c;
    mw[b] = (c - p - e) / c;
  }
  const lo = (1 - o.level) / 2, hi = (1 + o.level) / 2;
  const iv = (m: Float64Array) => {
    const sorted = Array.from(m.sort());
    return interval(quantileSorted(sorted, lo), quantileSorted(sorted, hi));
  };
  return { pass_at_b: iv(mp), p_exh: iv(me), p_wrong: iv(mw) };
}

/** An id type of the bootstrap: `ids` query ids each with `cnt` trajectories, `pass` and `exh` of them. */
interface IdType {
  cnt: number;
  pass: number;
  exh: number;
  ids: number;
}

/** The query ids grouped by (trajectories, passes, exhaustions), in sorted order. */
function idTypes(
  ids: QueryIndex,
  rs: ArrayLike<number>,
  cs: ArrayLike<number>,
  B: number,
): IdType[] {
  const cnt = new Int32Array(ids.count), pass = new Int32Array(ids.count);
  const exh = new Int32Array(ids.count);
  for (let t = 0; t < rs.length; t++) {
    const i = ids.of[t];
    cnt[i]++;
    if (rs[t] > B) exh[i]++;
    else if (cs[t]) pass[i]++;
  }
  // Keyed by cnt, then pass·(cnt + 1) + exh (exact: both are at most cnt).
  const byCnt = new Map<number, Map<number, IdType>>();
  for (let i = 0; i < ids.count; i++) {
    let m = byCnt.get(cnt[i]);
    if (m === undefined) byCnt.set(cnt[i], m = new Map());
    const key = pass[i] * (cnt[i] + 1) + exh[i];
    const t = m.get(key);
    if (t !== undefined) t.ids++;
    else m.set(key, { cnt: cnt[i], pass: pass[i], exh: exh[i], ids: 1 });
  }
  const out = [...byCnt.values()].flatMap((m) => [...m.values()]);
  return out.sort((a, b) => a.cnt - b.cnt || a.pass - b.pass || a.exh - b.exh);
}

/**
 * Scores trajectories by scale (paper 002 §1(a) items 4-8).
 *
 * @example COMPANIONS §1(e)'s golden vector at B = 1
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreScale } from "./score.ts";
 * const R = [0, 1, 1, 2, 3, 5, 1, 1, 2, 9], C = [1, 1, 0, 1, 1, 1, 1, 0, 0, 1];
 * const recs = R.map((r, k) => ({
 *   query_id: `q${k}`, agent: "a", system: "m", scale: { n_irr: 0 }, R: r, correct: C[k] === 1,
 * }));
 * const g = scoreScale(recs, { budget: 1, resamples: 0 }).groups[0];
 * assert.ok(g.pass_at_b === 0.3 && g.p_exh === 0.5 && g.p_wrong === 0.2 && g.p90r === 5);
 * ```
 *
 * @param records scored trajectories (every `correct` must be true or false), an array or any
 *   iterable (read once)
 * @param opts budget, alpha, bootstrap, ladder and boundary options
 * @returns per-group scores, per-pair boundaries and the ladder
 * @throws {TrajectoryInputError} if a record has no correctness, or one label is given two
 *   different N_irr (or one N_irr two labels), or a label is missing from `ladder`, or a
 *   trajectory repeats another of the same (agent, system, scale, query_id) without a
 *   distinct `trajectory_id`, or one without a `trajectory_id` stands beside one with (naming
 *   both lines)
 * @throws {RangeError} on bad options
 */
export function scoreScale(
  records: Iterable<ScoreRecord>,
  opts: ScoreScaleOptions = {},
): ScaleScore {
  const scorer = new ScaleScorer(opts);
  for (const r of records) scorer.add(r);
  return scorer.score();
}

/**
 * {@linkcode scoreScale} one record at a time, so that a reader can aggregate while it streams
 * (issue 29 item 7: `memaudit scale score` reads a file line by line, never holding its text or
 * its records). {@linkcode ScaleScorer.score} gives exactly what `scoreScale` gives for the same
 * records in the same order.
 *
 * @example Two records, added as they are read
 * ```ts
 * import assert from "node:assert/strict";
 * import { ScaleScorer } from "./score.ts";
 * const s = new ScaleScorer({ budget: 1, resamples: 0 });
 * s.add({ query_id: "q1", agent: "a", system: "m", scale: { n_irr: 0 }, R: 0, correct: true });
 * s.add({ query_id: "q2", agent: "a", system: "m", scale: { n_irr: 0 }, R: 3, correct: true });
 * assert.equal(s.score().groups[0].pass_at_b, 0.5);
 * ```
 */
export class ScaleScorer {
  readonly #opts: ScoreScaleOptions;
  readonly #file: string;
  readonly #tree: RecordTree = new Map();
  /** Each distinct query id's number, and the ids by number (a million records share a few). */
  readonly #ids = new Map<string, number>();
  readonly #names: string[] = [];
  /** The last record added and its Acc (files mostly hold a group's records in a row). */
  #last: { r: ScoreRecord; acc: Acc } | undefined;
  #n = 0;

  /**
   * A scorer with no records yet.
   *
   * @param opts budget, alpha, bootstrap, ladder and boundary options (as {@linkcode scoreScale})
   * @throws {RangeError} on bad options
   */
  constructor(opts: ScoreScaleOptions = {}) {
    checkOptions(opts);
    this.#opts = opts;
    this.#file = opts.file ?? "<memory>";
  }

  /** Records added so far. */
  get n(): number {
    return this.#n;
  }

  /**
   * Adds one scored trajectory (step 1: grouped by agent, system and raw scale).
   *
   * @param r the record (its `correct` must be true or false)
   * @throws {TrajectoryInputError} if the record has no correctness
   */
  add(r: ScoreRecord): void {
    const k = this.#n;
    if (r.correct !== true && r.correct !== false) {
      throw new TrajectoryInputError(
        this.#file,
        r.line ?? k + 1,
        "correct",
        "expected true or false (or give a judge log)",
      );
    }
    this.#n++;
    const last = this.#last;
    let acc = last !== undefined && sameGroup(last.r, r) ? last.acc : undefined;
    if (acc === undefined) this.#last = { r, acc: acc = this.#accOf(r, k) };
    let q = this.#ids.get(r.query_id);
    if (q === undefined) {
      this.#ids.set(r.query_id, q = this.#names.length);
      this.#names.push(r.query_id);
    }
    if (r.trajectory_id !== undefined && r.trajectory_id !== "") {
      acc.tids.set(acc.rs.length, r.trajectory_id);
    }
    acc.qids.push(q);
    acc.rs.push(r.R);
    acc.cs.push(r.correct ? 1 : 0);
    acc.lines.push(r.line ?? k + 1);
  }

  /** The records of `r`'s agent, system and raw scale, made for the first (the `k`-th added). */
  #accOf(r: ScoreRecord, k: number): Acc {
    let bySystem = this.#tree.get(r.agent);
    if (bySystem === undefined) this.#tree.set(r.agent, bySystem = new Map());
    let byScale = bySystem.get(r.system);
    if (byScale === undefined) bySystem.set(r.system, byScale = new Map());
    const s = r.scale;
    const raw = s === null ? NO_SCALE : `${s.n_irr ?? ""}\u0001${s.label ?? ""}`;
    let acc = byScale.get(raw);
    if (acc === undefined) {
      byScale.set(
        raw,
        acc = {
          scale: s,
          line: r.line ?? k + 1,
          qids: new Column(),
          names: this.#names,
          rs: new Column(),
          cs: new Column(),
          lines: new DeltaColumn(),
          tids: new Map(),
        },
      );
    }
    return acc;
  }

  /**
   * Scores the records added (steps 2 on: scales resolved, ladder ordered, groups and
   * boundaries scored).
   *
   * @returns per-group scores, per-pair boundaries and the ladder
   * @throws {TrajectoryInputError} as {@linkcode scoreScale} does
   */
  score(): ScaleScore {
    const opts = this.#opts, file = this.#file, tree = this.#tree;
    const B = opts.budget ?? 2, alpha = opts.alpha ?? 0.7, seed = opts.seed ?? 0;
    const resamples = opts.resamples ?? 2000, level = opts.level ?? 0.95;
    const scales = resolveScales(tree, file);
    const ladder = orderLadder(scales, opts.ladder, file);
    const groups: ScaleGroupScore[] = [];
    const boundaries: ScaleBoundaryScore[] = [];
    const warnings: string[] = sameLookingScales(ladder.scales);
    const pair: PairOptions = {
      B,
      alpha,
      resamples,
      level,
      seed,
      file,
      curveMax: opts.curveMax,
      sustained: opts.sustained,
      slots: new Int32Array(this.#names.length).fill(-1),
    };
    for (const agent of [...tree.keys()].sort(byCode)) {
      const bySystem = tree.get(agent)!;
      for (const system of [...bySystem.keys()].sort(byCode)) {
        const scored = scorePair(agent, system, bySystem.get(system)!, scales, ladder, pair);
        groups.push(...scored.groups);
        if (scored.boundary === null) continue;
        boundaries.push(scored.boundary);
        if (scored.boundary.missing_scales.length > 0) {
          warnings.push(missingScaleWarning(scored.boundary));
        }
      }
    }
    return {
      budget: B,
      alpha,
      boundary_rule: opts.sustained ? "sustained" : "first",
      bootstrap: { resamples, level, seed, unit: "query_id" },
      n: this.#n,
      ladder: ladder.scales.map(shownScale),
      groups,
      boundaries,
      warnings,
    };
  }
}

/** Whether two records have the same agent, system and raw scale (false may still be the same). */
function sameGroup(a: ScoreRecord, b: ScoreRecord): boolean {
  if (a.agent !== b.agent || a.system !== b.system) return false;
  const x = a.scale, y = b.scale;
  return x === null || y === null ? x === y : x.label === y.label && x.n_irr === y.n_irr;
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The records of each (agent, system, raw scale), nested maps (no key strings per record). */
type RecordTree = Map<string, Map<string, Map<string, Acc>>>;

/** The scales of the input with labels and N_irr resolved against each other. */
interface ResolvedScales {
  /** Every raw scale's records, and the same sorted by raw scale (a fixed order for errors). */
  raws: Acc[];
  sortedRaws: Acc[];
  /** A raw scale with its label or N_irr filled in from another record that gives both. */
  resolve: (s: TrajectoryScale | null) => TrajectoryScale | null;
}

/** The identity of a resolved scale: N_irr when known, else the label. */
function scaleId(s: TrajectoryScale | null): string {
  return s === null ? NO_SCALE : s.n_irr !== undefined ? `n:${s.n_irr}` : `l:${s.label}`;
}

/**
 * One warning per text that two or more scales of the ladder print as (a label "0" beside an
 * N_irr 0): their rows and the ladder can then be told apart only by their order.
 */
function sameLookingScales(scales: readonly TrajectoryScale[]): string[] {
  const byText = new Map<string, number>();
  for (const s of scales) {
    const text = String(shownScale(s));
    byText.set(text, (byText.get(text) ?? 0) + 1);
  }
  return [...byText].filter(([, n]) => n > 1).map(([text, n]) =>
    `${n} scales print as '${text}' (a label and an N_irr, not one scale): their rows are told ` +
    "apart only by the ladder's order"
  );
}

/** A scale as the output shows it: its label, else N_irr. */
function shownScale(s: TrajectoryScale): number | string {
  return s.label ?? s.n_irr!;
}

/** Step 2: resolves labels <-> N_irr over the whole input; conflicts are input errors. */
function resolveScales(tree: RecordTree, file: string): ResolvedScales {
  const labelToN = new Map<string, { n: number; line: number }>();
  const nToLabel = new Map<number, { label: string; line: number }>();
  const raws: Acc[] = [];
  for (const bySystem of tree.values()) {
    for (const byScale of bySystem.values()) for (const a of byScale.values()) raws.push(a);
  }
  // Visit raw scales in a fixed order so the reported conflict does not depend on line order.
  const rawKey = (s: TrajectoryScale | null) =>
    s === null ? "" : `${s.n_irr ?? ""}\u0001${s.label ?? ""}`;
  const sortedRaws = [...raws].sort((a, b) => byCode(rawKey(a.scale), rawKey(b.scale)));
  for (const a of sortedRaws) {
    const s = a.scale;
    if (s?.label === undefined || s.n_irr === undefined) continue;
    const l = labelToN.get(s.label), m = nToLabel.get(s.n_irr), line = a.line ?? 0;
    const conflict = (expected: string) => new TrajectoryInputError(file, line, "scale", expected);
    if (l !== undefined && l.n !== s.n_irr) {
      throw conflict(
        `expected one n_irr per label: "${s.label}" has n_irr ${l.n} (line ${l.line}) and ${s.n_irr}`,
      );
    }
    if (m !== undefined && m.label !== s.label) {
      throw conflict(
        `expected one label per n_irr: ${s.n_irr} is "${m.label}" (line ${m.line}) and "${s.label}"`,
      );
    }
    labelToN.set(s.label, { n: s.n_irr, line });
    nToLabel.set(s.n_irr, { label: s.label, line });
  }
  const resolve = (s: TrajectoryScale | null): TrajectoryScale | null => {
    if (s === null) return null;
    const n = s.n_irr ?? (s.label !== undefined ? labelToN.get(s.label)?.n : undefined);
    const label = s.label ?? (s.n_irr !== undefined ? nToLabel.get(s.n_irr)?.label : undefined);
    return { ...(label !== undefined ? { label } : {}), ...(n !== undefined ? { n_irr: n } : {}) };
  };
  return { raws, sortedRaws, resolve };
}

/** The ladder: its scales in order and each one's position. */
interface Ladder {
  scales: TrajectoryScale[];
  index: Map<string, number>;
}

/**
 * Step 3: the ladder, every distinct resolved scale in order: by N_irr when all have one, else
 * in the order of `ladder` (a label outside it is an input error), else by label.
 */
function orderLadder(
  scales: ResolvedScales,
  ladder: readonly string[] | undefined,
  file: string,
): Ladder {
  const { resolve } = scales;
  const ladderMap = new Map<string, TrajectoryScale>();
  for (const a of scales.raws) {
    const s = resolve(a.scale);
    if (s !== null) ladderMap.set(scaleId(s), s);
  }
  const allN = [...ladderMap.values()].every((s) => s.n_irr !== undefined);
  const labelOf = (s: TrajectoryScale) => s.label ?? String(s.n_irr);
  let ordered = [...ladderMap.values()];
  if (allN) ordered.sort((a, b) => a.n_irr! - b.n_irr!);
  else if (ladder !== undefined) {
    const pos = new Map(ladder.map((l, i) => [l, i]));
    for (const s of ordered) {
      if (!pos.has(labelOf(s))) {
        const a = scales.sortedRaws.find((x) =>
          x.scale !== null && scaleId(resolve(x.scale)) === scaleId(s)
        );
        throw new TrajectoryInputError(
          file,
          a?.line ?? 0,
          "scale",
          `expected a scale of the ladder ${JSON.stringify(ladder)}, found "${labelOf(s)}"`,
        );
      }
    }
    ordered = ordered.sort((a, b) =>
      pos.get(labelOf(a))! - pos.get(labelOf(b))! || byCode(scaleId(a), scaleId(b))
    );
  } else {
    // A label "0" and an N_irr 0 show alike: their order must not follow the lines'.
    ordered.sort((a, b) =>
      compareLadderLabels(labelOf(a), labelOf(b)) || byCode(scaleId(a), scaleId(b))
    );
  }
  return { scales: ordered, index: new Map(ordered.map((s, i) => [scaleId(s), i])) };
}

/** Budget, boundary and bootstrap settings shared by every (agent, system). */
interface PairOptions {
  B: number;
  alpha: number;
  resamples: number;
  level: number;
  seed: number | string;
  file: string;
  curveMax?: number;
  sustained?: boolean;
  /** Scratch of {@linkcode queryIndex}: -1 for each query id of the scorer. */
  slots: Int32Array;
}

/**
 * Step 4: one (agent, system): its raw scales merged where they resolve to the same scale, each
 * scale's group score in ladder order, and s*_alpha over the scales on the ladder.
 */
function scorePair(
  agent: string,
  system: string,
  byScale: Map<string, Acc>,
  scales: ResolvedScales,
  ladder: Ladder,
  o: PairOptions,
): { groups: ScaleGroupScore[]; boundary: ScaleBoundaryScore | null } {
  const merged = new Map<string, { scale: TrajectoryScale | null; accs: Acc[] }>();
  for (const a of byScale.values()) {
    const s = scales.resolve(a.scale);
    const id = scaleId(s);
    const m = merged.get(id);
    if (m) m.accs.push(a);
    else merged.set(id, { scale: s, accs: [a] });
  }
  const entries = [...merged.entries()].sort((x, y) =>
    (ladder.index.get(x[0]) ?? -1) - (ladder.index.get(y[0]) ?? -1)
  );
  let maxR = 0;
  for (const [, m] of entries) {
    for (const a of m.accs) for (const r of a.rs.view()) if (r > maxR) maxR = r;
  }
  const curveEnd = o.curveMax ?? Math.min(maxR, 10_000);
  const groups: ScaleGroupScore[] = [];
  for (const [id, m] of entries) {
    const seed = `${o.seed}|${agent}|${system}|${id}`;
    const g = scoreGroup(agent, system, m.scale, m.accs, { ...o, curveEnd, seed });
    g.ladder_index = ladder.index.get(id) ?? -1;
    if (m.scale !== null) g.scale = shownScale(m.scale);
    groups.push(g);
  }
  const laddered = groups.filter((g) => g.scale_ref !== null);
  if (laddered.length === 0) return { groups, boundary: null };
  return { groups, boundary: pairBoundary(laddered, ladder.scales, o) };
}

/** The value s* reports for a scale: N_irr when known, else the label. */
function boundaryValue(s: TrajectoryScale): number | string {
  return s.n_irr ?? s.label!;
}

/** s*_alpha of one (agent, system) from its groups on the ladder; scales it lacks are listed. */
function pairBoundary(
  laddered: readonly ScaleGroupScore[],
  ladder: readonly TrajectoryScale[],
  o: { alpha: number; sustained?: boolean },
): ScaleBoundaryScore {
  const points = laddered.map((g) => ({
    scale: boundaryValue(g.scale_ref!),
    pass_at_b: g.pass_at_b,
    n: g.n,
    ci: g.ci?.pass_at_b ?? null,
  }));
  const b = usableScaleBoundary(
    points.map((p) => ({ scale: p.scale, value: p.pass_at_b })),
    o.alpha,
  );
  const have = new Set(laddered.map((g) => g.ladder_index));
  return {
    agent: laddered[0].agent,
    system: laddered[0].system,
    s_star: o.sustained ? b.s_star_sustained : b.s_star,
    recovers: b.recovers,
    s_star_first: b.s_star,
    s_star_sustained: b.s_star_sustained,
    points,
    missing_scales: ladder.filter((_, i) => !have.has(i)).map(boundaryValue),
  };
}

function missingScaleWarning(b: ScaleBoundaryScore): string {
  const pair = `${JSON.stringify(b.agent)}/${JSON.stringify(b.system)}`;
  return `${pair} has no trajectories at scale(s) ${b.missing_scales.join(", ")} of the ` +
    `ladder: its s* = ${b.s_star} is taken over the ${b.points.length} scale(s) it has, ` +
    "and could lie at a missing one";
}

/** Each trajectory's query as a number 0..count-1 (in concatenation order of the accs). */
interface QueryIndex {
  /** The query number of each trajectory. */
  of: Int32Array;
  /** Distinct query ids. */
  count: number;
}

/**
 * Numbers the queries of one group's trajectories, refusing a trajectory
 * that repeats another of the same (agent, system, scale, query): it would
 * count twice in n and every fraction. Trajectories of one query told apart
 * by distinct `trajectory_id`s (repeated trials) are kept.
 */
function queryIndex(
  accs: readonly Acc[],
  where: string,
  file: string,
  slots: Int32Array,
): QueryIndex {
  // slots[q]: the group's number for the scorer's query q, or -1 (set back to -1 on return).
  const queries: number[] = []; // the scorer's query numbers, by the group's number
  const plainLine: number[] = []; // line of the query's trajectory without an id, 0 if none
  const idLine: number[] = []; // line of the query's first trajectory with an id, 0 if none
  const byId = new Map<string, number>();
  const of = new Int32Array(accs.reduce((s, a) => s + a.qids.length, 0));
  let t = 0;
  try {
    for (const a of accs) {
      const qids = a.qids.view(), lines = a.lines.values();
      for (let k = 0; k < qids.length; k++, t++) {
        const tid = a.tids.get(k) ?? "", line = lines[k];
        let i = slots[qids[k]];
        if (i < 0) {
          slots[qids[k]] = i = queries.length;
          queries.push(qids[k]);
          plainLine.push(0);
          idLine.push(0);
        }
        of[t] = i;
        let before: number | undefined;
        // A trial without an id beside trials with ids: one of them may repeat another.
        const other = tid === "" ? idLine[i] : plainLine[i];
        if (other !== 0) throw unnamedTrial(file, where, a.names[qids[k]], line, other, tid === "");
        if (tid === "") {
          if (plainLine[i] === 0) plainLine[i] = line;
          else before = plainLine[i];
        } else {
          if (idLine[i] === 0) idLine[i] = line;
          const key = JSON.stringify([a.names[qids[k]], tid]);
          before = byId.get(key);
          if (before === undefined) byId.set(key, line);
        }
        if (before !== undefined) throw repeated(file, where, a.names[qids[k]], tid, line, before);
      }
    }
  } finally {
    for (const q of queries) slots[q] = -1;
  }
  return { of, count: plainLine.length };
}

/**
 * The error for a trajectory on `line` of a query that also has one on line `before`, one of the
 * two with a `trajectory_id` and the other without (`plainNow`: the one on `line` has none).
 */
function unnamedTrial(
  file: string,
  where: string,
  q: string,
  line: number,
  before: number,
  plainNow: boolean,
): TrajectoryInputError {
  const [plain, named] = plainNow ? [line, before] : [before, line];
  return new TrajectoryInputError(
    file,
    line,
    "trajectory_id",
    `expected one trajectory per (query, scale) of ${where}, or repeated trials each with a ` +
      `trajectory_id: query ${JSON.stringify(q)} has one without (line ${plain}) and one with ` +
      `(line ${named})`,
  );
}

/** The error for a trajectory on `line` that repeats the one on line `before`. */
function repeated(
  file: string,
  where: string,
  q: string,
  tid: string,
  line: number,
  before: number,
): TrajectoryInputError {
  return new TrajectoryInputError(
    file,
    line,
    tid === "" ? "query_id" : "trajectory_id",
    `expected one trajectory per (query, scale) of ${where}: query ${JSON.stringify(q)}` +
      `${tid === "" ? "" : ` (trajectory ${JSON.stringify(tid)})`} is also on line ${before}` +
      (tid === "" ? " (give repeated trials distinct trajectory_id values)" : ""),
  );
}

/** One column of several Accs, end to end (the column itself for one). */
function joined(accs: readonly Acc[], col: (a: Acc) => ColumnArray): ColumnArray {
  if (accs.length === 1) return col(accs[0]);
  const parts = accs.map(col);
  const out = new Float64Array(parts.reduce((s, p) => s + p.length, 0)); // parts may differ in width
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function scoreGroup(
  agent: string,
  system: string,
  scale: TrajectoryScale | null,
  accs: Acc[],
  o: Omit<PairOptions, "seed"> & { curveEnd: number; seed: string },
): ScaleGroupScore {
  const where = `${JSON.stringify(agent)}/${JSON.stringify(system)} at ${
    scale === null ? "no scale" : `scale ${scale.label ?? scale.n_irr}`
  }`;
  const ids = queryIndex(accs, where, o.file, o.slots);
  const all = new Map<number, number>(), corr = new Map<number, number>();
  let n = 0, sumR = 0, pass = 0, exh = 0;
  for (const a of accs) {
    const rs = a.rs.view(), cs = a.cs.view();
    for (let k = 0; k < rs.length; k++) {
      const r = rs[k];
      all.set(r, (all.get(r) ?? 0) + 1);
      if (cs[k]) corr.set(r, (corr.get(r) ?? 0) + 1);
      sumR += r;
      if (r > o.B) exh++;
      else if (cs[k]) pass++;
    }
    n += rs.length;
  }
  const wrong = n - pass - exh;
  const hist = [...all.keys()].sort((x, y) => x - y).map((r) => ({
    r,
    n: all.get(r)!,
    correct: corr.get(r) ?? 0,
  }));
  const at = `${agent}/${system}/${scale === null ? "-" : JSON.stringify(scale)}`;
  assertSplit(pass / n, exh / n, wrong / n, at);

  // Pass@B(B) curve from the histogram (budgets are post hoc).
  const curve: BudgetPoint[] = [];
  let h = 0, cumAll = 0, cumCorr = 0;
  for (let b = 0; b <= o.curveEnd; b++) {
    while (h < hist.length && hist[h].r <= b) {
      cumAll += hist[h].n;
      cumCorr += hist[h].correct;
      h++;
    }
    const p = cumCorr / n, e = (n - cumAll) / n, w = (cumAll - cumCorr) / n;
    assertSplit(p, e, w, `${at} B=${b}`);
    curve.push({ B: b, pass_at_b: p, p_exh: e, p_wrong: w });
  }

  let ci: ScaleGroupScore["ci"] = null;
  if (o.resamples > 0) {
    ci = queryBootstrap(ids, joined(accs, (a) => a.rs.view()), joined(accs, (a) => a.cs.view()), o);
  }
  return {
    agent,
    system,
    scale: null,
    scale_ref: scale,
    ladder_index: -1,
    n,
    queries: ids.count,
    pass_at_b: pass / n,
    p_exh: exh / n,
    p_wrong: wrong / n,
    counts: { pass, exh, wrong },
    p90r: p90rOf(hist, n),
    mean_r: sumR / n,
    max_r: hist[hist.length - 1].r,
    r_histogram: hist,
    curve,
    ci,
  };
}
