/**
 * Offline trajectory SIMULATORS over a scale ladder (COMPANIONS §1(e)):
 * BM25 memory calls, a stop rule, a structural judge and optional reader
 * noise, emitting `memaudit.trajectory/1` records so the one scorer serves
 * simulated and real runs alike. They are stand-ins for agents, labelled as
 * such: agent names start with `sim-`, the system is `sim-bm25-<granularity>`,
 * `params.simulated` is true and the judge is `{kind: "structural"}`. They are
 * never paper 002's agents or memory systems.
 *
 * Interfaces:
 * - `single-shot`: one call, top-k; R = 1 (the HippoRAG-like pattern:
 *   p_exh = 0 at B >= 1, p_wrong grows with N_irr).
 * - `iterative`: call; then, if R = R_max stop, else stop with probability
 *   p_stop_hit when the union retrieved so far covers E(q) and p_stop_miss
 *   when it does not; otherwise reformulate by pseudo-relevance feedback
 *   (append the m highest-idf terms of the last call's top item that are not
 *   in the query yet) and call again. Weak stop control (low p_stop_hit)
 *   gives the LiCoMemory-8B pattern: high p_exh, low p_wrong.
 * - `fixed-depth`: exactly `depth` calls, reformulating after each; R = depth.
 *
 * Randomness: one seedrandom stream per (seed, agent, query id, scale label),
 * `seedrandom("<seed>/<agent>/<query id>/<label>")`, recorded in every
 * trajectory (`seed`, `params.stream`) with every parameter.
 *
 * @module
 */
import { SeededRandom } from "../base/rng/seeded_random.ts";
import { type Granularity, HistoryRetriever, type RetrievedItem, tokenize } from "../base/bm25.ts";
import { evidenceCovered, foundSessions, type JudgeTarget, simulatedReader } from "./judge.ts";
import type { Ladder, LadderRung, QueryLadder } from "./ladder.ts";
import { type Trajectory, TRAJECTORY_SCHEMA } from "./trajectory.ts";

/** Simulated interface kinds. */
export const SIMULATOR_KINDS = ["single-shot", "iterative", "fixed-depth"] as const;
/** One of {@linkcode SIMULATOR_KINDS}. */
export type SimulatorKind = (typeof SIMULATOR_KINDS)[number];

/** The memory tool name the simulators call. */
export const SIM_MEMORY_TOOL = "search_memory";

/** A simulated agent + interface. */
export interface SimulatorSpec {
  /** Agent name; must start with `sim-` (it is a simulator). */
  name: string;
  /** Simulator kind. */
  kind: SimulatorKind;
  /** Items per call (default 12, paper 002's fair-exposure top-k). */
  k?: number;
  /** Retrieval granularity (default `session`). */
  granularity?: Granularity;
  /** Roles indexed (default `["user"]`). */
  roles?: readonly ("user" | "assistant")[];
  /** iterative: stop probability after a call when E(q) is covered (default 0.9). */
  pStopHit?: number;
  /** iterative: stop probability after a call when it is not (default 0.2). */
  pStopMiss?: number;
  /** iterative: hard cap on calls R_max (default 8). */
  rMax?: number;
  /** fixed-depth: calls per trajectory (default 3). */
  depth?: number;
  /** Feedback terms added per reformulation, m (default 3). */
  feedbackTerms?: number;
  /** Reader noise ε_read (default 0). */
  epsilonRead?: number;
  /** Reader noise γ_guess (default 0). */
  gammaGuess?: number;
}

/**
 * Named presets used by notebook 08 and the CLI: one single-shot interface,
 * an iterative one with strong and one with weak stop control, and a
 * fixed-depth one.
 */
export const SIMULATOR_PRESETS: Readonly<Record<string, SimulatorSpec>> = {
  "sim-single-shot": { name: "sim-single-shot", kind: "single-shot" },
  "sim-iterative-strong": {
    name: "sim-iterative-strong",
    kind: "iterative",
    pStopHit: 0.95,
    pStopMiss: 0.35,
    rMax: 8,
  },
  "sim-iterative-weak": {
    name: "sim-iterative-weak",
    kind: "iterative",
    pStopHit: 0.3,
    pStopMiss: 0.1,
    rMax: 8,
  },
  "sim-fixed-depth-3": { name: "sim-fixed-depth-3", kind: "fixed-depth", depth: 3 },
};

