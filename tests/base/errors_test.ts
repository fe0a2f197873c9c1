/** lib/base/errors.ts: locations as text and the message of an InputError. */
import assert from "node:assert/strict";
import { formatPath, formatWhere, InputError } from "../../lib/base/errors.ts";

Deno.test("formatPath() joins keys with dots and indices in brackets", () => {
  assert.equal(formatPath(["candidates", 3, "cost"]), "candidates[3].cost");
  assert.equal(formatPath([0, "id"]), "[0].id");
  assert.equal(formatPath([]), "");
});

Deno.test("formatWhere() writes a JSON path, (root) for the empty path, or a CSV row and column", () => {
  assert.equal(formatWhere({ path: "a.b" }), "a.b");
  assert.equal(formatWhere({ path: "" }), "(root)");
  assert.equal(formatWhere({ row: 4, column: "cost" }), "row 4, column cost");
});

Deno.test("InputError reads 'Cannot read FILE: WHERE: EXPECTED' and keeps its parts", () => {
  const e = new InputError("p.json", { path: "candidates[3].cost" }, "expected a number");
  assert.ok(e instanceof Error);
  assert.equal(e.name, "InputError");
  assert.equal(e.message, "Cannot read p.json: candidates[3].cost: expected a number");
  assert.equal(e.file, "p.json");
  assert.deepEqual(e.where, { path: "candidates[3].cost" });
  assert.equal(e.expected, "expected a number");
  assert.equal(
    new InputError("t.csv", { row: 2, column: "id" }, "expected text").message,
    "Cannot read t.csv: row 2, column id: expected text",
  );
});

Deno.test("InputError shows up to 5 issues and counts the rest", () => {
  const issues = [1, 2, 3, 4, 5, 6, 7].map((i) => ({
    where: { path: `[${i}]` },
    expected: `e${i}`,
  }));
  assert.equal(
    new InputError("f", issues[0].where, issues[0].expected, issues).message,
    "Cannot read f: [1]: e1; [2]: e2; [3]: e3; [4]: e4; [5]: e5; and 2 more problem(s)",
  );
});

Deno.test("InputError with another verb leaves out the root location", () => {
  assert.equal(
    new InputError("x", { path: "" }, "expected one", [], "lock").message,
    "Cannot lock x: expected one",
  );
  assert.equal(
    new InputError("x", { path: "" }, "expected one").message,
    "Cannot read x: (root): expected one",
  );
  assert.equal(
    new InputError("x", { path: "a" }, "expected one", [], "lock").message,
    "Cannot lock x: a: expected one",
  );
});

Deno.test("InputError.atRoot() reads by default and takes another verb", () => {
  assert.equal(
    InputError.atRoot("x", "expected one").message,
    "Cannot read x: (root): expected one",
  );
  assert.equal(
    InputError.atRoot("x", "expected one", "write").message,
    "Cannot write x: expected one",
  );
});
