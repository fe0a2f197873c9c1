/**
 * The trajectory format `memaudit.trajectory/1` (COMPANIONS §4; paper 002
 * §1(a) items 2-4): one JSON line per trajectory τ of one query at one scale,
 * with its ordered steps, answer and correctness; plus the short form
 * `{query_id, scale, agent, system, R, correct}` for users who have counts
 * only. One zod schema per form is the single source of truth: the types are
 * inferred from it, {@linkcode readTrajectories} validates through it, and
 * `data/schema/trajectory.schema.json` is generated from it
 * (`deno task schema`).
 *
 * R(τ), the memory-call count, is {@linkcode memoryCallCount}: the steps
 * whose `kind` is `memory_call`, or, for a step without `kind`, whose `name`
 * is one of the memory tools. Parallel calls in one assistant turn are
 * separate steps and count individually; a retried call is a call and counts.
 *
 * @module
 */
import { forEachJsonlLine, jsonlLines } from "../base/jsonl.ts";
import { z } from "../base/deps/zod.ts";
import { formatPath, InputError } from "../base/errors.ts";
import { parseJsonOr, strictJsonIssue } from "../base/json_text.ts";
import { inputJsonSchema } from "../base/validate_input.ts";

/** The `schema` value of a full trajectory line. */
export const TRAJECTORY_SCHEMA = "memaudit.trajectory/1";

/** TrajectoryStep kinds: only `memory_call` counts toward R(τ). */
export const STEP_KINDS = ["memory_call", "tool_call", "llm", "answer"] as const;

/** Who decided C(τ): an LLM judge, a structural judge (evidence retrieved), or the user. */
export const JUDGE_KINDS = ["llm", "structural", "user"] as const;

const text = z.string().min(1, "expected a non-empty string");

/** A step kind: only `memory_call` counts toward R(τ). */
export type StepKind = typeof STEP_KINDS[number];
/** Who decided C(τ). */
export type JudgeKind = typeof JUDGE_KINDS[number];

/** A scale as written in a file (at least one of the two). */
export interface TrajectoryScale {
  /** Ladder label, e.g. `s2`. */
  label?: string;
  /** N_irr(s): irrelevant sessions added to the query's evidence sessions. */
  n_irr?: number;
}

/** One item a memory call returned. */
export interface ReturnedItem {
  /** Item id in the memory system. */
  id?: string;
  /** Session the item comes from. */
  session_id?: string;
  /** The item's text. */
  text?: string;
  /** The system's retrieval score. */
  score?: number | null;
}

/** One action a_t of a trajectory. */
export interface TrajectoryStep {
  /** Position; strictly increasing within a trajectory. */
  i: number;
  /** Step kind; when absent, the step is a memory call iff `name` is a memory tool. */
  kind?: StepKind;
  /** Tool or model name. */
  name?: string;
  /** Call arguments. */
  args?: Record<string, unknown>;
  /** Items the call returned, in rank order. */
  returned?: ReturnedItem[];
  /** Timestamp (ISO 8601 preferred). */
  ts?: string;
}

/** The judge that produced C(τ). */
export interface TrajectoryJudge {
  /** LLM judge, structural judge (evidence retrieved) or the user. */
  kind: JudgeKind;
  /** Judge model, e.g. gpt-4o. */
  model?: string;
}

/** A full `memaudit.trajectory/1` line (COMPANIONS §4). */
export interface Trajectory {
  /** Always {@linkcode TRAJECTORY_SCHEMA}. */
  schema: typeof TRAJECTORY_SCHEMA;
  /** Optional trajectory id. */
  trajectory_id?: string;
  /** Query q (e.g. a LongMemEval question_id). */
  query_id: string;
  /** Scale on the ladder; absent for non-ladder runs. */
  scale?: TrajectoryScale;
  /** Agent A (grouping key). */
  agent?: string;
  /** Memory interface M (grouping key). */
  system?: string;
  /** A_ext(M): tool names that are external memory calls. */
  memory_tools?: string[];
  /** The ordered actions of τ. */
  steps: TrajectoryStep[];
  /** The final answer. */
  answer?: string | null;
  /** C(τ); null or absent: join a judge log. */
  correct?: boolean | null;
  /** Who judged. */
  judge?: TrajectoryJudge;
  /** Simulators only: the seed. */
  seed?: number | string;
  /** Simulators only: every parameter. */
  params?: Record<string, unknown>;
}