function checkSpec(spec: SimulatorSpec): Required<Omit<SimulatorSpec, "roles">> & {
  roles: readonly ("user" | "assistant")[];
} {
  if (!spec.name.startsWith("sim-")) {
    throw new RangeError(
      `Cannot simulate '${spec.name}': a simulator's name must start with "sim-"`,
    );
  }
  if (!(SIMULATOR_KINDS as readonly string[]).includes(spec.kind)) {
    throw new RangeError(
      `Cannot simulate '${spec.name}': kind '${spec.kind}' is not one of ${
        SIMULATOR_KINDS.join(", ")
      }`,
    );
  }
  const full = {
    name: spec.name,
    kind: spec.kind,
    k: spec.k ?? 12,
    granularity: spec.granularity ?? "session",
    roles: spec.roles ?? ["user"],
    pStopHit: spec.pStopHit ?? 0.9,
    pStopMiss: spec.pStopMiss ?? 0.2,
    rMax: spec.rMax ?? 8,
    depth: spec.depth ?? 3,
    feedbackTerms: spec.feedbackTerms ?? 3,
    epsilonRead: spec.epsilonRead ?? 0,
    gammaGuess: spec.gammaGuess ?? 0,
  };
  for (const key of ["pStopHit", "pStopMiss", "epsilonRead", "gammaGuess"] as const) {
    if (!(full[key] >= 0 && full[key] <= 1)) {
      throw new RangeError(`Cannot simulate '${spec.name}': ${key} ${full[key]} is not in [0, 1]`);
    }
  }
  for (const key of ["k", "rMax", "depth"] as const) {
    if (!Number.isInteger(full[key]) || full[key] < 1) {
      throw new RangeError(
        `Cannot simulate '${spec.name}': ${key} ${full[key]} is not an integer >= 1`,
      );
    }
  }
  if (!Number.isInteger(full.feedbackTerms) || full.feedbackTerms < 0) {
    throw new RangeError(`Cannot simulate '${spec.name}': feedbackTerms must be an integer >= 0`);
  }
  return full;
}

/** Options of {@linkcode simulateTrajectory} and {@linkcode simulateLadder}. */
export interface SimulateOptions {
  /** Global seed. */
  seed: number | string;
  /** Copy each returned item's text into the trajectory (default false: ids and scores only). */
  includeText?: boolean;
}

/**
 * One simulated trajectory of one query at one scale.
 *
 * @param ql the query's ladder
 * @param rung the scale's history
 * @param spec the simulator
 * @param opts seed, text option
 * @param retriever an index of `rung.sessions` with the spec's granularity and roles, to share
 *   between simulators (built when absent)
 * @returns a `memaudit.trajectory/1` record with `correct` from the structural judge
 * @throws {RangeError} for an invalid spec (name without `sim-`, probability outside [0, 1], ...)
 */
