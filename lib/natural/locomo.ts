/**
 * LoCoMo QA item to a natural support-slice package (DESIGN §2, ARTIFACT-SPEC
 * §1.4, §2.3, §6.6).
 *
 * @module
 */
import type {
  Candidate,
  CoverageCell,
  Experience,
  Package,
  Query,
  Unit,
} from "../package/schema.ts";
import { PACKAGE_SCHEMA_VERSION } from "../package/version.ts";
import type { LocomoSample } from "./load_locomo.ts";
import { type SliceIssue, sliceIssue } from "./slice_issue.ts";
import {
  atomicFactCost,
  evidenceOf,
  indexSample,
  type ObservationInfo,
  RAW_SPAN_WORDS,
  rawSpanCost,
  rawSpanText,
  safeToken,
  type SampleIndex,
  type SessionInfo,
  type TurnInfo,
} from "./dialogue.ts";
import { naturalCost } from "./cost_rules.ts";
import { LexicalAdjudicator } from "../adjudicate/lexical.ts";
import { locomoCategory } from "./categories.ts";

/**
 * LoCoMo representations of a session: the raw turns (`raw`), the
 * observations (`observation`, atomic facts citing turns), the session
 * summary (`summary`) and the event summary sentences (`event`).
 */
export const LOCOMO_REPRESENTATIONS = ["raw", "observation", "summary", "event"] as const;
/** One of {@linkcode LOCOMO_REPRESENTATIONS}. */
export type LocomoRepresentation = (typeof LOCOMO_REPRESENTATIONS)[number];

const lexicalCache = new WeakMap<SampleIndex, LexicalAdjudicator>();

/**
 * The default lexical adjudicator of a sample: default thresholds, IDF over
 * the turn lines of the conversation (cached per sample).
 *
 * @param sample a validated LoCoMo sample
 * @returns the adjudicator used for its unlinked representations
 */
export function locomoLexicalAdjudicator(sample: LocomoSample): LexicalAdjudicator {
  const index = indexSample(sample);
  let lex = lexicalCache.get(index);
  if (!lex) {
    lex = new LexicalAdjudicator({ corpus: [...index.turns.values()].map((t) => t.line) });
    lexicalCache.set(index, lex);
  }
  return lex;
}

/** Budgets of the natural packages (ARTIFACT-SPEC §6.5), in word-cost units. */
export const LOCOMO_DEFAULT_BUDGETS: readonly number[] = [30, 60, 100];

/** Options of {@linkcode locomoSupportSlice}. */
export interface LocomoSliceOptions {
  /**
   * `session` (default, like the artifact's natural packages): one
   * experience per support session; `turn`: one experience per evidence turn.
   */
  granularity?: "session" | "turn";
  /** Budgets B carried by the package (default [30, 60, 100]). */
  budgets?: readonly number[];
  /**
   * Convert category 5 (adversarial) items (default true; their units get
   * family `abstention`). When false they are skipped with an
   * `adversarial_skipped` issue and never used as reference queries.
   */
  includeAdversarial?: boolean;
  /**
   * Representations offered as candidates (default `["raw", "observation"]`;
   * {@linkcode LOCOMO_REPRESENTATIONS} for all four).
   */
  representations?: readonly LocomoRepresentation[];
  /**
   * Adjudicator for candidates the data does not link to turns (summaries,
   * events, observations with no resolvable citation); default
   * {@linkcode locomoLexicalAdjudicator}; `false` leaves them without coverage.
   */
  lexical?: LexicalAdjudicator | false;
}

/** Result of {@linkcode locomoSupportSlice}: a package, or null with the reason among the issues. */
export interface LocomoSlice {
  /** The package, or null when the item could not be converted. */
  package: Package | null;
  /** Issues the converter reported (the reason, when `package` is null). */
  issues: SliceIssue[];
}

