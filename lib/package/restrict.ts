/**
 * A package restricted to some of its candidates: the pools of the representation ablations
 * (lib/writers/restrict_package.ts), the pruned union stores (lib/systems/pruning.ts) and the
 * covering part the exact solvers search (lib/solve/milp.ts).
 *
 * @module
 */
import { compileDerivedPackage, type CompiledPackage } from "./compile.ts";
import type { Package } from "./schema.ts";

/**
 * A package with only the kept candidates: same units, weights, h, group cap, queries and budgets;
 * coverage cells of dropped candidates and experiences left without candidates are removed. Group
 * order is unchanged (it depends only on the experiences' (order, id)); candidate ids are shared
 * with `cp`, indices are not.
 *
 * @param cp compiled package
 * @param keep predicate over candidate indices of `cp`
 * @returns the compiled restricted package (its `pkg.id` gets a "#restricted" suffix)
 */
export function restrictPackage(
  cp: CompiledPackage,
  keep: (c: number) => boolean,
): CompiledPackage {
  const pkg = cp.pkg;
  const candidates = pkg.candidates.filter((_, c) => keep(c));
  const kept = new Set(candidates.map((c) => c.id));
  const used = new Set(candidates.map((c) => c.experience));
  const restricted: Package = {
    ...pkg,
    id: `${pkg.id}#restricted`,
    experiences: pkg.experiences.filter((e) => used.has(e.id)),
    candidates,
    coverage: pkg.coverage.filter((cell) => kept.has(cell.candidate)),
  };
  return compileDerivedPackage(restricted, cp, { k: cp.k });
}