/**
 * The scale of a trajectory on a scale ladder: a label (e.g. `s2`), the
 * number of irrelevant sessions N_irr (paper 002 §1(a) item 1), or both.
 */
export const TrajectoryScaleSchema: z.ZodType<TrajectoryScale> = z.object({
  label: text.optional().meta({ description: "ladder label, e.g. s2" }),
  n_irr: z.number().int().nonnegative().optional().meta({
    description: "N_irr(s): irrelevant sessions added to the query's evidence sessions",
  }),
}).strict().refine((s) => s.label !== undefined || s.n_irr !== undefined, {
  message: "expected a scale with a label, n_irr or both",
}).meta({ description: "position on the scale ladder; omit for non-ladder runs" });

/** One item a memory call returned (for structural judges; optional). */
export const ReturnedItemSchema: z.ZodType<ReturnedItem> = z.object({
  id: z.string().optional().meta({ description: "item id in the memory system" }),
  session_id: z.string().optional().meta({ description: "session the item comes from" }),
  text: z.string().optional(),
  score: z.number().finite().nullable().optional().meta({
    description: "the system's retrieval score",
  }),
}).strict();

/** One action a_t of a trajectory. */
export const TrajectoryStepSchema: z.ZodType<TrajectoryStep> = z.object({
  i: z.number().int().nonnegative().meta({
    description: "position of the step; strictly increasing within a trajectory",
  }),
  kind: z.enum(STEP_KINDS).optional().meta({
    description: "memory_call counts toward R(τ); when absent, the step counts iff name is " +
      "one of the memory tools",
  }),
  name: text.optional().meta({ description: "tool or model name" }),
  args: z.record(z.string(), z.unknown()).optional().meta({ description: "call arguments" }),
  returned: z.array(ReturnedItemSchema).optional().meta({
    description: "items the call returned, in rank order",
  }),
  ts: z.string().optional().meta({ description: "timestamp (ISO 8601 preferred)" }),
}).strict();

/** The judge that produced C(τ). */
export const TrajectoryJudgeSchema: z.ZodType<TrajectoryJudge> = z.object({
  kind: z.enum(JUDGE_KINDS),
  model: z.string().optional().meta({ description: "judge model, e.g. gpt-4o" }),
}).strict();

/** A full `memaudit.trajectory/1` line (COMPANIONS §4). */
export const TrajectorySchema: z.ZodType<Trajectory> = z.object({
  schema: z.literal(TRAJECTORY_SCHEMA),
  trajectory_id: text.optional(),
  query_id: text.meta({ description: "query q (e.g. a LongMemEval question_id)" }),
  scale: TrajectoryScaleSchema.optional(),
  agent: z.string().optional().meta({ description: "agent A (grouping key, free text)" }),
  system: z.string().optional().meta({
    description: "memory interface M (grouping key, free text)",
  }),
  memory_tools: z.array(text).optional().meta({
    description: "A_ext(M): tool names that are external memory calls; may be given per file",
  }),
  steps: z.array(TrajectoryStepSchema).meta({ description: "the ordered actions of τ" }),
  answer: z.string().nullable().optional(),
  correct: z.boolean().nullable().optional().meta({
    description: "C(τ); null or absent: join a judge log",
  }),
  judge: TrajectoryJudgeSchema.optional(),
  seed: z.union([z.number(), z.string()]).optional().meta({ description: "simulators only" }),
  params: z.record(z.string(), z.unknown()).optional().meta({ description: "simulators only" }),
}).strict().superRefine((t, ctx) => {
  for (let k = 0; k < t.steps.length; k++) {
    const s = t.steps[k];
    if (s.kind === undefined && s.name === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["steps", k, "kind"],
        message: "expected a kind (memory_call, tool_call, llm, answer) or a tool name",
      });
    }
    if (k > 0 && s.i <= t.steps[k - 1].i) {
      ctx.addIssue({
        code: "custom",
        path: ["steps", k, "i"],
        message: `expected i greater than the previous step's ${t.steps[k - 1].i}`,
      });
    }
  }
});

/** The scale of a short-form line: a label, N_irr, or the full scale object. */
export const ShortTrajectoryScaleSchema: z.ZodType<string | number | TrajectoryScale> = z.union([
  text.meta({ description: "ladder label" }),
  z.number().int().nonnegative().meta({ description: "N_irr" }),
  TrajectoryScaleSchema,
]);