export function simulateTrajectory(
  ql: QueryLadder,
  rung: LadderRung,
  spec: SimulatorSpec,
  opts: SimulateOptions,
  retriever?: HistoryRetriever,
): Trajectory {
  const s = checkSpec(spec);
  const q = ql.query;
  const stream = `${opts.seed}/${s.name}/${q.queryId}/${rung.scale.label}`;
  const rng = new SeededRandom(stream);
  retriever ??= new HistoryRetriever(rung.sessions, { granularity: s.granularity, roles: s.roles });
  const marked = new Set<string>();
  if (s.granularity === "turn") {
    for (const e of q.evidence) {
      if (e.turns.some((t) => t.has_answer && s.roles.includes(t.role))) marked.add(e.id);
    }
  }
  const evidenceIds = q.evidence.map((e) => e.id);
  const tgt: JudgeTarget = { evidenceIds, need: q.need, abstention: q.abstention };
  const texts = new Map<string, string>();
  if (opts.includeText) {
    for (const ses of rung.sessions) {
      ses.turns.forEach((t, i) => texts.set(`${ses.id}_${i + 1}`, t.content));
      texts.set(
        ses.id,
        ses.turns.filter((t) => s.roles.includes(t.role)).map((t) => t.content).join(" "),
      );
    }
  }
  const item = ({ id, session_id, score }: RetrievedItem) =>
    opts.includeText
      ? { id, session_id, score, text: texts.get(id) ?? "" }
      : { id, session_id, score };
  let query = tokenize(q.question);
  const union: RetrievedItem[] = [];
  const steps: Trajectory["steps"] = [];
  let covered = false;
  for (let r = 1;; r++) {
    const hits = retriever.search(query, s.k);
    union.push(...hits);
    steps.push({
      i: steps.length,
      kind: "memory_call",
      name: SIM_MEMORY_TOOL,
      args: { query: query.join(" "), k: s.k },
      returned: hits.map(item),
    });
    covered = evidenceCovered(tgt, foundSessions(union, marked));
    let stop: boolean;
    if (s.kind === "single-shot") stop = true;
    else if (s.kind === "fixed-depth") stop = r >= s.depth;
    else if (r >= s.rMax) stop = true;
    else {
      const p = covered ? s.pStopHit : s.pStopMiss;
      stop = p >= 1 ? true : p <= 0 ? false : rng.random() < p;
    }
    if (stop) break;
    if (hits.length > 0 && s.feedbackTerms > 0) {
      query = [...query, ...retriever.feedbackTerms(query, hits[0].id, s.feedbackTerms)];
    }
  }
  const verdict = simulatedReader(tgt, covered, s, rng);
  steps.push({ i: steps.length, kind: "answer", name: "answer" });
  const params: Record<string, unknown> = {
    simulated: true,
    simulator: s.kind,
    stream: `seedrandom("${stream}")`,
    k: s.k,
    granularity: s.granularity,
    roles: [...s.roles],
    feedback_terms: s.feedbackTerms,
    epsilon_read: s.epsilonRead,
    gamma_guess: s.gammaGuess,
    covered: verdict.covered,
    judge_rule:
      `structural: ${tgt.need} evidence session(s) of E(q) retrieved within the trajectory` +
      (tgt.abstention ? "; abstention question: correct iff the reader abstains" : ""),
  };
  if (s.kind === "iterative") {
    params.p_stop_hit = s.pStopHit;
    params.p_stop_miss = s.pStopMiss;
    params.r_max = s.rMax;
  }
  if (s.kind === "fixed-depth") params.depth = s.depth;
  return {
    schema: TRAJECTORY_SCHEMA,
    trajectory_id: `${s.name}/${q.queryId}/${rung.scale.label}`,
    query_id: q.queryId,
    scale: { label: rung.scale.label, n_irr: rung.scale.nIrr },
    agent: s.name,
    system: `sim-bm25-${s.granularity}`,
    memory_tools: [SIM_MEMORY_TOOL],
    steps,
    answer: verdict.answer,
    correct: verdict.correct,
    judge: { kind: "structural" },
    seed: opts.seed,
    params,
  };
}

/**
 * Every simulator over every query and scale of a ladder: for each spec, for
 * each query (ladder order), for each scale (ladder order).
 *
 * @param ladder a built ladder
 * @param specs simulators (e.g. values of {@linkcode SIMULATOR_PRESETS})
 * @param opts seed, text option
 * @returns the trajectories
 * @throws {RangeError} for an invalid spec
 */
export function simulateLadder(
  ladder: Ladder,
  specs: readonly SimulatorSpec[],
  opts: SimulateOptions,
): Trajectory[] {
  const full = specs.map(checkSpec);
  const keyOf = (s: (typeof full)[number]) => `${s.granularity}|${[...s.roles].sort().join(",")}`;
  const out: Trajectory[][] = specs.map(() => []);
  for (const ql of ladder.queries) {
    for (const rung of ql.rungs) {
      const shared = new Map<string, HistoryRetriever>();
      full.forEach((s, j) => {
        let r = shared.get(keyOf(s));
        if (!r) {
          r = new HistoryRetriever(rung.sessions, { granularity: s.granularity, roles: s.roles });
          shared.set(keyOf(s), r);
        }
        out[j].push(simulateTrajectory(ql, rung, specs[j], opts, r));
      });
    }
  }
  return out.flat();
}
