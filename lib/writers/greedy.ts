/**
 * Global marginal-density greedy and its type-restricted variants
 * (ARTIFACT-SPEC §4.4 `greedy`, `fact_only`, `summary_only`, §8 item 6).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { checkBudget, densityPick, finish, Recorder } from "./_common.ts";
import type { WriterResult } from "./types.ts";

/** Options of {@linkcode greedy}. */
export interface GreedyOptions {
  /** Candidates the greedy may use (default: all). */
  allow?: (c: number) => boolean;
  /** Method id reported in the result (default "greedy"). */
  writer?: string;
  /** Display name reported in the result (default "Greedy"). */
  label?: string;
}

/**
 * Global greedy (`greedy`; also the artifact's `reference_value`): repeatedly, over the allowed
 * candidates not yet stored whose group has room, that fit and have Δ > 1e-12, insert the one
 * maximising (Δ/cost, Δ, −cost, id); stop when none is left.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @param opts candidate filter and the reported method id / label
 * @returns the store in pick order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function greedy(
  cp: CompiledPackage,
  budget: number,
  opts: GreedyOptions = {},
): WriterResult {
  const writer = opts.writer ?? "greedy";
  checkBudget(writer, budget);
  const allow = opts.allow ?? (() => true);
  const pool: number[] = [];
  for (let c = 0; c < cp.candIds.length; c++) if (allow(c)) pool.push(c);
  const rec = new Recorder(cp);
  const taken = new Uint8Array(cp.candIds.length);
  for (;;) {
    const [best, gain] = densityPick(cp, rec.state, pool, budget, taken);
    if (best < 0) break;
    taken[best] = 1;
    rec.add(best, gain);
  }
  return finish(writer, opts.label ?? "Greedy", budget, rec);
}

/**
 * Fact-only (`fact_only`): {@linkcode greedy} restricted to representation
 * type exactly `atomic_fact` (the legacy type `fact` is excluded).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in pick order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function factOnly(cp: CompiledPackage, budget: number): WriterResult {
  return greedy(cp, budget, {
    allow: (c) => cp.rep[c] === "atomic_fact",
    writer: "fact_only",
    label: "Fact-only",
  });
}

/**
 * Summary-only (`summary_only`): {@linkcode greedy} restricted to
 * representation type exactly `summary`.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in pick order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function summaryOnly(cp: CompiledPackage, budget: number): WriterResult {
  return greedy(cp, budget, {
    allow: (c) => cp.rep[c] === "summary",
    writer: "summary_only",
    label: "Summary-only",
  });
}
