/**
 * Mem0 `get_all()` / `search()` exports to a {@linkcode MemoryStore} (ARTIFACT-SPEC §1.5; shapes in
 * ../shared/formats/README.md).
 *
 * @module
 */
import {
  defined,
  emptyMemoryText,
  isObject,
  problem,
  recordLabel,
  RecordReader,
  type TimeNote,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { rootErrors } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, ReaderOptions, StoredMemory } from "./memory_store.ts";

// The last four: mem0 3.x (TypeScript `mem0ai/oss`) items' camelCase times, reranker score and
// attribution.
const ITEM_FIELDS: ReadonlySet<string> = new Set((
  "id memory hash metadata created_at updated_at user_id agent_id run_id actor_id role score " +
  "attributed_to expiration_date immutable categories createdAt updatedAt attributedTo rerankScore"
).split(" "));

/**
 * Page sizes of Mem0's `get_all()`: `getAll()`'s default `topK` in the TypeScript `mem0ai/oss` 3.x,
 * and the Python `get_all()` default `limit`. An export holding exactly this many records may be
 * one page of a larger store.
 */
export const MEM0_PAGE_SIZES: readonly number[] = [20, 100];

/**
 * Reads a Mem0 `get_all()` export: output format v1.1 and mem0 2.x `{results: [...], relations?}`,
 * or the older v1.0 bare list. A `search()` result reads the same way; its `score` becomes the
 * memory's salience when it lies in [0, 1] (otherwise reported).
 *
 * Mapping per item: `id` -> id, `memory` -> text, `created_at`, `updated_at` (mem0 3.x
 * `mem0ai/oss`: `createdAt`, `updatedAt`) -> times, the item -> raw. When an item has both
 * spellings of a time the snake_case one is used and the pair is reported if the two differ. Items
 * with empty text are dropped and reported; graph `relations` are reported as not mapped (they are
 * not memories); fields outside the known Mem0 item fields are reported once per field name. An
 * export of exactly 20 or 100 records ({@linkcode MEM0_PAGE_SIZES}) is reported: it may be one page
 * of the store (`getAll()`'s default `topK` is 20 in mem0 3.x, Python's `limit` 100).
 *
 * @param opts file name and system label (default `mem0`)
 * @returns the store (source `mem0`)
 * @throws {ExportFormatError} naming the record (index, id) and field when an item is not an
 *   object, lacks a string `id` or `memory`, repeats an id, or has a time or score of the wrong
 *   type
 */
export function readMem0GetAll(data: unknown, opts: ReaderOptions = {}): MemoryStore {
  const system = opts.system ?? "mem0";
  const file = opts.file ?? "<memory>";
  const problems: AdapterProblem[] = [];
  const { items, base } = getAllItems(data, file, problems);
  const unmapped = new UnmappedFields(ITEM_FIELDS, "memory");
  const memories: StoredMemory[] = [];
  const seen = new Set<string>();
  const times: TimeNote[] = [];
  items.forEach((item, i) => {
    const path = base === "" ? `[${i}]` : `${base}[${i}]`;
    const r = RecordReader.open("mem0_get_all", file, item, path, i);
    const id = r.id("id");
    const text = r.str("memory", true);
    const created = timeOf(r, "created_at", "createdAt", problems);
    const updated = timeOf(r, "updated_at", "updatedAt", problems);
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
    const m: StoredMemory = { id, text, source: system, order: i, raw: item };
    Object.assign(m, defined({ created_at: created, updated_at: updated }));
    if (score !== undefined) {
      if (score >= 0 && score <= 1) m.salience = score;
      else {
        const detail = `score ${score} outside [0, 1]: not used as salience`;
        problems.push(problem("coerced", label, "score", detail));
      }
    }
    times.push({ record: label, field: "created_at", value: created });
    times.push({ record: label, field: "updated_at", value: updated });
    memories.push(m);
  });
  problems.push(...unmapped.problems(), ...timeProblems(times));
  if (MEM0_PAGE_SIZES.includes(items.length)) problems.push(pageProblem(items.length, base));
  return { system, format: "mem0_get_all", file, memories, tombstones: [], problems };
}

/**
 * A time under its snake_case or camelCase name (mem0 3.x writes `createdAt`); with both, the
 * snake_case value, and a problem when they differ.
 */
function timeOf(
  r: RecordReader,
  snake: string,
  camel: string,
  problems: AdapterProblem[],
): string | undefined {
  const a = r.optStr(snake);
  const b = r.optStr(camel);
  if (a !== undefined && b !== undefined && a !== b) {
    const detail = `${camel} ${JSON.stringify(b)} differs from ${snake} ${
      JSON.stringify(a)
    }: ${snake} used`;
    problems.push(problem("coerced", recordLabel(r.ref), camel, detail));
  }
  return a ?? b;
}

/** The warning for an export whose record count is a Mem0 page size. */
function pageProblem(n: number, base: string): AdapterProblem {
  return {
    code: "truncated",
    record: "(root)",
    ...(base === "" ? {} : { field: base }),
    detail: `exactly ${n} records, a page size of Mem0's get_all() (mem0 3.x getAll() topK ` +
      `default 20, Python limit 100): the store may hold more; export with a larger topK / limit`,
  };
}

/** The items of a get_all() export and their JSON path; root-level extras go to `problems`. */
function getAllItems(
  data: unknown,
  file: string,
  problems: AdapterProblem[],
): { items: unknown[]; base: string } {
  if (Array.isArray(data)) return { items: data, base: "" };
  if (!isObject(data) || !Array.isArray(data.results)) {
    const got = isObject(data) ? `results = ${typeName(data.results)}` : typeName(data);
    throw rootErrors("mem0_get_all")(
      file,
      isObject(data) ? "results" : "",
      `expected {results: [...]} (v1.1, 2.x) or a list of memories (v1.0), got ${got}`,
    );
  }
  const relations = data.relations;
  if (Array.isArray(relations) && relations.length > 0) {
    const detail =
      `${relations.length} graph relation(s) are not memories of the store: not mapped`;
    problems.push(problem("not_mapped", "(root)", "relations", detail));
  }
  for (const k of Object.keys(data)) {
    if (k !== "results" && k !== "relations" && !k.startsWith("_")) {
      problems.push(problem("not_mapped", "(root)", k, `top-level field '${k}' is not mapped`));
    }
  }
  return { items: data.results, base: "results" };
}