/** The short form for users with counts only: `{query_id, scale, agent, system, R, correct}`. */
export const ShortTrajectorySchema = z.object({
  query_id: text,
  scale: ShortTrajectoryScaleSchema.optional(),
  agent: z.string().optional(),
  system: z.string().optional(),
  R: z.number().int().nonnegative().meta({ description: "R(τ): number of memory calls" }),
  correct: z.union([z.boolean(), z.literal(0), z.literal(1), z.null()]).optional().meta({
    description: "C(τ) as true/false or 1/0; null or absent: join a judge log",
  }),
  trajectory_id: text.optional(),
}).strict();

/** One line of a trajectory file: the full form (with `schema`) or the short form (with `R`). */
export const TrajectoryLineSchema = z.union([TrajectorySchema, ShortTrajectorySchema]);

/**
 * The scored view of one trajectory: what the scorer needs. `correct` is
 * null until a judge log is joined ({@linkcode joinJudgeLog}).
 */
export interface ScoreRecord {
  /** The query q. */
  query_id: string;
  /** Grouping key A ("" when not given). */
  agent: string;
  /** Grouping key M ("" when not given). */
  system: string;
  /**
   * Scale, or null for a non-ladder run. A short-form line's scale is frozen and may be the
   * same object as other records' (copy it to change it).
   */
  scale: TrajectoryScale | null;
  /** R(τ), memory calls. */
  R: number;
  /** C(τ), or null when not known yet. */
  correct: boolean | null;
  /** The trajectory id, when given. */
  trajectory_id?: string;
  /** 1-based line in the source file, for error messages. */
  line?: number;
}

/**
 * Bad input in a line-oriented file: an {@linkcode InputError} whose location
 * reads `line N: FIELD` (e.g. `line 3: steps[2].kind`), with the line and
 * the field also as properties.
 */
export class TrajectoryInputError extends InputError {
  /** The error class name. */
  override name = "TrajectoryInputError";
  /**
   * Makes the error; the message reads "Cannot read FILE: line N: FIELD: EXPECTED".
   *
   * @param file the file name
   * @param line 1-based line number (0 for the whole file)
   * @param field JSON path inside the line ("" for the whole line)
   * @param expected what should have been there
   */
  constructor(file: string, readonly line: number, readonly field: string, expected: string) {
    super(
      file,
      { path: line === 0 ? field : `line ${line}${field === "" ? "" : `: ${field}`}` },
      expected,
    );
  }
}

/**
 * R(τ) (paper 002 §1(a) item 2; COMPANIONS §4): the number of steps whose
 * `kind` is `memory_call`, or whose `name` is in `memoryTools` when `kind` is
 * absent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryCallCount } from "./trajectory.ts";
 * const steps = [
 *   { i: 0, kind: "memory_call" as const, name: "search" },
 *   { i: 1, name: "search" },
 *   { i: 2, name: "calculator" },
 *   { i: 3, kind: "answer" as const },
 * ];
 * assert.ok(memoryCallCount(steps, ["search"]) === 2);
 * ```
 *
 * @param steps the trajectory's steps
 * @param memoryTools A_ext(M), the memory tool names
 * @returns R(τ), a non-negative integer
 */
export function memoryCallCount(
  steps: readonly Pick<TrajectoryStep, "kind" | "name">[],
  memoryTools: readonly string[],
): number {
  const tools = new Set(memoryTools);
  let r = 0;
  for (const s of steps) {
    if (s.kind === "memory_call" || (s.kind === undefined && tools.has(s.name ?? ""))) r++;
  }
  return r;
}

/** Options of {@linkcode readTrajectories} and {@linkcode toScoreRecord}. */
export interface ReadTrajectoriesOptions {
  /**
   * Memory tool names for trajectories that do not list their own
   * `memory_tools` (a trajectory's own list wins).
   */
  memoryTools?: readonly string[];
}

/**
 * What a union of plain values accepts, e.g. "expected boolean, 0, 1 or null" for `correct`, when
 * every branch failed on the value itself; else undefined.
 */
