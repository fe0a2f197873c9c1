/**
 * Mem0 `get_all()` / `search()` exports to a {@linkcode MemoryStore}
 * (ARTIFACT-SPEC §1.5; shapes in ../shared/formats/README.md).
 *
 * @module
 */
import {
  emptyMemoryText,
  isObject,
  RecordReader,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { ExportFormatError } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, StoredMemory } from "./memory_store.ts";

const ITEM_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "memory",
  "hash",
  "metadata",
  "created_at",
  "updated_at",
  "user_id",
  "agent_id",
  "run_id",
  "actor_id",
  "role",
  "score",
  "attributed_to",
  "expiration_date",
  "immutable",
  "categories",
]);

/** Options of {@linkcode readMem0GetAll}. */
export interface Mem0ReadOptions {
  /** File name for errors (default `<memory>`). */
  file?: string;
  /** System label of the store (default `mem0`). */
  system?: string;
}

/**
 * Reads a Mem0 `get_all()` export: output format v1.1 and mem0 2.x
 * `{results: [...], relations?}`, or the older v1.0 bare list. A `search()`
 * result reads the same way; its `score` becomes the memory's salience when
 * it lies in [0, 1] (otherwise reported).
 *
 * Mapping per item: `id` -> id, `memory` -> text, `created_at`,
 * `updated_at` -> times, the item -> raw. Items with empty text are dropped
 * and reported; graph `relations` are reported as not mapped (they are not
 * memories); fields outside the known Mem0 item fields are reported once per
 * field name.
 *
 * @param data parsed JSON of the export
 * @param opts file name and system label
 * @returns the store (source `mem0`)
 * @throws {ExportFormatError} naming the record (index, id) and field when an
 *   item is not an object, lacks a string `id` or `memory`, repeats an id, or
 *   has a time or score of the wrong type
 */
export function readMem0GetAll(data: unknown, opts: Mem0ReadOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const problems: AdapterProblem[] = [];
  let items: unknown[];
  let base = "results";
  if (Array.isArray(data)) {
    items = data;
    base = "";
  } else if (isObject(data) && Array.isArray(data.results)) {
    items = data.results;
    const relations = data.relations;
    if (Array.isArray(relations) && relations.length > 0) {
      problems.push({
        code: "not_mapped",
        record: "(root)",
        field: "relations",
        detail: `${relations.length} graph relation(s) are not memories of the store: not mapped`,
      });
    }
    for (const k of Object.keys(data)) {
      if (k !== "results" && k !== "relations" && !k.startsWith("_")) {
        problems.push({
          code: "not_mapped",
          record: "(root)",
          field: k,
          detail: `top-level field '${k}' is not mapped`,
        });
      }
    }
  } else {
    throw new ExportFormatError(
      "mem0_get_all",
      file,
      { path: "(root)", index: null },
      isObject(data) ? "results" : "",
      `expected {results: [...]} (v1.1, 2.x) or a list of memories (v1.0), got ${
        isObject(data) ? `results = ${typeName(data.results)}` : typeName(data)
      }`,
    );
  }
  const unmapped = new UnmappedFields(ITEM_FIELDS, "memory");
  const memories: StoredMemory[] = [];
  const seen = new Set<string>();
  const times: { record: string; field: string; value: string | undefined }[] = [];
  items.forEach((item, i) => {
    const path = base === "" ? `[${i}]` : `${base}[${i}]`;
    const r = RecordReader.open("mem0_get_all", file, item, path, i);
    const id = r.id("id");
    const text = r.str("memory", true);
    const created = r.optStr("created_at");
    const updated = r.optStr("updated_at");
    const score = r.optNum("score");
    r.optObject("metadata");
    if (seen.has(id)) r.fail("id", `expected unique memory ids, '${id}' repeats`);
    seen.add(id);
    unmapped.note(r);
    const label = `${path} (id '${id}')`;
    if (text.trim() === "") {
      problems.push(emptyMemoryText(label));
      return;
    }
    const m: StoredMemory = { id, text, source: opts.system ?? "mem0", order: i, raw: item };
    if (created !== undefined) m.created_at = created;
    if (updated !== undefined) m.updated_at = updated;
    if (score !== undefined) {
      if (score >= 0 && score <= 1) m.salience = score;
      else {
        problems.push({
          code: "coerced",
          record: label,
          field: "score",
          detail: `score ${score} outside [0, 1]: not used as salience`,
        });
      }
    }
    times.push({ record: label, field: "created_at", value: created });
    times.push({ record: label, field: "updated_at", value: updated });
    memories.push(m);
  });
  problems.push(...unmapped.problems(), ...timeProblems(times));
  return {
    system: opts.system ?? "mem0",
    format: "mem0_get_all",
    file,
    memories,
    tombstones: [],
    problems,
  };
}
