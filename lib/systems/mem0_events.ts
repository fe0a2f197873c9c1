/**
 * Mem0 `add()` events and `history()` rows replayed to the final store
 * (ARTIFACT-SPEC §1.5; shapes in ../shared/formats/README.md).
 *
 * @module
 */
import {
  emptyMemoryText,
  isObject,
  parseTime,
  RecordReader,
  timeProblems,
  typeName,
  UnmappedFields,
} from "./_read.ts";
import { ExportFormatError } from "./export_error.ts";
import type { AdapterProblem, MemoryStore, StoredMemory, Tombstone } from "./memory_store.ts";
import type { Mem0ReadOptions } from "./mem0_get_all.ts";

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
  /** Time of the event (history rows only). */
  at: string | undefined;
  /** Memory creation time carried by a history row. */
  created: string | undefined;
  label: string;
  raw: unknown;
  reader: RecordReader;
}

const ADD_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "memory",
  "event",
  "previous_memory",
  "old_memory",
  "metadata",
  "actor_id",
  "role",
  "created_at",
  "updated_at",
  "hash",
  "user_id",
  "agent_id",
  "run_id",
]);
const HISTORY_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "memory_id",
  "old_memory",
  "new_memory",
  "event",
  "created_at",
  "updated_at",
  "is_deleted",
  "actor_id",
  "role",
]);

function eventOf(r: RecordReader): EventType {
  const e = r.str("event");
  const up = e.toUpperCase();
  if (!(MEM0_EVENTS as readonly string[]).includes(up)) {
    r.fail("event", `expected one of ${MEM0_EVENTS.join(", ")}, got ${JSON.stringify(e)}`);
  }
  return up as EventType;
}

/**
 * Replays Mem0 memory events to the final store.
 *
 * Accepted shapes: one `add()` return `{results: [{id, memory, event,
 * previous_memory?}]}`; a list of such returns or of events; `{add_return,
 * history}` (as in the formats example); `{history: [...]}`; a list of
 * `history()` rows `{memory_id, old_memory, new_memory, event, created_at,
 * updated_at, is_deleted}`.
 *
 * Replay, per memory id (memories are independent, so a concatenation of
 * per-memory histories replays correctly): when the memory has history rows,
 * they are the log (in file order; times going backwards are reported) and
 * each of its add() events must match one of them (same event and text) or is
 * reported; otherwise its add() events are the log, in order. ADD creates,
 * UPDATE replaces the text (a `previous_memory` differing from the replayed
 * text is reported), DELETE removes the memory and records a tombstone, NONE
 * changes nothing. An UPDATE or DELETE without an earlier ADD, an ADD on a
 * live memory and an event after a DELETE are applied and reported.
 * Memories keep the order of their first appearance (add() events first).
 * With history rows, created_at comes from the rows and updated_at from the
 * last UPDATE.
 *
 * @param data parsed JSON of the export
 * @param opts file name and system label
 * @returns the final store (source `mem0:events` or `mem0:history`), its
 *   tombstones and the replay problems
 * @throws {ExportFormatError} naming the record (index, id) and field when an
 *   event is not an object, lacks `id`/`memory_id`, has an unknown `event`,
 *   or an ADD/UPDATE has no text
 */
