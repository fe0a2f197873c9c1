/**
 * The one test of lib/ for "a plain JSON object" (not null, not an array), in the two forms the
 * readers use: a type guard and a narrowing that gives `undefined` for anything else.
 *
 * @module
 */

/**
 * Whether a parsed JSON value is a plain object (not null, not an array).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isObject } from "./json_object.ts";
 * assert.ok(isObject({ a: 1 }));
 * assert.ok(!isObject([1]) && !isObject(null) && !isObject("a"));
 * ```
 *
 * @param v any value
 * @returns true for an object that is neither null nor an array
 */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * A parsed JSON value as a plain object, or undefined when it is not one (see
 * {@linkcode isObject}); handy in chains such as `asObject(o?.usage)?.prompt_tokens`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asObject } from "./json_object.ts";
 * assert.equal(asObject({ usage: { n: 2 } })?.usage !== undefined, true);
 * assert.equal(asObject([1]), undefined);
 * ```
 *
 * @param v any value
 * @returns `v` itself when it is a plain object, else undefined
 */
export function asObject(v: unknown): Record<string, unknown> | undefined {
  return isObject(v) ? v : undefined;
}
