import assert from "node:assert/strict";
import { CSV_COLUMNS, type ResultRow, rowsToCsv, rowsToJsonl } from "../../lib/sweep/row.ts";
import { resolveGrid, summarizeRows } from "./_helpers.ts";
import { runUnit } from "../../lib/sweep/run_unit.ts";

const methods = ["opt", "density_only"];
const grid = resolveGrid({
  distributions: ["base"],
  seeds: [0, 1],
  budgets: [0.5, 2],
  methods,
  outDir: "unused",
});
const rows = [0, 1].flatMap((seed) => runUnit("base", seed, { budgets: [0.5, 2], methods }).rows);

Deno.test("rowsToJsonl() and rowsToCsv() carry opt_degenerate (keys sorted, CSV column after ratio_to_opt)", () => {
  const first = rowsToJsonl(rows).split("\n")[0];
  const keys = Object.keys(JSON.parse(first));
  assert.deepEqual(keys, [...keys].sort());
  assert.ok(first.includes('"opt_degenerate":true,'));
  const at = CSV_COLUMNS.indexOf("opt_degenerate");
  assert.equal(CSV_COLUMNS[at - 1], "ratio_to_opt");
  const lines = rowsToCsv(rows).split("\n");
  assert.equal(lines[0].split(",")[at], "opt_degenerate");
  // Rows: (seed 0, B 0.5) x 2 methods, then (seed 0, B 2) x 2 ...; no quoted cell before `at`.
  assert.deepEqual(lines.slice(1, 5).map((l) => l.split(",")[at]), [
    "true",
    "true",
    "false",
    "false",
  ]);
});

Deno.test("summarizeRows() counts degenerate-OPT rows per group without changing the means", () => {
  const summary = summarizeRows(rows, grid);
  const by = summary.by_distribution_budget_method.map((a) => [
    a.budget,
    a.method,
    a.n,
    a.n_degenerate_opt,
    a.mean_ratio_to_opt,
  ]);
  assert.deepEqual(by.map((x) => x.slice(0, 4)), [
    [0.5, "density_only", 2, 2],
    [0.5, "opt", 2, 2],
    [2, "density_only", 2, 0],
    [2, "opt", 2, 0],
  ]);
  // The artifact's rule: F = 0 against OPT = 0 counts as 1.0 in the mean.
  assert.deepEqual(by.slice(0, 2).map((x) => x[4]), [1, 1]);
  assert.equal(by[3][4], 1);
  assert.match(summary.label_definitions.n_degenerate_opt, /included in the means/);
});

Deno.test("rowsToJsonl() and rowsToCsv() write what the generic canonical JSON writes, for every method", async () => {
  const { canonicalJson } = await import("../../lib/package/digest.ts");
  const { sweepMethodIds } = await import("../../lib/sweep/methods.ts");
  const all = runUnit("scope_shift", 3, { budgets: [1, 6], methods: sweepMethodIds() });
  assert.ok(all.rows.some((r) => r.certificate_status === undefined));
  assert.ok(all.rows.some((r) => r.certificate_status !== undefined));
  assert.equal(rowsToJsonl(all.rows), all.rows.map((r) => canonicalJson(r) + "\n").join(""));
  assert.equal(
    rowsToJsonl(all.timings),
    all.timings.map((r) => canonicalJson(r) + "\n").join(""),
  );
  // A row with an extra field falls back to the generic writer instead of dropping it.
  const extra = { ...all.rows[0], note: "x" };
  assert.equal(rowsToJsonl([extra]), canonicalJson(extra) + "\n");
  const csv = rowsToCsv(all.rows).split("\n");
  assert.equal(csv.length, all.rows.length + 2);
  const ids = CSV_COLUMNS.indexOf("selected_candidate_ids");
  const first = all.rows.find((r) => r.selected_candidate_ids.length > 1)!;
  const line = csv[1 + all.rows.indexOf(first)];
  assert.ok(
    line.includes(`"${JSON.stringify(first.selected_candidate_ids).replaceAll('"', '""')}"`),
  );
  assert.equal(line.split(",")[0], first.distribution);
  assert.ok(ids > 0);
});

