/**
 * A-Mem notes to a {@linkcode MemoryStore}, in the full serialized view, a compact metadata view,
 * the content alone, or full and metadata together (ARTIFACT-SPEC §1.5, §6.5; shapes in
 * ../shared/formats/README.md).
 *
 * @module
 */
import {
  isObject,
  problem,
  RecordReader,
  type TimeNote,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { nonSpaceTokens } from "./cost_models.ts";
import { ExportFormatError, rootErrors } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, StoredMemory } from "./memory_store.ts";

const atRoot = rootErrors("amem");

/**
 * Views of an A-Mem note: `full` (the serialized note), `metadata` (the compact metadata view),
 * `content` (the note's content only) and `both` (full and metadata memories per note, sharing one
 * group).
 */
export const AMEM_VIEWS = ["full", "metadata", "content", "both"] as const;

/** One of {@linkcode AMEM_VIEWS}. */
export type AmemView = (typeof AMEM_VIEWS)[number];

/** An A-Mem note after decoding. */
export interface AmemNote {
  /**
   * Note id, unique in the store: the note's `id`; in a ChromaDB export the `ids` entry; in a
   * `{memories: {key: note}}` map the key when the note has no `id`.
   */
  id: string;
  /** The note's content: the text the agent stored. */
  content: string;
  /** A-Mem's generated context sentence ("" when absent). */
  context: string;
  /** A-Mem's generated keywords ([] when absent; a JSON- or Python-encoded string is decoded). */
  keywords: string[];
  /** A-Mem's tags ([] when absent; a JSON- or Python-encoded string is decoded). */
  tags: string[];
  /** Ids (or neighbour indices) of linked notes ([] when absent; an encoded string is decoded). */
  links: string[];
  /** A-Mem's category (e.g. `Uncategorized`), if exported. */
  category?: string;
  /**
   * Creation time as exported (A-Mem's YYYYMMDDHHMM by default, any string allowed), if any;
   * becomes the memory's `created_at`.
   */
  timestamp?: string;
  /** Last access time as exported, if any. */
  last_accessed?: string;
  /** How many times A-Mem retrieved the note, if exported (a numeric string is decoded). */
  retrieval_count?: number;
  /**
   * A-Mem's record of how the note evolved, if exported (a string is decoded; kept, not scored).
   */
  evolution_history?: unknown[];
}

/** Limits of the metadata view (ARTIFACT-SPEC §1.5). */
export const AMEM_METADATA_LIMITS = { contextWords: 80, keywords: 12, tags: 12, links: 8 } as const;

/**
 * The full serialized note: `content:`, `context:`, `keywords:` and `tags:` lines (ARTIFACT-SPEC
 * §1.5), lists joined with ", ".
 *
 * @returns the text costed and adjudicated in the full view
 */
export function amemFullText(n: AmemNote): string {
  return [
    `content: ${n.content}`,
    `context: ${n.context}`,
    `keywords: ${n.keywords.join(", ")}`,
    `tags: ${n.tags.join(", ")}`,
  ].join("\n");
}

/**
 * The compact metadata view: `context:` (first 80 words), `keywords:` (first 12), `tags:` (first
 * 12) and `links:` (first 8) lines, each only when non-empty; no content. Empty when the note has
 * no metadata.
 *
 * @returns the metadata text, possibly ""
 */
export function amemMetadataText(n: AmemNote): string {
  const L = AMEM_METADATA_LIMITS;
  const ctx = nonSpaceTokens(n.context).slice(0, L.contextWords).join(" ");
  const lines: string[] = [];
  if (ctx !== "") lines.push(`context: ${ctx}`);
  if (n.keywords.length > 0) lines.push(`keywords: ${n.keywords.slice(0, L.keywords).join(", ")}`);
  if (n.tags.length > 0) lines.push(`tags: ${n.tags.slice(0, L.tags).join(", ")}`);
  if (n.links.length > 0) lines.push(`links: ${n.links.slice(0, L.links).join(", ")}`);
  return lines.join("\n");
}

