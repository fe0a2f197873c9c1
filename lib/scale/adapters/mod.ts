/**
 * Reads a trajectory file in any supported log format into scored records:
 * `memaudit` (memaudit.trajectory/1 and the short form), `openai-chat`,
 * `openai-responses`, `anthropic`, `letta` (REST histories or an agent
 * file), `langsmith` and `tau-bench` (its result files), with `auto` detection. Each adapter's module doc
 * states its input envelope.
 *
 * @module
 */
import { forEachJsonlLine } from "../../base/jsonl.ts";
import {
  readTrajectories,
  type ScoreRecord,
  toScoreRecord,
  type Trajectory,
  TrajectoryInputError,
} from "../trajectory.ts";
import {
  type AdapterOptions,
  type AdapterResult,
  asObject,
  type SkippedRecord,
} from "./_common.ts";
import { fromAnthropic } from "./anthropic.ts";
import { fromLangSmith } from "./langsmith.ts";
import { fromLettaAgentFile, fromLettaMessages } from "./letta.ts";
import { fromOpenAIChat } from "./openai_chat.ts";
import { fromOpenAIResponses } from "./openai_responses.ts";
import { fromTauBench, isTauBenchResults } from "./tau_bench.ts";

export type { AdapterOptions, AdapterResult, SkippedRecord };
export {
  fromAnthropic,
  fromLangSmith,
  fromLettaAgentFile,
  fromLettaMessages,
  fromOpenAIChat,
  fromOpenAIResponses,
  fromTauBench,
};
export { GENERIC_MEMORY_TOOLS, LETTA_MEMORY_TOOLS } from "./defaults.ts";

/** Input formats of {@linkcode readTrajectoryInput}. */
export const TRAJECTORY_FORMATS = [
  "auto",
  "memaudit",
  "openai-chat",
  "openai-responses",
  "anthropic",
  "letta",
  "langsmith",
  "tau-bench",
] as const;

/** One of {@linkcode TRAJECTORY_FORMATS}. */
export type TrajectoryFormat = typeof TRAJECTORY_FORMATS[number];

/** Result of {@linkcode readTrajectoryInput}. */
export interface TrajectoryInput {
  /** The format read (never "auto"); `letta-af` for a Letta agent file. */
  format: Exclude<TrajectoryFormat, "auto"> | "letta-af";
  /** One scored record per trajectory (correctness may be null). */
  records: ScoreRecord[];
  /** The mapped trajectories (adapters only; null for the memaudit format). */
  trajectories: Trajectory[] | null;
  /** Source records an adapter could not map, with their line. */
  skipped: SkippedRecord[];
  /** Tool names seen by an adapter, with call counts and whether they counted as memory calls. */
  tools: AdapterResult["tools"];
  /** Assumptions of the adapter that change a number, one sentence each. */
  warnings: string[];
}

/**
 * The file as one JSON document when its text starts with `open` (`{` or `[`; white space and a
 * byte-order mark, U+FEFF, trimmed first) and parses, else undefined.
 */
