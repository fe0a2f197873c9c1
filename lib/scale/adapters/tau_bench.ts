/**
 * Adapter: tau-bench result files, as its `run.py` writes them (sierra-research/tau-bench,
 * `EnvRunResult`). Input: one JSON document, an array of
 * `{task_id, reward, info, traj, trial}` where `traj` is the agent's OpenAI Chat Completions
 * messages (assistant `tool_calls`, `{role: "tool", tool_call_id, name, content}` results;
 * read by the openai-chat mapping) and `trial` the repetition (0-based).
 *
 * Mapping: `query_id` = the task id; `trajectory_id` = `task_id/trial`; correct iff the reward
 * is 1 within tau-bench's tolerance (|reward − 1| ≤ 1e-6, its success rule); no scale, agent or
 * system (a result file is one agent on one environment). Several trials of a task are several
 * trajectories of one query, so the bootstrap resamples tasks. A record whose `info` holds an
 * `error` (the run failed; tau-bench writes reward 0 and an empty `traj`) is scored as tau-bench
 * scores it, wrong with R = 0, and a warning counts them.
 *
 * The `react` and `act` agents write their actions as text: an assistant message whose content
 * ends in `Action:` and a JSON `{name, arguments}`, the tool's output coming back as a user
 * message `API output: ...`. They are read by tau-bench's own rule (the JSON after the last
 * `Action:`; the action `respond` is a reply to the user, not a call) as tool calls with their
 * results, and a warning counts them.
 *
 * @module
 */
import { parseJsonOr } from "../../base/json_text.ts";
import { TrajectoryInputError } from "../trajectory.ts";
import { type AdapterOptions, type AdapterResult, asObject, TrajectoryBuilder } from "./_common.ts";
import { GENERIC_MEMORY_TOOLS } from "./defaults.ts";
import { mapChatMessages } from "./openai_chat.ts";

/** The action name tau-bench uses for a reply to the user. */
const RESPOND = "respond";

/** The `{name, arguments}` after the last `Action:` of a ReAct message, or null. */
function reactAction(content: unknown): { name: string; arguments: unknown } | null {
  if (typeof content !== "string" || !content.includes("Action:")) return null;
  try {
    const a = asObject(JSON.parse(content.split("Action:").at(-1)!.trim()));
    return a && typeof a.name === "string" && a.name !== "" && "arguments" in a
      ? { name: a.name, arguments: a.arguments }
      : null;
  } catch {
    return null;
  }
}

/**
 * A ReAct trajectory in the OpenAI chat shape: each text action (other than `respond`) becomes
 * an assistant tool call, and the `API output: ` user message after it the call's result.
 *
 * @returns the messages and the number of actions rewritten
 */
function fromReact(traj: unknown[], k: number): { messages: unknown[]; actions: number } {
  const out: unknown[] = [];
  let actions = 0, pending: string | undefined;
  traj.forEach((m, j) => {
    const o = asObject(m);
    const act = o?.role === "assistant" && !Array.isArray(o.tool_calls)
      ? reactAction(o.content)
      : null;
    if (act && act.name !== RESPOND) {
      pending = `react:${k}:${j}`;
      actions++;
      const args = typeof act.arguments === "string"
        ? act.arguments
        : JSON.stringify(act.arguments);
      out.push({
        ...o,
        tool_calls: [{
          id: pending,
          type: "function",
          function: { name: act.name, arguments: args },
        }],
      });
      return;
    }
    const text = o?.role === "user" && typeof o.content === "string" ? o.content : undefined;
    if (pending !== undefined && text?.startsWith("API output: ")) {
      out.push({ role: "tool", tool_call_id: pending, content: text.slice("API output: ".length) });
      pending = undefined;
      return;
    }
    pending = undefined;
    out.push(m);
  });
  return { messages: out, actions };
}

/** tau-bench's success tolerance: a reward within this of 1 is a solved task. */
export const TAU_BENCH_REWARD_TOLERANCE = 1e-6;

