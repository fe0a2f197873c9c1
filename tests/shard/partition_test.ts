import assert from "node:assert/strict";
import fc from "fast-check";
import { convertLocomo } from "../../lib/natural/convert.ts";
import { type NaturalScoreRow, scoreNatural } from "../../lib/natural/score_natural.ts";
import {
  checkShardSet,
  mergeShards,
  parseShard,
  type Shard,
  shardItems,
  shardSize,
} from "../../lib/shard/partition.ts";
import { qaItem, smallSample } from "../natural/_sample.ts";

const SEED = 1414;

Deno.test("parseShard() reads I/N and refuses anything else with what it expected", () => {
  assert.deepEqual(parseShard("0/1"), { index: 0, count: 1 });
  assert.deepEqual(parseShard(" 3/4 "), { index: 3, count: 4 });
  const bad: [string, RegExp][] = [
    ["4/4", /index I from 0 to 3, got '4\/4'/],
    ["0/0", /count N in \[1, 100000\], got '0\/0'/],
    ["1-4", /shard I\/N such as 0\/4/],
    ["-1/4", /shard I\/N/],
    ["1/4.0", /shard I\/N/],
    ["", /shard I\/N/],
    ["0/100001", /count N/],
  ];
  for (const [text, re] of bad) assert.throws(() => parseShard(text), re, text);
});

Deno.test("shardItems() takes positions p with p mod N = I; shardSize() counts them", () => {
  const items = [..."abcdefghij"];
  assert.deepEqual(shardItems(items, { index: 1, count: 4 }), ["b", "f", "j"]);
  assert.deepEqual(shardItems(items, { index: 3, count: 4 }), ["d", "h"]);
  assert.deepEqual(shardItems(items, undefined), items);
  assert.deepEqual([0, 1, 2, 3].map((index) => shardSize(10, { index, count: 4 })), [3, 3, 2, 2]);
  assert.equal(shardSize(2, { index: 3, count: 4 }), 0);
});

Deno.test("mergeShards() inverts shardItems() for any item count and shard count", () => {
  fc.assert(
    fc.property(fc.nat(60), fc.integer({ min: 1, max: 9 }), fc.nat(), (total, count, rot) => {
      const items = [...Array(total).keys()];
      const parts = [...Array(count).keys()].map((index) => {
        const shard: Shard = { index, count };
        return { shard, items: shardItems(items, shard) };
      });
      // Any order of the shards.
      const order = parts.map((_, i) => parts[(i + rot) % count]);
      assert.deepEqual(mergeShards(order), items);
    }),
    { seed: SEED, numRuns: 200 },
  );
});

Deno.test("checkShardSet() and mergeShards() refuse overlapping, missing and mixed shards", () => {
  const s = (index: number, count: number, label = `d${index}`) => ({
    shard: { index, count },
    label,
  });
  assert.equal(checkShardSet([s(1, 2), s(0, 2)]), 2);
  assert.throws(() => checkShardSet([]), /at least one shard/);
  assert.throws(() => checkShardSet([s(0, 2), s(0, 2, "x")]), /shard 0\/2 is both d0 and x/);
  assert.throws(() => checkShardSet([s(0, 3), s(2, 3)]), /missing 1\/3/);
  assert.throws(() => checkShardSet([s(0, 2), s(1, 3)]), /d0 is one of 2, d1 one of 3/);
  // Right shards, wrong sizes: shard 0 of 2 over 5 items holds 3, not 2.
  assert.throws(
    () =>
      mergeShards([
        { shard: { index: 0, count: 2 }, items: [0, 2] },
        { shard: { index: 1, count: 2 }, items: [1, 3, 5] },
      ]),
    /expected 3 units in shard 0 \(shard 0\/2 of 5 units\), found 2/,
  );
});

Deno.test("scoreNatural() run as 4 shards of packages and merged equals one run", () => {
  // Seven natural packages (one per QA item) from two small conversations.
  const { scoring } = convertLocomo([
    smallSample([
      qaItem(["D1:1"]),
      qaItem(["D1:2", "D2:1"]),
      qaItem(["D2:2"]),
      qaItem(["D1:3"]),
      qaItem(["D1:1", "D2:2"]),
    ]),
    { ...smallSample([qaItem(["D1:3"]), qaItem(["D2:1"])]), sample_id: "conv-u" },
  ]);
  assert.equal(scoring.length, 7);
  const opts = { budgets: [4, 30], methods: ["oracle_gvt", "density_only", "recency_raw"] };
  const perPackage = opts.budgets.length * (opts.methods.length + 1);
  const whole = scoreNatural(scoring, opts);
  const parts = [3, 1, 0, 2].map((index) => {
    const shard = { index, count: 4 };
    const rows = scoreNatural(shardItems(scoring, shard), opts);
    // A shard's rows, one group per package (its unit), in the shard's order.
    const items: NaturalScoreRow[][] = [];
    for (let i = 0; i < rows.length; i += perPackage) items.push(rows.slice(i, i + perPackage));
    return { shard, items };
  });
  assert.deepEqual(parts.map((p) => p.items.length), [1, 2, 2, 2]);
  assert.deepEqual(mergeShards(parts).flat(), whole);
  assert.equal(JSON.stringify(mergeShards(parts).flat()), JSON.stringify(whole));
});