function jsonDocument(text: string, open: string): unknown {
  const t = text.trimStart();
  if (!t.startsWith(open)) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

function isAgentFile(text: string): boolean {
  const d = asObject(jsonDocument(text, "{"));
  return d !== undefined && (Array.isArray(d.agents) ||
    (Array.isArray(d.messages) && ("agent_type" in d || "llm_config" in d || "core_memory" in d)));
}

/** Anthropic call and result blocks: tool_use, server_tool_use, mcp_tool_use, *_tool_result. */
const ANTHROPIC_BLOCK = /^(tool_use|tool_result|server_tool_use|mcp_tool_use|\w+_tool_result)$/;

function blockTypes(messages: unknown[]): Set<string> {
  const out = new Set<string>();
  for (const m of messages) {
    const c = (m as { content?: unknown })?.content;
    if (Array.isArray(c)) { for (const b of c) out.add(String((b as { type?: unknown })?.type)); }
  }
  return out;
}

/**
 * What {@linkcode detectFormat} can find: a trajectory format, or `longmemeval-qa` (LongMemEval's
 * `evaluate_qa.py` output: graded answers, no trajectories; see `lib/scale/qa_scales.ts`).
 */
export type DetectedFormat = TrajectoryInput["format"] | "longmemeval-qa";

/**
 * Detects the format of a trajectory file from its first decisive line: a
 * tau-bench result file (one JSON array of `{task_id, reward, traj, ...}`); a
 * Letta agent file (one JSON document with `agents`, or with `messages` and
 * agent fields); a line with `schema` or `R` (memaudit); `runs` (langsmith);
 * `items` or `output` (openai-responses); `question_id` with `autoeval_label` and no
 * `messages` (longmemeval-qa); `messages` holding `message_type`
 * (letta), Anthropic call or result blocks (`tool_use`, `tool_result`, `server_tool_use`,
 * `mcp_tool_use`, `mcp_tool_result`, ...: anthropic), or anything else
 * (openai-chat).
 *
 * @param text the file's content
 * @param file file name for errors
 * @returns the detected format
 * @throws {TrajectoryInputError} if no line has a recognisable shape
 */
export function detectFormat(text: string, file = "<memory>"): DetectedFormat {
  if (isAgentFile(text)) return "letta-af";
  if (isTauBenchResults(jsonDocument(text, "["))) return "tau-bench"; // one indented array
  let chat = false; // a line with messages but no tool use
  const found = firstOf(text, (line, s) => {
    let v: unknown;
    try {
      v = JSON.parse(s);
    } catch {
      throw new TrajectoryInputError(
        file,
        line,
        "",
        "expected valid JSON (one trajectory per line)",
      );
    }
    if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
    const f = lineFormat(v as Record<string, unknown>);
    if (f === "chat-without-tools") chat = true;
    return f === "chat-without-tools" ? undefined : f;
  });
  if (found !== undefined) return found;
  // Lines with messages but no tool use anywhere: read them as chat logs (R = 0).
  if (chat) return "openai-chat";
  throw new TrajectoryInputError(
    file,
    0,
    "",
    "expected a trajectory file: memaudit.trajectory/1 or short-form lines, or a log with " +
      '"messages", "items" or "runs", or a tau-bench result array (see --format)',
  );
}

/** The format one JSONL object shows, `chat-without-tools` for messages without tool use. */
function lineFormat(v: Record<string, unknown>): DetectedFormat | "chat-without-tools" | undefined {
  if ("schema" in v || "R" in v) return "memaudit";
  if (Array.isArray(v.runs)) return "langsmith";
  if (Array.isArray(v.items) || Array.isArray(v.output)) return "openai-responses";
  if ("question_id" in v && "autoeval_label" in v && !("messages" in v)) return "longmemeval-qa";
  if (!Array.isArray(v.messages)) return undefined;
  const ms = v.messages as unknown[];
  if (ms.some((m) => (m as { message_type?: unknown })?.message_type !== undefined)) {
    return "letta";
  }
  if ([...blockTypes(ms)].some((t) => ANTHROPIC_BLOCK.test(t))) return "anthropic";
  const tools = ms.some((m) =>
    Array.isArray((m as { tool_calls?: unknown })?.tool_calls) ||
    (m as { role?: unknown })?.role === "tool"
  );
  return tools ? "openai-chat" : "chat-without-tools";
}

/** The first value `visit` returns for the non-blank lines, in order (the rest is not read). */
function firstOf<T>(
  text: string,
  visit: (line: number, s: string) => T | undefined,
): T | undefined {
  const STOP = Symbol("stop");
  let found: T | undefined;
  try {
    forEachJsonlLine(text, (line, s) => {
      found = visit(line, s);
      if (found !== undefined) throw STOP;
    });
  } catch (e) {
    if (e !== STOP) throw e;
  }
  return found;
}

/**
 * Reads a trajectory file in the given (or detected) format. Adapter output
 * is validated by the trajectory schema like any memaudit line.
 *
 * @param text the file's content
 * @param opts `format` (default auto), memory tools and file name
 * @returns records, mapped trajectories, skipped source records and tools seen
 * @throws {TrajectoryInputError} naming file, line and field of the first bad line
 */
export function readTrajectoryInput(
  text: string,
  opts: AdapterOptions & { format?: TrajectoryFormat } = {},
): TrajectoryInput {
  const file = opts.file ?? "<memory>";
  const detected = opts.format === undefined || opts.format === "auto"
    ? detectFormat(text, file)
    : opts.format;
  if (detected === "longmemeval-qa") {
    throw new TrajectoryInputError(
      file,
      0,
      "",
      "expected trajectories, found a LongMemEval evaluate_qa output (graded answers): score it " +
        "as memaudit scale score LABEL=FILE ..., or join it with --judge-log",
    );
  }
  let format: TrajectoryInput["format"] = detected;
  if (format === "memaudit") {
    return {
      format,
      records: readTrajectories(text, file, { memoryTools: opts.memoryTools }),
      trajectories: null,
      skipped: [],
      tools: {},
      warnings: [],
    };
  }
  if (format === "letta" && isAgentFile(text)) format = "letta-af";
  const adapt = {
    "openai-chat": fromOpenAIChat,
    "openai-responses": fromOpenAIResponses,
    "anthropic": fromAnthropic,
    "letta": fromLettaMessages,
    "letta-af": fromLettaAgentFile,
    "langsmith": fromLangSmith,
    "tau-bench": fromTauBench,
  }[format];
  const res = adapt(text, { ...opts, file });
  if (res.trajectories.length === 0) {
    throw new TrajectoryInputError(file, 0, "", `expected at least one trajectory (${format})`);
  }
  return {
    format,
    records: res.trajectories.map(({ line, trajectory }) => toScoreRecord(trajectory, file, line)),
    trajectories: res.trajectories.map((t) => t.trajectory),
    skipped: res.skipped,
    tools: res.tools,
    warnings: res.warnings ?? [],
  };
}
