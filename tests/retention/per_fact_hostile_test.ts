/** Awkward but valid inputs to the per-fact retention (PerMem-Bench's per_fact outputs, cutoffs). */
import assert from "node:assert/strict";
import { parseStaticCutoffs } from "../../lib/retention/per_fact.ts";

Deno.test('parseStaticCutoffs(): quoted CSV cells are read as CSV (the user is u2, not "u2")', () => {
  const quoted = parseStaticCutoffs('"user","cutoff"\r\n"u2","30"\r\n"u,3",4\r\n', "c.csv");
  assert.deepEqual([...quoted], [["u2", 30], ["u,3", 4]]);
});

Deno.test("parseStaticCutoffs(): a user twice in JSON is refused, as in CSV", () => {
  assert.throws(
    () => parseStaticCutoffs('{"u2": 30, "u3": 4, "u3": 99}', "c.json"),
    /^InputError: Cannot read c\.json: u3: expected each key once in an object; "u3" repeats/,
  );
  assert.throws(
    () => parseStaticCutoffs("user,cutoff\nu3,4\nu3,99\n", "c.csv"),
    /Cannot read c\.csv: row 2, column user: expected u3 once/,
  );
});

Deno.test("parseStaticCutoffs(): a cutoff is an integer >= 1 whether written as a number or a text", () => {
  for (const bad of ['"0"', '"session_0000.json"', '"99999999999999999999"', "0", "2.5"]) {
    assert.throws(
      () => parseStaticCutoffs(`{"u2": ${bad}}`, "c.json"),
      /Cannot read c\.json: u2: expected a session id/,
      bad,
    );
  }
  assert.throws(
    () => parseStaticCutoffs("user,cutoff\nu2,0\n", "c.csv"),
    /Cannot read c\.csv: row 1, column cutoff: expected a session id/,
  );
  assert.deepEqual([...parseStaticCutoffs('{"u2": "session_0045.json", "u3": " 7 "}')], [
    ["u2", 45],
    ["u3", 7],
  ]);
});
