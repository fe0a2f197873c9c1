/**
 * Private helpers of the adapters: typed field reads that throw an
 * {@linkcode ExportFormatError} naming the record and field, an accumulator
 * of unmapped fields, and deterministic time parsing.
 *
 * @module
 */
import { ExportFormatError, type ExportRecordRef } from "./export_error.ts";
import type { AdapterProblem, StoreFormat } from "./memory_store.ts";
import { formatWhere, InputError } from "../base/errors.ts";
import { parseJsonText } from "../base/json_text.ts";

/**
 * Parses export JSON text with the package readers' checks: a leading
 * byte-order mark accepted, a syntax error at its line and column, a
 * duplicate key, a number that underflows to 0 or too deep a nesting refused
 * at its JSON path. Errors are {@linkcode ExportFormatError}s of `format`.
 *
 * @param text the JSON text (a whole file, or one JSONL line)
 * @param format the adapter's format
 * @param file file name for errors
 * @param line the text's line in its file (JSONL), if any
 */
export function parseExportJson(
  text: string,
  format: StoreFormat,
  file: string,
  line?: number,
): unknown {
  try {
    return parseJsonText(text, file, { uniqueKeys: true, ...(line === undefined ? {} : { line }) });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const path = formatWhere(e.where);
    throw new ExportFormatError(format, file, { path, index: line ?? null }, "", e.expected);
  }
}

/** A plain JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Describes a JSON value's type for error messages. */
export function typeName(v: unknown): string {
  if (v === undefined) return "nothing (the field is missing)";
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "object") return "an object";
  if (typeof v === "function" || typeof v === "symbol") return `a ${typeof v}`;
  // A number past the double range (1e400) parses to Infinity, which JSON.stringify calls null.
  if (typeof v === "number" && !Number.isFinite(v)) return `number ${v} (out of range)`;
  // JSON-quoted, so invisible characters show: string "1\r".
  return `${typeof v} ${JSON.stringify(v)}`.slice(0, 60);
}

/** Label of a record for problems: `results[3] (id 'abc')`. */
export function recordLabel(ref: ExportRecordRef): string {
  return ref.id !== undefined ? `${ref.path} (id '${ref.id}')` : ref.path;
}

/** Typed reads of one record's fields. */
export class RecordReader {
  readonly ref: ExportRecordRef;
  private constructor(
    readonly format: StoreFormat,
    readonly file: string,
    ref: ExportRecordRef,
    readonly obj: Record<string, unknown>,
  ) {
    this.ref = ref;
  }

  /**
   * Opens `value` as a record; reads its id from `idField` when that is a
   * string, so later errors name it.
   *
   * @throws {ExportFormatError} when `value` is not an object
   */
  static open(
    format: StoreFormat,
    file: string,
    value: unknown,
    path: string,
    index: number | null,
    idFields: readonly string[] = ["id"],
  ): RecordReader {
    const ref: ExportRecordRef = { path, index };
    if (!isObject(value)) {
      throw new ExportFormatError(
        format,
        file,
        ref,
        "",
        `expected an object, got ${typeName(value)}`,
      );
    }
    for (const f of idFields) {
      const id = value[f];
      if (typeof id === "string" && id !== "") {
        ref.id = id;
        break;
      }
      if (typeof id === "number" && Number.isFinite(id)) {
        ref.id = String(id);
        break;
      }
    }
    return new RecordReader(format, file, ref, value);
  }

  /** Throws the typed error for `field`. */
  fail(field: string, expected: string): never {
    throw new ExportFormatError(this.format, this.file, this.ref, field, expected);
  }

  has(field: string): boolean {
    return this.obj[field] !== undefined && this.obj[field] !== null;
  }

  /** A required string (non-empty unless `allowEmpty`). */
  str(field: string, allowEmpty = false): string {
    const v = this.obj[field];
    if (typeof v !== "string") this.fail(field, `expected a string, got ${typeName(v)}`);
    if (!allowEmpty && v === "") this.fail(field, "expected a non-empty string");
    return v;
  }

