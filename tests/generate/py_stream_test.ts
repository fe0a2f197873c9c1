import assert from "node:assert/strict";
import { PyStream } from "../../lib/generate/_py_stream.ts";
import { PyRandom } from "../../lib/rng/py_random.ts";

Deno.test("PyStream gives PyRandom's words for small, salted, multi-word and bigint seeds", () => {
  const seeds: (number | bigint)[] = [0, 1, 42, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1, 10n ** 30n];
  for (let s = 0; s < 40; s++) seeds.push(s * 7919, (s + 1) * 1000003 + 53);
  for (const seed of seeds) {
    const a = new PyRandom(seed), b = new PyStream(seed);
    for (let i = 0; i < 1300; i++) {
      assert.equal(b.nextUint32(), a.nextUint32(), `seed ${seed}, word ${i}`);
    }
    assert.equal(b.randrange(1000), a.randrange(1000));
  }
});
