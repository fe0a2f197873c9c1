/**
 * Mem0 `add()` events and `history()` rows replayed to the final store (ARTIFACT-SPEC §1.5; shapes
 * in ../shared/formats/README.md).
 *
 * @module
 */
import {
  defined,
  emptyMemoryText,
  isObject,
  parseTime,
  problem,
  RecordReader,
  type TimeNote,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { ExportFormatError, rootErrors } from "./export_error.ts";
import type {
  AdapterProblem,
  MemoryStore,
  ReaderOptions,
  StoredMemory,
  Tombstone,
} from "./memory_store.ts";

const atRoot = rootErrors("mem0_events");

/** Mem0 event types. `NONE` (no change) is counted, nothing else. */
export const MEM0_EVENTS = ["ADD", "UPDATE", "DELETE", "NONE"] as const;

type EventType = (typeof MEM0_EVENTS)[number];

interface Ev {
  kind: "add" | "history";
  memoryId: string;
  event: EventType;
  /** The text after the event (for DELETE: the deleted text, if given). */
  text: string | undefined;
  /** UPDATE's previous text, if given. */
  previous: string | undefined;
  /** Where `previous` was read from (set whenever it is): `previous_memory`, `old_memory`, ... */
  previousField?: string;
  /** Time of the event (history rows only). */
  at?: string;
  /** Memory creation time carried by a history row. */
  created?: string;
  label: string;
  raw: unknown;
  /** mem0 3.x history row (`action`, `previous_value`, `new_value`): replayed in write order. */
  v3?: boolean;
  /** The history row's own numeric `id` (mem0 3.x SQLite: its write sequence), if any. */
  rowId?: number;
  /** Position in the file among the rows of its kind. */
  pos: number;
}

const ADD_FIELDS: ReadonlySet<string> = new Set((
  "id memory event previous_memory old_memory metadata actor_id role created_at updated_at hash " +
  "user_id agent_id run_id"
).split(" "));
const HISTORY_FIELDS: ReadonlySet<string> = new Set((
  "id previous_value new_value action memory_id old_memory new_memory event created_at updated_at " +
  "is_deleted actor_id role"
).split(" "));

/** The event type under `field` (`event`, mem0 3.x history `action`). */
function eventOf(r: RecordReader, field = "event"): EventType {
  return checkEvent(r, field, r.str(field));
}

function checkEvent(r: RecordReader, field: string, e: string): EventType {
  const up = e.toUpperCase();
  if (!(MEM0_EVENTS as readonly string[]).includes(up)) {
    r.fail(field, `expected one of ${MEM0_EVENTS.join(", ")}, got ${JSON.stringify(e)}`);
  }
  return up as EventType;
}

/** An add() event's type: `event`, or mem0 3.x's `metadata.event`. */
function addEventOf(r: RecordReader): EventType {
  if (r.has("event")) return eventOf(r);
  const meta = r.optObject("metadata");
  const e = meta?.event;
  if (typeof e !== "string") {
    const msg = `expected the event type (event, or mem0 3.x metadata.event), got ${typeName(e)}`;
    r.fail(meta === undefined ? "event" : "metadata.event", msg);
  }
  return checkEvent(r, "metadata.event", e);
}

/**
 * Replays Mem0 memory events to the final store.
 *
 * Accepted shapes: one `add()` return `{results: [{id, memory, event, previous_memory?}]}` (the
 * TypeScript `mem0ai/oss` 2.x and 3.x: `{id, memory, metadata: {event, previousMemory?}}`); a list
 * of such returns or of events; `{add_return, history}` (as in the formats example); `{history:
 * [...]}`; a list of `history()` rows `{memory_id, old_memory, new_memory, event, created_at,
 * updated_at, is_deleted}`, or mem0 3.x rows `{id, memory_id, previous_value, new_value, action,
 * created_at, updated_at, is_deleted}`; a list of `history()` results (one list of rows per memory,
 * as `Promise.all(ids.map(history))` gives).
 *
 * mem0 3.x's `history()` lists a memory's rows newest first, so its rows (the ones with `action`)
 * are replayed in write order: by their numeric `id` (the SQLite history store's sequence) when
 * every row of the memory has one, else ADD, then UPDATEs by `updated_at`, then DELETE (file order
 * breaks ties).
 *
 * Replay, per memory id (memories are independent, so a concatenation of per-memory histories
 * replays correctly): when the memory has history rows, they are the log (in file order; times
 * going backwards are reported) and each of its add() events must match one of them (same event and
 * text) or is reported; otherwise its add() events are the log, in order. ADD creates, UPDATE
 * replaces the text (a `previous_memory` differing from the replayed text is reported), DELETE
 * removes the memory and records a tombstone, NONE changes nothing. An UPDATE or DELETE without an
 * earlier ADD, an ADD on a live memory and an event after a DELETE are applied and reported.
 * Memories keep the order of their first appearance (add() events first). With history rows,
 * created_at comes from the rows and updated_at from the last UPDATE.
 *
 * @param opts file name and system label (default `mem0`)
 * @returns the final store (source `mem0:events` or `mem0:history`), its tombstones and the replay
 *   problems
 * @throws {ExportFormatError} naming the record (index, id) and field when an event is not an
 *   object, lacks `id`/`memory_id`, has an unknown `event`, or an ADD/UPDATE has no text
 */
export function replayMem0Events(data: unknown, opts: ReaderOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const system = opts.system ?? "mem0";
  const read = readEventLog(data, file);
  const { problems } = read;
  const { ids, addsOf, histOf } = perMemoryLogs(read.adds, read.history);
  const memories: StoredMemory[] = [];
  const tombstones: Tombstone[] = [];
  const times: TimeNote[] = [];
  let noop = 0;
  ids.forEach((id, order) => {
    const hist = inWriteOrder(histOf.get(id));
    const log = hist ?? addsOf.get(id)!;
    if (hist) {
      problems.push(...unmatchedAdds(addsOf.get(id) ?? [], hist), ...historyOutOfOrder(hist));
    }
    const replay = replayMemory(id, log, system, problems, tombstones);
    noop += replay.noop;
    const label = log[log.length - 1].label;
    if (!replay.live) return;
    if (replay.live.text.trim() === "") {
      problems.push(emptyMemoryText(label));
      return;
    }
    const m = storedMemory(id, replay, `${system}:${hist ? "history" : "events"}`, order);
    times.push({ record: label, field: "created_at", value: m.created_at });
    memories.push(m);
  });
  if (noop > 0) {
    const detail = `${noop} NONE event(s): no change to the store`;
    problems.push(problem("not_mapped", "(events)", "event", detail));
  }
  problems.push(
    ...read.addFields.problems(),
    ...read.histFields.problems(),
    ...timeProblems(times),
  );
  return { system, format: "mem0_events", file, memories, tombstones, problems };
}

/** What reading the export gives: the add() events and history rows in file order. */
class EventLog {
  readonly adds: Ev[] = [];
  readonly history: Ev[] = [];
  readonly problems: AdapterProblem[] = [];
  readonly addFields = new UnmappedFields(ADD_FIELDS, "add() event");
  readonly histFields = new UnmappedFields(HISTORY_FIELDS, "history");
  constructor(readonly file: string) {}
}

/** Step 1: reads every add() event and history() row of the accepted shapes, in file order. */
function readEventLog(data: unknown, file: string): EventLog {
  const log = new EventLog(file);
  if (Array.isArray(data)) {
    data.forEach((v, i) => {
      if (Array.isArray(v)) v.forEach((h, j) => readHistoryRow(log, h, `[${i}][${j}]`, j));
      else if (isObject(v) && Array.isArray(v.results)) readAddReturn(log, v, `[${i}]`);
      else if (isObject(v) && v.memory_id !== undefined) readHistoryRow(log, v, `[${i}]`, i);
      else readAddEvent(log, v, `[${i}]`, i);
    });
  } else if (isObject(data)) {
    readExportObject(log, data);
  } else {
    throw atRoot(file, "", `expected an object or a list of events, got ${typeName(data)}`);
  }
  return log;
}

/** The object shapes: `{results}`, `{add_return, history}`, `{history}`, `{events}`. */
function readExportObject(log: EventLog, data: Record<string, unknown>): void {
  if (!["results", "add_return", "events", "history"].some((k) => data[k] !== undefined)) {
    const msg =
      "expected {results}, {add_return, history}, {history}, {events} or a list of events";
    throw atRoot(log.file, "", msg);
  }
  if (data.results !== undefined) readAddReturn(log, data, "");
  const a = data.add_return;
  if (Array.isArray(a)) a.forEach((v, i) => readAddReturn(log, v, `add_return[${i}]`));
  else if (a !== undefined) readAddReturn(log, a, "add_return");
  for (const key of ["events", "history"] as const) {
    const list = data[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw atRoot(log.file, key, "expected an array");
    list.forEach((v, i) => {
      if (key === "events") readAddEvent(log, v, `events[${i}]`, i);
      else if (Array.isArray(v)) {
        v.forEach((h, j) => readHistoryRow(log, h, `history[${i}][${j}]`, j));
      } else readHistoryRow(log, v, `history[${i}]`, i);
    });
  }
}

/** One `add()` return: `{results: [event, ...]}`. */
function readAddReturn(log: EventLog, v: unknown, path: string): void {
  if (!isObject(v) || !Array.isArray(v.results)) {
    const ref = { path: path === "" ? "(root)" : path, index: null };
    const what = `expected an add() return {results: [...]}, got ${typeName(v)}`;
    throw new ExportFormatError("mem0_events", log.file, ref, "results", what);
  }
  const at = path === "" ? "" : `${path}.`;
  v.results.forEach((e, i) => readAddEvent(log, e, `${at}results[${i}]`, i));
}

/** One `add()` event `{id, memory, event, previous_memory?}`. */
function readAddEvent(log: EventLog, item: unknown, path: string, index: number): void {
  const r = RecordReader.open("mem0_events", log.file, item, path, index);
  const memoryId = r.id("id");
  const event = addEventOf(r);
  const text = r.optStr("memory");
  if ((event === "ADD" || event === "UPDATE") && text === undefined) {
    r.fail("memory", `expected the memory text of a ${event} event`);
  }
  log.addFields.note(r);
  log.adds.push({
    kind: "add",
    memoryId,
    event,
    text,
    ...previousOf(r),
    label: `${path} (id '${memoryId}')`,
    raw: item,
    pos: log.adds.length,
  });
}

/**
 * An add() event's previous text and its field: `previous_memory`, `old_memory`, or the TypeScript
 * mem0ai 2.x UPDATE's `metadata.previousMemory`.
 */
function previousOf(r: RecordReader): { previous: string | undefined; previousField?: string } {
  for (const f of ["previous_memory", "old_memory"]) {
    const v = r.optStr(f);
    if (v !== undefined) return { previous: v, previousField: f };
  }
  const meta = r.obj.metadata;
  const p = isObject(meta) ? meta.previousMemory : undefined;
  return typeof p === "string"
    ? { previous: p, previousField: "metadata.previousMemory" }
    : { previous: undefined };
}

/** `is_deleted` of a history row: absent, a boolean or 0/1. */
function deletedFlagOf(r: RecordReader): boolean {
  const flag = r.obj.is_deleted;
  if (![undefined, null, true, false, 0, 1].includes(flag as never)) {
    r.fail("is_deleted", `expected a boolean or 0/1, got ${typeName(flag)}`);
  }
  return flag === true || flag === 1;
}

/**
 * One `history()` row `{memory_id, old_memory, new_memory, event, created_at, updated_at,
 * is_deleted}`; `is_deleted` on another event adds a DELETE after it (reported).
 */
function readHistoryRow(log: EventLog, item: unknown, path: string, index: number): void {
  const r = RecordReader.open("mem0_events", log.file, item, path, index, ["memory_id", "id"]);
  const memoryId = r.id("memory_id");
  // mem0 3.x (mem0ai/oss) rows name the fields action, new_value and previous_value.
  const v3 = !r.has("event") && r.has("action");
  const event = eventOf(r, v3 ? "action" : "event");
  const textField = v3 ? "new_value" : "new_memory";
  const text = r.optStr(textField);
  const old = r.optStr(v3 ? "previous_value" : "old_memory");
  if ((event === "ADD" || event === "UPDATE") && text === undefined) {
    r.fail(textField, `expected the new memory text of a ${event} row`);
  }
  const deleted = deletedFlagOf(r);
  const created = r.optStr("created_at");
  const updated = r.optStr("updated_at");
  log.histFields.note(r);
  const label = `${path} (memory_id '${memoryId}')`;
  const flaggedDelete = deleted && event !== "DELETE";
  if (flaggedDelete) {
    const detail = `is_deleted set on a ${event} row: replayed as a DELETE after it`;
    log.problems.push(problem("replay", label, "is_deleted", detail));
  }
  const row: Ev = {
    kind: "history",
    memoryId,
    event,
    text: event === "DELETE" ? (old ?? text) : text,
    previous: old,
    previousField: v3 ? "previous_value" : "old_memory",
    at: event === "ADD" ? (created ?? updated) : (updated ?? created),
    created,
    label,
    raw: item,
    v3,
    rowId: typeof r.obj.id === "number" && Number.isInteger(r.obj.id) ? r.obj.id : undefined,
    pos: log.history.length,
  };
  log.history.push(row);
  if (flaggedDelete) log.history.push({ ...row, event: "DELETE" });
}

/** Step 2: the add() events and history rows of each memory id, ids in first-appearance order. */
function perMemoryLogs(
  adds: Ev[],
  history: Ev[],
): { ids: string[]; addsOf: Map<string, Ev[]>; histOf: Map<string, Ev[]> } {
  const ids: string[] = [];
  const addsOf = new Map<string, Ev[]>(), histOf = new Map<string, Ev[]>();
  for (const [list, into] of [[adds, addsOf], [history, histOf]] as const) {
    for (const e of list) {
      if (!addsOf.has(e.memoryId) && !histOf.has(e.memoryId)) ids.push(e.memoryId);
      const l = into.get(e.memoryId) ?? [];
      l.push(e);
      into.set(e.memoryId, l);
    }
  }
  return { ids, addsOf, histOf };
}

const RANK: Record<EventType, number> = { ADD: 0, NONE: 1, UPDATE: 1, DELETE: 2 };

/**
 * Step 2b: a memory's history rows in write order. Rows before mem0 3.x keep file order; mem0 3.x
 * rows (history() lists them newest first) go by numeric row id when all have one, else ADD, UPDATE
 * / NONE by event time, DELETE (file order breaking ties).
 */
function inWriteOrder(hist: Ev[] | undefined): Ev[] | undefined {
  if (hist === undefined || !hist.every((h) => h.v3)) return hist;
  if (hist.every((h) => h.rowId !== undefined)) {
    return [...hist].sort((a, b) => a.rowId! - b.rowId! || a.pos - b.pos);
  }
  const time = (h: Ev) => parseTime(h.at) ?? -Infinity;
  return [...hist].sort((a, b) =>
    RANK[a.event] - RANK[b.event] || time(a) - time(b) || a.pos - b.pos
  );
}

/** Step 3a: the add() events of a memory with history rows that match none of them. */
function unmatchedAdds(adds: Ev[], hist: Ev[]): AdapterProblem[] {
  const detail = "event has no matching history row: the history rows are the log";
  return adds
    .filter((a) =>
      !hist.some((h) => h.event === a.event && (a.text === undefined || h.text === a.text))
    )
    .map((a) => problem("replay", a.label, "event", `${a.event} ${detail}`));
}

/** Step 3b: history rows whose time goes back from an earlier row of the same memory. */
function historyOutOfOrder(hist: Ev[]): AdapterProblem[] {
  const problems: AdapterProblem[] = [];
  let last = -Infinity;
  for (const h of hist) {
    const t = parseTime(h.at);
    if (t === null) continue;
    if (t < last) {
      const detail =
        "history row earlier than the previous row of this memory: replayed in file order";
      problems.push(problem("replay", h.label, "updated_at", detail));
    }
    last = Math.max(last, t);
  }
  return problems;
}

/** The memory while it lives in the replay. */
interface Live {
  text: string;
  created?: string;
  updated?: string;
  raw: unknown;
}

/** Where one memory's replay stands. */
interface Replay {
  live: Live | null;
  deleted: boolean;
  /** Creation time carried by the first history row that has one. */
  created: string | undefined;
  /** NONE events seen. */
  noop: number;
}

/**
 * Step 4: replays one memory's log: ADD creates, UPDATE replaces the text, DELETE removes the
 * memory (a tombstone), NONE changes nothing; irregular sequences are applied and reported.
 */
function replayMemory(
  id: string,
  log: Ev[],
  system: string,
  problems: AdapterProblem[],
  tombstones: Tombstone[],
): Replay {
  const s: Replay = { live: null, deleted: false, created: undefined, noop: 0 };
  for (const e of log) {
    s.created ??= e.created;
    if (e.event === "NONE") {
      s.noop++;
      continue;
    }
    if (s.deleted && e.event !== "DELETE") {
      problems.push(problem("replay", e.label, "event", `${e.event} after DELETE: memory revived`));
      s.deleted = false;
    }
    if (e.event === "ADD") applyAdd(s, e, problems);
    else if (e.event === "UPDATE") applyUpdate(s, e, problems);
    else tombstones.push(applyDelete(s, e, id, system, problems));
  }
  return s;
}

function applyAdd(s: Replay, e: Ev, problems: AdapterProblem[]): void {
  if (s.live) {
    problems.push(problem("replay", e.label, "event", "ADD on a live memory: text replaced"));
  }
  s.live = { text: e.text!, created: e.at ?? s.created, raw: e.raw };
}

function applyUpdate(s: Replay, e: Ev, problems: AdapterProblem[]): void {
  if (!s.live) {
    const detail = "UPDATE without an earlier ADD: the memory is taken as pre-existing";
    problems.push(problem("replay", e.label, "event", detail));
    s.live = { text: e.text!, created: s.created, raw: e.raw };
  } else if (e.previous !== undefined && e.previous !== s.live.text) {
    const detail = `previous text ${JSON.stringify(e.previous)} differs from the replayed text ${
      JSON.stringify(s.live.text)
    }`;
    problems.push(problem("replay", e.label, e.previousField!, detail));
  }
  s.live = { ...s.live, text: e.text!, raw: e.raw };
  if (e.at !== undefined) s.live.updated = e.at;
}

function applyDelete(
  s: Replay,
  e: Ev,
  id: string,
  system: string,
  problems: AdapterProblem[],
): Tombstone {
  const text = s.live?.text ?? e.text ?? "";
  if (!s.live) {
    const detail = "DELETE of a memory never added in this log";
    problems.push(problem("replay", e.label, "event", detail));
  }
  const t: Tombstone = { id, text, source: `${system}:${e.kind === "add" ? "events" : "history"}` };
  if (e.at !== undefined) t.deleted_at = e.at;
  const detail = `memory deleted (last text ${JSON.stringify(text)}): not in the store`;
  problems.push(problem("tombstone", e.label, undefined, detail));
  s.live = null;
  s.deleted = true;
  return t;
}

/** Step 5: the memory a replay left live, with its creation and last update times. */
function storedMemory(id: string, replay: Replay, source: string, order: number): StoredMemory {
  const live = replay.live!;
  const m: StoredMemory = { id, text: live.text, source, order, raw: live.raw };
  const created = live.created ?? replay.created;
  return Object.assign(m, defined({ created_at: created, updated_at: live.updated }));
}
