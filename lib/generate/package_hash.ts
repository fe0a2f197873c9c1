/**
 * A content hash of a package, for pinning generated packages in tests and
 * manifests.
 *
 * @module
 */
import { createHash } from "node:crypto";

/**
 * Canonical JSON: object keys sorted by UTF-16 code unit, arrays in order,
 * no whitespace; `undefined` members are dropped and `undefined` array
 * entries become null, as in JSON.stringify. Numbers use JavaScript's
 * shortest round-trip form.
 *
 * @param value any JSON-compatible value
 * @returns its canonical JSON text
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const parts = Object.keys(obj).sort().filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * SHA-256 of the canonical JSON of a package (or any JSON value).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageHash } from "./package_hash.ts";
 * assert.ok(packageHash({ b: 1, a: 2 }) === packageHash({ a: 2, b: 1 }));
 * ```
 *
 * @param pkg the package
 * @returns 64 lowercase hex digits
 */
export function packageHash(pkg: unknown): string {
  return createHash("sha256").update(canonicalJson(pkg)).digest("hex");
}
