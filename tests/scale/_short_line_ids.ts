/**
 * Awkward short-form inputs for the byte reader (lib/scale/short_line_bytes.ts), shared by its
 * test and bench/short_line_bytes_bench.ts.
 *
 * @module
 */

/** The 32-bit FNV-1a hash of a string's code units (the reader's hash of its ASCII bytes). */
export function fnv1a32(s: string, h = 0x811c9dc5 | 0): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** 20,000 lines, each with a distinct query id of ~1 KiB. */
export function longIdLines(): string[] {
  const pad = "abcdefghijklmnop".repeat(64);
  return Array.from({ length: 20_000 }, (_, i) => `{"query_id":"${i}${pad}","R":1}`);
}

/**
 * 2^15 distinct ids of 45 bytes whose FNV-1a hashes share their low 18 bits (so all start at one
 * slot of the reader's table). The low 18 bits of FNV-1a's state depend on its low 18 bits only:
 * 15 pairs of 3-byte blocks, each pair leaving the same low bits, combine into the ids.
 */
export function collidingIds(): string[] {
  const LOW = (1 << 18) - 1,
    CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let state = 0x811c9dc5 | 0, x = 1;
  const pairs: [string, string][] = [];
  while (pairs.length < 15) {
    const seen = new Map<number, string>();
    for (;;) {
      let block = "";
      for (let k = 0; k < 3; k++) block += CHARS[(x = (x * 48271) % 2147483647) % CHARS.length];
      const low = fnv1a32(block, state) & LOW, other = seen.get(low);
      if (other !== undefined && other !== block) {
        pairs.push([other, block]);
        state = fnv1a32(other, state);
        break;
      }
      seen.set(low, block);
    }
  }
  return Array.from({ length: 1 << 15 }, (_, i) => pairs.map((p, k) => p[(i >> k) & 1]).join(""));
}
