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
import type { SafeParser } from "../base/validate_input.ts";

const sessionId = z.int({ error: "expected an integer session id >= 1" }).min(1, {
  error: "expected an integer session id >= 1",
}).meta({ description: "session id t (1..N in timeline order)" });
const uuid = z.string({ error: "expected the user's uuid" }).min(1, {
  error: "expected the user's uuid",
});

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
export const SessionFileSchema: SafeParser<SessionFile> = z.looseObject({
  uuid,
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

const snapshotMemory = z.looseObject({
  memory_id: z.union([z.string(), z.number()]).optional(),
  memory_text: z.string().optional(),
  content: z.string().optional(),
  session_file: z.string().nullable().optional(),
  turn_idx: z.number().nullable().optional(),
  token_count: z.number().nonnegative().optional(), // cl100k tokens in the artifact
  insert_order: z.number().optional(), // insertion counter (FIFO order)
  fact_ids: z.array(z.string()).optional().meta({
    description: "memaudit extension: reference fact ids this entry carries (provenance judge)",
  }),
}).refine((m) => typeof m.memory_text === "string" || typeof m.content === "string", {
  error: "expected memory_text or content (a string)",
});

/** A memory entry: its text is `memory_text`, else `content`; other fields kept as read. */
export type SnapshotMemory = z.output<typeof snapshotMemory>;

/** A bank after one session (`<snapshots>/<system>/<uuid>/session_NNNN.json`). */
export const SnapshotSchema = z.looseObject({
  uuid,
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

/** A snapshot: the bank M_t after session `session_id` (other fields kept as read). */
export type Snapshot = z.output<typeof SnapshotSchema>;

/** A gating method's output for one user (`results/<method>/<model>/per_uuid/<uuid>.json`). */
export const GatingOutputSchema = z.looseObject({
  uuid,
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
  personal_note: z.unknown().optional(), // the structure-aware method's final note
});

/** A gating output: per session the ground truth and the decision (other fields kept as read). */
export type GatingOutput = z.output<typeof GatingOutputSchema>;

/** One fact of the evaluator's per-fact output (`per_fact/<uuid>.json` is a list of these). */
const perFact = z.looseObject({
  uuid,
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

/**
 * One evaluated fact: its lifespan source_session_id..valid_through_session and the judge's
 * verdict at the checked sessions (the K checkpoints): `write` is presence (1: the fact is in the
 * snapshot), `retrieved` the top-k memory texts the judge saw. Other fields kept as read.
 */
export type PerFact = z.output<typeof perFact>;

/** The per-fact file: a list of evaluated facts. */
export const PerFactFileSchema = z.array(perFact, { error: "expected a list of evaluated facts" });

/** Columns of the facts CSV, in order. */
export const FACTS_CSV_COLUMNS = ["user", "fact", "type", "t_start", "t_target"] as const;
/** Columns of the presence CSV, in order. */
export const PRESENCE_CSV_COLUMNS = ["user", "fact", "session", "present"] as const;
/** Columns of the gating predictions CSV, in order. */
export const PREDICTIONS_CSV_COLUMNS = ["user", "session", "required", "predicted"] as const;
