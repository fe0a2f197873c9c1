/**
 * Letta Agent Files (.af) to a {@linkcode MemoryStore} of their core memory
 * (../shared/data/letta-af/; agent files carry core blocks and messages, not
 * archival passages).
 *
 * @module
 */
import { isObject, RecordReader, typeName } from "./_read.ts";
import { type LettaReadOptions, LettaStoreBuilder } from "./_letta_builder.ts";
import { ExportFormatError } from "./export_error.ts";
import type { MemoryStore } from "./memory_store.ts";

/** Options of {@linkcode readLettaAgentFile}. */
export interface LettaAgentFileOptions extends LettaReadOptions {
  /** Read only this agent (id or name); default every agent of the file. */
  agent?: string;
}

/**
 * Reads the core memory of a Letta Agent File.
 *
 * Two layouts: the single-agent files of Letta 0.6-0.7 (top-level
 * `core_memory` list of blocks without ids; memory id `core:<label>`), and
 * the multi-agent files of later versions (`agents[]` with `block_ids` into a
 * top-level `blocks[]`, plus any inline `memory_blocks`). Memories have source
 * `letta:af:<agent>:<label>` and scope `core`. Messages, files and sources
 * are reported as not mapped (conversation and documents are not core
 * memory); blocks no agent uses, and blocks shared by several agents (read
 * once), are reported.
 *
 * @param data parsed JSON of the .af file
 * @param opts file name, system label, core mode, agent choice
 * @returns the store of core memories
 * @throws {ExportFormatError} naming the record and field when the file has
 *   neither layout, an agent names a block id the file lacks, a block lacks
 *   a string `label` or `value`, or the chosen agent is absent
 */
export function readLettaAgentFile(
  data: unknown,
  opts: LettaAgentFileOptions = {},
): MemoryStore {
  const file = opts.file ?? "<memory>";
  const b = new LettaStoreBuilder("letta_agent_file", file, opts);
  const root = { path: "(root)", index: null };
  if (!isObject(data)) {
    throw new ExportFormatError(
      "letta_agent_file",
      file,
      root,
      "",
      `expected an agent file object, got ${typeName(data)}`,
    );
  }
  const notMapped = (record: string, field: string, list: unknown, what: string) => {
    if (Array.isArray(list) && list.length > 0) {
      b.problems.push({
        code: "not_mapped",
        record,
        field,
        detail: `${list.length} ${what}: not core memory, not mapped`,
      });
    }
  };

  if (Array.isArray(data.core_memory)) {
    const name = typeof data.name === "string" && data.name !== "" ? data.name : "agent";
    if (opts.agent !== undefined && opts.agent !== name) {
      throw new ExportFormatError(
        "letta_agent_file",
        file,
        root,
        "name",
        `expected agent '${opts.agent}', the file holds '${name}'`,
      );
    }
    data.core_memory.forEach((v, i) => {
      const label = isObject(v) && typeof v.label === "string" ? v.label : "?";
      b.block(v, `core_memory[${i}]`, i, `${b.system}:af:${name}:${label}`, `core:${label}`);
    });
    notMapped("(root)", "messages", data.messages, "message(s)");
    return b.store();
  }

  if (!Array.isArray(data.agents)) {
    throw new ExportFormatError(
      "letta_agent_file",
      file,
      root,
      "agents",
      `expected a core_memory list (Letta 0.6-0.7) or an agents list, got ${typeName(data.agents)}`,
    );
  }
  const blocks = data.blocks ?? [];
  if (!Array.isArray(blocks)) {
    throw new ExportFormatError(
      "letta_agent_file",
      file,
      root,
      "blocks",
      "expected a list of blocks",
    );
  }
  const byId = new Map<string, number>();
  blocks.forEach((v, i) => {
    const r = RecordReader.open("letta_agent_file", file, v, `blocks[${i}]`, i, ["id", "label"]);
    const id = r.id("id");
    if (byId.has(id)) r.fail("id", `expected unique block ids, '${id}' repeats`);
    byId.set(id, i);
  });
  const used = new Map<number, string>();
  let matched = false;
  data.agents.forEach((a, i) => {
    const r: RecordReader = RecordReader.open("letta_agent_file", file, a, `agents[${i}]`, i, [
      "id",
      "name",
    ]);
    const agentId = r.has("id") ? r.id("id") : `agent_${i}`;
    const name = r.optStr("name");
    if (opts.agent !== undefined && opts.agent !== agentId && opts.agent !== name) return;
    matched = true;
    const ids = r.optArray("block_ids") ?? [];
    ids.forEach((bid, j) => {
      const k = typeof bid === "string" ? byId.get(bid) : undefined;
      if (k === undefined) {
        r.fail(
          `block_ids[${j}]`,
          `expected the id of a block in blocks[], got ${JSON.stringify(bid)}`,
        );
      }
      if (used.has(k)) {
        b.problems.push({
          code: "dropped",
          record: `blocks[${k}] (id '${bid}')`,
          field: "id",
          detail: `block shared by agents '${used.get(k)}' and '${agentId}': read once`,
        });
        return;
      }
      used.set(k, agentId);
      const v = blocks[k];
      const label = isObject(v) && typeof v.label === "string" ? v.label : "?";
      b.block(v, `blocks[${k}]`, k, `${b.system}:af:${agentId}:${label}`);
    });
    (r.optArray("memory_blocks") ?? []).forEach((v, j) => {
      const label = isObject(v) && typeof v.label === "string" ? v.label : "?";
      b.block(
        v,
        `agents[${i}].memory_blocks[${j}]`,
        j,
        `${b.system}:af:${agentId}:${label}`,
        `${agentId}:core:${label}`,
      );
    });
    notMapped(`agents[${i}] (id '${agentId}')`, "messages", r.obj.messages, "message(s)");
  });
  if (!matched) {
    throw new ExportFormatError(
      "letta_agent_file",
      file,
      root,
      "agents",
      `expected an agent with id or name '${opts.agent}'`,
    );
  }
  if (opts.agent === undefined) {
    blocks.forEach((_v, k) => {
      if (!used.has(k)) {
        b.problems.push({
          code: "not_mapped",
          record: `blocks[${k}]`,
          field: "id",
          detail: "block used by no agent: not mapped",
        });
      }
    });
  }
  notMapped("(root)", "files", data.files, "file(s)");
  notMapped("(root)", "sources", data.sources, "source(s)");
  return b.store();
}