/**
 * Converts one LoCoMo QA item into its support-slice package.
 *
 * The slice is the set of sessions (or, at turn granularity, turns) that hold
 * the item's evidence.
 * - Experiences: one per support session, ordered by session number
 *   (timestamp = the session date string, text = the session's
 *   `speaker: text` lines); at turn granularity one per evidence turn,
 *   ordered by arrival.
 * - Candidates per experience: the raw span (`::raw`, kind raw, representation
 *   raw_span, text truncated to 220 words + " ...", cost max(12, w) with w
 *   the words of that text, so a cut span costs 221) and each LoCoMo
 *   observation of the session (`::obs_<k>`, k its index in the session's
 *   observations; kind fact, representation atomic_fact, cost clamp(w, 4, 20)).
 *   At turn granularity the candidates are the turn's line and every
 *   observation citing the turn (from any session; `::obs_D<n>_<k>`), each
 *   observation going to the experience of the earliest evidence turn it cites.
 * - With `representations` including them: the session summary
 *   (`::summary`, kind and representation summary, cost clamp(w, 10, 45))
 *   and each event sentence of the session's event summary (`::event_<k>`,
 *   speakers in file order; kind and representation event, cost
 *   clamp(w, 6, 45), the "other" rule). At turn granularity they join the
 *   experience of the session's first evidence turn.
 * - Evidence units: one per evidence turn (`::<dia_id>`) of every QA item
 *   whose evidence lies wholly in the slice, the item's own turns first;
 *   family temporal for category 2, abstention for 5, else fact (taken from
 *   the first query citing the turn).
 * - Queries: the item itself first (its id is the id prefix
 *   `<sample_id>_q<index>`), then those other items in file order, as
 *   reference queries.
 * - Weights (ARTIFACT-SPEC §1.4, §2.3): explicit; the item's own required
 *   units 1.0, every other unit 0.0. So F counts the own query only; the
 *   reference queries document which other questions the slice answers.
 * - Coverage (value 1, provenance `source`): a raw span covers the unit of a
 *   turn iff it holds the whole turn line (a cut span may not: recorded as
 *   `raw_span_truncated`); an observation covers the units of the turns it
 *   cites.
 * - Coverage of unlinked candidates (summaries, events, an observation
 *   whose citations all fail): the lexical adjudicator's verdict (1 or 0.5,
 *   provenance `lexical`) for every unit of the package.
 *
 * Quirks are returned in `issues` (see `SLICE_ISSUE_CODES`); an item whose
 * evidence cannot be resolved gets a null package. Ids pass the safe-token
 * filter (ARTIFACT-SPEC §1.4), so `D1:3` appears as `D1_3`.
 *
 * @param sample a validated LoCoMo sample
 * @param qaIndex index of the QA item in `sample.qa`
 * @param opts granularity, budgets, adversarial items
 * @returns the package (or null) and the issues of this item
 * @throws {RangeError} when `qaIndex` is not an index of `sample.qa`
 *
 * @example Convert a one-session conversation
 * ```ts
 * import assert from "node:assert/strict";
 * import { locomoSupportSlice } from "./locomo.ts";
 * import { parseLocomo } from "./load_locomo.ts";
 * const [sample] = parseLocomo([{
 *   sample_id: "demo",
 *   conversation: {
 *     speaker_a: "Ann",
 *     speaker_b: "Bo",
 *     session_1_date_time: "1:00 pm on 1 May, 2023",
 *     session_1: [{ speaker: "Ann", dia_id: "D1:1", text: "I adopted a cat named Tom." }],
 *   },
 *   observation: { session_1_observation: { Ann: [["Ann adopted a cat named Tom.", "D1:1"]] } },
 *   qa: [{ question: "What is the cat's name?", answer: "Tom", evidence: ["D1:1"], category: 4 }],
 * }]);
 * const { package: pkg } = locomoSupportSlice(sample, 0);
 * assert.ok(pkg!.candidates.length === 2 && pkg!.coverage.length === 2);
 * ```
 */