function valueUnionExpected(branches: z.core.$ZodIssue[][]): string | undefined {
  const each: string[] = [];
  for (const b of branches) {
    const i = b[0];
    if (b.length !== 1 || i.path.length > 0) return undefined;
    if (i.code === "invalid_type") each.push(i.expected);
    else if (i.code === "invalid_value") each.push(...i.values.map((v) => JSON.stringify(v)));
    else return undefined;
  }
  const all = [...new Set(each)];
  const got = /received (\w+)/.exec(branches[0][0].message)?.[1];
  return `expected ${all.length > 1 ? `${all.slice(0, -1).join(", ")} or ` : ""}${all.at(-1)}` +
    (got === undefined ? "" : `, received ${got}`);
}

function zodIssue(file: string, line: number, error: z.ZodError): TrajectoryInputError {
  // For a union failure, report the branch that matched the line's shape best.
  let issue = error.issues[0];
  let path = issue.path;
  if (issue.code === "invalid_union" && "errors" in issue && Array.isArray(issue.errors)) {
    const values = valueUnionExpected(issue.errors as z.core.$ZodIssue[][]);
    if (values !== undefined) return new TrajectoryInputError(file, line, formatPath(path), values);
    const branch = (issue.errors as z.core.$ZodIssue[][])[0];
    // A branch's path is relative to the union: prefix the union's own (`scale`, `correct`).
    if (branch?.length) [issue, path] = [branch[0], [...issue.path, ...branch[0].path]];
  }
  return new TrajectoryInputError(file, line, formatPath(path), issue.message);
}

/** A short-form scale (a label, N_irr or the scale object) as a scale object, or null. */
export function scaleOf(s: string | number | TrajectoryScale | undefined): TrajectoryScale | null {
  if (s === undefined) return null;
  if (typeof s === "string") return { label: s };
  if (typeof s === "number") return { n_irr: s };
  return s;
}

/** The seven keys of a short-form line. */
export const SHORT_KEYS = [
  "query_id",
  "scale",
  "agent",
  "system",
  "R",
  "correct",
  "trajectory_id",
] as const;
const SHORT_KEY_SET = new Set<string>(SHORT_KEYS);

/**
 * A short-form line's seven fields as parsed (undefined where the line lacks the key; `scale` a
 * string, a number or an object of `label` and `n_irr`).
 */
export type ShortFields = { [K in typeof SHORT_KEYS[number]]?: unknown };

/**
 * The short form's common case checked by hand (measured: zod's parse is a
 * third of reading 1,000,000 lines). It accepts only lines that
 * {@linkcode ShortTrajectorySchema} accepts and gives the same record;
 * anything else returns undefined and goes through zod, which gives the
 * error. A property test checks the two agree.
 *
 * @param o a parsed line, as `JSON.parse` makes it (no repeated key, number or nesting that the
 *   strict reader would refuse: the caller has checked)
 * @param line 1-based line number
 * @returns the line's record, or undefined (read the line the strict way)
 */
function shortFast(o: Record<string, unknown>, line: number): ScoreRecord | undefined {
  for (const k in o) if (!SHORT_KEY_SET.has(k)) return undefined;
  return shortRecord(o, line);
}

/**
 * The record of a short-form line's fields, checked as {@linkcode shortFast} checks them, or
 * undefined (read the line the strict way).
 *
 * @param f the line's fields (no other key: the caller has checked)
 * @param line 1-based line number
 * @returns the record, or undefined
 */
export function shortRecord(f: ShortFields, line: number): ScoreRecord | undefined {
  const { query_id, agent, system, R, correct, trajectory_id } = f;
  if (typeof query_id !== "string" || query_id.length === 0) return undefined;
  if (typeof R !== "number" || !Number.isSafeInteger(R) || R < 0) return undefined;
  if (agent !== undefined && typeof agent !== "string") return undefined;
  if (system !== undefined && typeof system !== "string") return undefined;
  if (
    trajectory_id !== undefined && (typeof trajectory_id !== "string" || trajectory_id === "")
  ) return undefined;
  let c: boolean | null;
  if (correct === true || correct === 1) c = true;
  else if (correct === false || correct === 0) c = false;
  else if (correct === null || correct === undefined) c = null;
  else return undefined;
  const sc = f.scale;
  let scale: TrajectoryScale | null;
  if (sc === undefined) scale = null;
  else if (typeof sc === "string") {
    if (sc === "") return undefined;
    scale = scaleOfLine(sc, undefined);
  } else if (typeof sc === "number") {
    if (!Number.isSafeInteger(sc) || sc < 0) return undefined;
    scale = scaleOfLine(undefined, sc);
  } else {
    if (sc === null || typeof sc !== "object" || Array.isArray(sc)) return undefined;
    const s = sc as Record<string, unknown>;
    let keys = 0;
    for (const k in s) {
      if (k !== "label" && k !== "n_irr") return undefined;
      keys++;
    }
    const { label, n_irr } = s;
    if (label !== undefined && (typeof label !== "string" || label === "")) return undefined;
    if (
      n_irr !== undefined &&
      (typeof n_irr !== "number" || !Number.isSafeInteger(n_irr) || n_irr < 0)
    ) return undefined;
    if (label === undefined && n_irr === undefined) return undefined;
    if (keys === 0) return undefined;
    scale = scaleOfLine(label as string | undefined, n_irr as number | undefined);
  }
  const a = agent ?? "", m = system ?? "";
  // The keys in the order of every other record (the full form's, zod's): trajectory_id, line.
  return trajectory_id === undefined
    ? { query_id, agent: a, system: m, scale, R, correct: c, line }
    : { query_id, agent: a, system: m, scale, R, correct: c, trajectory_id, line };
}

