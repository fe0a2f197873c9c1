/**
 * The MCP memory server's knowledge graph (npm `@modelcontextprotocol/server-memory`) to a
 * {@linkcode MemoryStore}: its `memory.jsonl` file (one line per entity, then one per relation) or
 * the graph its `read_graph` / `search_nodes` tools return (`{entities, relations}`).
 *
 * Every observation is a memory: id `<entity>#<index>` (index in the entity's list, from 0), text
 * `<entity>: <observation>`. Every relation is a memory too, since `read_graph` hands it to the
 * model as much as the observations: id `<from>|<relationType>|<to>`, text `<from> <relationType>
 * <to>` with the relation type's underscores read as spaces (`is_friend_of` -> `is friend of`).
 * Scopes `observation` and `relation` tell them apart. The file has no times: recency is file order
 * (entities' observations, then relations).
 *
 * @module
 */
import {
  isObject,
  parseExportJson,
  problem,
  recordLabel,
  RecordReader,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { rootErrors } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, ReaderOptions, StoredMemory } from "./memory_store.ts";

const atRoot = rootErrors("mcp_memory");

const ENTITY_FIELDS: ReadonlySet<string> = new Set(["type", "name", "entityType", "observations"]);
const RELATION_FIELDS: ReadonlySet<string> = new Set(["type", "from", "to", "relationType"]);

/** One graph record with where it sits (`line 3`, `entities[0]`). */
interface GraphRecord {
  value: unknown;
  path: string;
  index: number;
  /** `entity` or `relation` when the record's place says so (graph form); else its `type`. */
  kind?: "entity" | "relation";
}

/**
 * Reads the MCP memory server's graph into a store (mapping in the module doc).
 *
 * @param input the `memory.jsonl` text (a string: one JSON object per line, blank lines skipped,
 *   `{"type": "entity", "name", "entityType", "observations": [...]}` or `{"type": "relation",
 *   "from", "to", "relationType"}`), or parsed JSON: the graph `{entities: [...], relations:
 *   [...]}` of `read_graph`, or one line's object
 * @param opts file name and system label (default `mcp_memory`)
 * @returns the store (source `mcp_memory`, scopes `observation` and `relation`); entities without
 *   observations, empty and repeated observations and repeated relations are reported, and fields
 *   the server does not write are reported once per field name
 * @throws {ExportFormatError} naming the line (or JSON path) and field when a line is not JSON or
 *   not an object, `type` is not `entity` or `relation`, a name, entity type or relation end is not
 *   a non-empty string, `observations` is not a list of strings, or an entity name repeats
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMcpMemory } from "./mcp_memory.ts";
 * const s = readMcpMemory(
 *   '{"type":"entity","name":"Tim","entityType":"person","observations":["Reads novels"]}',
 * );
 * assert.deepEqual(s.memories.map((m) => [m.id, m.text]), [["Tim#0", "Tim: Reads novels"]]);
 * ```
 */
export function readMcpMemory(input: unknown, opts: ReaderOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const system = opts.system ?? "mcp_memory";
  const records = typeof input === "string" ? textRecords(input, file) : jsonRecords(input, file);
  const b = new GraphBuilder(file, system);
  for (const rec of records) b.add(rec);
  return b.store();
}

/** The records of `memory.jsonl` text, or of a whole-file graph JSON (read_graph saved). */
function textRecords(text: string, file: string): GraphRecord[] {
  const t = text.replace(/^\uFEFF/, "");
  if (/^\s*\{/.test(t) && !/\}\s*\r?\n\s*\{/.test(t)) {
    // One JSON value: a graph {entities, relations} (possibly pretty-printed) or a single line.
    return jsonRecords(parseExportJson(t, "mcp_memory", file), file);
  }
  const out: GraphRecord[] = [];
  t.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const value = parseExportJson(line, "mcp_memory", file, i + 1);
    out.push({ value, path: `line ${i + 1}`, index: i + 1 });
  });
  return out;
}