export function replayMem0Events(data: unknown, opts: Mem0ReadOptions = {}): MemoryStore {
  const file = opts.file ?? "<memory>";
  const system = opts.system ?? "mem0";
  const problems: AdapterProblem[] = [];
  const addFields = new UnmappedFields(ADD_FIELDS, "add() event");
  const histFields = new UnmappedFields(HISTORY_FIELDS, "history");
  const adds: Ev[] = [];
  const history: Ev[] = [];

  const readAdd = (item: unknown, path: string, index: number) => {
    const r = RecordReader.open("mem0_events", file, item, path, index);
    const memoryId = r.id("id");
    const event = eventOf(r);
    const text = r.optStr("memory");
    if ((event === "ADD" || event === "UPDATE") && text === undefined) {
      r.fail("memory", `expected the memory text of a ${event} event`);
    }
    addFields.note(r);
    adds.push({
      kind: "add",
      memoryId,
      event,
      text,
      previous: r.optStr("previous_memory") ?? r.optStr("old_memory"),
      at: undefined,
      created: undefined,
      label: `${path} (id '${memoryId}')`,
      raw: item,
      reader: r,
    });
  };
  const readAddReturn = (v: unknown, path: string) => {
    if (!isObject(v) || !Array.isArray(v.results)) {
      throw new ExportFormatError(
        "mem0_events",
        file,
        { path: path === "" ? "(root)" : path, index: null },
        "results",
        `expected an add() return {results: [...]}, got ${typeName(v)}`,
      );
    }
    v.results.forEach((e, i) => readAdd(e, `${path === "" ? "" : `${path}.`}results[${i}]`, i));
  };
  const readHistory = (item: unknown, path: string, index: number) => {
    const r = RecordReader.open("mem0_events", file, item, path, index, ["memory_id", "id"]);
    const memoryId = r.id("memory_id");
    const event = eventOf(r);
    const text = r.optStr("new_memory");
    const old = r.optStr("old_memory");
    if ((event === "ADD" || event === "UPDATE") && text === undefined) {
      r.fail("new_memory", `expected the new memory text of a ${event} row`);
    }
    const deletedFlag = r.obj.is_deleted;
    if (
      deletedFlag !== undefined && deletedFlag !== null && typeof deletedFlag !== "boolean" &&
      deletedFlag !== 0 && deletedFlag !== 1
    ) {
      r.fail("is_deleted", `expected a boolean or 0/1, got ${typeName(deletedFlag)}`);
    }
    const created = r.optStr("created_at");
    const updated = r.optStr("updated_at");
    histFields.note(r);
    const label = `${path} (memory_id '${memoryId}')`;
    if ((deletedFlag === true || deletedFlag === 1) && event !== "DELETE") {
      problems.push({
        code: "replay",
        record: label,
        field: "is_deleted",
        detail: `is_deleted set on a ${event} row: replayed as a DELETE after it`,
      });
    }
    history.push({
      kind: "history",
      memoryId,
      event,
      text: event === "DELETE" ? (old ?? text) : text,
      previous: old,
      at: event === "ADD" ? (created ?? updated) : (updated ?? created),
      created,
      label,
      raw: item,
      reader: r,
    });
    if ((deletedFlag === true || deletedFlag === 1) && event !== "DELETE") {
      history.push({ ...history[history.length - 1], event: "DELETE" });
    }
  };

  const root = { path: "(root)", index: null };
  if (Array.isArray(data)) {
    data.forEach((v, i) => {
      if (isObject(v) && Array.isArray(v.results)) readAddReturn(v, `[${i}]`);
      else if (isObject(v) && v.memory_id !== undefined) readHistory(v, `[${i}]`, i);
      else readAdd(v, `[${i}]`, i);
    });
  } else if (isObject(data)) {
    let known = false;
    if (data.results !== undefined) {
      readAddReturn(data, "");
      known = true;
    }
    if (data.add_return !== undefined) {
      const a = data.add_return;
      if (Array.isArray(a)) a.forEach((v, i) => readAddReturn(v, `add_return[${i}]`));
      else readAddReturn(a, "add_return");
      known = true;
    }
    if (data.events !== undefined) {
      if (!Array.isArray(data.events)) {
        throw new ExportFormatError("mem0_events", file, root, "events", "expected an array");
      }
      data.events.forEach((v, i) => readAdd(v, `events[${i}]`, i));
      known = true;
    }
    if (data.history !== undefined) {
      if (!Array.isArray(data.history)) {
        throw new ExportFormatError("mem0_events", file, root, "history", "expected an array");
      }
      data.history.forEach((v, i) => readHistory(v, `history[${i}]`, i));
      known = true;
    }
    if (!known) {
      throw new ExportFormatError(
        "mem0_events",
        file,
        root,
        "",
        "expected {results}, {add_return, history}, {history}, {events} or a list of events",
      );
    }
  } else {
    throw new ExportFormatError(
      "mem0_events",
      file,
      root,
      "",
      `expected an object or a list of events, got ${typeName(data)}`,
    );
  }

  // Per-memory logs, in first-appearance order.
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

  const memories: StoredMemory[] = [];
  const tombstones: Tombstone[] = [];
  const times: { record: string; field: string; value: string | undefined }[] = [];
  let noop = 0;
  ids.forEach((id, order) => {
    const hist = histOf.get(id);
    const log = hist ?? addsOf.get(id)!;
    if (hist) {
      for (const a of addsOf.get(id) ?? []) {
        if (!hist.some((h) => h.event === a.event && (a.text === undefined || h.text === a.text))) {
          problems.push({
            code: "replay",
            record: a.label,
            field: "event",
            detail: `${a.event} event has no matching history row: the history rows are the log`,
          });
        }
      }
      let last = -Infinity;
      for (const h of hist) {
        const t = parseTime(h.at);
        if (t !== null) {
          if (t < last) {
            problems.push({
              code: "replay",
              record: h.label,
              field: "updated_at",
              detail:
                "history row earlier than the previous row of this memory: replayed in file order",
            });
          }
          last = Math.max(last, t);
        }
      }
    }
    let live: { text: string; created?: string; updated?: string; raw: unknown } | null = null;
    let deleted = false;
    let created: string | undefined;
    for (const e of log) {
      created ??= e.created;
      if (e.event === "NONE") {
        noop++;
        continue;
      }
      if (deleted && e.event !== "DELETE") {
        problems.push({
          code: "replay",
          record: e.label,
          field: "event",
          detail: `${e.event} after DELETE: memory revived`,
        });
        deleted = false;
      }
      if (e.event === "ADD") {
        if (live) {
          problems.push({
            code: "replay",
            record: e.label,
            field: "event",
            detail: "ADD on a live memory: text replaced",
          });
        }
        live = { text: e.text!, created: e.at ?? created, raw: e.raw };
      } else if (e.event === "UPDATE") {
        if (!live) {
          problems.push({
            code: "replay",
            record: e.label,
            field: "event",
            detail: "UPDATE without an earlier ADD: the memory is taken as pre-existing",
          });
          live = { text: e.text!, created, raw: e.raw };
        } else if (e.previous !== undefined && e.previous !== live.text) {
          problems.push({
            code: "replay",
            record: e.label,
            field: e.kind === "add" ? "previous_memory" : "old_memory",
            detail: `previous text ${JSON.stringify(e.previous)} differs from the replayed text ${
              JSON.stringify(live.text)
            }`,
          });
        }
        live = { ...live, text: e.text!, raw: e.raw };
        if (e.at !== undefined) live.updated = e.at;
      } else {
        const text = live?.text ?? e.text ?? "";
        if (!live) {
          problems.push({
            code: "replay",
            record: e.label,
            field: "event",
            detail: "DELETE of a memory never added in this log",
          });
        }
        const t: Tombstone = {
          id,
          text,
          source: `${system}:${e.kind === "add" ? "events" : "history"}`,
        };
        if (e.at !== undefined) t.deleted_at = e.at;
        tombstones.push(t);
        problems.push({
          code: "tombstone",
          record: e.label,
          detail: `memory deleted (last text ${JSON.stringify(text)}): not in the store`,
        });
        live = null;
        deleted = true;
      }
    }
    if (!live) return;
    const label = log[log.length - 1].label;
    if (live.text.trim() === "") {
      problems.push(emptyMemoryText(label));
      return;
    }
    const m: StoredMemory = {
      id,
      text: live.text,
      source: `${system}:${hist ? "history" : "events"}`,
      order,
      raw: live.raw,
    };
    const c = live.created ?? created;
    if (c !== undefined) m.created_at = c;
    if (live.updated !== undefined) m.updated_at = live.updated;
    times.push({ record: label, field: "created_at", value: m.created_at });
    memories.push(m);
  });
  if (noop > 0) {
    problems.push({
      code: "not_mapped",
      record: "(events)",
      field: "event",
      detail: `${noop} NONE event(s): no change to the store`,
    });
  }
  problems.push(...addFields.problems(), ...histFields.problems(), ...timeProblems(times));
  return { system, format: "mem0_events", file, memories, tombstones, problems };
}
