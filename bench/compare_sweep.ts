/**
 * `deno run -A bench/compare_sweep.ts OURS_DIR PYTHON_DIR`: compares the
 * aggregate table (summary.json, `by_distribution_budget_method`) of our
 * sweep with the pure-Python reference's (bench/reference/sweep.py), cell by
 * cell: every numeric field, exact equality, equality at 4 decimals and the
 * largest absolute difference. Markdown on stdout; exit code 1 if a group is
 * missing or a 4-decimal value differs.
 *
 * @module
 */

/** One aggregate row (only the fields compared). */
interface Aggregate {
  distribution: string;
  budget: number;
  method: string;
  [field: string]: unknown;
}

const FIELDS = [
  "n",
  "mean_objective",
  "mean_ratio_to_opt",
  "bootstrap95_ratio_to_opt_low",
  "bootstrap95_ratio_to_opt_high",
  "mean_ratio_to_upper_bound",
  "mean_ratio_to_reference",
  "mean_selected_cost",
  "mean_invalidation_covered",
  "all_budget_feasible",
  "all_group_feasible",
] as const;

/**
 * Compares two summaries.
 *
 * @param ours our summary.json (parsed)
 * @param ref the reference's summary.json (parsed)
 * @returns per field: cells, exact matches, 4-decimal matches, max |diff|; and missing groups
 */
export function compareSummaries(
  ours: { by_distribution_budget_method: Aggregate[] },
  ref: { by_distribution_budget_method: Aggregate[] },
): {
  groups: number;
  missing: string[];
  fields: Record<string, { cells: number; exact: number; dec4: number; maxDiff: number }>;
} {
  const key = (a: Aggregate) => `${a.distribution}|${a.budget}|${a.method}`;
  const mine = new Map(ours.by_distribution_budget_method.map((a) => [key(a), a]));
  const missing: string[] = [];
  const fields: Record<string, { cells: number; exact: number; dec4: number; maxDiff: number }> =
    {};
  for (const f of FIELDS) fields[f] = { cells: 0, exact: 0, dec4: 0, maxDiff: 0 };
  for (const r of ref.by_distribution_budget_method) {
    const o = mine.get(key(r));
    if (o === undefined) {
      missing.push(key(r));
      continue;
    }
    mine.delete(key(r));
    for (const f of FIELDS) {
      const s = fields[f];
      s.cells++;
      const a = o[f], b = r[f];
      if (typeof a === "number" && typeof b === "number") {
        if (a === b) s.exact++;
        if (a.toFixed(4) === b.toFixed(4)) s.dec4++;
        s.maxDiff = Math.max(s.maxDiff, Math.abs(a - b));
      } else if (a === b) {
        s.exact++;
        s.dec4++;
      }
    }
  }
  for (const k of mine.keys()) missing.push(`${k} (ours only)`);
  return { groups: ref.by_distribution_budget_method.length, missing, fields };
}

if (import.meta.main) {
  if (Deno.args.length !== 2) {
    console.error("Usage: deno run -A bench/compare_sweep.ts OURS_DIR PYTHON_DIR");
    Deno.exit(2);
  }
  const read = (d: string) => JSON.parse(Deno.readTextFileSync(`${d}/summary.json`));
  const ref = read(Deno.args[1]);
  const res = compareSummaries(read(Deno.args[0]), ref);
  console.log(
    `# Aggregates: ours (${Deno.args[0]}) vs Python ${ref.python ?? "?"} ` +
      `reference, F summed with ${ref.sum ?? "?"} (${Deno.args[1]})\n`,
  );
  console.log(
    `${res.groups} groups (distribution, budget, method); missing: ${res.missing.length}\n`,
  );
  console.log("| field | cells | exactly equal | equal to 4 decimals | max abs diff |");
  console.log("|---|---|---|---|---|");
  let bad = res.missing.length > 0;
  for (const [f, s] of Object.entries(res.fields)) {
    console.log(`| ${f} | ${s.cells} | ${s.exact} | ${s.dec4} | ${s.maxDiff.toExponential(2)} |`);
    if (s.dec4 !== s.cells) bad = true;
  }
  for (const m of res.missing.slice(0, 10)) console.log(`missing: ${m}`);
  if (bad) Deno.exitCode = 1;
}
