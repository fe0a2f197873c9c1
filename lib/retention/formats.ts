/**
 * zod schemas of PerMem-Bench's files (paper 003; COMPANIONS §2(b)): the
 * session file, the per-session snapshot of a memory bank, the gating output
 * and the evaluator's per-fact output; and of memaudit's two plain CSV forms
 * (facts `user,fact,type,t_start,t_target`, presence
 * `user,fact,session,present`).
 *
 * The schemas check what memaudit reads and keep every other field
 * (`z.looseObject`): the benchmark's files carry more than the metrics need.
 * Session ids are integers >= 1 everywhere.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";

/**
 * What the readers use of a zod schema: `safeParse` with issues carrying a
 * path and a message (every schema here is a zod schema of this shape).
 */
export interface Schema<T> {
  /** Validates `data`; on failure the issues name their JSON paths. */
  safeParse(data: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

const sessionId = z.int({ error: "expected an integer session id >= 1" }).min(1, {
  error: "expected an integer session id >= 1",
}).meta({ description: "session id t (1..N in timeline order)" });

/** A reference memory of a memory-required session (`gt_memory[i]`). */
const gtMemory = z.looseObject({
  type: z.string({ error: "expected a type (user_profile or ongoing_state)" }).meta({
    description: "user_profile or ongoing_state; the evaluator skips any other type",
  }),
  fact: z.string({ error: "expected the fact's text" }).min(1, {
    error: "expected the fact's text",
  }),
  probing_question: z.string().optional(),
  answer: z.string().optional(),
});

/** A reference memory (`gt_memory[i]`). */
export interface GtMemory {
  /** user_profile or ongoing_state (other types are skipped). */
  type: string;
  /** The fact's text. */
  fact: string;
  /** The benchmark's probing question. */
  probing_question?: string;
  /** Its answer. */
  answer?: string;
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** One session of a user's timeline (`<data>/<uuid>/session_NNNN.json`). */
export const SessionFileSchema: Schema<SessionFile> = z.looseObject({
  uuid: z.string({ error: "expected the user's uuid" }).min(1, {
    error: "expected the user's uuid",
  }),
  session_id: sessionId,
  month: z.number({ error: "expected the month (a number)" }),
  domain: z.string({ error: "expected the domain name" }),
  memory_required: z.boolean({ error: "expected memory_required (true or false)" }),
  project_id: z.union([z.number(), z.string(), z.null()]).optional(),
  project_title: z.string().nullable().optional(),
  event_id: z.union([z.number(), z.string(), z.null()]).optional(),
  event_title: z.string().nullable().optional(),
  event_description: z.string().nullable().optional(),
  gt_memory: z.array(gtMemory, { error: "expected a list of reference memories" }).default(
    [],
  ),
  dialogue: z.array(
    z.looseObject({
      role: z.enum(["user", "assistant"], { error: "expected role user or assistant" }),
      content: z.string({ error: "expected the turn's text" }),
    }),
    { error: "expected a list of turns" },
  ).optional(),
  anchor_life_event: z.unknown().optional(),
  cross_domain_links: z.array(z.unknown()).optional(),
});

/** A session file. */
export interface SessionFile {
  /** The user. */
  uuid: string;
  /** Session id t (1..N). */
  session_id: number;
  /** Month of the timeline. */
  month: number;
  /** One of the 20 domains. */
  domain: string;
  /** Ground truth: the session belongs to a memory-required domain. */
  memory_required: boolean;
  /** The project within the domain (memory-required sessions). */
  project_id?: number | string | null;
  /** Its title. */
  project_title?: string | null;
  /** The event id. */
  event_id?: number | string | null;
  /** The event's title. */
  event_title?: string | null;
  /** The event's description. */
  event_description?: string | null;
  /** Reference memories introduced in this session. */
  gt_memory: GtMemory[];
  /** The dialogue. */
  dialogue?: { role: "user" | "assistant"; content: string; [key: string]: unknown }[];
  /** The life event the session is anchored to, if any. */
  anchor_life_event?: unknown;
  /** Links to other domains. */
  cross_domain_links?: unknown[];
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** One memory entry of a snapshot. */
const snapshotMemory = z.looseObject({
  memory_id: z.union([z.string(), z.number()]).optional(),
  memory_text: z.string().optional(),
  content: z.string().optional(),
  session_file: z.string().nullable().optional(),
  turn_idx: z.number().nullable().optional(),
  token_count: z.number().nonnegative().optional(),
  insert_order: z.number().optional(),
  fact_ids: z.array(z.string()).optional().meta({
    description: "memaudit extension: reference fact ids this entry carries (provenance judge)",
  }),
}).refine((m) => typeof m.memory_text === "string" || typeof m.content === "string", {
  error: "expected memory_text or content (a string)",
});

/** A memory entry. */
export interface SnapshotMemory {
  /** The entry's id. */
  memory_id?: string | number;
  /** Its text (read first). */
  memory_text?: string;
  /** Its text (when memory_text is absent). */
  content?: string;
  /** Session file it was written from. */
  session_file?: string | null;
  /** Turn it was written from. */
  turn_idx?: number | null;
  /** Tokens (cl100k in the artifact). */
  token_count?: number;
  /** Insertion counter (FIFO order). */
  insert_order?: number;
  /** memaudit extension: reference fact ids the entry carries. */
  fact_ids?: string[];
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** A bank after one session (`<snapshots>/<system>/<uuid>/session_NNNN.json`). */
export const SnapshotSchema: Schema<Snapshot> = z.looseObject({
  uuid: z.string({ error: "expected the user's uuid" }).min(1, {
    error: "expected the user's uuid",
  }),
  session_id: sessionId,
  session_file: z.string().optional(),
  domain: z.string().optional(),
  month: z.number().optional(),
  memory_required: z.boolean().optional(),
  n_written_this_session: z.number().optional(),
  n_evicted_by_budget: z.number().optional(),
  total_tokens_after: z.number().optional(),
  n_entries_after: z.number().optional(),
  memories: z.array(snapshotMemory, { error: "expected a list of memory entries" }),
  gt_memory: z.array(z.unknown()).optional(),
  saved_at: z.string().optional(),
});

/** A snapshot. */
export interface Snapshot {
  /** The user. */
  uuid: string;
  /** The session after which the bank was saved. */
  session_id: number;
  /** The session's file name. */
  session_file?: string;
  /** Its domain. */
  domain?: string;
  /** Its month. */
  month?: number;
  /** Ground-truth memory_required of the session. */
  memory_required?: boolean;
  /** Entries written in the session. */
  n_written_this_session?: number;
  /** Entries evicted by the budget after it. */
  n_evicted_by_budget?: number;
  /** Tokens held after the session. */
  total_tokens_after?: number;
  /** Entries held after the session. */
  n_entries_after?: number;
  /** The bank M_t. */
  memories: SnapshotMemory[];
  /** The session's reference memories (copied). */
  gt_memory?: unknown[];
  /** When it was saved. */
  saved_at?: string;
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** One gating decision (`session_records[i]`). */
export interface GatingRecord {
  /** The user (optional inside a per-user file). */
  uuid?: string;
  /** Session id. */
  session_id: number;
  /** Ground truth memory_required. */
  gt_required: boolean;
  /** The policy's decision: store the session. */
  pred_required: boolean;
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** A gating method's output for one user (`results/<method>/<model>/per_uuid/<uuid>.json`). */
export const GatingOutputSchema: Schema<GatingOutput> = z.looseObject({
  uuid: z.string({ error: "expected the user's uuid" }).min(1, {
    error: "expected the user's uuid",
  }),
  n_sessions: z.number().optional(),
  required_accuracy: z.number().nullable().optional(),
  session_records: z.array(
    z.looseObject({
      uuid: z.string().optional(),
      session_id: sessionId,
      gt_required: z.boolean({ error: "expected gt_required (true or false)" }),
      pred_required: z.boolean({ error: "expected pred_required (true or false)" }),
    }),
    { error: "expected a list of session records" },
  ),
  personal_note: z.unknown().optional(),
});

/** A gating output. */
export interface GatingOutput {
  /** The user. */
  uuid: string;
  /** Number of sessions. */
  n_sessions?: number;
  /** The script's per-user accuracy. */
  required_accuracy?: number | null;
  /** One decision per session. */
  session_records: GatingRecord[];
  /** The structure-aware method's final note. */
  personal_note?: unknown;
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** One fact of the evaluator's per-fact output (`per_fact/<uuid>.json` is a list of these). */
const perFact = z.looseObject({
  uuid: z.string({ error: "expected the user's uuid" }).min(1, {
    error: "expected the user's uuid",
  }),
  source_session_id: sessionId,
  gt_idx: z.int({ error: "expected gt_idx (an integer)" }).min(0),
  gt_type: z.string({ error: "expected gt_type" }),
  domain: z.string().optional(),
  project_id: z.union([z.number(), z.string(), z.null()]).optional(),
  fact: z.string().optional(),
  valid_through_session: sessionId,
  session_scores: z.array(
    z.looseObject({
      session_id: sessionId,
      write: z.union([z.literal(0), z.literal(1), z.boolean()], {
        error: "expected write 0/1 (the judge's presence verdict)",
      }),
      retrieved: z.array(z.string(), {
        error: "expected retrieved: the list of retrieved memory texts",
      }).optional(),
    }),
    { error: "expected a list of session scores" },
  ),
  metrics: z.record(z.string(), z.unknown()).optional(),
});

/** One evaluated fact. */
export interface PerFact {
  /** The user. */
  uuid: string;
  /** t_start. */
  source_session_id: number;
  /** Index in that session's gt_memory. */
  gt_idx: number;
  /** user_profile or ongoing_state. */
  gt_type: string;
  /** The domain. */
  domain?: string;
  /** The project. */
  project_id?: number | string | null;
  /** The fact's text. */
  fact?: string;
  /** T_target. */
  valid_through_session: number;
  /**
   * The judge's verdict at the checked sessions (the K checkpoints): `write` is presence (1: the
   * fact is in the snapshot), `retrieved` the top-k memory texts the judge saw.
   */
  session_scores: { session_id: number; write: 0 | 1 | boolean; retrieved?: string[] }[];
  /** The evaluator's metrics. */
  metrics?: Record<string, unknown>;
  /** Other fields of the file, kept as read. */
  [key: string]: unknown;
}

/** The per-fact file: a list of evaluated facts. */
export const PerFactFileSchema: Schema<PerFact[]> = z.array(perFact, {
  error: "expected a list of evaluated facts",
});

/** Columns of the facts CSV, in order. */
export const FACTS_CSV_COLUMNS = ["user", "fact", "type", "t_start", "t_target"] as const;
/** Columns of the presence CSV, in order. */
export const PRESENCE_CSV_COLUMNS = ["user", "fact", "session", "present"] as const;
/** Columns of the gating predictions CSV, in order. */
export const PREDICTIONS_CSV_COLUMNS = ["user", "session", "required", "predicted"] as const;

/**
 * JSON Schemas of the benchmark's file shapes (`z.toJSONSchema` of the zod
 * schemas above), for readers in other languages.
 *
 * @returns schemas keyed `session_file`, `snapshot`, `gating_output`, `per_fact_file`
 */
export function formatJsonSchemas(): Record<string, Record<string, unknown>> {
  const js = (s: unknown) =>
    z.toJSONSchema(s as z.ZodType, { unrepresentable: "any", io: "input" }) as Record<
      string,
      unknown
    >;
  return {
    session_file: js(SessionFileSchema),
    snapshot: js(SnapshotSchema),
    gating_output: js(GatingOutputSchema),
    per_fact_file: js(PerFactFileSchema),
  };
}
