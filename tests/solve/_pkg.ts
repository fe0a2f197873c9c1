/** Shared test helper: small packages written as tuples. */
import { type CompiledPackage, compilePackage, type PackageInput, parsePackage } from "memaudit";

/** A package with explicit unit weights; coverage as [candidate, unit, value]. */
export function pkg(
  cands: [id: string, exp: string, cost: number][],
  units: [id: string, weight: number][],
  cov: [cand: string, unit: string, value: number][],
  extra: Partial<PackageInput> = {},
): CompiledPackage {
  const exps = [...new Set(cands.map((c) => c[1]))];
  return compilePackage(parsePackage({
    schema_version: 1,
    id: "t",
    weight_source: "explicit",
    experiences: exps.map((id, i) => ({ id, order: i })),
    candidates: cands.map(([id, experience, cost]) => ({ id, experience, kind: "fact", cost })),
    units: units.map(([id, weight]) => ({ id, family: "fact", weight })),
    coverage: cov.map(([candidate, unit, value]) => ({ candidate, unit, value })),
    ...extra,
  }));
}
