/**
 * Memory Retention Rate of paper 003 (PerMem-Bench), exact and sampled
 * (COMPANIONS §2(a), decision §6.1).
 *
 * A reference fact r of a user has a lifespan T(r) = the sessions
 * t_start(r)..t_target(r) inclusive (L_r = t_target − t_start + 1) and a
 * presence I(r ∈ M_t) in 0/1 for every t in T(r). Three aggregations:
 *
 * - per-fact rate: Σ_{t∈T(r)} I / L_r;
 * - per-user pooled RR (default, the benchmark code's lifespan-weighted pool):
 *   RR_u = Σ_r Σ_{t∈T(r)} I / Σ_r L_r; the per-fact macro average
 *   (mean over the user's facts of the per-fact rate) is the named option;
 * - benchmark RR: the unweighted mean of the per-user values over users.
 *
 * Every value is computed twice: exactly over all sessions, and as the
 * benchmark's K-checkpoint estimate ({@linkcode checkpointIndices}) with the
 * artifact's reweighting (each sampled score replicated
 * m = round_half_even(L_r / n_samples) times, then a plain mean of the
 * user's pooled list) or the exact weights (L_r / n_samples per sample).
 *
 * @module
 */
import { artifactReplicas, checkpointIndices, DEFAULT_CHECKPOINTS } from "./checkpoints.ts";

/** The two reference-memory types the benchmark's evaluator scores. */
export type ReferenceType = "user_profile" | "ongoing_state";

/** A reference fact and its lifespan (session ids are integers). */
export interface ReferenceFact {
  /** The user (PerMem-Bench `uuid`). */
  user: string;
  /** The fact's id, unique within its user. */
  fact: string;
  /** `user_profile` or `ongoing_state`. */
  type: ReferenceType;
  /** t_start(r): the session whose reference memories contain r. */
  tStart: number;
  /** T_target(r): the last session of the lifespan (inclusive, >= tStart). */
  tTarget: number;
  /** The fact's text, when known (lexical judges need it). */
  text?: string;
  /**
   * The session of an explicit update that supersedes r (data with supersession links only;
   * the benchmark has none). Used only by {@linkcode endOnUpdate}.
   */
  supersededAt?: number;
}

/** A reference fact with its presence over the lifespan. */
export interface FactTrack extends ReferenceFact {
  /** I(r ∈ M_t) for t = tStart + i, i = 0..L_r−1 (1 present, 0 absent); length L_r. */
  present: Uint8Array;
}

/** How the K-checkpoint estimate weights its samples. */
export type Reweight = "artifact" | "exact";

/** Which per-user aggregation is the headline `value` (both are always computed). */
export type Aggregate = "pooled" | "perFact";

/** Options of {@linkcode retentionRate}. */
export interface RetentionOptions {
  /** Checkpoints per fact, K (default 20). */
  k?: number;
  /** Sample weights of the estimate: "artifact" (integer replicas, default) or "exact" (L_r / n). */
  reweight?: Reweight;
  /** The headline aggregation (default "pooled", the benchmark code's). */
  aggregate?: Aggregate;
}

/** Retention of one fact. */
export interface FactRetention
  extends Pick<ReferenceFact, "user" | "fact" | "type" | "tStart" | "tTarget"> {
  /** L_r in sessions. */
  lifespan: number;
  /** Sessions of the lifespan where the fact is present. */
  held: number;
  /** held / lifespan. */
  exact: number;
  /** Checkpoints taken (min(L_r, K)). */
  samples: number;
  /** Checkpoints where the fact is present. */
  sampledHeld: number;
  /** sampledHeld / samples (the evaluator's `retention_rate` column). */
  sampled: number;
  /** The artifact's replicas per sample, m = round_half_even(L_r / samples). */
  replicas: number;
}

/**
 * The retention values reported per user and, averaged over users, for the
 * benchmark: pooled RR over all sessions and from the K checkpoints, the
 * per-fact macro average both ways, their errors, and the headline.
 */
export interface RetentionValues {
  /** Pooled RR_u over all sessions, Σ held / Σ L_r (for the benchmark: the mean over users). */
  pooledExact: number | null;
  /** Pooled RR_u from the K checkpoints with the chosen reweighting (benchmark: mean over users). */
  pooledK: number | null;
  /** pooledK − pooledExact. */
  pooledError: number | null;
  /** Mean over facts of the exact per-fact rate (benchmark: mean over users). */
  perFactExact: number | null;
  /** Mean over facts of the sampled per-fact rate (benchmark: mean over users). */
  perFactK: number | null;
  /** perFactK − perFactExact. */
  perFactError: number | null;
  /** The headline: pooledExact or perFactExact, by `aggregate`. */
  value: number | null;
}

/** Retention of one user (null values: a user without facts). */
export interface UserRetention extends RetentionValues {
  /** The user id. */
  user: string;
  /** Number of facts. */
  facts: number;
  /** Σ_r L_r in sessions. */
  lifespanTotal: number;
}

