/**
 * Storage-gating policies (paper 003; COMPANIONS §2(a) "Storage gating",
 * §2(e) "Gating") and retention under each policy's skip set.
 *
 * - `universal`: store every session (no gating);
 * - `oracle`: store iff the ground-truth `memory_required` is true;
 * - OFFLINE ANALOGUES of the paper's three LLM methods (labelled as such:
 *   they are not the paper's methods and their numbers are not the paper's):
 *   - `session-local (analogue)`: a session-local noisy signal with declared
 *     true- and false-positive rates (the Greedy method sees only the
 *     current dialogue);
 *   - `recent-context (analogue)`: store iff the session's domain occurs at
 *     least twice among the current session and the previous K = 5 (the
 *     Context-aware method also sees the last K summaries);
 *   - `structure-cluster (analogue)`: a note over windows of 10 sessions
 *     whose clusters become projects, relabelled retroactively (see
 *     {@linkcode structureClusterPolicy}).
 *
 * @module
 */
import { SeededRandom } from "../base/rng/seeded_random.ts";
import type { SessionFile } from "./formats.ts";
import { type GatingDecision, type GatingMetrics, gatingMetrics } from "./gating.ts";
import { judgeTracks, provenanceJudge } from "./judges.ts";
import { replayBank, type SessionWrites } from "./replay.ts";
import {
  type ReferenceFact,
  retentionRate,
  type RetentionReport,
  type Reweight,
} from "./retention_rate.ts";

/** A gating policy: decides, for each session of a user, whether to store it. */
export interface GatingPolicy {
  /** Short name (e.g. `oracle`, `recent-context (analogue)`). */
  readonly name: string;
  /** `reference` (universal, oracle) or `offline analogue`. */
  readonly kind: "reference" | "offline analogue";
  /**
   * The decisions for one user's sessions (in session order).
   *
   * @param user the user id
   * @param sessions the user's session files
   * @returns one decision per session
   */
  decide(user: string, sessions: readonly SessionFile[]): GatingDecision[];
}

const decisions = (
  user: string,
  sessions: readonly SessionFile[],
  pred: (s: SessionFile, i: number) => boolean,
): GatingDecision[] =>
  [...sessions].sort((a, b) => a.session_id - b.session_id).map((s, i) => ({
    user,
    session: s.session_id,
    required: s.memory_required,
    predicted: pred(s, i),
  }));

/** Store every session. */
export function universalPolicy(): GatingPolicy {
  return { name: "universal", kind: "reference", decide: (u, ss) => decisions(u, ss, () => true) };
}

/** Store exactly the memory-required sessions. */
export function oraclePolicy(): GatingPolicy {
  return {
    name: "oracle",
    kind: "reference",
    decide: (u, ss) => decisions(u, ss, (s) => s.memory_required),
  };
}

/**
 * The session-local analogue: a noisy per-session signal with declared rates, P(store |
 * required) = 0.85 and P(store | transient) = 0.35 (deterministic per seed, user and session).
 *
 * @param opts the seed (default 0)
 * @returns the policy
 */
export function sessionLocalPolicy(opts: { seed?: number | string } = {}): GatingPolicy {
  const tpr = 0.85, fpr = 0.35, seed = opts.seed ?? 0;
  return {
    name: "session-local (analogue)",
    kind: "offline analogue",
    decide(user, ss) {
      const rng = new SeededRandom(`${seed}/session-local/${user}`);
      return decisions(user, ss, (s) => rng.random() < (s.memory_required ? tpr : fpr));
    },
  };
}

/**
 * The recent-context analogue: store iff the session's domain occurs at least twice among the
 * current session and the previous `window` sessions.
 *
 * @param opts `window`: the previous sessions looked at (default 5, the paper's K)
 * @returns the policy
 */
export function recentContextPolicy(opts: { window?: number } = {}): GatingPolicy {
  const k = opts.window ?? 5, min = 2;
  return {
    name: "recent-context (analogue)",
    kind: "offline analogue",
    decide(user, ss) {
      const sorted = [...ss].sort((a, b) => a.session_id - b.session_id);
      return decisions(user, sorted, (s, i) => {
        let c = 1; // the session itself
        for (let j = Math.max(0, i - k); j < i; j++) if (sorted[j].domain === s.domain) c++;
        return c >= min;
      });
    },
  };
}

/** The cluster key of a session: domain and its title with numbers and step markers removed. */
export function clusterKey(s: SessionFile): string {
  const title = (s.event_title ?? "").toLowerCase().replace(/,?\s*step\s*\d+/g, "")
    .replace(/\d+/g, "#").trim();
  return `${s.domain}\u0000${title}`;
}

/**
 * The structure-clustering analogue: a note clusters the sessions (by domain, or by domain and
 * title) and is updated once per window of 10; a cluster with at least 2 sessions inside one
 * window becomes a project, and all its sessions, earlier windows' too, are relabelled required.
 * Final labels come from the final note; a session it never saw defaults to required.
 *
 * @param opts window and cluster key
 * @returns the policy
 */