/**
 * Whether a parsed JSON document looks like a tau-bench result file: an array whose first
 * object has `task_id`, `reward` and `traj`.
 *
 * @param doc a parsed JSON document
 * @returns true for a tau-bench result array
 */
export function isTauBenchResults(doc: unknown): boolean {
  if (!Array.isArray(doc)) return false;
  const first = doc.map(asObject).find((o) => o !== undefined);
  return first !== undefined && "task_id" in first && "reward" in first && "traj" in first;
}

function taskIdOf(v: unknown, at: string, file: string): string {
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v === "string" && v !== "") return v;
  throw new TrajectoryInputError(file, 0, at, "expected a task id (a non-negative integer)");
}

/**
 * Reads a tau-bench result file (see the module doc).
 *
 * @param text the file's content (one JSON array)
 * @param opts memory tools (default {@linkcode GENERIC_MEMORY_TOOLS}) and file name
 * @returns one trajectory per record (`line`: its 1-based position in the array), skipped
 *   messages, tools seen and warnings
 * @throws {TrajectoryInputError} naming the record's JSON path (`[3].reward`) when the file is
 *   not a JSON array, a record lacks a task id, a finite reward or a `traj` array, or a
 *   (task_id, trial) pair repeats
 */
export function fromTauBench(text: string, opts: AdapterOptions = {}): AdapterResult {
  const file = opts.file ?? "<memory>";
  const doc = parseJsonOr(
    text,
    (m) => new TrajectoryInputError(file, 0, "", `expected a tau-bench result array (${m})`),
  );
  if (!Array.isArray(doc)) {
    throw new TrajectoryInputError(file, 0, "", "expected a JSON array of tau-bench results");
  }
  const res: AdapterResult = { trajectories: [], skipped: [], tools: {}, warnings: [] };
  const seen = new Map<string, number>();
  let errors = 0, reactActions = 0;
  doc.forEach((rec, k) => {
    const o = asObject(rec);
    if (!o) throw new TrajectoryInputError(file, 0, `[${k}]`, "expected a result object");
    const task = taskIdOf(o.task_id, `[${k}].task_id`, file);
    if (typeof o.reward !== "number" || !Number.isFinite(o.reward)) {
      throw new TrajectoryInputError(file, 0, `[${k}].reward`, "expected a finite number");
    }
    if (!Array.isArray(o.traj)) {
      throw new TrajectoryInputError(file, 0, `[${k}].traj`, "expected an array of messages");
    }
    const trial = o.trial === undefined ? undefined : taskIdOf(o.trial, `[${k}].trial`, file);
    const id = trial === undefined ? task : `${task}/${trial}`;
    const before = seen.get(id);
    if (before !== undefined) {
      throw new TrajectoryInputError(
        file,
        0,
        `[${k}]`,
        `expected one record per (task_id, trial): task ${task}` +
          `${trial === undefined ? "" : ` trial ${trial}`} is also [${before}]`,
      );
    }
    seen.set(id, k);
    if (asObject(o.info)?.error !== undefined) errors++;
    const b = new TrajectoryBuilder(opts.memoryTools ?? GENERIC_MEMORY_TOOLS, res.tools);
    const react = fromReact(o.traj, k);
    reactActions += react.actions;
    for (const reason of mapChatMessages(react.messages, b, `[${k}].traj`)) {
      res.skipped.push({ line: k + 1, reason });
    }
    const correct = Math.abs(o.reward - 1) <= TAU_BENCH_REWARD_TOLERANCE;
    res.trajectories.push({
      line: k + 1,
      trajectory: b.build({ query_id: task, trajectory_id: id, correct }),
    });
  });
  if (reactActions > 0) {
    res.warnings!.push(
      `${reactActions} ReAct text action(s) ("Action: {name, arguments}") read as tool calls by ` +
        "tau-bench's rule (the JSON after the last Action:; respond is a reply)",
    );
  }
  if (errors > 0) {
    res.warnings!.push(
      `${errors} tau-bench record(s) hold a run error in info.error: scored as tau-bench ` +
        "scores them, wrong with R = 0",
    );
  }
  return res;
}
