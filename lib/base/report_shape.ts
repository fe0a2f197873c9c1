/**
 * A report's machine shape, declared once as a zod schema (issue 27 item 1): the one schema
 * gives the report's `--json` keys and their order ({@linkcode ReportShape.json}), its JSON Schema
 * ({@linkcode ReportShape.jsonSchema}, published under `data/schema/`; a key named after an option
 * becomes a pattern with {@linkcode keyPatternSchema}), the flat columns of its
 * `--csv` output and of notebook tables ({@linkcode rowColumns}, {@linkcode flatRow}), and
 * lookups that name what they looked for when it is missing ({@linkcode at}).
 *
 * Imports only zod, so any floor may use it.
 *
 * @module
 */
import { z } from "./deps/zod.ts";

/** A report's shape: its name and its zod schema. */
export interface ReportShape<S extends z.ZodType> {
  /** The report's name, e.g. `store_report` (the JSON Schema's file stem). */
  readonly name: string;
  /** The schema of the whole report. */
  readonly schema: S;
  /**
   * The report as its schema states it: keys in the schema's order, unknown keys refused.
   *
   * @throws {TypeError} naming the first path that does not fit (a defect of the producer)
   */
  json(value: z.input<S>): z.output<S>;
  /** The JSON Schema (draft 2020-12) of the report as written, with a `$comment`. */
  jsonSchema(): Record<string, unknown>;
}

/**
 * Declares a report's shape.
 *
 * @param name the report's name (file stem of its JSON Schema)
 * @param schema its zod schema (strict objects, so the JSON Schema refuses other keys)
 * @param comment the JSON Schema's `$comment` (where it is generated from)
 * @returns the shape
 */
export function reportShape<S extends z.ZodType>(
  name: string,
  schema: S,
  comment: string,
): ReportShape<S> {
  return {
    name,
    schema,
    json(value) {
      const r = schema.safeParse(value);
      if (!r.success) {
        const issue = r.error.issues[0];
        throw new TypeError(
          `${name}: ${
            issue.path.join(".") || "(root)"
          }: ${issue.message} (the report breaks its schema)`,
        );
      }
      return r.data;
    },
    jsonSchema() {
      const { $schema, ...rest } = z.toJSONSchema(schema, { io: "output" }) as Record<
        string,
        unknown
      >;
      return { $schema, $comment: comment, ...rest };
    },
  };
}

/**
 * A JSON Schema that holds for every value of a key named after an option (e.g. `pooled_k<k>`):
 * `js`, generated at one value of the key, where each object holding it takes instead exactly one
 * key matching `pattern` (`patternProperties`; its other keys are all required, so counting the
 * keys with `minProperties` / `maxProperties` holds the pattern to one).
 *
 * @param js the JSON Schema generated with the key at one value
 * @param key the key at that value, e.g. `pooled_k2`
 * @param pattern what the key is at any value, e.g. `^pooled_k[0-9]+$`
 * @returns the JSON Schema (a new object)
 * @throws {RangeError} when an object holding `key` has an optional key
 */
export function keyPatternSchema(
  js: Record<string, unknown>,
  key: string,
  pattern: string,
): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(walk);
    const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    const { [key]: value, ...properties } = (o.properties ?? {}) as Record<string, unknown>;
    if (value === undefined) return o;
    const n = Object.keys(properties).length + 1, required = (o.required ?? []) as string[];
    if (required.length !== n) {
      throw new RangeError(`Cannot make ${key} a pattern: its object has optional keys`);
    }
    const fixed = required.filter((k) => k !== key);
    const count = { minProperties: n, maxProperties: n };
    return { ...o, properties, required: fixed, patternProperties: { [pattern]: value }, ...count };
  };
  return walk(js) as Record<string, unknown>;
}

/** The object inside optional, nullable or default wrappers, or undefined for any other type. */
function objectOf(t: z.ZodType): z.ZodObject | undefined {
  let cur: z.ZodType = t;
  while (
    cur instanceof z.ZodOptional || cur instanceof z.ZodNullable || cur instanceof z.ZodDefault
  ) cur = (cur as z.ZodOptional<z.ZodType>).unwrap() as z.ZodType;
  return cur instanceof z.ZodObject ? cur : undefined;
}

/**
 * The flat columns of a row schema: each key in order; a nested object's keys become
 * `PREFIX_KEY` (PREFIX the object's `.meta({ column })`, else its key), one level deep.
 *
 * @param row a row's zod object
 * @param omit keys left out (e.g. a long list a table cannot show)
 * @returns the column names, in the schema's order
 */
export function rowColumns(row: z.ZodObject, omit: readonly string[] = []): string[] {
  return Object.keys(flatRow(row, {}, omit));
}

/**
 * One row flattened to the columns of {@linkcode rowColumns} (a missing nested object gives null
 * cells).
 *
 * @param row the row's zod object
 * @param row_ a row of that schema
 * @param omit keys left out, as for {@linkcode rowColumns}
 * @returns column -> cell
 */
export function flatRow(
  row: z.ZodObject,
  row_: object,
  omit: readonly string[] = [],
): Record<string, unknown> {
  const value = row_ as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, t] of Object.entries(row.shape)) {
    if (omit.includes(k)) continue;
    const inner = objectOf(t as z.ZodType);
    if (inner === undefined) {
      out[k] = value[k];
      continue;
    }
    // The column prefix a nested object declares (`.meta({ column: "union" })`), else its key.
    const meta = (t as z.ZodType).meta() as { column?: unknown } | undefined;
    const p = typeof meta?.column === "string" ? meta.column : k;
    const v = (value[k] ?? {}) as Record<string, unknown>;
    for (const c of Object.keys(inner.shape)) out[`${p}_${c}`] = v[c] ?? null;
  }
  return out;
}

/**
 * The one row whose fields equal `where` (replaces `rows.find(...)!`).
 *
 * @param rows the rows
 * @param where field -> value the row must have
 * @param what what the rows are, for the error (e.g. `budget`)
 * @returns the row
 * @throws {RangeError} naming `where` and the count when no row or several rows match
 */
export function at<T extends object>(
  rows: readonly T[],
  where: Partial<T>,
  what = "row",
): T {
  const hits = rows.filter((r) =>
    Object.entries(where).every(([k, v]) => (r as Record<string, unknown>)[k] === v)
  );
  if (hits.length !== 1) {
    throw new RangeError(
      `Cannot find one ${what} with ${
        JSON.stringify(where)
      }: ${hits.length} of ${rows.length} match`,
    );
  }
  return hits[0];
}