const NOTE_FIELDS: ReadonlySet<string> = new Set((
  "id content keywords context category tags links timestamp last_accessed retrieval_count " +
  "evolution_history"
).split(" "));

/** Parses a Python list literal of strings and numbers (`['a', "b", 3]`), or null. */
function pythonList(s: string): unknown[] | null {
  const t = s.trim();
  if (!t.startsWith("[") || !t.endsWith("]")) return null;
  const out: unknown[] = [];
  let i = 1;
  const skip = () => {
    while (i < t.length - 1 && /\s/.test(t[i])) i++;
  };
  skip();
  while (i < t.length - 1) {
    const q = t[i];
    if (q === "'" || q === '"') {
      let v = "";
      i++;
      while (i < t.length - 1 && t[i] !== q) {
        if (t[i] === "\\" && i + 1 < t.length - 1) i++;
        v += t[i++];
      }
      if (t[i] !== q) return null;
      i++;
      out.push(v);
    } else {
      const m = t.slice(i).match(/^-?\d+(\.\d+)?/);
      if (!m) return null;
      out.push(Number(m[0]));
      i += m[0].length;
    }
    skip();
    if (t[i] === ",") {
      i++;
      skip();
    } else if (i < t.length - 1) return null;
  }
  return out;
}

/** Decodes a note record; string-encoded lists and numbers are decoded and counted. */
function decodeNote(
  r: RecordReader,
  coerced: Map<string, number>,
  overrides: { id?: string; content?: string } = {},
): AmemNote {
  const bump = (f: string) => coerced.set(f, (coerced.get(f) ?? 0) + 1);
  const list = (field: string): string[] => {
    let v = r.obj[field];
    if (v === undefined || v === null) return [];
    if (typeof v === "string") {
      bump(field);
      if (v.trim() === "") return [];
      try {
        v = JSON.parse(v);
      } catch {
        const got = JSON.stringify(v).slice(0, 60);
        v = pythonList(v as string) ??
          r.fail(field, `expected a list or a JSON-encoded list, got ${got}`);
      }
    }
    if (!Array.isArray(v)) r.fail(field, `expected a list of strings, got ${typeName(v)}`);
    return v.map((x, j) => {
      if (typeof x === "string") return x;
      if (typeof x === "number" && Number.isFinite(x)) return String(x);
      return r.fail(`${field}[${j}]`, `expected a string or a number, got ${typeName(x)}`);
    });
  };
  const text = (field: string): string | undefined => {
    const v = r.obj[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "number" && Number.isFinite(v)) {
      bump(field);
      return String(v);
    }
    if (typeof v !== "string") r.fail(field, `expected a string, got ${typeName(v)}`);
    return v;
  };
  const note: AmemNote = {
    id: overrides.id ?? r.id("id"),
    content: overrides.content ?? r.str("content", true),
    context: text("context") ?? "",
    keywords: list("keywords"),
    tags: list("tags"),
    links: list("links"),
  };
  for (const f of ["category", "timestamp", "last_accessed"] as const) {
    const v = text(f);
    if (v !== undefined) note[f] = v;
  }
  const rc = r.obj.retrieval_count;
  if (rc !== undefined && rc !== null) {
    if (typeof rc === "number" && Number.isFinite(rc)) note.retrieval_count = rc;
    else if (typeof rc === "string" && rc.trim() !== "" && Number.isFinite(Number(rc))) {
      bump("retrieval_count");
      note.retrieval_count = Number(rc);
    } else r.fail("retrieval_count", `expected a number or a numeric string, got ${typeName(rc)}`);
  }
  const eh = r.obj.evolution_history;
  if (eh !== undefined && eh !== null) {
    if (Array.isArray(eh)) note.evolution_history = eh;
    else if (typeof eh === "string") {
      bump("evolution_history");
      try {
        const parsed = JSON.parse(eh);
        note.evolution_history = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        note.evolution_history = pythonList(eh) ?? [eh];
      }
    } else r.fail("evolution_history", `expected a list, got ${typeName(eh)}`);
  }
  return note;
}

