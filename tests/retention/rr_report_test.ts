import assert from "node:assert/strict";
import { retentionReport, rrReportShape } from "../../lib/retention/rr_report.ts";
import { memaudit } from "../cli/_run.ts";

const FX = "tests/retention/fixtures/";

Deno.test("retentionReport() on the tables: the report's keys, the table's rows, the facts' rows", async () => {
  const r = await retentionReport({
    mode: "tables",
    facts: `${FX}facts.csv`,
    presence: `${FX}presence.csv`,
  });
  assert.deepEqual(r.input, {
    mode: "tables",
    facts: `${FX}facts.csv`,
    presence: `${FX}presence.csv`,
    k: 20,
    reweight: "artifact",
    end_on_update: false,
  });
  assert.deepEqual(Object.keys(r.report), ["users", "benchmark", "warnings"]);
  assert.ok(Math.abs((r.report.users[0].pooled_exact as number) - 7 / 9) < 1e-12);
  assert.equal(r.report.users[1].pooled_exact, 0.4);
  assert.equal(r.report.benchmark.per_fact_exact, 0.6375);
  assert.deepEqual(r.columns, [
    "user",
    "facts",
    "pooled_exact",
    "pooled_k20",
    "error",
    "per_fact_exact",
  ]);
  assert.equal(r.rows.at(-1)!.user, "benchmark (mean of 2 users)");
  assert.equal(r.rows.at(-1)!.facts, 5);
  assert.equal(r.facts.length, 5);
  assert.equal(r.judge, null);
});

Deno.test("retentionReport() refuses an input off its schema, naming the field", async () => {
  await assert.rejects(
    () => retentionReport({ mode: "tables", facts: "f.csv", presence: "p.csv", k: 1 }),
    /^RangeError: Cannot compute retention: k: /,
  );
  await assert.rejects(
    // a key of the folder input given with the tables
    () => retentionReport({ mode: "tables", facts: "f", presence: "p", judge: "lexical" } as never),
    /Cannot compute retention: \(input\): .*judge/,
  );
});

Deno.test("rrReportShape(k): the K-checkpoint key follows k, and the JSON Schema says so", () => {
  const { shape, columns } = rrReportShape(7);
  assert.equal(columns[3], "pooled_k7");
  const js = shape.jsonSchema() as { properties: { benchmark: { required: string[] } } };
  assert.deepEqual(js.properties.benchmark.required, [
    "pooled_exact",
    "pooled_k7",
    "per_fact_exact",
  ]);
});

Deno.test("retention rr --json prints the bytes of main 3cdb2a9 (before the flow moved into retentionReport)", async () => {
  const cases: [string, string[]][] = [
    ["tables", ["--facts", `${FX}facts.csv`, "--presence", `${FX}presence.csv`]],
    ["tables_k5_exact", [
      "--facts",
      `${FX}facts.csv`,
      "--presence",
      `${FX}presence.csv`,
      "--k",
      "5",
      "--reweight",
      "exact",
    ]],
    ["folders_lexical", ["--sessions", `${FX}permem`, "--snapshots", `${FX}snapshots`]],
    ["folders_provenance", [
      "--sessions",
      `${FX}permem`,
      "--snapshots",
      `${FX}snapshots`,
      "--judge",
      "provenance",
    ]],
  ];
  for (const [name, args] of cases) {
    const r = await memaudit(["retention", "rr", ...args, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, await Deno.readTextFile(`${FX}rr_json/${name}.json`), name);
  }
});
