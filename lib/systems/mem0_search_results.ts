/**
 * Mem0's LoCoMo evaluation output (`evaluation/results/mem0_results_*.json` of the Mem0
 * repository): per conversation, the QA items with each speaker's top-k search hits `{memory,
 * timestamp, score}`. The hits carry no ids; the same memory recurs across questions. The reader
 * merges them into one store per conversation, with ids from a content hash and a count of the
 * questions that retrieved each memory. It is the union of what search returned, a partial view of
 * Mem0's store, not a `get_all` dump (paper 000 definition 2, Table 4).
 *
 * @module
 */
import {
  emptyMemoryText,
  isObject,
  problem,
  RecordReader,
  type TimeNote,
  timeProblems,
  typeName,
} from "./_read.ts";
import { rootErrors } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, ReaderOptions, StoredMemory } from "./memory_store.ts";
import { contentMemoryId, LOCOMO10_ORDER } from "./openai_memory.ts";

const atRoot = rootErrors("mem0_search_results");

/** The two per-speaker hit lists of a QA item (speaker 1 = LoCoMo's `speaker_a`). */
export const MEM0_SPEAKER_FIELDS = ["speaker_1_memories", "speaker_2_memories"] as const;

const ITEM_FIELDS: ReadonlySet<string> = new Set((
  "question answer category evidence response adversarial_answer speaker_1_memories " +
  "speaker_2_memories num_speaker_1_memories num_speaker_2_memories speaker_1_memory_time " +
  "speaker_2_memory_time speaker_1_graph_memories speaker_2_graph_memories response_time"
).split(" "));

/** What the reader keeps of each merged memory (the memory's `raw`). */
export interface Mem0SearchMemoryRaw {
  /** `speaker_1` or `speaker_2` (Mem0 keeps one store per speaker). */
  speaker: "speaker_1" | "speaker_2";
  /** The memory text as exported (first hit). */
  memory: string;
  /** The hit's timestamp as exported (LoCoMo form, `12:09 am on 13 September, 2023`). */
  timestamp: string;
  /** How many QA items retrieved this memory (its hits, at most one per item and speaker). */
  retrievals: number;
  /** Indices of those QA items, ascending. */
  questions: number[];
  /** Mean and maximum search score over the hits. */
  meanScore: number;
  /** Largest search score over the hits. */
  maxScore: number;
}

/** Options of {@linkcode readMem0SearchResults}. */
export interface Mem0SearchOptions extends ReaderOptions {
  /**
   * The conversation to read: a key of the file (`"0"`) or a LoCoMo sample id (`conv-26`, mapped
   * through {@linkcode LOCOMO10_ORDER}). Default: the only key; a file with several keys needs it.
   */
  conversation?: string;
  /**
   * Salience for salience pruning: `none` (default; the scorer then uses its query-blind estimate,
   * as for stores without scores), `mean_score` or `max_score` (the search scores; they depend on
   * the evaluation's questions).
   */
  salience?: "none" | "mean_score" | "max_score";
}

/** Statistics of one conversation's hits (in the store's `meta`). */
export interface Mem0SearchMeta {
  /** The file's key. */
  key: string;
  /** QA items read. */
  questions: number;
  /** Hits read (over items and speakers). */
  hits: number;
  /** Distinct memories per speaker. */
  perSpeaker: Record<"speaker_1" | "speaker_2", number>;
}

function conversationKey(data: Record<string, unknown>, file: string, want?: string): string {
  const keys = Object.keys(data), held = keys.join(", ");
  if (want !== undefined) {
    if (keys.includes(want)) return want;
    const i = LOCOMO10_ORDER.indexOf(want);
    if (i >= 0 && keys.includes(String(i))) return String(i);
    const msg =
      `expected conversation '${want}' (a key or a LoCoMo sample id), the file holds keys ${held}`;
    throw atRoot(file, "", msg);
  }
  if (keys.length !== 1) {
    const msg =
      `expected one conversation or a chosen one, the file holds ${keys.length} (keys ${held})`;
    throw atRoot(file, "", msg);
  }
  return keys[0];
}

/**
 * The keys of a Mem0 evaluation output and the LoCoMo sample each stands for.
 *
 * @returns `[key, sample id or undefined]` pairs in file order
 * @throws {ExportFormatError} when the root is not an object of lists
 */
export function mem0SearchConversations(
  data: unknown,
  file = "<memory>",
): [string, string | undefined][] {
  rootOf(data, file);
  return Object.keys(data as object).map((k) => [k, /^\d+$/.test(k) ? LOCOMO10_ORDER[+k] : k]);
}