/**
 * Reads A-Mem notes.
 *
 * Accepted shapes: a list of notes; `{notes: [...]}`; `{memories: {id: note}}` or `{memories:
 * [...]}` (A-Mem's in-memory store); one note; the ChromaDB `get()` result `{ids, documents,
 * metadatas}`, where list fields are JSON strings and numbers strings (decoded; a Python list
 * literal is accepted too). Every decoded field is reported once with its count.
 *
 * Memories per note (source `amem:<view>`, created_at = the note's timestamp): `full` ->
 * {@linkcode amemFullText}; `metadata` -> {@linkcode amemMetadataText} (notes with no metadata are
 * dropped and reported, as the artifact drops empty metadata texts); `content` -> the content;
 * `both` -> `<id>#full` and `<id>#metadata`, sharing group `<id>` (aligned by note id, not by list
 * position as in the artifact, §6.5).
 *
 * @param data parsed JSON of the export
 * @param opts file name, system label, view
 * @returns the store
 * @throws {ExportFormatError} naming the record (index, id) and field when a note lacks `id` or
 *   `content`, a list field is neither a list nor a decodable string, or the ChromaDB arrays differ
 *   in length
 */
export function readAmemNotes(data: unknown, opts: {
  /** File name for errors (default `<memory>`). */
  file?: string;
  /** System label of the store (default `amem`). */
  system?: string;
  /** View (default `full`). */
  view?: AmemView;
} = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const system = opts.system ?? "amem";
  const view = opts.view ?? "full";
  if (!(AMEM_VIEWS as readonly string[]).includes(view)) {
    throw new RangeError(
      `Cannot read A-Mem notes: unknown view '${view}', expected one of ${AMEM_VIEWS.join(", ")}`,
    );
  }
  const c = new NoteCollector(file);
  readNoteShapes(c, data);
  const problems: AdapterProblem[] = [];
  for (const [field, n] of c.coerced) {
    const detail = `${n} string-encoded value(s) of '${field}' decoded (ChromaDB form)`;
    problems.push(problem("coerced", "(notes)", field, detail));
  }
  const { memories, times } = notesToMemories(c.notes, view, system, problems);
  problems.push(...c.unmapped.problems(), ...timeProblems(times));
  return { system, format: "amem", file, memories, tombstones: [], problems };
}

/** The notes read so far, with their decoded fields counted and unknown fields noted. */
class NoteCollector {
  readonly coerced = new Map<string, number>();
  readonly unmapped = new UnmappedFields(NOTE_FIELDS, "note");
  readonly notes: { note: AmemNote; path: string; raw: unknown }[] = [];
  readonly #seen = new Set<string>();
  constructor(readonly file: string) {}