Deno.test("rowsToJsonl() and rowsToCsv() quote awkward strings as the generic writers do", async () => {
  const { canonicalJson } = await import("../../lib/base/canonical_json.ts");
  const { parseCsv: parse } = await import("../../lib/base/deps/csv_parse.ts");
  const base = runUnit("base", 0, { budgets: [2], methods: ["oracle_gvt"] }).rows[0];
  const odd: ResultRow = {
    ...base,
    distribution: 'dist,"one"',
    method: "m\nline",
    instance_id: "é\u2028x",
    selected_candidate_ids: ['a"b', "c,d", "e\r\nf", "plain"],
    representation_mix: { 'q"t': 2, "a,b": 1 },
    policy_metadata: { z: 'say "hi"', a: "x,y" },
    certificate_status: "odd,status",
    versions: { memaudit: "9.9,9", schema: 7 },
    ratio_to_opt: Number.NaN,
    optimum_value: null,
    upper_bound_source: null,
  };
  // Twice: the second time the recurring strings come from the writer's caches.
  for (let pass = 0; pass < 2; pass++) {
    assert.equal(rowsToJsonl([odd, base]), canonicalJson(odd) + "\n" + canonicalJson(base) + "\n");
    const [header, cells] = parse(rowsToCsv([odd]), { relax_quotes: false }) as string[][];
    assert.deepEqual(header, [...CSV_COLUMNS]);
    const expect: Record<string, string> = {
      distribution: odd.distribution,
      method: odd.method,
      instance_id: odd.instance_id,
      ratio_to_opt: "NaN",
      optimum_value: "",
      upper_bound_source: "",
      certificate_status: "odd,status",
      selected_candidate_ids: JSON.stringify(odd.selected_candidate_ids),
      representation_mix: '{"a,b":1,"q\\"t":2}',
      policy_metadata: '{"a":"x,y","z":"say \\"hi\\""}',
      memaudit_version: "9.9,9",
      package_schema_version: "7",
    };
    for (const [col, want] of Object.entries(expect)) {
      assert.equal(cells[CSV_COLUMNS.indexOf(col)], want, col);
    }
  }
});

Deno.test("rowsToJsonl() and rowsToCsv() write rows of another shape as the generic writers do", async () => {
  const { canonicalJson } = await import("../../lib/base/canonical_json.ts");
  const { parseCsv: parse } = await import("../../lib/base/deps/csv_parse.ts");
  const base = runUnit("base", 0, { budgets: [2], methods: ["opt", "density_only"] }).rows[1];
  const { upper_bound_source: _dropped, ...missingOne } = base;
  const inherited = Object.assign(Object.create({ inherited: 1 }), missingOne) as ResultRow;
  const odd: [string, ResultRow][] = [
    ["an inherited field in place of a missing one", inherited],
    ["a field set to undefined", { ...base, optimum_value: undefined as unknown as null }],
    ["a missing field and an extra one", { ...missingOne, note: "x" } as unknown as ResultRow],
    ["a null boolean", { ...base, opt_degenerate: null as unknown as boolean }],
    ["an undefined id", { ...base, selected_candidate_ids: [undefined as unknown as string, "a"] }],
    ["a string budget", { ...base, budget: "1,5" as unknown as number }],
    ["an array mix", { ...base, representation_mix: [2] as unknown as Record<string, number> }],
  ];
  const baseCells = (parse(rowsToCsv([base])) as string[][])[1];
  // Non-finite update metrics: null in JSON (as JSON.stringify writes NaN), "NaN" in the CSV.
  const nanMetrics = {
    ...base,
    update_metrics: { ...base.update_metrics, stale_units_total: NaN },
  };
  assert.equal(rowsToJsonl([nanMetrics]), canonicalJson(nanMetrics) + "\n");
  assert.ok(rowsToJsonl([nanMetrics]).includes('"stale_units_total":null'));
  const nanCells = (parse(rowsToCsv([nanMetrics])) as string[][])[1];
  assert.equal(nanCells[CSV_COLUMNS.indexOf("stale_units_total")], "NaN");
  for (const [what, row] of odd) {
    assert.equal(rowsToJsonl([row]), canonicalJson(row) + "\n", what);
    const cells = (parse(rowsToCsv([row])) as string[][])[1];
    assert.equal(cells.length, CSV_COLUMNS.length, what);
    CSV_COLUMNS.forEach((col, i) => {
      const v = (row as unknown as Record<string, unknown>)[col];
      if (col in base && !Object.is(v, (base as unknown as Record<string, unknown>)[col])) {
        // The changed column: its value's text (empty for null and undefined, JSON for objects).
        const want = v === null || v === undefined
          ? ""
          : typeof v === "object"
          ? canonicalJson(v)
          : String(v);
        assert.equal(cells[i], want, `${what}: ${col}`);
      } else if (col !== "upper_bound_source") {
        assert.equal(cells[i], baseCells[i], `${what}: ${col}`);
      }
    });
  }
});
