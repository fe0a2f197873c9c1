/**
 * The one SHA-256 of lib/: hex digests of text or bytes ({@linkcode sha256Hex}) and of a file,
 * read in chunks ({@linkcode sha256File}). Content ids, cache keys, package hashes, shard digests
 * and run manifests all use these.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { InputError } from "./errors.ts";

/**
 * The SHA-256 of text (its UTF-8 bytes) or of bytes, as hex.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sha256Hex } from "./hash.ts";
 * assert.equal(sha256Hex("abc").slice(0, 8), "ba7816bf");
 * assert.equal(sha256Hex(new TextEncoder().encode("abc")), sha256Hex("abc"));
 * ```
 *
 * @param data text or bytes
 * @returns 64 lowercase hex digits
 */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/**
 * The SHA-256 of a file's bytes, as hex, read in chunks (a 265 MB file is never held whole).
 *
 * @param path the file
 * @returns 64 lowercase hex digits
 * @throws {InputError} naming the file when it cannot be opened or read
 */
export async function sha256File(path: string): Promise<string> {
  const h = createHash("sha256");
  try {
    const f = await Deno.open(path, { read: true });
    for await (const chunk of f.readable) h.update(chunk);
  } catch (err) {
    throw InputError.atRoot(path, `expected a readable file (${(err as Error).message})`);
  }
  return h.digest("hex");
}
