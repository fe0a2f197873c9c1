/**
 * Private helpers of the adapters: typed field reads that throw an {@linkcode ExportFormatError}
 * naming the record and field, an accumulator of unmapped fields, and deterministic time parsing.
 *
 * @module
 */
import { ExportFormatError, type ExportRecordRef } from "./export_error.ts";
import type { AdapterProblem, ProblemCode, StoreFormat } from "./memory_store.ts";
import { formatWhere, InputError } from "../base/errors.ts";
import { parseJsonText } from "../base/json_text.ts";
import { isObject } from "../base/json_object.ts";

/**
 * Parses export JSON text with the package readers' checks: a leading byte-order mark accepted, a
 * syntax error at its line and column, a duplicate key, a number that underflows to 0 or too deep a
 * nesting refused at its JSON path. Errors are {@linkcode ExportFormatError}s of `format`.
 *
 * @param text the JSON text (a whole file, or one JSONL line)
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

// The adapters import it from here with the rest of their helpers; it lives in lib/base/.
export { isObject } from "../base/json_object.ts";

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

const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Label of a record for problems: `results[3] (id 'abc')`. */
export function recordLabel(ref: ExportRecordRef): string {
  return ref.id !== undefined ? `${ref.path} (id '${ref.id}')` : ref.path;
}

/** Typed reads of one record's fields. */
export class RecordReader {
  private constructor(
    readonly format: StoreFormat,
    readonly file: string,
    readonly ref: ExportRecordRef,
    readonly obj: Record<string, unknown>,
  ) {}

  /**
   * Opens `value` as a record; reads its id from the first of `idFields` that is a non-empty string
   * or a finite number, so later errors name it.
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
    const what = `expected an object, got ${typeName(value)}`;
    if (!isObject(value)) throw new ExportFormatError(format, file, ref, "", what);
    const id = idFields.map((f) => value[f]).find((v) =>
      (typeof v === "string" && v !== "") || (typeof v === "number" && Number.isFinite(v))
    );
    if (id !== undefined) ref.id = String(id);
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

  /** An optional field that passes `ok` (the `opt*` reads below); null or absent give undefined. */
  private opt<T>(field: string, ok: (v: unknown) => v is T, expected: string): T | undefined {
    const v = this.obj[field];
    if (v === undefined || v === null) return undefined;
    if (!ok(v)) this.fail(field, `expected ${expected} or null, got ${typeName(v)}`);
    return v;
  }

  optStr(field: string): string | undefined {
    return this.opt(field, (v) => typeof v === "string", "a string");
  }

  optNum(field: string): number | undefined {
    return this.opt(field, isFiniteNumber, "a finite number");
  }

  optBool(field: string): boolean | undefined {
    return this.opt(field, (v) => typeof v === "boolean", "a boolean");
  }

  optArray(field: string): unknown[] | undefined {
    return this.opt(field, Array.isArray, "an array");
  }

  optObject(field: string): Record<string, unknown> | undefined {
    return this.opt(field, isObject, "an object");
  }

  /** The record's fields outside `known`. */
  unknownFields(known: ReadonlySet<string>): string[] {
    return Object.keys(this.obj).filter((k) => !known.has(k) && !k.startsWith("_"));
  }
}

/** The entries of `fields` whose value is defined (so an optional key left out stays absent). */
export const defined = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/** An {@linkcode AdapterProblem}; `field` is left out when undefined. */
export function problem(
  code: ProblemCode,
  record: string,
  field: string | undefined,
  detail: string,
): AdapterProblem {
  return field === undefined ? { code, record, detail } : { code, record, field, detail };
}

/** The `dropped` problem of a Mem0 memory whose `memory` text is empty (left out of the store). */
export function emptyMemoryText(record: string): AdapterProblem {
  return problem("dropped", record, "memory", "empty memory text");
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
    return [...this.#seen].map(([field, s]) => {
      const detail =
        `field '${field}' of ${s.count} ${this.what} record(s) is not mapped (kept in raw)`;
      return problem("unmapped_field", s.first, field, detail);
    });
  }
}

const MONTHS: ReadonlyMap<string, number> = new Map(
  "january february march april may june july august september october november december"
    .split(" ").map((name, i) => [name, i]),
);

const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds since the epoch of an exported time, or null when the text is not one of the
 * recognised forms. Deterministic on any machine: a time without an offset is read as UTC. Forms:
 * ISO-8601 (`2026-01-01T10:00:00Z`, `2025-04-01T03:47:27.123`, `2026-01-01`), A-Mem's
 * `YYYYMMDDHHMM`, and LoCoMo's `1:56 pm on 8 May, 2023`.
 */
export function parseTime(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  const amem = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(t);
  if (amem) {
    const [y, mo, d, h, mi] = amem.slice(1).map(Number);
    const ms = Date.UTC(y, mo - 1, d, h, mi);
    return Number.isFinite(ms) ? ms : null;
  }
  const m = t.match(/^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$/i);
  if (m) {
    const month = MONTHS.get(m[5].toLowerCase());
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

/** A time value of a record, noted for {@linkcode timeProblems}. */
export type TimeNote = { record: string; field: string; value: string | undefined };

/**
 * One problem for the times of a store that are not recognised by {@linkcode parseTime} (recency
 * then falls back to export order), or none.
 */
export function timeProblems(times: TimeNote[]): AdapterProblem[] {
  const bad = times.filter((t) => t.value !== undefined && parseTime(t.value) === null);
  if (bad.length === 0) return [];
  const detail = `${bad.length} time value(s) not recognised (e.g. ${
    JSON.stringify(bad[0].value)
  }): kept as text; recency uses export order for them`;
  return [problem("coerced", bad[0].record, bad[0].field, detail)];
}
