/**
 * Adapter: LangSmith / LangChain run trees (COMPANIONS §4). Input: JSONL,
 * one trajectory per line:
 * `{query_id, scale?, agent?, system?, memory_tools?, correct?, judge?, trajectory_id?, runs: [...]}`
 * with the trace's runs `{id, parent_run_id, run_type, name, inputs, outputs,
 * dotted_order, start_time, error}` as exported (a nested run with
 * `child_runs` is flattened). Runs are ordered by `dotted_order` (then
 * `start_time`). The root run (no parent) is the trajectory itself: its
 * outputs (`output`, `answer` or `text`) give the answer. `retriever` runs
 * are memory calls whatever their name; `tool` runs are memory calls iff
 * their name is a memory tool; `llm` runs are `llm` steps; `chain`,
 * `prompt`, `parser` and `embedding` runs are structure, not actions. A
 * retriever run inside a run already counted as a memory call is that call's
 * implementation: it is not counted again (its documents join the call's
 * returned items). Failed runs (`error`) count: a retried call is a call.
 *
 * @module
 */
import {
  type AdapterOptions,
  type AdapterResult,
  asObject,
  asString,
  mapEnvelopes,
  returnedItems,
} from "./_common.ts";
import { GENERIC_MEMORY_TOOLS } from "./defaults.ts";
import type { TrajectoryStep } from "../trajectory.ts";

const STRUCTURE = new Set(["chain", "prompt", "parser", "embedding"]);

function flatten(
  runs: unknown[],
  out: { run: Record<string, unknown> | undefined; path: string }[],
  path: string,
) {
  runs.forEach((r, k) => {
    const o = asObject(r);
    out.push({ run: o, path: `${path}[${k}]` });
    if (o && Array.isArray(o.child_runs)) flatten(o.child_runs, out, `${path}[${k}].child_runs`);
  });
}

/**
 * Reads LangSmith run trees (see the module doc for the envelope and rules).
 *
 * @param text the JSONL file's content
 * @param opts memory tools (default {@linkcode GENERIC_MEMORY_TOOLS}) and file name
 * @returns trajectories, skipped runs and the tool names seen
 * @throws {TrajectoryInputError} if a line is not JSON or its envelope is malformed
 */
export function fromLangSmith(text: string, opts: AdapterOptions = {}): AdapterResult {
  return mapEnvelopes(text, opts, ["runs"], GENERIC_MEMORY_TOOLS, (payload, b, skip) => {
    const flat: { run: Record<string, unknown> | undefined; path: string }[] = [];
    flatten(payload, flat, "runs");
    const ok: { run: Record<string, unknown>; path: string }[] = [];
    for (const f of flat) {
      if (!f.run) skip(`${f.path}: expected a run object`);
      else if (typeof f.run.dotted_order !== "string" && typeof f.run.start_time !== "string") {
        skip(`${f.path}: expected dotted_order or start_time to order the run`);
      } else ok.push(f as { run: Record<string, unknown>; path: string });
    }
    const key = (r: Record<string, unknown>) =>
      `${r.dotted_order ?? ""}\u0000${r.start_time ?? ""}`;
    ok.sort((x, y) => (key(x.run) < key(y.run) ? -1 : key(x.run) > key(y.run) ? 1 : 0));
    const ids = new Set(ok.map((f) => String(f.run.id)));
    const parentOf = new Map(ok.map((f) => [String(f.run.id), f.run.parent_run_id]));
    const memoryStep = new Map<string, TrajectoryStep>();
    const memoryAncestor = (r: Record<string, unknown>): TrajectoryStep | undefined => {
      let p = r.parent_run_id;
      while (typeof p === "string") {
        const s = memoryStep.get(p);
        if (s) return s;
        p = parentOf.get(p);
      }
      return undefined;
    };
    let answer: string | undefined;
    for (const { run, path } of ok) {
      const isRoot = run.parent_run_id === undefined || run.parent_run_id === null ||
        !ids.has(String(run.parent_run_id));
      const rt = run.run_type;
      const name = typeof run.name === "string" && run.name !== "" ? run.name : String(rt);
      const ts = asString(run.start_time);
      if (isRoot && (rt === "chain" || rt === undefined)) {
        const out = asObject(run.outputs);
        const texts = ["output", "answer", "text", "content"].map((k) => asString(out?.[k]));
        answer = texts.find((t) => t !== undefined) ?? answer;
        continue;
      }
      if (rt === "llm") b.llm(name, ts);
      else if (rt === "retriever") {
        const outer = memoryAncestor(run);
        if (outer) outer.returned = [...(outer.returned ?? []), ...returnedItems(run.outputs)];
        else {
          const call = { forceMemory: true, ts, returned: run.outputs ?? [] };
          memoryStep.set(String(run.id), b.call(name, run.inputs, String(run.id), call));
        }
      } else if (rt === "tool") {
        const outs = asObject(run.outputs);
        const step = b.call(name, run.inputs, String(run.id), {
          ts,
          returned: outs?.output ?? run.outputs ?? [],
        });
        if (step.kind === "memory_call") memoryStep.set(String(run.id), step);
      } else if (typeof rt === "string" && STRUCTURE.has(rt)) continue;
      else skip(`${path}: unknown run_type ${JSON.stringify(rt)}`);
    }
    b.final(answer);
  });
}