/** The records of parsed JSON: the graph form, or one line's object. */
function jsonRecords(data: unknown, file: string): GraphRecord[] {
  if (!isObject(data)) {
    const msg = `expected the graph {entities, relations} or a memory.jsonl line, got ${
      typeName(data)
    }`;
    throw atRoot(file, "", msg);
  }
  if (data.entities === undefined && data.relations === undefined) {
    return [{ value: data, path: "line 1", index: 1 }];
  }
  const out: GraphRecord[] = [];
  for (const key of ["entities", "relations"] as const) {
    const list = data[key] ?? [];
    if (!Array.isArray(list)) throw atRoot(file, key, `expected an array, got ${typeName(list)}`);
    const kind = key === "entities" ? "entity" : "relation";
    list.forEach((value, i) => out.push({ value, path: `${key}[${i}]`, index: i, kind }));
  }
  return out;
}

/** Accumulates the store while the records are read in order. */
class GraphBuilder {
  readonly memories: StoredMemory[] = [];
  readonly problems: AdapterProblem[] = [];
  readonly #names = new Set<string>();
  readonly #relations = new Set<string>();
  readonly #entityFields = new UnmappedFields(ENTITY_FIELDS, "entity");
  readonly #relationFields = new UnmappedFields(RELATION_FIELDS, "relation");
  #bare: string[] = [];

  constructor(readonly file: string, readonly system: string) {}

  add(rec: GraphRecord): void {
    const { value, path, index } = rec;
    const r = RecordReader.open("mcp_memory", this.file, value, path, index, ["name"]);
    const kind = rec.kind ?? r.str("type");
    if (rec.kind !== undefined && r.has("type") && r.obj.type !== rec.kind) {
      const msg = `expected "${rec.kind}" in ${rec.kind === "entity" ? "entities" : "relations"}`;
      r.fail("type", msg);
    }
    if (kind === "entity") this.#entity(r);
    else if (kind === "relation") this.#relation(r);
    else r.fail("type", `expected "entity" or "relation", got ${typeName(kind)}`);
  }

  #entity(r: RecordReader): void {
    const name = r.str("name");
    r.str("entityType", true);
    const obs = r.obj.observations;
    if (!Array.isArray(obs)) r.fail("observations", `expected an array, got ${typeName(obs)}`);
    if (this.#names.has(name)) r.fail("name", `expected unique entity names, '${name}' repeats`);
    this.#names.add(name);
    this.#entityFields.note(r);
    if (obs.length === 0) this.#bare.push(name);
    const seen = new Set<string>();
    obs.forEach((o, i) => {
      if (typeof o !== "string") {
        r.fail(`observations[${i}]`, `expected a string, got ${typeName(o)}`);
      }
      const id = `${name}#${i}`;
      const label = `${r.ref.path}.observations[${i}] (id '${id}')`;
      if (o.trim() === "" || seen.has(o)) {
        const detail = o.trim() === ""
          ? "empty observation"
          : "observation repeats one of its entity";
        this.problems.push(problem("dropped", label, "observations", detail));
        return;
      }
      seen.add(o);
      this.#push(id, `${name}: ${o}`, "observation", r.obj);
    });
  }

  #relation(r: RecordReader): void {
    const from = r.str("from");
    const to = r.str("to");
    const type = r.str("relationType");
    this.#relationFields.note(r);
    const id = `${from}|${type}|${to}`;
    if (this.#relations.has(id)) {
      const record = `${recordLabel(r.ref)} (id '${id}')`;
      this.problems.push(problem("dropped", record, undefined, "relation repeats an earlier one"));
      return;
    }
    this.#relations.add(id);
    this.#push(id, `${from} ${type.replace(/_/g, " ")} ${to}`, "relation", r.obj);
  }

  #push(id: string, text: string, scope: string, raw: unknown): void {
    this.memories.push({
      id,
      text,
      source: scope === "relation" ? `${this.system}:relation` : this.system,
      scope,
      order: this.memories.length,
      raw,
    });
  }

  store(): MemoryStore {
    const problems = [...this.problems];
    if (this.#bare.length > 0) {
      const detail = `${this.#bare.length} entity(ies) without observations (${
        this.#bare.slice(0, 3).join(", ")
      }${this.#bare.length > 3 ? ", ..." : ""}): no memory of their own`;
      problems.push(problem("dropped", "(entities)", "observations", detail));
    }
    problems.push(...this.#entityFields.problems(), ...this.#relationFields.problems());
    const { system, file, memories } = this;
    return { system, format: "mcp_memory", file, memories, tombstones: [], problems };
  }
}
