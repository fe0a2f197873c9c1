/**
 * Memvid memory cards (npm `@memvid/sdk`, a `.mv2` file's extracted facts) to a
 * {@linkcode MemoryStore}: the `memories()` result `{cards: [...], count}` (or a bare list of
 * cards) and the `exportFacts("json")` list of `{subject, predicate, object}` triples.
 *
 * @module
 */
import { normalizeCellText } from "../adjudicate/content_key.ts";
import { parseCsv } from "../base/deps/csv_parse.ts";
import { isObject, problem, recordLabel, RecordReader, typeName, UnmappedFields } from "./_read.ts";
import { ExportFormatError, rootErrors } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, ReaderOptions, StoredMemory } from "./memory_store.ts";
import { contentMemoryId } from "./openai_memory.ts";

const atRoot = rootErrors("memvid_cards");

const CARD_FIELDS: ReadonlySet<string> = new Set((
  "id kind entity slot value polarity confidence sourceFrameId sourceUri documentDate eventDate " +
  "engine engineVersion"
).split(" "));
const FACT_FIELDS: ReadonlySet<string> = new Set(
  "subject predicate object engine sourceFrameId timestamp".split(" "),
);

/** The header `exportFacts("csv")` starts with (provenance adds columns after it). */
const CSV_HEADER = /^\uFEFF?subject,predicate,object(,|\r?\n|$)/;

/**
 * Whether text is Memvid's `exportFacts("csv")` output: its first line starts with
 * `subject,predicate,object`.
 */
export function isMemvidFactsCsv(text: string): boolean {
  return CSV_HEADER.test(text);
}

/** One card as read, before ordering and de-duplication. */
interface Card {
  id: string;
  /** Card id as a number (memvid numbers cards as it writes them), or the file position. */
  seq: number;
  text: string;
  created?: string;
  salience?: number;
  label: string;
  raw: unknown;
}

/**
 * The text of a card: `<entity> <slot>: <value>`, the slot's underscores read as spaces, and `not `
 * before the value when the polarity is negative (`caroline preference: not crowds`).
 *
 * @param entity the card's entity (subject)
 * @param slot the card's slot (predicate), e.g. `favorite_color`
 * @param value the card's value (object)
 * @param polarity the card's polarity, if any (`positive`, `negative`, `neutral`; any case)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { memvidCardText } from "./memvid_cards.ts";
 * assert.equal(memvidCardText("caroline", "favorite_color", "blue"), "caroline favorite color: blue");
 * ```
 */
export function memvidCardText(
  entity: string,
  slot: string,
  value: string,
  polarity?: string,
): string {
  const not = polarity?.toLowerCase() === "negative" ? "not " : "";
  return `${entity} ${slot.replace(/_/g, " ")}: ${not}${value}`;
}

/**
 * Reads Memvid memory cards into a store (the facts CSV: {@linkcode readMemvidFactsCsv}).
 *
 * Cards (`memories()`): id `String(card.id)`, text {@linkcode memvidCardText}, `documentDate`
 * (epoch seconds) -> `created_at` as ISO-8601, `confidence` in [0, 1] -> salience, the card -> raw;
 * memories in card-id order (memvid numbers cards as it writes them, and cards carry no write time,
 * so recency follows the ids). Facts (`exportFacts("json")`, no ids): id `contentMemoryId(text,
 * "memvid")`, file order, and one problem saying what the triples lack (id, kind, polarity). A card
 * repeating an earlier card's text (normalised; memvid re-extracts a fact from every frame that
 * states it) is dropped and reported, the earliest kept; a `count` other than the number of cards
 * is reported.
 *
 * @param data parsed JSON: `{cards, count}`, a list of cards, or a list of facts
 * @param opts file name and system label (default `memvid`)
 * @returns the store (source `memvid`, scope the card's kind: `fact`, `preference`, ...)
 * @throws {ExportFormatError} naming the record (index, id) and field when the root is of another
 *   shape, a card is not an object, lacks a numeric or string `id`, a non-empty `entity`/`slot`
 *   (`subject`/`predicate`) or a string `value` (`object`), repeats an id, or has a date or
 *   confidence that is not a finite number
 */
export function readMemvidCards(data: unknown, opts: ReaderOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const problems: AdapterProblem[] = [];
  const { items, base } = cardList(data, file, problems);
  return buildStore(items, (i) => base === "" ? `[${i}]` : `${base}[${i}]`, problems, opts);
}

/**
 * Reads Memvid's `exportFacts("csv")` output (header `subject,predicate,object`, with provenance
 * also `sourceFrameId,timestamp,engine`) as {@linkcode readMemvidCards} reads the JSON triples; a
 * `timestamp` above 0 (epoch seconds) becomes `created_at`.
 *
 * @param text the CSV text (a byte-order mark accepted)
 * @param opts file name and system label (default `memvid`)
 * @returns the store; rows are named `line N` (the header is line 1)
 * @throws {ExportFormatError} when the text is not CSV, the header lacks `subject`, `predicate` or
 *   `object`, or a row has an empty subject or predicate or a timestamp that is not a number
 */
export function readMemvidFactsCsv(text: string, opts: ReaderOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(text, { columns: true, skip_empty_lines: true, bom: true });
  } catch (e) {
    throw atRoot(file, "", `expected CSV (${(e as Error).message})`);
  }
  if (!isMemvidFactsCsv(text)) {
    const what = "expected the header subject,predicate,object";
    throw new ExportFormatError("memvid_cards", file, { path: "line 1", index: 1 }, "", what);
  }
  return buildStore(rows, (i) => `line ${i + 2}`, [], opts);
}

