/** Helpers for the distribution tests: a package's counts and its weights. @module */
import type { Package } from "../../../lib/package/schema.ts";

/** The seeds the counts are checked at. */
export const SEEDS = [0, 1, 17, 499];

/** [experiences, candidates, total cost] of a package. */
export function shape(p: Package): [number, number, number] {
  return [p.experiences.length, p.candidates.length, p.candidates.reduce((s, c) => s + c.cost, 0)];
}

/** [unit id, weight] in the package's unit order. */
export function weights(p: Package): [string, number | undefined][] {
  return p.units.map((u) => [u.id, u.weight]);
}

/** [unit, value] of a candidate's coverage cells, in order. */
export function cells(p: Package, candidate: string): [string, number][] {
  return p.coverage.filter((c) => c.candidate === candidate).map((c) => [c.unit, c.value]);
}