  add(r: RecordReader, note: AmemNote, raw: unknown): void {
    if (this.#seen.has(note.id)) r.fail("id", `expected unique note ids, '${note.id}' repeats`);
    this.#seen.add(note.id);
    this.unmapped.note(r);
    this.notes.push({ note, path: r.ref.path, raw });
  }

  fromList(list: unknown[], base: string): void {
    list.forEach((v, i) => {
      const r = RecordReader.open("amem", this.file, v, `${base}[${i}]`, i);
      this.add(r, decodeNote(r, this.coerced), v);
    });
  }
}

/** The accepted shapes: a list, `{notes}`, `{memories}` (list or map), a note, ChromaDB `get()`. */
function readNoteShapes(c: NoteCollector, data: unknown): void {
  if (Array.isArray(data)) c.fromList(data, "");
  else if (!isObject(data)) {
    throw atRoot(c.file, "", `expected notes, got ${typeName(data)}`);
  } else if (Array.isArray(data.ids)) readChromaGet(c, data, data.ids);
  else if (Array.isArray(data.notes)) c.fromList(data.notes, "notes");
  else if (Array.isArray(data.memories)) c.fromList(data.memories, "memories");
  else if (isObject(data.memories)) {
    Object.entries(data.memories).forEach(([key, v], i) => {
      const r = RecordReader.open("amem", c.file, v, `memories.${key}`, i);
      c.add(r, decodeNote(r, c.coerced, { id: r.has("id") ? r.id("id") : key }), v);
    });
  } else if (data.content !== undefined) {
    const r = RecordReader.open("amem", c.file, data, "(root)", 0);
    c.add(r, decodeNote(r, c.coerced), data);
  } else {
    const msg =
      "expected a list of notes, {notes}, {memories}, a note, or a ChromaDB {ids, documents, metadatas}";
    throw atRoot(c.file, "", msg);
  }
}

/** ChromaDB's `get()` result `{ids, documents, metadatas}`: parallel lists, one note per id. */
function readChromaGet(c: NoteCollector, data: Record<string, unknown>, ids: unknown[]): void {
  const docs = data.documents ?? null, metas = data.metadatas ?? null;
  for (const [name, arr] of [["documents", docs], ["metadatas", metas]] as const) {
    if (arr !== null && (!Array.isArray(arr) || arr.length !== ids.length)) {
      const msg = `expected a list as long as ids (${ids.length}), got ${
        Array.isArray(arr) ? arr.length : typeName(arr)
      }`;
      throw atRoot(c.file, name, msg);
    }
  }
  ids.forEach((id, i) => {
    const meta = (metas as unknown[] | null)?.[i] ?? {};
    const r = RecordReader.open("amem", c.file, meta, `metadatas[${i}]`, i);
    if (typeof id !== "string" || id === "") {
      const ref = { path: `ids[${i}]`, index: i };
      throw new ExportFormatError("amem", c.file, ref, "", "expected a non-empty string id");
    }
    r.ref.id = id;
    const doc = (docs as unknown[] | null)?.[i];
    const content = typeof doc === "string" ? doc : r.str("content", true);
    const note = decodeNote(r, c.coerced, { id, content });
    c.add(r, note, { id, document: doc ?? null, metadata: meta });
  });
}

/**
 * The memories of each note under the view (`full`, `metadata`, `content`, or `both` sharing the
 * note's group); notes with empty content, or no metadata for a metadata memory, are reported.
 */
function notesToMemories(
  notes: readonly { note: AmemNote; path: string; raw: unknown }[],
  view: string,
  system: string,
  problems: AdapterProblem[],
): { memories: StoredMemory[]; times: TimeNote[] } {
  const memories: StoredMemory[] = [];
  const times: TimeNote[] = [];
  for (const { note, path, raw } of notes) {
    const push = (id: string, text: string, scope: string, group?: string) =>
      memories.push({
        id,
        text,
        source: `${system}:${scope}`,
        scope,
        order: memories.length,
        raw,
        ...(note.timestamp !== undefined ? { created_at: note.timestamp } : {}),
        ...(group !== undefined ? { group } : {}),
      });
    const label = `${path} (id '${note.id}')`;
    times.push({ record: label, field: "timestamp", value: note.timestamp });
    if (note.content.trim() === "" && view !== "metadata") {
      problems.push(problem("dropped", label, "content", "empty content"));
      continue;
    }
    const meta = amemMetadataText(note);
    if (meta === "" && view !== "full" && view !== "content") {
      const detail = `no metadata (context, keywords, tags, links all empty): no ${
        view === "both" ? "metadata memory" : "memory"
      }`;
      problems.push(problem("dropped", label, "context", detail));
    }
    if (view === "content") push(note.id, note.content, "content");
    else if (view === "full") push(note.id, amemFullText(note), "full");
    else if (view === "metadata") {
      if (meta !== "") push(note.id, meta, "metadata");
    } else {
      push(`${note.id}#full`, amemFullText(note), "full", note.id);
      if (meta !== "") push(`${note.id}#metadata`, meta, "metadata", note.id);
    }
  }
  return { memories, times };
}
