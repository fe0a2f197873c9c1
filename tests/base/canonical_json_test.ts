/** lib/base/canonical_json.ts: canonical JSON (package hashes, sweep rows) and sorted pretty JSON. */
import assert from "node:assert/strict";
import { canonicalJson, sortedPrettyJson } from "../../lib/base/canonical_json.ts";

Deno.test("canonicalJson() sorts keys at every depth", () => {
  assert.equal(
    canonicalJson({ b: [{ z: 1, a: undefined, y: "x" }], a: null, "10": 2, "9": 1 }),
    '{"10":2,"9":1,"a":null,"b":[{"y":"x","z":1}]}',
  );
});

Deno.test("canonicalJson() writes undefined array entries as null, numbers in shortest form, no spaces", () => {
  assert.equal(canonicalJson([undefined, 1.5, 1e21, -0, "é"]), '[null,1.5,1e+21,0,"é"]');
  assert.equal(canonicalJson(undefined), "null");
  assert.equal(canonicalJson({ "é": 1, "z": 2, "Z": 3 }), '{"Z":3,"z":2,"é":1}');
});

Deno.test("sortedPrettyJson() indents by two spaces, sorts nested keys, keeps array order, ends in a newline", () => {
  assert.equal(
    sortedPrettyJson({ b: [2, { y: 1, x: 0 }], a: 1 }),
    '{\n  "a": 1,\n  "b": [\n    2,\n    {\n      "x": 0,\n      "y": 1\n    }\n  ]\n}\n',
  );
});