/** The scale object last made by {@linkcode scaleOfLine}. */
let lastScale: TrajectoryScale = {};

/**
 * A frozen scale object of `label` and `n_irr` (each only if defined), the last one made when
 * they are the same: a file's lines mostly repeat the line before's scale, and a million records
 * then share a few objects instead of each making its own.
 */
function scaleOfLine(label: string | undefined, n_irr: number | undefined): TrajectoryScale {
  const s = lastScale;
  if (s.label === label && s.n_irr === n_irr) return s;
  return lastScale = Object.freeze(
    label === undefined ? { n_irr } : n_irr === undefined ? { label } : { label, n_irr },
  );
}

/**
 * How many `:` a text holds, inside strings or not; -1 if one is followed by a number written
 * with an exponent (the only kind the strict reader may find to underflow).
 */
function colonCount(s: string): number {
  let n = 0;
  for (let i = s.indexOf(":"); i >= 0; i = s.indexOf(":", i + 1)) {
    n++;
    let c = s.charCodeAt(++i);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = s.charCodeAt(++i);
    if (c !== 45 && !(c >= 48 && c <= 57)) continue;
    do c = s.charCodeAt(++i); while ((c >= 48 && c <= 57) || c === 46);
    if (c === 101 || c === 69) return -1;
  }
  return n;
}

/**
 * One short-form line parsed once by JSON.parse (issue 29 item 7: a line was parsed, then
 * scanned again by the strict JSON checker, which tracks every path). The strict reader differs
 * from JSON.parse only on a repeated key, a number that underflows and deep nesting. Each key
 * the text names is followed by its own `:`, so when the parsed object and its nested objects
 * hold as many keys as the text has `:` (inside strings too), no key repeats and no object is
 * nested deeper. {@linkcode shortFast} accepts no arrays, so a line it accepts is two objects
 * deep at most and each of its numbers is a key's value, right after its `:`: with none of those
 * written with an exponent, none underflows.
 * Such a line cannot differ from its strict reading: its short-form record is shortFast's.
 * Anything else returns undefined and goes through the strict path, which gives the error; a
 * property test checks that the two agree.
 */
function shortLineOnce(s: string, line: number): ScoreRecord | undefined {
  let o: unknown;
  try {
    o = JSON.parse(s);
  } catch {
    return undefined;
  }
  if (o === null || typeof o !== "object" || Array.isArray(o) || !("R" in o)) return undefined;
  let parsed = 0;
  for (const k in o) {
    parsed++;
    const v = (o as Record<string, unknown>)[k];
    if (v !== null && typeof v === "object") {
      if (Array.isArray(v)) return undefined;
      for (const _ in v) parsed++;
    }
  }
  return parsed === colonCount(s) ? shortFast(o as Record<string, unknown>, line) : undefined;
}

/**
 * Reads one JSONL line as a trajectory: the short form's common case in one pass, anything else
 * parsed strictly and validated (the same record either way).
 *
 * @param s the line's text
 * @param file file name for errors
 * @param line 1-based line number
 * @param opts memory tools for full-form lines without their own list
 * @returns the line's {@linkcode ScoreRecord}
 * @throws {TrajectoryInputError} what {@linkcode parseJsonLine} and {@linkcode toScoreRecord} throw
 */
export function readTrajectoryLine(
  s: string,
  file: string,
  line: number,
  opts: ReadTrajectoriesOptions = {},
): ScoreRecord {
  return shortLineOnce(s, line) ?? toScoreRecord(parseJsonLine(s, file, line), file, line, opts);
}

