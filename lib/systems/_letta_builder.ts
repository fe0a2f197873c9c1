/**
 * Private: reads Letta blocks and passages into one store; shared by the two Letta adapters.
 *
 * @module
 */
import { problem, RecordReader, type TimeNote, timeProblems, UnmappedFields } from "./_read.ts";
import { CORE_ATOM_MAX_WORDS, CORE_ATOM_MIN_WORDS, coreAtoms } from "./core_atoms.ts";
import type { AdapterProblem, MemoryStore, StoredMemory, Tombstone } from "./memory_store.ts";

/** How core memory blocks become memories. */
export type CoreMode = "block" | "atoms";

/** Options of {@linkcode readLettaMemory} and {@linkcode readLettaAgentFile}. */
export interface LettaReadOptions {
  /** File name for errors (default `<memory>`). */
  file?: string;
  /** System label of the store (default `letta`). */
  system?: string;
  /**
   * `block` (default): one memory per core block (its whole value); `atoms`: the artifact's atom
   * split (see {@linkcode coreAtoms}).
   */
  core?: CoreMode;
  /**
   * Drop archival passages whose whitespace-normalised lowercase text repeats an earlier one
   * (default true, as the artifact does); each drop is reported.
   */
  dedupeArchival?: boolean;
}

const BLOCK_FIELDS: ReadonlySet<string> = new Set((
  "id label value limit description metadata metadata_ read_only hidden is_template template_name " +
  "template_id base_template_id deployment_id entity_id preserve_on_migration project_id tags " +
  "created_by_id last_updated_by_id created_at updated_at organization_id"
).split(" "));

const PASSAGE_FIELDS: ReadonlySet<string> = new Set((
  "id text archive_id agent_id organization_id file_id file_name source_id metadata metadata_ " +
  "tags is_deleted embedding embedding_config created_by_id last_updated_by_id created_at " +
  "updated_at"
).split(" "));

/** Reads blocks and passages into one store; shared by the two Letta adapters. */
export class LettaStoreBuilder {
  readonly memories: StoredMemory[] = [];
  readonly tombstones: Tombstone[] = [];
  readonly problems: AdapterProblem[] = [];
  readonly #ids = new Set<string>();
  readonly #texts = new Set<string>();
  readonly #blockFields = new UnmappedFields(BLOCK_FIELDS, "core block");
  readonly #passageFields = new UnmappedFields(PASSAGE_FIELDS, "archival passage");
  readonly #times: TimeNote[] = [];
  readonly system: string;

  constructor(
    readonly format: "letta" | "letta_agent_file",
    readonly file: string,
    readonly opts: LettaReadOptions,
  ) {
    this.system = opts.system ?? "letta";
  }

  #push(r: RecordReader, field: string, m: StoredMemory): void {
    if (this.#ids.has(m.id)) r.fail(field, `expected unique memory ids, '${m.id}' repeats`);
    this.#ids.add(m.id);
    this.memories.push(m);
  }

  /**
   * Adds a core block.
   *
   * @param source memory source label (e.g. `letta:core:human`)
   * @param fallbackId id when the block has none
   */
  block(item: unknown, path: string, index: number, source: string, fallbackId?: string): void {
    const r = RecordReader.open(this.format, this.file, item, path, index, ["id", "label"]);
    const label = r.str("label");
    const value = r.str("value", true);
    const id = r.has("id") ? r.id("id") : (fallbackId ?? `core:${label}`);
    const limit = r.optNum("limit");
    const hidden = r.optBool("hidden");
    r.optBool("read_only");
    const created = r.optStr("created_at");
    const updated = r.optStr("updated_at");
    this.#blockFields.note(r);
    const rec = `${path} (label '${label}')`;
    if (limit !== undefined && value.length > limit) {
      const detail =
        `value has ${value.length} characters, over the block limit ${limit}: kept whole`;
      this.problems.push(problem("coerced", rec, "value", detail));
    }
    if (hidden === true) {
      this.problems.push(problem("coerced", rec, "hidden", "hidden block kept as a core memory"));
    }
    if (value.trim() === "") {
      this.problems.push(problem("dropped", rec, "value", "empty block"));
      return;
    }
    this.#times.push({ record: rec, field: "created_at", value: created });
    const base = (text: string, mid: string): StoredMemory => {
      const m: StoredMemory = {
        id: mid,
        text,
        source,
        scope: "core",
        order: this.memories.length,
        raw: item,
      };
      if (created !== undefined) m.created_at = created;
      if (updated !== undefined) m.updated_at = updated;
      return m;
    };
    if ((this.opts.core ?? "block") === "block") {
      this.#push(r, "id", base(value, id));
      return;
    }
    const a = coreAtoms(value);
    a.atoms.forEach((t, k) => this.#push(r, "id", base(t, `${id}#${k}`)));
    const notes = [
      a.short > 0 ? `${a.short} atom(s) under ${CORE_ATOM_MIN_WORDS} words dropped` : "",
      a.duplicates > 0 ? `${a.duplicates} repeated atom(s) dropped` : "",
      a.truncated > 0 ? `${a.truncated} atom(s) cut to ${CORE_ATOM_MAX_WORDS} words` : "",
    ].filter((s) => s !== "");
    if (notes.length > 0) this.problems.push(problem("dropped", rec, "value", notes.join("; ")));
  }

  /** Adds an archival passage. */
  passage(item: unknown, path: string, index: number): void {
    const r = RecordReader.open(this.format, this.file, item, path, index);
    const id = r.id("id");
    const text = r.str("text", true);
    const deleted = r.optBool("is_deleted");
    const created = r.optStr("created_at");
    const updated = r.optStr("updated_at");
    const fileName = r.optStr("file_name");
    const sourceId = r.optStr("source_id");
    r.optArray("tags");
    this.#passageFields.note(r);
    const rec = `${path} (id '${id}')`;
    if (deleted === true) {
      const t: Tombstone = { id, text, source: `${this.system}:archival` };
      if (updated !== undefined) t.deleted_at = updated;
      this.tombstones.push(t);
      const detail = "deleted passage: not in the store";
      this.problems.push(problem("tombstone", rec, "is_deleted", detail));
      return;
    }
    if (text.trim() === "") {
      this.problems.push(problem("dropped", rec, "text", "empty passage"));
      return;
    }
    const key = text.trim().split(/\s+/).join(" ").toLowerCase();
    if ((this.opts.dedupeArchival ?? true) && this.#texts.has(key)) {
      const detail = "passage repeats an earlier passage's text (normalised): dropped";
      this.problems.push(problem("dropped", rec, "text", detail));
      return;
    }
    this.#texts.add(key);
    const fromFile = fileName !== undefined || sourceId !== undefined;
    const m: StoredMemory = {
      id,
      text,
      source: `${this.system}:archival${fromFile ? ":file" : ""}`,
      scope: "archival",
      order: this.memories.length,
      raw: item,
    };
    if (created !== undefined) m.created_at = created;
    if (updated !== undefined) m.updated_at = updated;
    this.#times.push({ record: rec, field: "created_at", value: created });
    this.#push(r, "id", m);
  }

  /** The finished store. */
  store(): MemoryStore {
    const { system, format, file, memories, tombstones } = this;
    const problems = [...this.problems, ...this.#blockFields.problems()];
    problems.push(...this.#passageFields.problems(), ...timeProblems(this.#times));
    return { system, format, file, memories, tombstones, problems };
  }
}