/** The store of a list of cards or facts, `pathOf(i)` naming record i. */
function buildStore(
  items: unknown[],
  pathOf: (i: number) => string,
  problems: AdapterProblem[],
  opts: ReaderOptions,
): MemoryStore {
  const file = opts.file ?? "<memory>";
  const system = opts.system ?? "memvid";
  const facts = items.length > 0 && isObject(items[0]) && "subject" in items[0];
  const unmapped = new UnmappedFields(facts ? FACT_FIELDS : CARD_FIELDS, facts ? "fact" : "card");
  const ids = new Set<string>();
  const cards = items.map((item, i) => {
    const r = RecordReader.open("memvid_cards", file, item, pathOf(i), i);
    const c = facts ? readFact(r, i) : readCard(r, problems);
    if (!facts) {
      if (ids.has(c.id)) r.fail("id", `expected unique card ids, '${c.id}' repeats`);
      ids.add(c.id);
    }
    unmapped.note(r);
    return c;
  });
  if (!facts) cards.sort((a, b) => a.seq - b.seq);
  const memories: StoredMemory[] = [];
  const texts = new Set<string>();
  for (const c of cards) {
    const key = normalizeCellText(c.text);
    if (texts.has(key)) {
      const detail = "card repeats an earlier card's text (normalised): dropped";
      problems.push(problem("dropped", c.label, undefined, detail));
      continue;
    }
    texts.add(key);
    const m: StoredMemory = {
      id: c.id,
      text: c.text,
      source: system,
      order: memories.length,
      raw: c.raw,
    };
    const kind = isObject(c.raw) && typeof c.raw.kind === "string" ? c.raw.kind : undefined;
    if (kind !== undefined) m.scope = kind;
    if (c.created !== undefined) m.created_at = c.created;
    if (c.salience !== undefined) m.salience = c.salience;
    memories.push(m);
  }
  if (facts) {
    const detail =
      "exportFacts() triples carry no card id, kind or polarity: content-hash ids, file " +
      "order as recency, a negative card reads as a positive one (memories() has them)";
    problems.push(problem("not_mapped", "(root)", undefined, detail));
  }
  problems.push(...unmapped.problems());
  return { system, format: "memvid_cards", file, memories, tombstones: [], problems };
}

/** The list of cards or facts, and its JSON path. */
function cardList(
  data: unknown,
  file: string,
  problems: AdapterProblem[],
): { items: unknown[]; base: string } {
  if (Array.isArray(data)) return { items: data, base: "" };
  if (isObject(data) && Array.isArray(data.cards)) {
    const n = data.count;
    if (n !== undefined && n !== data.cards.length) {
      const detail = `count ${JSON.stringify(n)} but ${data.cards.length} card(s) in the export`;
      const code = typeof n === "number" && n > data.cards.length ? "truncated" : "coerced";
      problems.push(problem(code, "(root)", "count", detail));
    }
    return { items: data.cards, base: "cards" };
  }
  const msg = `expected memories() {cards: [...], count} or a list of cards or facts, got ${
    isObject(data) ? `cards = ${typeName(data.cards)}` : typeName(data)
  }`;
  throw atRoot(file, isObject(data) ? "cards" : "", msg);
}

/** One `memories()` card. */
function readCard(r: RecordReader, problems: AdapterProblem[]): Card {
  const raw = r.obj.id;
  const id = r.id("id");
  const entity = r.str("entity");
  const slot = r.str("slot");
  const value = r.str("value", true);
  const polarity = r.optStr("polarity");
  r.optStr("kind");
  const date = r.optNum("documentDate");
  r.optNum("eventDate");
  const confidence = r.optNum("confidence");
  const c: Card = {
    id,
    seq: typeof raw === "number" ? raw : Number.MAX_SAFE_INTEGER,
    text: memvidCardText(entity, slot, value, polarity),
    label: recordLabel(r.ref),
    raw: r.obj,
  };
  if (date !== undefined) c.created = new Date(date * 1000).toISOString();
  if (confidence !== undefined) {
    if (confidence >= 0 && confidence <= 1) c.salience = confidence;
    else {
      const detail = `confidence ${confidence} outside [0, 1]: not used as salience`;
      problems.push(problem("coerced", c.label, "confidence", detail));
    }
  }
  return c;
}

/** One `exportFacts()` triple (no id: a content-hash id); a CSV row's fields are strings. */
function readFact(r: RecordReader, i: number): Card {
  const text = memvidCardText(r.str("subject"), r.str("predicate"), r.str("object", true));
  const id = contentMemoryId(text, "memvid");
  r.ref.id = id;
  const c: Card = { id, seq: i, text, label: recordLabel(r.ref), raw: r.obj };
  const ts = r.obj.timestamp;
  if (ts !== undefined && ts !== null && ts !== "") {
    const n = typeof ts === "string" ? Number(ts) : ts;
    if (typeof n !== "number" || !Number.isFinite(n)) {
      r.fail("timestamp", `expected epoch seconds, got ${typeName(ts)}`);
    }
    if (n > 0) c.created = new Date(n * 1000).toISOString();
  }
  return c;
}
