/** Helpers shared by the sweep tests. */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  checkGridOptions,
  gridFromBasis,
  runSweep,
  type SweepOptions,
} from "../../lib/sweep/run_sweep.ts";
import { generate } from "../../lib/generate/distributions.ts";
import {
  budgetBasisFromTotals,
  packageCostTotal,
  parseBudgetToken,
} from "../../lib/generate/budgets.ts";
import { compareBySeed } from "../../lib/score/aggregate.ts";
import { type MergeReport, mergeShardFolders } from "../../lib/shard/join.ts";
import type { ResultRow } from "../../lib/sweep/row.ts";
import type { SweepGrid } from "../../lib/sweep/grid.ts";
import { SWEEP_SHARDS } from "../../lib/sweep/shard.ts";
import { liteBlock, SummaryBuilder, type SweepSummary } from "../../lib/sweep/summary.ts";

/** Runs a sweep and stops it (a thrown error, as a crash) once two units are recorded. */
export async function crashAfterTwoUnits(opts: SweepOptions): Promise<void> {
  let seen = 0;
  await assert.rejects(
    runSweep({
      ...opts,
      onProgress: (done) => {
        if (done > 0 && ++seen === 2) throw new Error("simulated crash");
      },
    }),
    /simulated crash/,
  );
}

/** The InputError `p` rejects with (fails the test if it resolves or throws anything else). */
export async function inputError(p: Promise<unknown>): Promise<InputError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof InputError, String(err));
    return err;
  }
  assert.fail("expected an InputError");
}

/** The summary of a set of rows in any order, through one {@linkcode SummaryBuilder}. */
export function summarizeRows(rows: readonly ResultRow[], grid: SweepGrid): SweepSummary {
  const b = new SummaryBuilder();
  const sorted = [...rows].sort(compareBySeed);
  // After the sort the rows of one unit (distribution, seed, instance) are adjacent.
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (
      j < sorted.length && sorted[j].distribution === sorted[i].distribution &&
      sorted[j].seed === sorted[i].seed && sorted[j].instance_id === sorted[i].instance_id
    ) j++;
    b.addBlock(liteBlock(sorted.slice(i, j)));
    i = j;
  }
  return b.summary(grid);
}

/** Merges sweep shard folders into `outDir`, as `memaudit merge` does (lib/shard/join.ts). */
export function mergeSweepShards(dirs: readonly string[], outDir: string): Promise<MergeReport> {
  return mergeShardFolders(
    dirs,
    outDir,
    (k) => Promise.resolve(k === "sweep" ? SWEEP_SHARDS : undefined),
  );
}

/** The grid `runSweep(opts)` resolves: checked names and seeds, budget tokens to budgets. */
export function resolveGrid(opts: SweepOptions): SweepGrid {
  checkGridOptions(opts);
  const needsBasis = opts.budgets.some((t) => parseBudgetToken(String(t)).kind === "fraction");
  const totals = needsBasis
    ? opts.distributions.flatMap((d) => opts.seeds.map((s) => packageCostTotal(generate(d, s))))
    : [];
  return gridFromBasis(opts, needsBasis ? budgetBasisFromTotals(totals) : null);
}