/**
 * Validates one parsed JSON value as a trajectory line (full or short form)
 * and returns its scored view.
 *
 * @param value the parsed JSON of the line
 * @param file file name for errors
 * @param line 1-based line number for errors
 * @param opts memory tools for trajectories without their own
 * @returns the {@linkcode ScoreRecord} (correct may be null)
 * @throws {TrajectoryInputError} naming the file, line and field: a shape error; a step
 *   without kind when no memory tools are known; a `memory_call` step whose name is not
 *   one of the declared memory tools ("unknown tool")
 */
export function toScoreRecord(
  value: unknown,
  file: string,
  line: number,
  opts: ReadTrajectoriesOptions = {},
): ScoreRecord {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TrajectoryInputError(file, line, "", "expected a JSON object");
  }
  const obj = value as Record<string, unknown>;
  if ("schema" in obj) {
    const parsed = TrajectorySchema.safeParse(obj);
    if (!parsed.success) throw zodIssue(file, line, parsed.error);
    const t = parsed.data;
    const tools = t.memory_tools ?? opts.memoryTools ?? [];
    const known = new Set(tools);
    for (let k = 0; k < t.steps.length; k++) {
      const s = t.steps[k];
      if (s.kind === undefined && tools.length === 0) {
        throw new TrajectoryInputError(
          file,
          line,
          `steps[${k}].kind`,
          "expected a kind: the step has none and no memory_tools are declared " +
            "(in the line or with --memory-tools)",
        );
      }
      if (
        s.kind === "memory_call" && tools.length > 0 && s.name !== undefined && !known.has(s.name)
      ) {
        throw new TrajectoryInputError(
          file,
          line,
          `steps[${k}].name`,
          `unknown tool "${s.name}": expected one of the memory tools ${JSON.stringify(tools)}`,
        );
      }
    }
    return {
      query_id: t.query_id,
      agent: t.agent ?? "",
      system: t.system ?? "",
      scale: t.scale ?? null,
      R: memoryCallCount(t.steps, tools),
      correct: t.correct ?? null,
      ...(t.trajectory_id !== undefined ? { trajectory_id: t.trajectory_id } : {}),
      line,
    };
  }
  if ("R" in obj) {
    const fast = shortFast(obj, line);
    if (fast !== undefined) return fast;
    const parsed = ShortTrajectorySchema.safeParse(obj);
    if (!parsed.success) throw zodIssue(file, line, parsed.error);
    const t = parsed.data;
    const c = t.correct;
    return {
      query_id: t.query_id,
      agent: t.agent ?? "",
      system: t.system ?? "",
      scale: scaleOf(t.scale),
      R: t.R,
      correct: c === undefined || c === null ? null : c === true || c === 1,
      ...(t.trajectory_id !== undefined ? { trajectory_id: t.trajectory_id } : {}),
      line,
    };
  }
  throw new TrajectoryInputError(
    file,
    line,
    "schema",
    `expected "schema": "${TRAJECTORY_SCHEMA}" (full form) or "R" (short form ` +
      "{query_id, scale, agent, system, R, correct})",
  );
}

/**
 * Parses one JSONL line strictly, as the package readers do: a syntax error,
 * a key that repeats in an object (JSON.parse would keep only the last
 * value), a number that underflows to 0 or too deep a nesting is a typed error.
 *
 * @param s the line's text
 * @param file file name for errors
 * @param line 1-based line number
 * @returns the parsed value
 * @throws {TrajectoryInputError} "expected valid JSON" naming file and line, or "expected each
 *   key once in an object" naming file, line and the key's JSON path
 */
export function parseJsonLine(s: string, file: string, line: number): unknown {
  const value = parseJsonOr(s, (message) => {
    const expected = `expected valid JSON (${message.replaceAll("\n", " ")})`;
    return new TrajectoryInputError(file, line, "", expected);
  });
  const issue = strictJsonIssue(s);
  if (issue !== undefined) {
    throw new TrajectoryInputError(file, line, formatPath(issue.path), issue.expected);
  }
  return value;
}

