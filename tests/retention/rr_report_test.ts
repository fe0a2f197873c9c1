import assert from "node:assert/strict";
import { retentionReport, rrReportShape } from "../../lib/retention/rr_report.ts";
import { memaudit } from "../cli/_run.ts";
import { z } from "../../lib/base/deps/zod.ts";
import { assertFitsPublished } from "../_published_schema.ts";

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
  assert.equal(shape.name, "retention_rr_report");
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
  // Since then the tables warn about the lifespan sessions presence.csv does not check (they
  // count as absent); every other byte is the same.
  const gap = `absent by default: 2 of 14 lifespan session(s) have no presence row in ` +
    `${FX}presence.csv and count as absent (1 fact(s), e.g. u2/a)`;
  for (const [name, args] of cases) {
    const r = await memaudit(["retention", "rr", ...args, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const { warnings, ...rest } = JSON.parse(r.stdout);
    assert.deepEqual(warnings, name.startsWith("tables") ? [gap] : [], name);
    assert.equal(
      JSON.stringify({ ...rest, warnings: [] }, null, 2) + "\n",
      await Deno.readTextFile(`${FX}rr_json/${name}.json`),
      name,
    );
    assert.equal(r.stdout, JSON.stringify({ ...rest, warnings }, null, 2) + "\n", name);
    await assertFitsPublished("retention_rr_report", JSON.parse(r.stdout));
  }
});

Deno.test("data/schema/retention_rr_report.schema.json holds at every k: --json and rr.json fit, a second, missing or bad pooled_k key does not", async () => {
  const js = JSON.parse(
    await Deno.readTextFile(
      new URL("../../data/schema/retention_rr_report.schema.json", import.meta.url),
    ),
  );
  const schema = z.fromJSONSchema(js);
  const dir = await Deno.makeTempDir();
  try {
    const r = await memaudit([
      "retention",
      "rr",
      ...["--facts", `${FX}facts.csv`, "--presence", `${FX}presence.csv`, "--k", "3"],
      ...["--json", "--out", dir],
    ]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepEqual(Object.keys(j.benchmark), ["pooled_exact", "pooled_k3", "per_fact_exact"]);
    assert.equal(await Deno.readTextFile(`${dir}/rr.json`), r.stdout);
    await assertFitsPublished("retention_rr_report", j);
    const fits = (users: object[], benchmark: object) =>
      schema.safeParse({ ...j, users, benchmark }).success;
    const [u, b] = [j.users[0], j.benchmark];
    const { pooled_k3: _u, ...uWithout } = u;
    const { pooled_k3: _b, ...bWithout } = b;
    assert.equal(fits(j.users, b), true);
    // any k >= 2
    assert.equal(
      fits([{ ...uWithout, pooled_k1234: 0.7 }], { ...bWithout, pooled_k1234: 0.5 }),
      true,
    );
    for (
      const [what, users, benchmark] of [
        ["a second K key in a user's row", [{ ...u, pooled_k20: 0.5 }], b],
        ["a second K key in the benchmark", j.users, { ...b, pooled_k20: 0.5 }],
        ["no K key in a user's row", [uWithout], b],
        ["no K key in the benchmark", j.users, bWithout],
        ["a K key for k = 1", [{ ...uWithout, pooled_k1: 0.5 }], b],
        ["a K key off the pattern", j.users, { ...bWithout, pooled_kx: 0.5 }],
        ["an extra key in the benchmark", j.users, { ...b, not_a_key: 1 }],
        ["a user's row without per_fact_exact", [{
          user: u.user,
          pooled_exact: u.pooled_exact,
          pooled_k3: u.pooled_k3,
        }], b],
      ] as const
    ) {
      assert.equal(fits(users as object[], benchmark), false, what);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("retentionReport(): lifespan sessions without a presence row count as absent, and it warns so", async () => {
  // presence.csv checks u2's fact 'a' (lifespan 2..6) at 2, 3 and 5 only: 4 and 6 count absent.
  const r = await retentionReport({
    mode: "tables",
    facts: `${FX}facts.csv`,
    presence: `${FX}presence.csv`,
  });
  assert.deepEqual(r.report.warnings, [
    `absent by default: 2 of 14 lifespan session(s) have no presence row in ${FX}presence.csv ` +
    "and count as absent (1 fact(s), e.g. u2/a)",
  ]);
  // A presence table with every session checked gives no warning.
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/f.csv`,
      "user,fact,type,t_start,t_target\nu,x,user_profile,1,2\n",
    );
    await Deno.writeTextFile(`${dir}/p.csv`, "user,fact,session,present\nu,x,1,1\nu,x,2,0\n");
    const full = await retentionReport({
      mode: "tables",
      facts: `${dir}/f.csv`,
      presence: `${dir}/p.csv`,
    });
    assert.deepEqual(full.report.warnings, []);
    assert.equal(full.report.benchmark.pooled_exact, 0.5);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("retentionReport() refuses a facts table without facts (an RR of nothing), naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/f.csv`, "user,fact,type,t_start,t_target\n");
    await Deno.writeTextFile(`${dir}/p.csv`, "user,fact,session,present\n");
    await assert.rejects(
      () => retentionReport({ mode: "tables", facts: `${dir}/f.csv`, presence: `${dir}/p.csv` }),
      (e: Error) =>
        e.name === "InputError" && e.message.includes(`${dir}/f.csv`) &&
        e.message.includes("expected at least one fact"),
    );
    const r = await memaudit([
      "retention",
      "rr",
      "--facts",
      `${dir}/f.csv`,
      "--presence",
      `${dir}/p.csv`,
    ]);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.equal(r.stdout, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