  /** A required id: a non-empty string, or a finite number (stringified). */
  id(field: string): string {
    const v = this.obj[field];
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v !== "string" || v === "") {
      this.fail(field, `expected a non-empty string id, got ${typeName(v)}`);
    }
    return v;
  }

  /** An optional field that passes `ok`; null and absent give undefined. */
  private opt<T>(field: string, ok: (v: unknown) => v is T, expected: string): T | undefined {
    const v = this.obj[field];
    if (v === undefined || v === null) return undefined;
    if (!ok(v)) this.fail(field, `expected ${expected} or null, got ${typeName(v)}`);
    return v;
  }

  /** An optional string; null and absent give undefined. */
  optStr(field: string): string | undefined {
    return this.opt(field, (v) => typeof v === "string", "a string");
  }

  /** An optional finite number; null and absent give undefined. */
  optNum(field: string): number | undefined {
    return this.opt(
      field,
      (v): v is number => typeof v === "number" && Number.isFinite(v),
      "a finite number",
    );
  }

  /** An optional boolean; null and absent give undefined. */
  optBool(field: string): boolean | undefined {
    return this.opt(field, (v) => typeof v === "boolean", "a boolean");
  }

  /** An optional array; null and absent give undefined. */
  optArray(field: string): unknown[] | undefined {
    return this.opt(field, Array.isArray, "an array");
  }

  /** An optional object; null and absent give undefined. */
  optObject(field: string): Record<string, unknown> | undefined {
    return this.opt(field, isObject, "an object");
  }

  /** The record's fields outside `known`. */
  unknownFields(known: ReadonlySet<string>): string[] {
    return Object.keys(this.obj).filter((k) => !known.has(k) && !k.startsWith("_"));
  }
}

/**
 * The problem the Mem0 adapters report for a memory whose `memory` text is
 * empty (the memory is left out of the store).
 *
 * @param record the record label
 * @returns a `dropped` problem on field `memory`
 */
export function emptyMemoryText(record: string): AdapterProblem {
  return { code: "dropped", record, field: "memory", detail: "empty memory text" };
}

/** Collects fields no adapter rule maps, one problem per field name with a record count. */
export class UnmappedFields {
  readonly #seen = new Map<string, { count: number; first: string }>();

  constructor(readonly known: ReadonlySet<string>, readonly what: string) {}

  /** Notes the unknown fields of a record. */
  note(r: RecordReader): void {
    for (const f of r.unknownFields(this.known)) {
      const s = this.#seen.get(f);
      if (s) s.count++;
      else this.#seen.set(f, { count: 1, first: recordLabel(r.ref) });
    }
  }

  /** The problems, in first-seen order. */
  problems(): AdapterProblem[] {
    return [...this.#seen].map(([field, s]) => ({
      code: "unmapped_field" as const,
      record: s.first,
      field,
      detail: `field '${field}' of ${s.count} ${this.what} record(s) is not mapped (kept in raw)`,
    }));
  }
}

const MONTHS: Record<string, number> = {
  january: 0,
  february: 1,
  march: 2,
  april: 3,
  may: 4,
  june: 5,
  july: 6,
  august: 7,
  september: 8,
  october: 9,
  november: 10,
  december: 11,
};

const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds since the epoch of an exported time, or null when the text is
 * not one of the recognised forms. Deterministic on any machine: a time
 * without an offset is read as UTC. Forms: ISO-8601 (`2026-01-01T10:00:00Z`,
 * `2025-04-01T03:47:27.123`, `2026-01-01`), A-Mem's `YYYYMMDDHHMM`, and
 * LoCoMo's `1:56 pm on 8 May, 2023`.
 */
export function parseTime(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  if (/^\d{12}$/.test(t)) {
    const [y, mo, d, h, mi] = [
      t.slice(0, 4),
      t.slice(4, 6),
      t.slice(6, 8),
      t.slice(8, 10),
      t.slice(10),
    ]
      .map(Number);
    const ms = Date.UTC(y, mo - 1, d, h, mi);
    return Number.isFinite(ms) ? ms : null;
  }
  const m = t.match(/^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$/i);
  if (m) {
    const month = MONTHS[m[5].toLowerCase()];
    if (month === undefined) return null;
    const hour = (Number(m[1]) % 12) + (m[3].toLowerCase() === "pm" ? 12 : 0);
    return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
  }
  const iso = t.match(ISO);
  if (!iso) return null;
  let text = t.replace(" ", "T");
  if (iso[1] !== undefined && iso[4] === undefined) text += "Z";
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * One problem for the times of a store that are not recognised by
 * {@linkcode parseTime} (recency then falls back to export order), or none.
 */
export function timeProblems(
  times: { record: string; field: string; value: string | undefined }[],
): AdapterProblem[] {
  const bad = times.filter((t) => t.value !== undefined && parseTime(t.value) === null);
  if (bad.length === 0) return [];
  return [{
    code: "coerced",
    record: bad[0].record,
    field: bad[0].field,
    detail: `${bad.length} time value(s) not recognised (e.g. ${
      JSON.stringify(bad[0].value)
    }): kept as text; recency uses export order for them`,
  }];
}