export function structureClusterPolicy(opts: {
  /** Sessions per note update (default 10). */
  window?: number;
  /**
   * Cluster key: "domain" (default) or "domain+title" ({@linkcode clusterKey}; on simulated
   * data the titles give projects away, so that variant is close to the oracle).
   */
  key?: "domain" | "domain+title";
} = {}): GatingPolicy {
  const w = opts.window ?? 10, min = 2, key = opts.key ?? "domain";
  return {
    name: key === "domain" ? "structure-cluster (analogue)" : "structure-cluster+title (analogue)",
    kind: "offline analogue",
    decide(user, ss) {
      const sorted = [...ss].sort((a, b) => a.session_id - b.session_id);
      const keyOf = key === "domain" ? (s: SessionFile) => s.domain : clusterKey;
      // The note: cluster -> its sessions so far and whether it is a project.
      const note = new Map<string, { ids: number[]; project: boolean }>();
      for (let start = 0; start < sorted.length; start += w) {
        const inWindow = new Map<string, number>();
        for (const s of sorted.slice(start, start + w)) {
          const k = keyOf(s);
          const c = note.get(k) ?? { ids: [], project: false };
          c.ids.push(s.session_id);
          note.set(k, c);
          inWindow.set(k, (inWindow.get(k) ?? 0) + 1);
        }
        for (const [k, n] of inWindow) if (n >= min) note.get(k)!.project = true;
      }
      const label = new Map<number, boolean>();
      for (const c of note.values()) for (const id of c.ids) label.set(id, c.project);
      return decisions(user, sorted, (s) => label.get(s.session_id) ?? true);
    },
  };
}

/** The benchmark's five policies' offline stand-ins, in table order. */
export function defaultPolicies(seed: number | string = 0): GatingPolicy[] {
  return [
    universalPolicy(),
    oraclePolicy(),
    sessionLocalPolicy({ seed }),
    recentContextPolicy(),
    structureClusterPolicy(),
  ];
}

/** One user's input to {@linkcode evaluatePolicies}. */
export interface PolicyUser {
  /** The user id. */
  user: string;
  /** The user's sessions (ground truth memory_required). */
  sessions: readonly SessionFile[];
  /** The user's reference facts. */
  facts: readonly ReferenceFact[];
  /** The unbudgeted writes of the memory system. */
  writes: SessionWrites;
}

/** Retention of one policy at one budget, over all users. */
export interface PolicyRow {
  /** The policy's name. */
  policy: string;
  /** Its kind (reference or offline analogue). */
  kind: GatingPolicy["kind"];
  /** Entry budget B (null: no budget). */
  budget: number | null;
  /** Users (n of the means). */
  users: number;
  /** Benchmark mean of the pooled RR, all sessions. */
  pooledExact: number | null;
  /** Benchmark mean of the pooled RR, K checkpoints. */
  pooledK: number | null;
  /** Benchmark mean of the per-fact macro RR, all sessions. */
  perFactExact: number | null;
  /** Oracle − this policy (pooledExact), the headroom; null without an oracle row. */
  headroom: number | null;
  /** Gating metrics of the policy (pooled over users). */
  gating: GatingMetrics;
  /** The full retention report. */
  report: RetentionReport;
}

/**
 * Retention under each policy's skip set at each budget (FIFO replay of
 * the same unbudgeted writes), with the Oracle − policy headroom.
 *
 * @param users the users (sessions, facts, writes)
 * @param opts budgets, policies, and the K estimate's checkpoints and reweighting (as
 *   {@linkcode retentionRate}'s); presence is judged by provenance (the replayed writes carry the
 *   ids of the facts they hold)
 * @returns one row per (policy, budget), policies outer, budgets inner
 */
export function evaluatePolicies(
  users: readonly PolicyUser[],
  opts: {
    /** Entry budgets B (Infinity = no budget). */
    budgets: readonly number[];
    /** Policies (default {@linkcode defaultPolicies}). */
    policies?: readonly GatingPolicy[];
    /** Checkpoints K of the sampled estimate pooledK (default 20). */
    k?: number;
    /** Reweighting of the K estimate (default artifact; `exact`: L/n per sample). */
    reweight?: Reweight;
  },
): PolicyRow[] {
  const policies = opts.policies ?? defaultPolicies();
  const judge = provenanceJudge();
  const rows: PolicyRow[] = [];
  for (const p of policies) {
    const decided = users.map((u) => p.decide(u.user, u.sessions));
    const gating = gatingMetrics(decided.flat());
    for (const b of opts.budgets) {
      const tracks = users.flatMap((u, i) => {
        const skip = new Set(decided[i].filter((d) => !d.predicted).map((d) => d.session));
        const sessions = [...u.sessions].map((s) => s.session_id).sort((a, c) => a - c);
        const banks = replayBank(sessions, u.writes, { maxEntries: b, skip });
        return judgeTracks(u.facts, new Map([[u.user, banks]]), judge);
      });
      const report = retentionRate(tracks, { k: opts.k, reweight: opts.reweight });
      rows.push({
        policy: p.name,
        kind: p.kind,
        budget: Number.isFinite(b) ? b : null,
        users: report.benchmark.users,
        pooledExact: report.benchmark.pooledExact,
        pooledK: report.benchmark.pooledK,
        perFactExact: report.benchmark.perFactExact,
        headroom: null,
        gating,
        report,
      });
    }
  }
  for (const r of rows) {
    const o = rows.find((x) => x.policy === "oracle" && x.budget === r.budget);
    if (o && o.pooledExact !== null && r.pooledExact !== null) {
      r.headroom = o.pooledExact - r.pooledExact;
    }
  }
  return rows;
}
