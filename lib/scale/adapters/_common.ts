/**
 * Shared pieces of the log adapters: the JSONL envelope every line-oriented
 * format uses, tool-result parsing into returned items, and a builder that
 * numbers steps and classifies calls. Private to `lib/scale/adapters/`.
 *
 * @module
 */
import { z } from "../../base/deps/zod.ts";
import { jsonlLines } from "../../base/jsonl.ts";
import {
  parseJsonLine,
  scaleOf,
  ShortTrajectoryScaleSchema,
  type Trajectory,
  TRAJECTORY_SCHEMA,
  TrajectoryInputError,
  TrajectoryJudgeSchema,
  type TrajectoryStep,
} from "../trajectory.ts";
import { formatPath } from "../../base/errors.ts";
import { asObject } from "../../base/json_object.ts";

/** Something an adapter could not map: its line and why. */
export interface SkippedRecord {
  /** 1-based line of the source file (the envelope line, or 1 for a single JSON document). */
  line: number;
  /** What was not mapped, with its JSON path inside the line. */
  reason: string;
}

/** What an adapter returns. */
export interface AdapterResult {
  /** The mapped trajectories, each with the source line it came from. */
  trajectories: { line: number; trajectory: Trajectory }[];
  /** Records that could not be mapped (never silently dropped). */
  skipped: SkippedRecord[];
  /** Every tool name seen, with its number of calls and whether it counted as a memory call. */
  tools: Record<string, { calls: number; memory: boolean }>;
  /** Assumptions that change a number (e.g. failed runs scored as wrong), one sentence each. */
  warnings?: string[];
}

/** Options every adapter takes. */
export interface AdapterOptions {
  /** Memory tool names A_ext(M); default: the adapter's defaults (see DEFAULT_MEMORY_TOOLS). */
  memoryTools?: readonly string[];
  /** File name for errors and skipped records. */
  file?: string;
}

/**
 * The per-line envelope of the line-oriented formats: one JSON object per
 * trajectory with the grouping keys beside the source's own records.
 */
export const EnvelopeSchema = z.object({
  query_id: z.string().min(1, "expected a non-empty query_id"),
  trajectory_id: z.string().min(1).optional(),
  scale: ShortTrajectoryScaleSchema.optional(),
  agent: z.string().optional(),
  system: z.string().optional(),
  memory_tools: z.array(z.string().min(1)).optional(),
  correct: z.union([z.boolean(), z.literal(0), z.literal(1), z.null()]).optional(),
  judge: TrajectoryJudgeSchema.optional(),
}).loose();

/** A parsed envelope. */
export type Envelope = z.infer<typeof EnvelopeSchema>;

// The adapters import it from here with the rest of their helpers; it lives in lib/base/.
export { asObject } from "../../base/json_object.ts";

/** A string, or undefined. */
export const asString = (v: unknown): string | undefined => typeof v === "string" ? v : undefined;

/** Text of a content value: a string, or text blocks (`{type: "text"|"output_text"|..., text}`). */
export function contentText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    const parts = content.map((b) => asObject(b)).filter((b) =>
      b !== undefined && typeof b.text === "string"
    ).map((b) => b!.text as string);
    return parts.length > 0 ? parts.join("\n") : undefined;
  }
  return undefined;
}

/** Call arguments: an object as is, a JSON string parsed; otherwise kept raw under `_raw`. */
export function parseArgs(a: unknown): Record<string, unknown> | undefined {
  if (a === undefined || a === null) return undefined;
  const o = asObject(a);
  if (o) return o;
  if (typeof a === "string") {
    if (a.trim() === "") return {};
    try {
      const p = JSON.parse(a);
      return asObject(p) ?? { _raw: a };
    } catch {
      return { _raw: a };
    }
  }
  return { _raw: a };
}

type Returned = NonNullable<TrajectoryStep["returned"]>[number];

