/**
 * A content hash of a package (SHA-256 of its canonical JSON), for pinning generated packages in
 * tests and manifests and binding certificates to what they solved. Re-exported by
 * memaudit/generate; it lives beside the package since certificates use it.
 *
 * @module
 */
import { canonicalJson } from "../base/canonical_json.ts";
import { sha256Hex } from "../base/hash.ts";

export { canonicalJson };

/**
 * SHA-256 of the canonical JSON of a package (or any JSON value).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageHash } from "./digest.ts";
 * assert.ok(packageHash({ b: 1, a: 2 }) === packageHash({ a: 2, b: 1 }));
 * ```
 *
 * @param pkg the package
 * @returns 64 lowercase hex digits
 */
export function packageHash(pkg: unknown): string {
  return sha256Hex(canonicalJson(pkg));
}
