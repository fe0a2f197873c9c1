import assert from "node:assert/strict";
import { generateCohort } from "../../lib/retention/cohort.ts";
import {
  type MemoryEntry,
  replayBank,
  simulateWrites,
  toSnapshotFile,
} from "../../lib/retention/replay.ts";
import { SnapshotSchema } from "../../lib/retention/formats.ts";

const e = (id: string, session: number, tokens = 1): MemoryEntry => ({
  id,
  session,
  text: id,
  tokens,
  facts: [],
});
const ids = (s: { entries: MemoryEntry[] }) => s.entries.map((x) => x.id).join(",");

Deno.test("replayBank() evicts oldest first on a three-session toy (golden)", () => {
  const writes = new Map([[1, [e("a", 1), e("b", 1)]], [2, [e("c", 2)]], [3, [
    e("d", 3),
    e("f", 3),
  ]]]);
  const snaps = replayBank([1, 2, 3], writes, { maxEntries: 2 });
  assert.deepEqual(snaps.map(ids), ["a,b", "b,c", "d,f"]);
  assert.deepEqual(snaps.map((s) => [s.written, s.evicted]), [[2, 0], [1, 1], [2, 2]]);
  // gate session 2 out: the bank is unchanged there, then d, f push out a, b
  const gated = replayBank([1, 2, 3], writes, { maxEntries: 2, skip: new Set([2]) });
  assert.deepEqual(gated.map(ids), ["a,b", "a,b", "d,f"]);
  assert.deepEqual(gated.map((s) => s.skipped), [false, true, false]);
  // no budget: everything is kept
  assert.deepEqual(replayBank([1, 2, 3], writes).map(ids), ["a,b", "a,b,c", "a,b,c,d,f"]);
});

Deno.test("replayBank() enforces a token budget by the same FIFO rule", () => {
  const writes = new Map([[1, [e("a", 1, 3), e("b", 1, 2)]], [2, [e("c", 2, 4)]], [3, [
    e("big", 3, 9),
  ]]]);
  const snaps = replayBank([1, 2, 3], writes, { maxTokens: 6 });
  assert.deepEqual(snaps.map(ids), ["a,b", "b,c", ""]);
  assert.deepEqual(snaps.map((s) => s.tokens), [5, 6, 0]);
  assert.throws(() => replayBank([1], writes, { maxEntries: -1 }), RangeError);
});

Deno.test("simulateWrites() is deterministic and carries fact provenance", () => {
  const [u] = generateCohort({ users: 1, seed: 2 }).users;
  const a = simulateWrites(u, { seed: 1 }), b = simulateWrites(u, { seed: 1 });
  assert.deepEqual(a, b);
  const all = [...a.values()].flat();
  const carried = new Set(all.flatMap((x) => x.facts));
  assert.ok(carried.size > 0.6 * u.facts.length && carried.size <= u.facts.length);
  const none = simulateWrites(u, { pExtract: 0, lambdaRequired: 0, lambdaTransient: 0 });
  assert.equal([...none.values()].flat().length, 0);
  const every = simulateWrites(u, { pExtract: 1, lambdaRequired: 0, lambdaTransient: 0 });
  assert.equal([...every.values()].flat().length, u.facts.length);
});

Deno.test("toSnapshotFile() writes a replayed bank in the artifact's snapshot shape", () => {
  const replay = replayBank([1, 2], new Map([[1, [e("a", 1), e("b", 1)]], [2, [e("c", 2)]]]), {
    maxEntries: 2,
  });
  const file = toSnapshotFile("u1", replay[1]);
  assert.ok(SnapshotSchema.safeParse(file).success);
  assert.equal(file.n_entries_after, 2);
});
