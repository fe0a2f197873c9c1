import assert from "node:assert/strict";
import { asObject, isObject } from "../../lib/base/json_object.ts";

Deno.test("isObject() and asObject() accept plain objects only", () => {
  const values: [unknown, boolean][] = [
    [{}, true],
    [{ a: [1] }, true],
    [Object.create(null), true],
    [[], false],
    [null, false],
    [undefined, false],
    ["{}", false],
    [3, false],
    [true, false],
  ];
  for (const [v, want] of values) {
    assert.equal(isObject(v), want, JSON.stringify(v));
    assert.equal(asObject(v), want ? v : undefined, JSON.stringify(v));
  }
  const o = { usage: { prompt_tokens: 12 } };
  assert.equal(asObject(asObject(o)?.usage)?.prompt_tokens, 12);
});
