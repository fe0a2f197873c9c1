/**
 * The scale scorer's byte reader (lib/scale/short_line_bytes.ts) beside `TextDecoder` +
 * `JSON.parse` on awkward ids: 20,000 distinct ids of ~1 KiB (long strings are decoded at once
 * and not kept), and 2^15 ids crafted to share a slot of its string table (probes bounded at 16).
 * Before those two rules the reader took 25-60x and 40-70x JSON.parse's time on them.
 *
 *     deno bench -A bench/short_line_bytes_bench.ts
 *
 * @module
 */
import { ShortLineReader } from "../lib/scale/short_line_bytes.ts";
import { collidingIds, longIdLines } from "../tests/scale/_short_line_ids.ts";

const enc = new TextEncoder(), dec = new TextDecoder();
const inputs = {
  "1 KiB ids": enc.encode(longIdLines().join("\n") + "\n"),
  "colliding ids": enc.encode(
    collidingIds().map((q) => `{"query_id":"${q}","R":1}`).join("\n") + "\n",
  ),
};

/** Calls `read` on each line of `b`. */
function eachLine(b: Uint8Array, read: (start: number, end: number) => unknown): void {
  for (let start = 0, end; start < b.length; start = end + 1) {
    end = b.indexOf(0x0a, start);
    read(start, end);
  }
}

for (const [name, b] of Object.entries(inputs)) {
  Deno.bench(`${name}: ShortLineReader`, { group: name, baseline: true }, () => {
    const r = new ShortLineReader();
    eachLine(b, (s, e) => r.parse(b, s, e));
  });
  Deno.bench(`${name}: TextDecoder + JSON.parse`, { group: name }, () => {
    eachLine(b, (s, e) => JSON.parse(dec.decode(b.subarray(s, e))));
  });
}