export function locomoSupportSlice(
  sample: LocomoSample,
  qaIndex: number,
  opts: LocomoSliceOptions = {},
): LocomoSlice {
  const { granularity, includeAdversarial, reps } = sliceSettings(sample, qaIndex, opts);
  const sid = sample.sample_id;
  const qa = sample.qa[qaIndex];
  const issues: SliceIssue[] = [];
  const issue = (code: SliceIssue["code"], detail: string, ref?: string) =>
    issues.push(sliceIssue(sid, qaIndex, code, detail, ref));
  if (!answerIssues(qa, includeAdversarial, issue)) return { package: null, issues };

  const index = indexSample(sample);
  const own = evidenceOf(index, qaIndex);
  if (qa.evidence.length === 0) issue("no_evidence", "evidence is an empty list");
  for (const d of own.drafts) issue(d.code, d.detail, d.ref);
  if (!own.ok) return { package: null, issues };

  const prefix = `${safeToken(sid)}_q${qaIndex}`;
  const ownTurns = own.turns.map((id) => index.turns.get(id)!);
  const sessionSet = new Set(ownTurns.map((t) => t.session));
  const turnSet = new Set(own.turns);
  const inSlice = granularity === "session"
    ? (t: TurnInfo) => sessionSet.has(t.session)
    : (t: TurnInfo) => turnSet.has(t.id);
  const members = sliceMembers(sample, index, qaIndex, includeAdversarial, inSlice);
  const { units, unitOfTurn, queries } = evidenceUnits(sample, index, members, prefix, turnSet);
  const lexical = opts.lexical === false ? null : opts.lexical ?? locomoLexicalAdjudicator(sample);
  const b: SliceBuilder = {
    reps,
    issue,
    units,
    unitOfTurn,
    unitRank: new Map(units.map((u, i) => [u.id, i])),
    lexical,
    experiences: [],
    candidates: [],
    coverage: [],
  };
  if (granularity === "session") addSessionExperiences(b, index, prefix, sessionSet);
  else addTurnExperiences(b, index, prefix, ownTurns, turnSet);

  const pkg: Package = {
    schema_version: PACKAGE_SCHEMA_VERSION,
    id: granularity === "session" ? prefix : `${prefix}_turn`,
    description: `LoCoMo ${sid} QA ${qaIndex} (${
      locomoCategory(qa.category).name
    }): ${granularity} support slice`,
    experiences: b.experiences,
    candidates: b.candidates,
    units,
    queries,
    weight_source: "explicit",
    coverage: b.coverage,
    budgets: [...(opts.budgets ?? LOCOMO_DEFAULT_BUDGETS)],
    group_cap: 1,
    meta: sliceMeta(sample, qaIndex, granularity, queries, reps, lexical),
  };
  return { package: pkg, issues };
}

type IssueSink = (code: SliceIssue["code"], detail: string, ref?: string) => void;

/** The options with their defaults, checked: the QA index and the representations. */
function sliceSettings(sample: LocomoSample, qaIndex: number, opts: LocomoSliceOptions): {
  granularity: "session" | "turn";
  includeAdversarial: boolean;
  reps: Set<LocomoRepresentation>;
} {
  if (!Number.isInteger(qaIndex) || qaIndex < 0 || qaIndex >= sample.qa.length) {
    throw new RangeError(
      `Cannot build a support slice: QA index ${qaIndex} is not in [0, ${sample.qa.length}) for sample '${sample.sample_id}'`,
    );
  }
  const reps = new Set<LocomoRepresentation>(opts.representations ?? ["raw", "observation"]);
  for (const r of reps) {
    if (!(LOCOMO_REPRESENTATIONS as readonly string[]).includes(r)) {
      throw new RangeError(
        `Cannot build a support slice: unknown representation '${r}', expected one of ${
          LOCOMO_REPRESENTATIONS.join(", ")
        }`,
      );
    }
  }
  return {
    granularity: opts.granularity ?? "session",
    includeAdversarial: opts.includeAdversarial ?? true,
    reps,
  };
}

/**
 * The item's answer quirks (adversarial, missing, a number); false when the item is left out
 * (an adversarial item while `includeAdversarial` is false).
 */
function answerIssues(
  qa: LocomoSample["qa"][number],
  includeAdversarial: boolean,
  issue: IssueSink,
): boolean {
  if (qa.category === 5) {
    if (!includeAdversarial) {
      issue("adversarial_skipped", "category 5 item left out (includeAdversarial is false)");
      return false;
    }
    issue(
      "adversarial",
      `category 5: adversarial_answer ${JSON.stringify(qa.adversarial_answer)} kept in meta` +
        (qa.answer === undefined ? "; no answer" : `; answer ${JSON.stringify(qa.answer)} kept`),
    );
  } else if (qa.answer === undefined) {
    issue("missing_answer", "no answer field");
  }
  if (typeof qa.answer === "number") {
    issue("integer_answer", `answer ${qa.answer} stringified`, String(qa.answer));
  }
  return true;
}

/** The queries of the slice: the own item, then every other item wholly inside the slice. */
function sliceMembers(
  sample: LocomoSample,
  index: SampleIndex,
  qaIndex: number,
  includeAdversarial: boolean,
  inSlice: (t: TurnInfo) => boolean,
): number[] {
  const members: number[] = [qaIndex];
  for (let j = 0; j < sample.qa.length; j++) {
    if (j === qaIndex) continue;
    if (!includeAdversarial && sample.qa[j].category === 5) continue;
    const ev = evidenceOf(index, j);
    if (ev.ok && ev.turns.every((id) => inSlice(index.turns.get(id)!))) members.push(j);
  }
  return members;
}

/**
 * One unit per evidence turn of the member items (weight 1 for the own item's turns, else 0;
 * family from the first item citing it) and the members as queries requiring them.
 */