function itemOf(x: unknown): Returned | undefined {
  if (typeof x === "string") return { text: x };
  const o = asObject(x);
  if (!o) return undefined;
  const meta = asObject(o.metadata) ?? {};
  const str = (v: unknown) =>
    typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
  const id = str(o.id) ?? str(o.memory_id) ?? str(o.doc_id) ?? str(meta.id) ?? str(o.file_id);
  const session = str(o.session_id) ?? str(meta.session_id);
  const t = str(o.text) ?? str(o.memory) ?? str(o.content) ?? str(o.page_content) ??
    contentText(o.content);
  const score = typeof o.score === "number" && Number.isFinite(o.score) ? o.score : undefined;
  if (id === undefined && session === undefined && t === undefined) return undefined;
  return {
    ...(id !== undefined ? { id } : {}),
    ...(session !== undefined ? { session_id: session } : {}),
    ...(t !== undefined ? { text: t } : {}),
    ...(score !== undefined ? { score } : {}),
  };
}

/**
 * Returned items of a tool result: a JSON list of items (or `{results: [...]}`,
 * `{documents: [...]}`, `{passages: [...]}`, `{memories: [...]}`, Letta's
 * `{status, message}` wrapper), or the whole text as one item.
 */
export function returnedItems(output: unknown): Returned[] {
  let v: unknown = output;
  if (Array.isArray(v) && v.every((b) => asObject(b)?.type === "text")) v = contentText(v);
  if (typeof v === "string") {
    const raw: string = v;
    try {
      v = JSON.parse(raw);
    } catch {
      return raw.trim() === "" ? [] : [{ text: raw }];
    }
  }
  const o = asObject(v);
  if (o) {
    for (const k of ["results", "documents", "passages", "memories", "items", "hits"]) {
      if (Array.isArray(o[k])) {
        return (o[k] as unknown[]).map(itemOf).filter((x) => x) as Returned[];
      }
    }
    if ("message" in o && "status" in o) return returnedItems(o.message ?? "");
    const one = itemOf(o);
    return one ? [one] : [{ text: JSON.stringify(o) }];
  }
  if (Array.isArray(v)) return v.map(itemOf).filter((x) => x) as Returned[];
  if (v === null || v === undefined) return [];
  return [{ text: String(v) }];
}

/**
 * Builds one trajectory: steps are numbered in order; a call is a
 * `memory_call` iff its name is a memory tool (or `forceMemory`).
 */
export class TrajectoryBuilder {
  readonly steps: TrajectoryStep[] = [];
  answer: string | undefined;
  private readonly byCallId = new Map<string, TrajectoryStep>();
  private readonly memory: Set<string>;
  /** Names counted as memory calls by kind (e.g. LangSmith retrievers) outside memoryTools. */
  private readonly forced: string[] = [];

  constructor(
    readonly memoryTools: readonly string[],
    private readonly tools: AdapterResult["tools"],
  ) {
    this.memory = new Set(memoryTools);
  }

  /** Adds an LLM step. */
  llm(name?: string, ts?: string): void {
    this.steps.push({
      i: this.steps.length,
      kind: "llm",
      ...(name ? { name } : {}),
      ...(ts ? { ts } : {}),
    });
  }

  /** Adds a tool call; returns the step. */
  call(
    name: string,
    args: unknown,
    callId?: string,
    opts: { forceMemory?: boolean; ts?: string; returned?: unknown } = {},
  ): TrajectoryStep {
    const memory = opts.forceMemory === true || this.memory.has(name);
    if (memory && !this.memory.has(name)) {
      this.memory.add(name);
      this.forced.push(name);
    }
    const a = parseArgs(args);
    const step: TrajectoryStep = {
      i: this.steps.length,
      kind: memory ? "memory_call" : "tool_call",
      name,
      ...(a !== undefined ? { args: a } : {}),
      ...(opts.ts ? { ts: opts.ts } : {}),
    };
    if (opts.returned !== undefined) step.returned = returnedItems(opts.returned);
    this.steps.push(step);
    if (callId !== undefined) this.byCallId.set(callId, step);
    const t = this.tools[name] ?? (this.tools[name] = { calls: 0, memory });
    t.calls++;
    t.memory ||= memory;
    return step;
  }

