/**
 * A package with every candidate re-costed under a memory cost model
 * (ARTIFACT-SPEC §6.6 sensitivity rules: words recomputed from the text, or
 * byte-overhead), so package candidates and exported memories share units.
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import { memoryCost, type MemoryCostModel } from "./cost_models.ts";

/** Result of {@linkcode recostPackage}. */
export interface RecostedPackage {
  package: Package;
  /** Candidates without text, which keep their declared cost. */
  kept: string[];
}

/**
 * Re-costs every candidate with text under `model` (`words`: max(1,
 * non-space tokens), without the natural package's per-type clamps, as the
 * artifact's sensitivity rule; `byte_overhead`: 8 + ceil(UTF-8 bytes / 24)).
 * Budgets are kept as they are (they are in the new units).
 *
 * @param pkg the package
 * @param model cost model
 * @returns the re-costed package (id `<id>@<model>`) and the candidates that kept their cost
 */
export function recostPackage(pkg: Package, model: MemoryCostModel): RecostedPackage {
  const kept: string[] = [];
  const candidates = pkg.candidates.map((c) => {
    if (c.text === undefined || c.text === "") {
      kept.push(c.id);
      return c;
    }
    return { ...c, cost: memoryCost(c.text, model) };
  });
  return { package: { ...pkg, id: `${pkg.id}@${model}`, candidates }, kept };
}
