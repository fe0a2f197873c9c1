/**
 * Shards: a deterministic partition of a run's units over N machines, and the merge that puts the
 * shards' per-unit results back into the order one machine writes them (issue 14, "beyond one
 * machine").
 *
 * The rule: the units are put in the run's output order (position 0, 1, 2, ...); shard `I/N` (0 <=
 * I < N) takes the units at positions p with `p mod N === I` (round robin). Round robin, rather
 * than contiguous blocks, spreads expensive regions of a grid (a slow distribution, the large
 * seeds) over every shard. Shard I then holds `ceil((total - I) / N)` units, its j-th unit being
 * the one at position `I + j * N`.
 *
 * The rest of a sharded run (writing a shard's files with their digests, merging and verifying) is
 * in the other modules of lib/shard/ (mod.ts).
 *
 * @example Four shards of ten units, merged back
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeShards, parseShard, shardItems } from "./partition.ts";
 * const units = [...Array(10).keys()];
 * const parts = [0, 1, 2, 3].map((i) => {
 *   const shard = parseShard(`${i}/4`);
 *   return { shard, items: shardItems(units, shard) };
 * });
 * assert.ok(parts[1].items.join() === "1,5,9");
 * assert.ok(mergeShards(parts).join() === units.join());
 * ```
 *
 * @module
 */

/** Shard `index` of `count` (0 <= index < count). */
export interface Shard {
  /** 0-based shard number I. */
  index: number;
  /** Number of shards N (>= 1). */
  count: number;
}

/** Largest shard count accepted. */
export const MAX_SHARDS = 100_000;

/**
 * Parses `I/N` (decimal integers, 0 <= I < N <= {@linkcode MAX_SHARDS}).
 *
 * @param text e.g. `"2/4"`
 * @returns the shard
 * @throws {RangeError} naming what was expected, e.g. for `"4/4"`, `"1-4"` or `"0/0"`
 */
export function parseShard(text: string): Shard {
  const m = /^([0-9]+)\/([0-9]+)$/.exec(text.trim());
  if (m === null) {
    throw new RangeError(`expected a shard I/N such as 0/4 (I from 0 to N-1), got '${text}'`);
  }
  const index = Number(m[1]), count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) {
    throw new RangeError(`expected a shard count N in [1, ${MAX_SHARDS}], got '${text}'`);
  }
  if (index >= count) {
    throw new RangeError(`expected a shard index I from 0 to ${count - 1}, got '${text}'`);
  }
  return { index, count };
}

/**
 * The items of one shard, in output order: of every unit of the run (in output order), those at
 * positions `index, index + count, ...` (all of them when `shard` is undefined).
 */
export function shardItems<T>(items: readonly T[], shard: Shard | undefined): T[] {
  return items.filter((_, p) => shard === undefined || p % shard.count === shard.index);
}

/**
 * How many of `total` units shard `index` of `count` holds.
 *
 * @param total units in the run
 * @param shard the shard
 * @returns `ceil((total - index) / count)`, at least 0
 */
export function shardSize(total: number, shard: Shard): number {
  return Math.max(0, Math.ceil((total - shard.index) / shard.count));
}

/**
 * Checks that shards form one complete partition: the same count N
 * everywhere and every index 0..N-1 exactly once.
 *
 * @param shards the shards, with a label each (e.g. their folder) for messages
 * @returns the shard count N
 * @throws {RangeError} for no shards, differing counts, an index given twice (overlap) or a
 *   missing index, naming the labels
 */
export function checkShardSet(shards: readonly { shard: Shard; label: string }[]): number {
  if (shards.length === 0) throw new RangeError("expected at least one shard");
  const n = shards[0].shard.count;
  const seen = new Map<number, string>();
  for (const { shard, label } of shards) {
    if (shard.count !== n) {
      throw new RangeError(
        `expected shards of one partition: ${
          shards[0].label
        } is one of ${n}, ${label} one of ${shard.count}`,
      );
    }
    const other = seen.get(shard.index);
    if (other !== undefined) {
      throw new RangeError(
        `expected each shard once: shard ${shard.index}/${n} is both ${other} and ${label}`,
      );
    }
    seen.set(shard.index, label);
  }
  const missing = [...Array(n).keys()].filter((i) => !seen.has(i));
  if (missing.length > 0) {
    throw new RangeError(
      `expected all ${n} shards: missing ${missing.map((i) => `${i}/${n}`).join(", ")}`,
    );
  }
  return n;
}

/**
 * Interleaves the shards' items back into output order: position p comes
 * from shard `p mod N`, as its `floor(p / N)`-th item.
 *
 * @param parts every shard with its items in its own output order (any order of shards)
 * @returns all items in the run's output order
 * @throws {RangeError} if the shards are not a complete partition ({@linkcode checkShardSet}) or a
 *   shard holds more or fewer items than its share of the total
 */
export function mergeShards<T>(
  parts: readonly { shard: Shard; items: readonly T[]; label?: string }[],
): T[] {
  const labelled = parts.map((p) => ({ ...p, label: p.label ?? `shard ${p.shard.index}` }));
  const n = checkShardSet(labelled);
  const byIndex = new Array<(typeof labelled)[number]>(n);
  for (const p of labelled) byIndex[p.shard.index] = p;
  const total = labelled.reduce((s, p) => s + p.items.length, 0);
  for (const p of byIndex) {
    const want = shardSize(total, p.shard);
    if (p.items.length !== want) {
      throw new RangeError(
        `expected ${want} units in ${p.label} (shard ${p.shard.index}/${n} of ${total} units), found ${p.items.length}`,
      );
    }
  }
  const out = new Array<T>(total);
  for (let pos = 0; pos < total; pos++) out[pos] = byIndex[pos % n].items[Math.floor(pos / n)];
  return out;
}