/**
 * Reads a trajectory JSONL file's text: each non-blank line is a full
 * `memaudit.trajectory/1` line or a short-form line; both may be mixed.
 * Correctness may still be null (join a judge log with
 * {@linkcode joinJudgeLog}, then {@linkcode requireCorrectness}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readTrajectories } from "./trajectory.ts";
 * const recs = readTrajectories(
 *   '{"query_id":"q1","scale":0,"agent":"a","system":"m","R":2,"correct":true}\n',
 *   "runs.jsonl",
 * );
 * assert.ok(recs[0].R === 2 && recs[0].correct === true);
 * ```
 *
 * @param textIn the file content
 * @param file file name for errors
 * @param opts memory tools for full-form lines without their own list
 * @returns one record per trajectory, in file order
 * @throws {TrajectoryInputError} on the first bad line, naming the file, line and field
 */
export function readTrajectories(
  textIn: string,
  file = "<memory>",
  opts: ReadTrajectoriesOptions = {},
): ScoreRecord[] {
  const out: ScoreRecord[] = [];
  forEachJsonlLine(textIn, (line, s) => out.push(readTrajectoryLine(s, file, line, opts)));
  if (out.length === 0) {
    throw new TrajectoryInputError(file, 0, "", "expected at least one trajectory line");
  }
  return out;
}

/**
 * One LongMemEval judge-log line (`autoeval_label` from its QA evaluation), with optional
 * targeting keys; other keys are kept.
 */
const JudgeLogLineSchema = z.object({
  question_id: text,
  hypothesis: z.string().optional(),
  autoeval_label: z.object({ model: z.string().optional(), label: z.boolean() }).loose(),
  trajectory_id: text.optional(),
  agent: z.string().optional(),
  system: z.string().optional(),
  scale: ShortTrajectoryScaleSchema.optional(),
}).loose();

/** One judge verdict, with where it came from. */
export interface JudgeVerdict {
  /** The LongMemEval question id (joined to `query_id`). */
  question_id: string;
  /** `autoeval_label.label`: the judge's C(τ). */
  label: boolean;
  /** `autoeval_label.model`. */
  model?: string;
  /** Optional: the one trajectory this verdict is for. */
  trajectory_id?: string;
  /** Optional: restricts the verdict to one agent. */
  agent?: string;
  /** Optional: restricts the verdict to one memory system. */
  system?: string;
  /** Optional: restricts the verdict to one scale. */
  scale?: TrajectoryScale;
  /** 1-based line in the judge log. */
  line: number;
}

/**
 * Reads a LongMemEval judge log: JSONL `{question_id, hypothesis,
 * autoeval_label: {model, label}}` (COMPANIONS §3.1). A line may add
 * `trajectory_id`, `agent`, `system` or `scale` to target trajectories when
 * one file holds several runs of the same question.
 *
 * @param textIn the log's content
 * @param file file name for errors
 * @returns the verdicts in file order
 * @throws {TrajectoryInputError} on a bad line, naming file, line and field; for a line that
 *   repeats another's question_id with the same targeting keys (naming both lines)
 */
export function readJudgeLog(textIn: string, file = "<memory>"): JudgeVerdict[] {
  const out: JudgeVerdict[] = [];
  const lineOf = new Map<string, number>();
  for (const { line, text: s } of jsonlLines(textIn)) {
    const parsed = JudgeLogLineSchema.safeParse(parseJsonLine(s, file, line));
    if (!parsed.success) throw zodIssue(file, line, parsed.error);
    const j = parsed.data;
    const scale = scaleOf(j.scale);
    // A verdict given twice for the same target is a repeated line, not a second trajectory.
    const key = JSON.stringify([j.question_id, j.trajectory_id, j.agent, j.system, scale]);
    const before = lineOf.get(key);
    if (before !== undefined) {
      const targeted = [j.trajectory_id, j.agent, j.system, j.scale].some((x) => x !== undefined);
      throw new TrajectoryInputError(
        file,
        line,
        "question_id",
        `expected one verdict per question${targeted ? " and target" : ""}: ` +
          `${JSON.stringify(j.question_id)} is also line ${before}`,
      );
    }
    lineOf.set(key, line);
    out.push({
      question_id: j.question_id,
      label: j.autoeval_label.label,
      ...(j.autoeval_label.model !== undefined ? { model: j.autoeval_label.model } : {}),
      ...(j.trajectory_id !== undefined ? { trajectory_id: j.trajectory_id } : {}),
      ...(j.agent !== undefined ? { agent: j.agent } : {}),
      ...(j.system !== undefined ? { system: j.system } : {}),
      ...(scale !== null ? { scale } : {}),
      line,
    });
  }
  return out;
}