/** The whole result of {@linkcode retentionRate}. */
export interface RetentionReport {
  /** The options used (defaults filled in). */
  options: Required<RetentionOptions>;
  /** Per fact, users in code-unit order, then facts in code-unit order. */
  facts: FactRetention[];
  /** Per user, in code-unit order of the ids. */
  users: UserRetention[];
  /** The benchmark mean over users. */
  benchmark: RetentionValues & {
    /** Users with at least one fact (n of the means). */
    users: number;
    /** Users without facts, left out of the means. */
    usersWithoutFacts: number;
  };
}

/**
 * Builds a {@linkcode FactTrack} from the sessions where a fact is present
 * (sessions outside the lifespan are ignored).
 *
 * @param fact the fact and its lifespan
 * @param presentSessions session ids where I(r ∈ M_t) = 1
 * @throws {RangeError} if the lifespan is not integers with tStart <= tTarget
 */
export function trackFromSessions(
  fact: ReferenceFact,
  presentSessions: Iterable<number>,
): FactTrack {
  const n = lifespanOf(fact);
  const present = new Uint8Array(n);
  for (const t of presentSessions) {
    const i = t - fact.tStart;
    if (Number.isInteger(i) && i >= 0 && i < n) present[i] = 1;
  }
  return { ...fact, present };
}

/**
 * Builds a {@linkcode FactTrack} by asking a judge at every session of the lifespan.
 *
 * @param fact the fact and its lifespan
 * @param judge I(r ∈ M_t) for a session id t
 * @throws {RangeError} if the lifespan is not integers with tStart <= tTarget
 */
export function trackFromJudge(fact: ReferenceFact, judge: (t: number) => boolean): FactTrack {
  const n = lifespanOf(fact);
  const present = new Uint8Array(n);
  for (let i = 0; i < n; i++) present[i] = judge(fact.tStart + i) ? 1 : 0;
  return { ...fact, present };
}

/**
 * L_r = tTarget − tStart + 1 (sessions) after checking the lifespan.
 *
 * @throws {RangeError} if the ids are not integers or tTarget < tStart
 */
export function lifespanOf(fact: ReferenceFact): number {
  if (
    !Number.isInteger(fact.tStart) || !Number.isInteger(fact.tTarget) || fact.tTarget < fact.tStart
  ) {
    throw new RangeError(
      `Cannot use fact ${fact.user}/${fact.fact}: expected integer sessions with t_start <= t_target, got ${fact.tStart}..${fact.tTarget}`,
    );
  }
  return fact.tTarget - fact.tStart + 1;
}

/**
 * Retention of one fact: exact, and at the K checkpoints.
 *
 * @param track the fact and its presence
 * @param k checkpoints per fact (default 20)
 * @returns the per-fact numbers
 * @throws {RangeError} if the track's length is not its lifespan
 */