  /** Attaches a tool result to its call; false if no call has that id. */
  result(callId: string | undefined, output: unknown): boolean {
    const step = callId === undefined ? undefined : this.byCallId.get(callId);
    if (step === undefined) return false;
    const items = returnedItems(output);
    step.returned = [...(step.returned ?? []), ...items];
    return true;
  }

  /** Adds the answer step. */
  final(text: string | undefined, name?: string, ts?: string): void {
    this.steps.push({
      i: this.steps.length,
      kind: "answer",
      ...(name ? { name } : {}),
      ...(ts ? { ts } : {}),
    });
    if (text !== undefined) this.answer = text;
  }

  /** The trajectory with the envelope's keys. */
  build(env: Envelope): Trajectory {
    const scale = scaleOf(env.scale);
    const c = env.correct;
    return {
      schema: TRAJECTORY_SCHEMA,
      ...(env.trajectory_id !== undefined ? { trajectory_id: env.trajectory_id } : {}),
      query_id: env.query_id,
      ...(scale !== null ? { scale } : {}),
      ...(env.agent !== undefined ? { agent: env.agent } : {}),
      ...(env.system !== undefined ? { system: env.system } : {}),
      // The declared memory tools, then names counted by kind (a retriever run): the line is
      // self-consistent, so re-reading it gives the same R.
      memory_tools: [...this.memoryTools, ...this.forced],
      steps: this.steps,
      ...(this.answer !== undefined ? { answer: this.answer } : {}),
      correct: c === undefined || c === null ? null : c === true || c === 1,
      ...(env.judge !== undefined ? { judge: env.judge } : {}),
    };
  }
}

/**
 * Runs a line-oriented adapter: per JSONL line, its envelope checked (the payload the first of
 * `payloadKeys` the line has, an array of the source's records), a builder with the line's
 * memory tools (its own list, else the options', else the defaults), the adapter's mapping of
 * the payload, then the trajectory with the envelope's keys.
 *
 * @param text the JSONL file's content
 * @param opts the adapter's options (memory tools, file name)
 * @param payloadKeys the keys that may hold the payload array, first preferred
 * @param defaults the adapter's default memory tools
 * @param map maps one payload into the builder, reporting what it skips (with its JSON path;
 *   `key` is the payload key the line used)
 * @returns trajectories, skipped records (with their lines) and the tool names seen
 * @throws {TrajectoryInputError} naming file, line and field if a line is not JSON or its
 *   envelope is malformed, or if the file has no line
 */
export function mapEnvelopes(
  text: string,
  opts: AdapterOptions,
  payloadKeys: readonly string[],
  defaults: readonly string[],
  map: (
    payload: unknown[],
    b: TrajectoryBuilder,
    skip: (reason: string) => void,
    key: string,
  ) => void,
): AdapterResult {
  const file = opts.file ?? "<memory>";
  const res: AdapterResult = { trajectories: [], skipped: [], tools: {} };
  for (const { line, text: s } of jsonlLines(text)) {
    const value = parseJsonLine(s, file, line);
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new TrajectoryInputError(file, line, "", "expected a JSON object");
    }
    const parsed = EnvelopeSchema.safeParse(value);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new TrajectoryInputError(file, line, formatPath(i.path), i.message);
    }
    const obj = value as Record<string, unknown>;
    const key = payloadKeys.find((k) => k in obj);
    if (key === undefined || !Array.isArray(obj[key])) {
      throw new TrajectoryInputError(
        file,
        line,
        key ?? payloadKeys[0],
        `expected an array "${payloadKeys.join('" or "')}" of the source's records`,
      );
    }
    const env = parsed.data;
    const b = new TrajectoryBuilder(env.memory_tools ?? opts.memoryTools ?? defaults, res.tools);
    map(obj[key] as unknown[], b, (reason) => void res.skipped.push({ line, reason }), key);
    res.trajectories.push({ line, trajectory: b.build(env) });
  }
  if (res.trajectories.length === 0) {
    throw new TrajectoryInputError(file, 0, "", "expected at least one trajectory line");
  }
  return res;
}
