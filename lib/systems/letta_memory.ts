/**
 * Letta archival passages and core memory blocks to a {@linkcode MemoryStore} (ARTIFACT-SPEC §1.5;
 * shapes in ../shared/formats/README.md).
 *
 * @module
 */
import { isObject, problem, typeName } from "./_read.ts";
import { type LettaReadOptions, LettaStoreBuilder } from "./_letta_builder.ts";
import { rootErrors } from "./export_error.ts";
import type { MemoryStore } from "./memory_store.ts";

const atRoot = rootErrors("letta");

export type { CoreMode, LettaReadOptions } from "./_letta_builder.ts";

/** The object fields read, in reading order: core blocks first, then archival passages. */
const SECTIONS = [
  ["blocks", "blocks"],
  ["core_memory", "blocks"],
  ["passages", "passages"],
  ["archival_memory", "passages"],
] as const;

const isBlock = (v: unknown) => isObject(v) && v.label !== undefined && v.value !== undefined;

/**
 * Reads Letta core memory blocks and archival passages.
 *
 * Accepted shapes: a passage list (REST `GET /v1/agents/{id}/archival-memory`), a block list (`GET
 * /v1/agents/{id}/core-memory/blocks`), one passage or block, or an object with `blocks` /
 * `core_memory` (a list, or `{blocks}`) and `passages` / `archival_memory`. Blocks become core
 * memories (source `letta:core:<label>`; one per block, or atoms with `core: "atoms"`), passages
 * archival memories (source `letta:archival`, or `letta:archival:file` for passages from files).
 * Deleted passages become tombstones; repeated passage texts are dropped (option); both reported.
 *
 * @param opts file name, system label, core mode, archival dedupe
 * @returns the store, core memories first, then archival, each in export order
 * @throws {ExportFormatError} naming the record (index, id or label) and field when a block lacks a
 *   string `label`/`value`, a passage lacks `id` or `text`, a field has the wrong type or an id
 *   repeats
 */
export function readLettaMemory(data: unknown, opts: LettaReadOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const b = new LettaStoreBuilder("letta", file, opts);
  const blocks = (list: unknown[], base: string) =>
    list.forEach((v, i) => {
      const label = isObject(v) && typeof v.label === "string" ? v.label : "?";
      b.block(v, `${base}[${i}]`, i, `${b.system}:core:${label}`);
    });
  const passages = (list: unknown[], base: string) =>
    list.forEach((v, i) => b.passage(v, `${base}[${i}]`, i));
  if (Array.isArray(data)) {
    (data.length > 0 && isBlock(data[0]) ? blocks : passages)(data, "");
    return b.store();
  }
  if (!isObject(data)) {
    throw atRoot(file, "", `expected an object or a list, got ${typeName(data)}`);
  }
  if (isBlock(data) || (data.text !== undefined && data.id !== undefined)) {
    (isBlock(data) ? blocks : passages)([data], "");
    return b.store();
  }
  if (!SECTIONS.some(([key]) => data[key] !== undefined)) {
    const msg =
      "expected blocks/core_memory and/or passages/archival_memory, a block, a passage or a list";
    throw atRoot(file, "", msg);
  }
  for (const [key, kind] of SECTIONS) {
    let v = data[key];
    if (v === undefined) continue;
    let path: string = key;
    if (kind === "blocks" && isObject(v) && Array.isArray(v.blocks)) {
      v = v.blocks;
      path = `${key}.blocks`;
    }
    if (!Array.isArray(v)) {
      throw atRoot(file, key, `expected a list of ${kind}, got ${typeName(v)}`);
    }
    (kind === "blocks" ? blocks : passages)(v, path);
  }
  for (const k of Object.keys(data)) {
    if (!SECTIONS.some(([key]) => key === k) && !k.startsWith("_")) {
      b.problems.push(problem("not_mapped", "(root)", k, `top-level field '${k}' is not mapped`));
    }
  }
  return b.store();
}