export function factRetention(track: FactTrack, k: number = DEFAULT_CHECKPOINTS): FactRetention {
  const n = lifespanOf(track);
  if (track.present.length !== n) {
    throw new RangeError(
      `Cannot score fact ${track.user}/${track.fact}: presence has ${track.present.length} sessions, lifespan ${n}`,
    );
  }
  let held = 0;
  for (let i = 0; i < n; i++) held += track.present[i] ? 1 : 0;
  const idx = checkpointIndices(n, k);
  let sampledHeld = 0;
  for (const i of idx) sampledHeld += track.present[i] ? 1 : 0;
  return {
    user: track.user,
    fact: track.fact,
    type: track.type,
    tStart: track.tStart,
    tTarget: track.tTarget,
    lifespan: n,
    held,
    exact: held / n,
    samples: idx.length,
    sampledHeld,
    sampled: sampledHeld / idx.length,
    replicas: artifactReplicas(n, idx.length),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One user's retention from their per-fact results (any order; nulls without facts). */
function aggregateUser(
  user: string,
  facts: readonly FactRetention[],
  reweight: Reweight,
  aggregate: Aggregate,
): UserRetention {
  const sorted = [...facts].sort((a, b) => cmp(a.fact, b.fact));
  let held = 0, life = 0, sumExact = 0, sumSampled = 0;
  // Artifact: integer sums (held samples × m over samples × m); exact: Σ L·mean / Σ L.
  let repHeld = 0, repTotal = 0, wHeld = 0;
  for (const f of sorted) {
    held += f.held;
    life += f.lifespan;
    sumExact += f.exact;
    sumSampled += f.sampled;
    repHeld += f.sampledHeld * f.replicas;
    repTotal += f.samples * f.replicas;
    wHeld += f.lifespan * f.sampled;
  }
  const m = sorted.length;
  const pooledExact = m === 0 ? null : held / life;
  const pooledK = m === 0 ? null : reweight === "artifact" ? repHeld / repTotal : wHeld / life;
  const perFactExact = m === 0 ? null : sumExact / m;
  const perFactK = m === 0 ? null : sumSampled / m;
  return {
    user,
    facts: m,
    lifespanTotal: life,
    ...retentionValues(pooledExact, pooledK, perFactExact, perFactK, aggregate),
  };
}

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** The seven {@linkcode RetentionValues} from the four rates: errors and the headline derived. */
function retentionValues(
  pooledExact: number | null,
  pooledK: number | null,
  perFactExact: number | null,
  perFactK: number | null,
  aggregate: "pooled" | "perFact",
): RetentionValues {
  return {
    pooledExact,
    pooledK,
    pooledError: diff(pooledK, pooledExact),
    perFactExact,
    perFactK,
    perFactError: diff(perFactK, perFactExact),
    value: aggregate === "pooled" ? pooledExact : perFactExact,
  };
}

/** The mean of the numbers among `xs` (nulls left out), or null when there are none. */
export function mean(xs: readonly (number | null)[]): number | null {
  const ys = xs.filter((x): x is number => x !== null);
  return ys.length === 0 ? null : ys.reduce((s, x) => s + x, 0) / ys.length;
}

/**
 * Memory Retention Rate per fact, per user and for the benchmark (the
 * unweighted mean over users), exact and from K checkpoints.
 *
 * @example The two-fact worked example of COMPANIONS §2(a)
 * ```ts
 * import { retentionRate, trackFromSessions } from "./retention_rate.ts";
 * const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
 * const f1 = trackFromSessions({ user: "u", fact: "f1", type: "user_profile", tStart: 3, tTarget: 52 }, range(3, 30));
 * const f2 = trackFromSessions({ user: "u", fact: "f2", type: "ongoing_state", tStart: 10, tTarget: 16 },
 *   range(10, 16).filter((t) => t !== 12));
 * const r = retentionRate([f1, f2]);
 * if (Math.abs(r.benchmark.pooledExact! - 34 / 57) > 1e-12) throw new Error("34/57");
 * if (Math.abs(r.benchmark.pooledK! - 28 / 47) > 1e-12) throw new Error("0.5957");
 * ```
 *
 * @param tracks every fact of every user with its presence (any order)
 * @param opts K, reweighting, headline aggregation
 * @returns per-fact, per-user and benchmark values
 * @throws {RangeError} on a bad lifespan, a track whose length is not its lifespan,
 *   a fact id twice for a user, or a bad K
 */
export function retentionRate(
  tracks: readonly FactTrack[],
  opts: RetentionOptions = {},
): RetentionReport {
  const options: Required<RetentionOptions> = {
    k: opts.k ?? DEFAULT_CHECKPOINTS,
    reweight: opts.reweight ?? "artifact",
    aggregate: opts.aggregate ?? "pooled",
  };
  checkpointIndices(0, options.k); // validates K
  const byUser = new Map<string, FactRetention[]>();
  const seen = new Set<string>();
  for (const t of tracks) {
    const key = JSON.stringify([t.user, t.fact]);
    if (seen.has(key)) {
      throw new RangeError(
        `Cannot score retention: fact ${t.fact} of user ${t.user} appears twice`,
      );
    }
    seen.add(key);
    const list = byUser.get(t.user) ?? [];
    list.push(factRetention(t, options.k));
    byUser.set(t.user, list);
  }
  const users = [...byUser.keys()].sort(cmp).map((u) =>
    aggregateUser(u, byUser.get(u)!, options.reweight, options.aggregate)
  );
  const facts = [...byUser.keys()].sort(cmp).flatMap((u) =>
    [...byUser.get(u)!].sort((a, b) => cmp(a.fact, b.fact))
  );
  const withFacts = users.filter((u) => u.facts > 0);
  const pooledExact = mean(withFacts.map((u) => u.pooledExact));
  const pooledK = mean(withFacts.map((u) => u.pooledK));
  const perFactExact = mean(withFacts.map((u) => u.perFactExact));
  const perFactK = mean(withFacts.map((u) => u.perFactK));
  return {
    options,
    facts,
    users,
    benchmark: {
      users: withFacts.length,
      usersWithoutFacts: users.length - withFacts.length,
      ...retentionValues(pooledExact, pooledK, perFactExact, perFactK, options.aggregate),
    },
  };
}

/**
 * The `endOnUpdate` option (COMPANIONS §2(a) "Updates do not end a lifespan
 * in the code"): a fact with `supersededAt` = u keeps its lifespan only
 * through session u − 1 (the update's session starts the new fact's own
 * lifespan); a fact superseded at or before its t_start is dropped. Off in
 * the benchmark (its data has no supersession), so apply it explicitly.
 *
 * @returns the tracks with lifespans ended at the update, in input order
 */
export function endOnUpdate(tracks: readonly FactTrack[]): FactTrack[] {
  const out: FactTrack[] = [];
  for (const t of tracks) {
    const u = t.supersededAt;
    if (u === undefined || u > t.tTarget) {
      out.push(t);
      continue;
    }
    if (u <= t.tStart) continue;
    out.push({ ...t, tTarget: u - 1, present: t.present.slice(0, u - t.tStart) });
  }
  return out;
}
