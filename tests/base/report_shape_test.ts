import assert from "node:assert/strict";
import { z } from "../../lib/base/deps/zod.ts";
import {
  at,
  flatRow,
  keyPatternSchema,
  reportShape,
  rowColumns,
} from "../../lib/base/report_shape.ts";

const Row = z.strictObject({
  budget: z.number(),
  ratio: z.strictObject({ a: z.number().nullable(), b: z.number() }).meta({ column: "r" }),
  more: z.strictObject({ x: z.string() }).optional(),
  note: z.string(),
});

Deno.test("rowColumns() flattens nested objects one level, under their declared prefix", () => {
  assert.deepEqual(rowColumns(Row), ["budget", "r_a", "r_b", "more_x", "note"]);
  assert.deepEqual(rowColumns(Row, ["note", "more"]), ["budget", "r_a", "r_b"]);
});

Deno.test("flatRow() gives the cells of those columns; a missing nested object is null cells", () => {
  const v = { budget: 8, ratio: { a: null, b: 0.5 }, note: "n" };
  assert.deepEqual(flatRow(Row, v), { budget: 8, r_a: null, r_b: 0.5, more_x: null, note: "n" });
  assert.deepEqual(Object.keys(flatRow(Row, v, ["more"])), ["budget", "r_a", "r_b", "note"]);
});

Deno.test("reportShape().json() puts keys in the schema's order and refuses a report off its shape", () => {
  const s = reportShape("demo", Row, "made by a test");
  const j = s.json({ note: "n", ratio: { b: 1, a: 0 }, budget: 2 });
  assert.equal(JSON.stringify(j), '{"budget":2,"ratio":{"a":0,"b":1},"note":"n"}');
  assert.throws(
    () => s.json({ budget: 2, ratio: { a: 0, b: 1 }, note: "n", extra: 1 } as never),
    /^TypeError: demo: \(root\): .*extra.* \(the report breaks its schema\)$/,
  );
  assert.throws(
    () => s.json({ budget: "2", ratio: { a: 0, b: 1 }, note: "n" } as never),
    /demo: budget: /,
  );
  const js = s.jsonSchema() as {
    $comment: string;
    required: string[];
    additionalProperties: boolean;
  };
  assert.equal(js.$comment, "made by a test");
  assert.deepEqual(js.required, ["budget", "ratio", "note"]);
  assert.equal(js.additionalProperties, false);
});

Deno.test("keyPatternSchema(): every object holding the key takes exactly one key of the pattern instead", () => {
  const at3 = z.strictObject({
    rows: z.array(z.strictObject({ id: z.string(), v_k3: z.number() })),
    total: z.strictObject({ v_k3: z.number() }),
    note: z.string().optional(),
  });
  const js = keyPatternSchema(z.toJSONSchema(at3) as never, "v_k3", "^v_k[0-9]+$");
  const s = z.fromJSONSchema(js as never);
  const ok = (v: unknown) => s.safeParse(v).success;
  assert.equal(ok({ rows: [{ id: "a", v_k7: 1 }], total: { v_k7: 2 } }), true);
  assert.equal(ok({ rows: [{ id: "a", v_k3: 1 }], total: { v_k12: 2 }, note: "n" }), true);
  assert.equal(ok({ rows: [{ id: "a" }], total: { v_k7: 2 } }), false); // none
  assert.equal(ok({ rows: [{ id: "a", v_k7: 1, v_k8: 1 }], total: { v_k7: 2 } }), false); // two
  assert.equal(ok({ rows: [{ id: "a", v_kx: 1 }], total: { v_k7: 2 } }), false); // off the pattern
  assert.equal(ok({ rows: [{ v_k7: 1, w: 1 }], total: { v_k7: 2 } }), false); // a fixed key missing
  assert.equal(ok({ rows: [], total: { v_k7: "2" } }), false); // the value's type holds
  const optional = z.strictObject({ v_k3: z.number(), id: z.string().optional() });
  assert.throws(
    () => keyPatternSchema(z.toJSONSchema(optional) as never, "v_k3", "^v_k[0-9]+$"),
    /^RangeError: Cannot make v_k3 a pattern: its object has optional keys$/,
  );
});

Deno.test("at() returns the one matching row and names the lookup when none or several match", () => {
  const rows = [{ b: 1, k: "x", v: 10 }, { b: 2, k: "x", v: 20 }, { b: 2, k: "y", v: 30 }];
  assert.equal(at(rows, { b: 2, k: "y" }).v, 30);
  assert.throws(
    () => at(rows, { b: 3 }, "budget"),
    /Cannot find one budget with \{"b":3\}: 0 of 3/,
  );
  assert.throws(() => at(rows, { b: 2 }), /Cannot find one row with \{"b":2\}: 2 of 3 match/);
});