function rootOf(data: unknown, file: string): Record<string, unknown> {
  if (!isObject(data) || Object.keys(data).length === 0) {
    const msg = `expected an object {"<conversation>": [QA items]}, got ${
      isObject(data) ? "an empty object" : typeName(data)
    }`;
    throw atRoot(file, "", msg);
  }
  for (const [k, v] of Object.entries(data)) {
    if (!Array.isArray(v)) throw atRoot(file, k, `expected a list of QA items, got ${typeName(v)}`);
  }
  return data;
}

/**
 * Reads one conversation of Mem0's search-results evaluation output into a store. Hits are merged
 * by (speaker, normalised text): the id is {@linkcode contentMemoryId}(text, "mem0", speaker),
 * `created_at` the hit's timestamp (parsed deterministically as UTC by the scorer's time order),
 * `scope` the speaker, `order` the first hit's position (item, speaker 1 before 2, rank), and `raw`
 * a {@linkcode Mem0SearchMemoryRaw} with the number of QA items that retrieved it. Empty hit texts
 * are dropped and reported; a memory seen with two timestamps keeps the first and is reported;
 * non-empty graph memories are reported as not mapped.
 *
 * @param opts file name, system label (default `mem0`), conversation key, salience source
 * @returns the store (format `mem0_search_results`; `instance` the LoCoMo sample id when the key is
 *   an index; `meta` a {@linkcode Mem0SearchMeta})
 * @throws {ExportFormatError} naming the JSON path (`0[12].speaker_1_memories[3].score`) when the
 *   root is not an object of lists, an item is not an object, lacks a hit list, or a hit lacks a
 *   string `memory`, a string `timestamp` or a numeric `score`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMem0SearchResults } from "./mem0_search_results.ts";
 * const hit = (memory: string) => ({ memory, timestamp: "1:56 pm on 8 May, 2023", score: 0.5 });
 * const q = (a: string) => ({ question: "?", speaker_1_memories: [hit(a)], speaker_2_memories: [] });
 * const store = readMem0SearchResults({ "0": [q("x likes tea"), q("x likes tea")] });
 * assert.ok(store.memories.length === 1 && store.instance === "conv-26");
 * ```
 */
export function readMem0SearchResults(data: unknown, opts: Mem0SearchOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const system = opts.system ?? "mem0";
  const root = rootOf(data, file);
  const key = conversationKey(root, file, opts.conversation);
  const items = root[key] as unknown[];
  const st = new HitUnion(file, system);
  items.forEach((item, qi) => readQaItem(st, item, `${key}[${qi}]`, qi));
  const memories = unionMemories(st, opts.salience);
  const problems = [...st.problems, ...unionProblems(st, key, items.length, memories.length)];
  const perSpeaker = { speaker_1: 0, speaker_2: 0 };
  for (const m of memories) perSpeaker[m.scope as "speaker_1" | "speaker_2"]++;
  const meta: Mem0SearchMeta = { key, questions: items.length, hits: st.hits, perSpeaker };
  const store: MemoryStore = {
    system,
    format: "mem0_search_results",
    file,
    meta: { ...meta },
    memories,
    tombstones: [],
    problems,
  };
  const instance = /^\d+$/.test(key) ? LOCOMO10_ORDER[Number(key)] : key;
  if (instance !== undefined) store.instance = instance;
  return store;
}

/** The union of the search hits of one conversation, as it is read. */
class HitUnion {
  readonly byId = new Map<
    string,
    { m: StoredMemory; raw: Mem0SearchMemoryRaw; scores: number[] }
  >();
  readonly problems: AdapterProblem[] = [];
  /** Unknown QA-item fields and how many items have each. */
  readonly unknown = new Map<string, number>();
  hits = 0;
  graph = 0;
  readonly times: TimeNote[] = [];
  /** Hits repeating a memory with another timestamp, and the first of them. */
  twoTimes = 0;
  twoTimesFirst = "";
  constructor(readonly file: string, readonly system: string) {}
}

/** One QA item: its graph memories counted, both speakers' hit lists merged. */
function readQaItem(st: HitUnion, item: unknown, path: string, qi: number): void {
  const r: RecordReader = RecordReader.open("mem0_search_results", st.file, item, path, qi, []);
  for (const f of r.unknownFields(ITEM_FIELDS)) st.unknown.set(f, (st.unknown.get(f) ?? 0) + 1);
  for (const g of ["speaker_1_graph_memories", "speaker_2_graph_memories"]) {
    const v = r.optArray(g);
    if (v) st.graph += v.length;
  }
  for (const field of MEM0_SPEAKER_FIELDS) {
    const list = r.obj[field];
    if (!Array.isArray(list)) {
      r.fail(field, `expected a list of search hits, got ${typeName(list)}`);
    }
    const speaker = field === "speaker_1_memories" ? "speaker_1" : "speaker_2";
    const inItem = new Set<string>();
    list.forEach((hit, j) => readHit(st, hit, `${path}.${field}[${j}]`, j, speaker, qi, inItem));
  }
}

