/** lib/base/json_text.ts: the one JSON reader, with errors at line and column or JSON path. */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  MAX_JSON_DEPTH,
  parseJsonOr,
  parseJsonText,
  strictJsonIssue,
} from "../../lib/base/json_text.ts";

/** Asserts `fn` throws an InputError for `file` at `path` whose message is `message`. */
function throwsAt(fn: () => unknown, file: string, path: string, message: string) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof InputError);
    assert.equal(e.file, file);
    assert.deepEqual(e.where, { path });
    assert.equal(e.message, message);
    return true;
  });
}

Deno.test("parseJsonText() parses JSON, skips a byte-order mark, keeps the last duplicate unless strict", () => {
  assert.deepEqual(parseJsonText('\ufeff{"a":[1,2.5,null]}', "f.json"), { a: [1, 2.5, null] });
  assert.deepEqual(parseJsonText('{"a":1,"a":2}', "f.json"), { a: 2 });
});

Deno.test("parseJsonText() names the line and column of a syntax error, offset by opts.line", () => {
  // `}` is the 6th character of line 2.
  throwsAt(
    () => parseJsonText('{"a":1,\n "b":}', "f.json"),
    "f.json",
    "line 2, column 6",
    "Cannot read f.json: line 2, column 6: expected valid JSON (Unexpected token '}')",
  );
  // The text ends after 4 characters: column 5 of physical line 4.
  throwsAt(
    () => parseJsonText("[1,2", "r.jsonl", { line: 4 }),
    "r.jsonl",
    "line 4, column 5",
    "Cannot read r.jsonl: line 4, column 5: expected valid JSON (Expected ',' or ']' after array element, found the end of the text)",
  );
});

Deno.test("parseJsonText() in strict mode refuses a duplicate key at its JSON path", () => {
  const dup = '{"a":{"b":1,"b":2}}';
  const expected = 'expected each key once in an object; "b" repeats (JSON keeps only the last)';
  throwsAt(
    () => parseJsonText(dup, "f.json", { uniqueKeys: true }),
    "f.json",
    "a.b",
    `Cannot read f.json: a.b: ${expected}`,
  );
  throwsAt(
    () => parseJsonText(dup, "f.jsonl", { uniqueKeys: true, line: 3 }),
    "f.jsonl",
    "line 3, field a.b",
    `Cannot read f.jsonl: line 3, field a.b: ${expected}`,
  );
});

Deno.test("strictJsonIssue() finds an underflowing number and nesting deeper than MAX_JSON_DEPTH", () => {
  assert.deepEqual(strictJsonIssue('{"x":[1,1e-400]}'), {
    path: ["x", 1],
    expected: "expected a number a double can hold, got 1e-400 (underflows to 0)",
  });
  assert.equal(strictJsonIssue('{"x":[0,0e5,1e-300,"1e-400"]}'), undefined);
  const nest = (n: number) => "[".repeat(n) + "]".repeat(n);
  assert.equal(MAX_JSON_DEPTH, 256);
  assert.equal(strictJsonIssue(nest(256)), undefined);
  const deep = strictJsonIssue(nest(257));
  assert.equal(deep?.expected, "expected at most 256 levels of nesting");
});

Deno.test("parseJsonOr() turns a syntax error into the caller's error", () => {
  assert.deepEqual(parseJsonOr("\ufeff[1]", () => new Error("unused")), [1]);
  assert.throws(
    () => parseJsonOr("{", (m) => new RangeError(`bad run file: ${m}`)),
    (e: unknown) => e instanceof RangeError && e.message.startsWith("bad run file: "),
  );
});
