/**
 * Reading LoCoMo conversations (the official `locomo10.json` format: a JSON
 * list of samples) with zod validation of the parts the converter uses
 * (turns, observations, session and event summaries, QA items). Unused
 * fields (image fields) pass through unchecked.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { formatPath, InputError } from "../base/errors.ts";
import { readJsonInput } from "../base/fs.ts";

/** One dialogue turn `{speaker, dia_id "D<session>:<turn>", text}`. */
export const LocomoTurnSchema = z.looseObject({
  speaker: z.string(),
  dia_id: z.string(),
  text: z.string(),
});

/**
 * `conversation`: `speaker_a`, `speaker_b`, then `session_N_date_time`
 * strings and `session_N` turn lists.
 */
export const LocomoConversationSchema = z.object({
  speaker_a: z.string(),
  speaker_b: z.string(),
}).catchall(z.union([z.string(), z.array(LocomoTurnSchema)]));

/** One observation `[fact text, dia_id]`; the dia_id is a string or a list of strings. */
export const LocomoObservationSchema = z.tuple([
  z.string(),
  z.union([z.string(), z.array(z.string())]),
]);

/** One QA item; category codes 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
export const LocomoQaSchema = z.looseObject({
  question: z.string(),
  answer: z.union([z.string(), z.number()]).optional(),
  adversarial_answer: z.union([z.string(), z.number()]).optional(),
  evidence: z.array(z.string()),
  category: z.number().int().min(1).max(5),
});

/** `session_summary`: `session_N_summary` → summary text. */
export const LocomoSessionSummarySchema = z.record(z.string(), z.string());

/**
 * `event_summary`: `events_session_N` → per speaker a list of event
 * sentences, plus a `date` string.
 */
export const LocomoEventSummarySchema = z.record(
  z.string(),
  z.record(z.string(), z.union([z.string(), z.array(z.string())])),
);

/** One LoCoMo sample (a conversation with its observations, summaries, events and QA items). */
export const LocomoSampleSchema = z.looseObject({
  sample_id: z.string().min(1),
  conversation: LocomoConversationSchema,
  observation: z.record(z.string(), z.record(z.string(), z.array(LocomoObservationSchema)))
    .optional(),
  session_summary: LocomoSessionSummarySchema.optional(),
  event_summary: LocomoEventSummarySchema.optional(),
  qa: z.array(LocomoQaSchema),
});

/** The file: a JSON list of samples. */
export const LocomoFileSchema = z.array(LocomoSampleSchema);

/** A validated LoCoMo turn (other fields, e.g. image fields, pass through). */
export type LocomoTurn = {
  /** The speaker's name. */
  speaker: string;
  /** `D<session>:<turn>`. */
  dia_id: string;
  /** What was said. */
  text: string;
  [key: string]: unknown;
};

/** A validated LoCoMo QA item (other fields pass through). */
export type LocomoQa = {
  /** The question. */
  question: string;
  /** The reference answer (absent for adversarial items). */
  answer?: string | number;
  /** The adversarial item's distractor answer. */
  adversarial_answer?: string | number;
  /** The dia_ids of the turns that support the answer. */
  evidence: string[];
  /** Category code: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category: number;
  [key: string]: unknown;
};

/** A validated LoCoMo sample (other fields pass through). */
export type LocomoSample = {
  /** Sample id (e.g. `conv-26`). */
  sample_id: string;
  /**
   * `speaker_a`, `speaker_b`, then `session_N_date_time` strings and `session_N` turn lists.
   */
  conversation: {
    /** The first speaker's name. */
    speaker_a: string;
    /** The second speaker's name. */
    speaker_b: string;
    [key: string]: string | LocomoTurn[];
  };
  /** Per session, per speaker: observations `[fact text, dia_id or dia_ids]`. */
  observation?: Record<string, Record<string, [string, string | string[]][]>>;
  /** `session_N_summary` to summary text. */
  session_summary?: Record<string, string>;
  /** `events_session_N` to, per speaker, a list of event sentences, plus a `date` string. */
  event_summary?: Record<string, Record<string, string | string[]>>;
  /** The QA items. */
  qa: LocomoQa[];
  [key: string]: unknown;
};

// The types above are written out for readers; the compiler proves they are the schemas' types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShapes: [
  Same<LocomoTurn, z.infer<typeof LocomoTurnSchema>>,
  Same<LocomoQa, z.infer<typeof LocomoQaSchema>>,
  Same<LocomoSample, z.infer<typeof LocomoSampleSchema>>,
] = [true, true, true];

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/**
 * For a union failure (a conversation value is a date string or a turn list),
 * the branch issue that got deepest into the value, with its full path.
 */
function deepest(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code !== "invalid_union" || !issue.errors) return issue;
  let best: { path: PropertyKey[]; message: string } = issue;
  for (const branch of issue.errors) {
    for (const inner of branch) {
      const d = deepest(inner);
      const path = [...issue.path, ...d.path];
      if (path.length > best.path.length) best = { path, message: d.message };
    }
  }
  return best;
}

/**
 * Validates parsed LoCoMo JSON.
 *
 * @param data parsed JSON (a list of samples)
 * @param file the file name used in error messages
 * @returns the samples, in file order
 * @throws {InputError} naming the file and the JSON path of the first problem
 *
 * @example Validate a minimal sample
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLocomo } from "./load_locomo.ts";
 * const samples = parseLocomo([{ sample_id: "s", conversation: { speaker_a: "A", speaker_b: "B" }, qa: [] }]);
 * assert.ok(samples[0].sample_id === "s");
 * ```
 */
export function parseLocomo(data: unknown, file = "<memory>"): LocomoSample[] {
  const result = LocomoFileSchema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => {
    const d = deepest(i);
    return { where: { path: formatPath(d.path) }, expected: d.message };
  });
  throw new InputError(file, issues[0].where, issues[0].expected, issues);
}

/**
 * Reads and validates a LoCoMo JSON file (`locomo10.json`, or the shared
 * eight-sample `locomo8.json`).
 *
 * @param path file system path of the JSON file
 * @returns the samples, in file order
 * @throws {InputError} when the file is missing, is a folder ("expected a file"), is not UTF-8,
 *   is not JSON or does not match the format (the error names the file and the JSON path,
 *   e.g. `[3].qa[12].evidence[0]`)
 */
export async function loadLocomo(path: string): Promise<LocomoSample[]> {
  return parseLocomo(await readJsonInput(path), path);
}