function evidenceUnits(
  sample: LocomoSample,
  index: SampleIndex,
  members: number[],
  prefix: string,
  ownSet: ReadonlySet<string>,
): { units: Unit[]; unitOfTurn: Map<string, string>; queries: Query[] } {
  const units: Unit[] = [];
  const unitOfTurn = new Map<string, string>();
  const queries: Query[] = [];
  for (const j of members) {
    const q = sample.qa[j];
    const required: string[] = [];
    for (const id of evidenceOf(index, j).turns) {
      if (!unitOfTurn.has(id)) {
        const unit = `${prefix}::${safeToken(id)}`;
        unitOfTurn.set(id, unit);
        units.push({
          id: unit,
          family: locomoCategory(q.category).family,
          text: index.turns.get(id)!.line,
          weight: ownSet.has(id) ? 1 : 0,
        });
      }
      required.push(unitOfTurn.get(id)!);
    }
    const query: Query = {
      id: `${safeToken(sample.sample_id)}_q${j}`,
      importance: 1,
      required_units: required,
      text: q.question,
      category: locomoCategory(q.category).name,
    };
    if (q.answer !== undefined) query.answer = String(q.answer);
    queries.push(query);
  }
  return { units, unitOfTurn, queries };
}

/** What the experiences and candidates of a slice are added to. */
interface SliceBuilder {
  reps: ReadonlySet<LocomoRepresentation>;
  issue: IssueSink;
  units: readonly Unit[];
  unitOfTurn: ReadonlyMap<string, string>;
  unitRank: ReadonlyMap<string, number>;
  lexical: LexicalAdjudicator | null;
  experiences: Experience[];
  candidates: Candidate[];
  coverage: CoverageCell[];
}

/** Source coverage: the units of the turns a candidate holds, in unit order. */
function coverTurns(b: SliceBuilder, candidate: string, turnIds: readonly string[]): void {
  const covered = turnIds.flatMap((id) => b.unitOfTurn.get(id) ?? [])
    .sort((x, y) => b.unitRank.get(x)! - b.unitRank.get(y)!);
  for (const unit of covered) b.coverage.push({ candidate, unit, value: 1, provenance: "source" });
}

/** Lexical coverage of an unlinked candidate: the adjudicator's verdict on every unit. */
function coverLexically(b: SliceBuilder, candidate: string, text: string): void {
  if (!b.lexical) return;
  for (const u of b.units) {
    const v = b.lexical.score(text, u.text!).value;
    if (v > 0) b.coverage.push({ candidate, unit: u.id, value: v, provenance: "lexical" });
  }
}

/** The raw span candidate; it covers each own turn it holds whole (a cut turn is an issue). */
function addRaw(
  b: SliceBuilder,
  exp: string,
  raw: string,
  inFull: (t: TurnInfo) => boolean,
  own: TurnInfo[],
): void {
  if (!b.reps.has("raw")) return;
  const id = `${exp}::raw`;
  b.candidates.push({
    id,
    experience: exp,
    kind: "raw",
    representation: "raw_span",
    cost: rawSpanCost(raw),
    text: raw,
    source: "locomo:session_text",
  });
  for (const t of own) {
    if (!b.unitOfTurn.has(t.id)) continue;
    if (inFull(t)) coverTurns(b, id, [t.id]);
    else {
      b.issue(
        "raw_span_truncated",
        `${id} is cut at ${RAW_SPAN_WORDS} words; turn ${t.id} spans words ${t.wordStart}-${t.wordEnd}`,
        t.id,
      );
    }
  }
}

/** An observation candidate, covering the turns it cites (lexically when it cites none). */
function addObservation(b: SliceBuilder, exp: string, o: ObservationInfo, local = `obs_${o.k}`) {
  if (!b.reps.has("observation")) return;
  const id = `${exp}::${local}`;
  for (const d of o.drafts) b.issue(d.code, `observation ${id}: ${d.detail}`, d.ref);
  b.candidates.push({
    id,
    experience: exp,
    kind: "fact",
    representation: "atomic_fact",
    cost: atomicFactCost(o.text),
    text: o.text,
    source: "locomo:observation",
  });
  if (o.cites.length > 0) coverTurns(b, id, o.cites);
  else coverLexically(b, id, o.text);
}

/** The session summary and event sentences, when asked for, covered lexically. */
function addSummaries(b: SliceBuilder, exp: string, s: SessionInfo): void {
  const add = (local: string, kind: "summary" | "event", text: string, source: string) => {
    const id = `${exp}::${local}`;
    const cost = naturalCost(kind, text);
    b.candidates.push({ id, experience: exp, kind, representation: kind, cost, text, source });
    coverLexically(b, id, text);
  };
  if (b.reps.has("summary") && s.summary !== undefined) {
    add("summary", "summary", s.summary, "locomo:session_summary");
  }
  if (b.reps.has("event")) {
    for (const e of s.events) add(`event_${e.k}`, "event", e.text, "locomo:event_summary");
  }
}

