/**
 * Letta Agent Files (.af) to a {@linkcode MemoryStore} of their core memory
 * (../shared/data/letta-af/; agent files carry core blocks and messages, not archival passages).
 *
 * @module
 */
import { isObject, problem, RecordReader, typeName } from "./_read.ts";
import { type LettaReadOptions, LettaStoreBuilder } from "./_letta_builder.ts";
import { rootErrors } from "./export_error.ts";
import type { MemoryStore } from "./memory_store.ts";

const atRoot = rootErrors("letta_agent_file");

/**
 * Reads the core memory of a Letta Agent File.
 *
 * Two layouts: the single-agent files of Letta 0.6-0.7 (top-level `core_memory` list of blocks
 * without ids; memory id `core:<label>`), and the multi-agent files of later versions (`agents[]`
 * with `block_ids` into a top-level `blocks[]`, plus any inline `memory_blocks`). Memories have
 * source `letta:af:<agent>:<label>` and scope `core`. Messages, files and sources are reported as
 * not mapped (conversation and documents are not core memory); blocks no agent uses, and blocks
 * shared by several agents (read once), are reported.
 *
 * @param data parsed JSON of the .af file
 * @param opts file name, system label, core mode, agent choice
 * @returns the store of core memories
 * @throws {ExportFormatError} naming the record and field when the file has neither layout, an
 *   agent names a block id the file lacks, a block lacks a string `label` or `value`, or the chosen
 *   agent is absent
 */
export function readLettaAgentFile(
  data: unknown,
  opts: LettaReadOptions & {
    /** Read only this agent (id or name); default every agent of the file. */
    agent?: string;
  } = {},
): MemoryStore {
  const file = opts.file ?? "<memory>";
  const b = new LettaStoreBuilder("letta_agent_file", file, opts);
  if (!isObject(data)) {
    throw atRoot(file, "", `expected an agent file object, got ${typeName(data)}`);
  }
  if (Array.isArray(data.core_memory)) readSingleAgent(b, data, data.core_memory, opts.agent);
  else readAgents(b, data, opts.agent);
  return b.store();
}

/** Reports a non-empty list that is not core memory (messages, files, sources). */
function notMapped(
  b: LettaStoreBuilder,
  record: string,
  field: string,
  list: unknown,
  what: string,
) {
  if (Array.isArray(list) && list.length > 0) {
    const detail = `${list.length} ${what}: not core memory, not mapped`;
    b.problems.push(problem("not_mapped", record, field, detail));
  }
}

function labelOf(v: unknown): string {
  return isObject(v) && typeof v.label === "string" ? v.label : "?";
}

/** Letta 0.6-0.7: one agent, its `core_memory` blocks without ids (memory id `core:<label>`). */
function readSingleAgent(
  b: LettaStoreBuilder,
  data: Record<string, unknown>,
  core: unknown[],
  agent: string | undefined,
): void {
  const name = typeof data.name === "string" && data.name !== "" ? data.name : "agent";
  if (agent !== undefined && agent !== name) {
    throw atRoot(b.file, "name", `expected agent '${agent}', the file holds '${name}'`);
  }
  core.forEach((v, i) => {
    const label = labelOf(v);
    b.block(v, `core_memory[${i}]`, i, `${b.system}:af:${name}:${label}`, `core:${label}`);
  });
  notMapped(b, "(root)", "messages", data.messages, "message(s)");
}

/**
 * Later versions: `agents[]` naming blocks of the top-level `blocks[]` by id, plus inline
 * `memory_blocks`; a block shared by agents is read once, one no agent uses is reported.
 */
function readAgents(
  b: LettaStoreBuilder,
  data: Record<string, unknown>,
  agent: string | undefined,
): void {
  if (!Array.isArray(data.agents)) {
    const msg = `expected a core_memory list (Letta 0.6-0.7) or an agents list, got ${
      typeName(data.agents)
    }`;
    throw atRoot(b.file, "agents", msg);
  }
  const blocks = data.blocks ?? [];
  if (!Array.isArray(blocks)) throw atRoot(b.file, "blocks", "expected a list of blocks");
  const byId = blockIndex(b.file, blocks);
  const used = new Map<number, string>();
  let matched = false;
  data.agents.forEach((a, i) => {
    if (readAgent(b, a, i, { blocks, byId, used, agent })) matched = true;
  });
  if (!matched) throw atRoot(b.file, "agents", `expected an agent with id or name '${agent}'`);
  if (agent === undefined) {
    blocks.forEach((_v, k) => {
      if (!used.has(k)) {
        const detail = "block used by no agent: not mapped";
        b.problems.push(problem("not_mapped", `blocks[${k}]`, "id", detail));
      }
    });
  }
  notMapped(b, "(root)", "files", data.files, "file(s)");
  notMapped(b, "(root)", "sources", data.sources, "source(s)");
}

/** Each block's position by its id (ids must be unique). */
function blockIndex(file: string, blocks: unknown[]): Map<string, number> {
  const byId = new Map<string, number>();
  blocks.forEach((v, i) => {
    const r = RecordReader.open("letta_agent_file", file, v, `blocks[${i}]`, i, ["id", "label"]);
    const id = r.id("id");
    if (byId.has(id)) r.fail("id", `expected unique block ids, '${id}' repeats`);
    byId.set(id, i);
  });
  return byId;
}

/** One agent's blocks (by id, then inline); false when it is not the agent asked for. */
function readAgent(
  b: LettaStoreBuilder,
  a: unknown,
  i: number,
  x: {
    blocks: unknown[];
    byId: Map<string, number>;
    used: Map<number, string>;
    agent: string | undefined;
  },
): boolean {
  const ids = ["id", "name"];
  const r: RecordReader = RecordReader.open("letta_agent_file", b.file, a, `agents[${i}]`, i, ids);
  const agentId = r.has("id") ? r.id("id") : `agent_${i}`;
  const name = r.optStr("name");
  if (x.agent !== undefined && x.agent !== agentId && x.agent !== name) return false;
  (r.optArray("block_ids") ?? []).forEach((bid, j) => {
    const k = typeof bid === "string" ? x.byId.get(bid) : undefined;
    if (k === undefined) {
      const msg = `expected the id of a block in blocks[], got ${JSON.stringify(bid)}`;
      r.fail(`block_ids[${j}]`, msg);
    }
    if (x.used.has(k)) {
      const detail = `block shared by agents '${x.used.get(k)}' and '${agentId}': read once`;
      b.problems.push(problem("dropped", `blocks[${k}] (id '${bid}')`, "id", detail));
      return;
    }
    x.used.set(k, agentId);
    const v = x.blocks[k];
    b.block(v, `blocks[${k}]`, k, `${b.system}:af:${agentId}:${labelOf(v)}`);
  });
  (r.optArray("memory_blocks") ?? []).forEach((v, j) => {
    const label = labelOf(v);
    const source = `${b.system}:af:${agentId}:${label}`;
    b.block(v, `agents[${i}].memory_blocks[${j}]`, j, source, `${agentId}:core:${label}`);
  });
  notMapped(b, `agents[${i}] (id '${agentId}')`, "messages", r.obj.messages, "message(s)");
  return true;
}