/**
 * One search hit `{memory, timestamp, score}`: merged into the memory of the same (speaker,
 * normalised text), counting one retrieval per QA item; an empty text is dropped (reported).
 */
function readHit(
  st: HitUnion,
  hit: unknown,
  at: string,
  j: number,
  speaker: "speaker_1" | "speaker_2",
  qi: number,
  inItem: Set<string>,
): void {
  const h: RecordReader = RecordReader.open("mem0_search_results", st.file, hit, at, j, []);
  const text = h.str("memory", true);
  const ts = h.str("timestamp", true);
  const score = h.obj.score;
  if (typeof score !== "number" || !Number.isFinite(score)) {
    h.fail("score", `expected a finite number, got ${typeName(score)}`);
  }
  st.hits++;
  if (text.trim() === "") {
    st.problems.push(emptyMemoryText(at));
    return;
  }
  const id = contentMemoryId(text, "mem0", speaker);
  const prev = st.byId.get(id);
  if (prev) {
    if (prev.raw.timestamp !== ts && st.twoTimes++ === 0) st.twoTimesFirst = at;
    prev.scores.push(score);
    if (!inItem.has(id)) {
      prev.raw.retrievals++;
      prev.raw.questions.push(qi);
    }
  } else {
    const raw: Mem0SearchMemoryRaw = {
      speaker,
      memory: text,
      timestamp: ts,
      retrievals: 1,
      questions: [qi],
      meanScore: 0,
      maxScore: 0,
    };
    const m: StoredMemory = {
      id,
      text: text.trim(),
      created_at: ts,
      source: `${st.system}:search:${speaker}`,
      scope: speaker,
      order: st.byId.size,
      raw,
    };
    st.byId.set(id, { m, raw, scores: [score] });
    st.times.push({ record: at, field: "timestamp", value: ts });
  }
  inItem.add(id);
}

/** The merged memories with their mean and max scores, and salience from one of them if asked. */
function unionMemories(st: HitUnion, salience: Mem0SearchOptions["salience"]): StoredMemory[] {
  const memories: StoredMemory[] = [];
  for (const { m, raw, scores } of st.byId.values()) {
    raw.meanScore = scores.reduce((a, b) => a + b, 0) / scores.length;
    raw.maxScore = Math.max(...scores);
    const s = salience === "mean_score"
      ? raw.meanScore
      : salience === "max_score"
      ? raw.maxScore
      : undefined;
    if (s !== undefined) m.salience = Math.min(1, Math.max(0, s));
    memories.push(m);
  }
  return memories;
}

/** What the union leaves out or assumes: repeated timestamps, graph memories, unknown fields. */
function unionProblems(
  st: HitUnion,
  key: string,
  questions: number,
  distinct: number,
): AdapterProblem[] {
  const problems: AdapterProblem[] = [];
  if (st.twoTimes > 0) {
    const detail =
      `${st.twoTimes} hit(s) repeat a memory with another timestamp: the first is kept`;
    problems.push(problem("coerced", st.twoTimesFirst, "timestamp", detail));
  }
  if (st.graph > 0) {
    const detail = `${st.graph} graph memories are not memories of the store: not mapped`;
    problems.push(problem("not_mapped", key, "speaker_N_graph_memories", detail));
  }
  for (const [f, n] of st.unknown) {
    const detail = `field '${f}' of ${n} QA item(s) is not mapped`;
    problems.push(problem("unmapped_field", `${key}[0]`, f, detail));
  }
  const detail = `${st.hits} search hit(s) over ${questions} question(s) merged into ${distinct} ` +
    `distinct memories: the union of what search returned, a partial view of the store`;
  problems.push(problem("not_mapped", key, undefined, detail));
  problems.push(...timeProblems(st.times));
  return problems;
}

/**
 * Reads every conversation of a Mem0 evaluation output, one store each.
 *
 * @param opts as {@linkcode readMem0SearchResults} (`conversation` ignored)
 * @returns the stores, in key order
 * @throws {ExportFormatError} as {@linkcode readMem0SearchResults}
 */
export function readMem0SearchResultsAll(
  data: unknown,
  opts: Mem0SearchOptions = {},
): MemoryStore[] {
  return mem0SearchConversations(data, opts.file).map(([k]) =>
    readMem0SearchResults(data, { ...opts, conversation: k })
  );
}