/** Session granularity: one experience per support session, by session number. */
function addSessionExperiences(
  b: SliceBuilder,
  index: SampleIndex,
  prefix: string,
  sessions: ReadonlySet<number>,
): void {
  for (const n of [...sessions].sort((x, y) => x - y)) {
    const s = index.sessions.get(n)!;
    const exp = `${prefix}::${safeToken(`D${n}`)}`;
    b.experiences.push(experience(exp, n, `session_${n}`, s.date, s.text));
    addRaw(b, exp, s.raw, (t) => !s.truncated || t.wordEnd <= RAW_SPAN_WORDS, s.turns);
    for (const o of s.observations) addObservation(b, exp, o);
    addSummaries(b, exp, s);
  }
}

/**
 * Turn granularity: one experience per evidence turn, by arrival; each observation joins the
 * earliest evidence turn it cites, a session's summaries its first evidence turn.
 */
function addTurnExperiences(
  b: SliceBuilder,
  index: SampleIndex,
  prefix: string,
  ownTurns: readonly TurnInfo[],
  turnSet: ReadonlySet<string>,
): void {
  const sorted = [...ownTurns].sort((x, y) => x.order - y.order);
  const obsOf = new Map<string, { n: number; o: ObservationInfo }[]>();
  for (const [n, s] of index.sessions) {
    for (const o of s.observations) {
      const first = o.cites.map((id) => index.turns.get(id)!).filter((t) => turnSet.has(t.id))
        .sort((x, y) => x.order - y.order)[0];
      if (first) obsOf.set(first.id, [...(obsOf.get(first.id) ?? []), { n, o }]);
    }
  }
  const summarized = new Set<number>();
  for (const t of sorted) {
    const exp = `${prefix}::${safeToken(t.id)}`;
    const s = index.sessions.get(t.session)!;
    b.experiences.push(experience(exp, t.order, `session_${t.session}`, s.date, t.line));
    const raw = rawSpanText(t.line);
    addRaw(b, exp, raw.text, () => !raw.truncated, [t]);
    for (const { n, o } of obsOf.get(t.id) ?? []) addObservation(b, exp, o, `obs_D${n}_${o.k}`);
    if (!summarized.has(t.session)) {
      summarized.add(t.session);
      addSummaries(b, exp, s);
    }
  }
}

/** The package's meta: source, item, weight, cost and coverage rules (ARTIFACT-SPEC §1.4, §6.6). */
function sliceMeta(
  sample: LocomoSample,
  qaIndex: number,
  granularity: "session" | "turn",
  queries: readonly Query[],
  reps: ReadonlySet<LocomoRepresentation>,
  lexical: LexicalAdjudicator | null,
): Record<string, unknown> {
  const qa = sample.qa[qaIndex];
  const meta: Record<string, unknown> = {
    source: "LoCoMo (snap-research/locomo), CC BY-NC 4.0",
    sample_id: sample.sample_id,
    qa_index: qaIndex,
    qa_category: qa.category,
    granularity,
    weight_rule:
      "explicit: the own query's required units 1.0, all other units 0.0 (ARTIFACT-SPEC §1.4, §2.3)",
    own_query: queries[0].id,
    reference_queries: queries.length - 1,
    cost_rule:
      "raw_span max(12, w) after 220-word truncation; atomic_fact clamp(w, 4, 20); summary clamp(w, 10, 45); event clamp(w, 6, 45) (ARTIFACT-SPEC §6.6)",
    representations: LOCOMO_REPRESENTATIONS.filter((r) => reps.has(r)),
    coverage_rule: lexical
      ? `source-backed for raw spans (whole turn held) and observations (cited turns); lexical otherwise (full >= ${lexical.thresholds.full}, partial >= ${lexical.thresholds.partial}, >= ${lexical.thresholds.minMatched} matched stems)`
      : "source-backed for raw spans (whole turn held) and observations (cited turns); unlinked candidates uncovered",
  };
  if (qa.adversarial_answer !== undefined) meta.adversarial_answer = String(qa.adversarial_answer);
  return meta;
}

function experience(
  id: string,
  order: number,
  session: string,
  date: string | undefined,
  text: string,
): Experience {
  const e: Experience = { id, order, session, text };
  if (date !== undefined) e.timestamp = date;
  return e;
}