function sameScale(a: TrajectoryScale | null, b: TrajectoryScale): boolean {
  if (a === null) return false;
  if (b.label !== undefined && a.label !== b.label) return false;
  if (b.n_irr !== undefined && a.n_irr !== b.n_irr) return false;
  return true;
}

/**
 * Fills `correct` of records whose correctness is null from judge verdicts.
 * A verdict matches a record by `trajectory_id` when the verdict has one,
 * otherwise by `question_id` = `query_id` and, when the verdict gives them,
 * agent, system and scale. Records that already have a correctness keep it.
 *
 * @param records scored records (not modified)
 * @param verdicts judge verdicts
 * @param logFile the judge log's name, for errors
 * @returns new records with correctness joined
 * @throws {TrajectoryInputError} if two verdicts with different labels match one record
 *   (naming the judge log, the second verdict's line and `autoeval_label.label`)
 */
export function joinJudgeLog(
  records: readonly ScoreRecord[],
  verdicts: readonly JudgeVerdict[],
  logFile = "<memory>",
): ScoreRecord[] {
  const byQuery = new Map<string, JudgeVerdict[]>();
  const byTraj = new Map<string, JudgeVerdict[]>();
  for (const v of verdicts) {
    const m = v.trajectory_id !== undefined ? byTraj : byQuery;
    const key = v.trajectory_id ?? v.question_id;
    const list = m.get(key);
    if (list) list.push(v);
    else m.set(key, [v]);
  }
  return records.map((r) => {
    if (r.correct !== null) return r;
    const cands = [
      ...(r.trajectory_id !== undefined ? byTraj.get(r.trajectory_id) ?? [] : []),
      ...(byQuery.get(r.query_id) ?? []).filter((v) =>
        (v.agent === undefined || v.agent === r.agent) &&
        (v.system === undefined || v.system === r.system) &&
        (v.scale === undefined || sameScale(r.scale, v.scale))
      ),
    ];
    if (cands.length === 0) return r;
    for (const v of cands) {
      if (v.label !== cands[0].label) {
        throw new TrajectoryInputError(
          logFile,
          v.line,
          "autoeval_label.label",
          `expected one verdict for query ${JSON.stringify(r.query_id)}: line ${
            cands[0].line
          } says ${cands[0].label}, this line says ${v.label} (add trajectory_id, agent, ` +
            "system or scale to the log lines)",
        );
      }
    }
    return { ...r, correct: cands[0].label };
  });
}

/**
 * Checks every record has a correctness label.
 *
 * @param records scored records
 * @param file the trajectory file's name, for errors
 * @param hasJudgeLog whether a judge log was joined (changes the message)
 * @returns the records, typed with `correct: boolean`
 * @throws {TrajectoryInputError} at the first record without correctness, naming the file,
 *   its line and the field `correct`
 */
export function requireCorrectness(
  records: readonly ScoreRecord[],
  file = "<memory>",
  hasJudgeLog = false,
): (ScoreRecord & { correct: boolean })[] {
  for (let k = 0; k < records.length; k++) {
    const r = records[k];
    if (r.correct === null) {
      throw new TrajectoryInputError(
        file,
        r.line ?? k + 1,
        "correct",
        hasJudgeLog
          ? `expected true or false: the judge log has no verdict for query ${
            JSON.stringify(r.query_id)
          }`
          : "expected true or false (or give a judge log with --judge-log)",
      );
    }
  }
  return records as (ScoreRecord & { correct: boolean })[];
}

/**
 * The JSON Schema (draft 2020-12) of one trajectory line, generated from
 * {@linkcode TrajectoryLineSchema} in zod's input mode.
 *
 * @returns a plain JSON object
 */
export function trajectoryJsonSchema(): Record<string, unknown> {
  return inputJsonSchema(
    TrajectoryLineSchema,
    "Generated from lib/scale/trajectory.ts by `deno task schema`; do not edit. " +
      "One line of a trajectory JSONL file: the full form memaudit.trajectory/1 (with " +
      '"schema") or the short form {query_id, scale, agent, system, R, correct}. Checked ' +
      "by memaudit on read, not expressible here: every step has a kind or a name; step i " +
      "strictly increases; a step without kind needs memory_tools (in the line or per file); " +
      "a memory_call step's name must be one of memory_tools when they are given.",
  );
}
