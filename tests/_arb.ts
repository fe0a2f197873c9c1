/** Shared fast-check arbitraries: random small packages for solver and writer tests. */
import fc from "fast-check";
import { type CompiledPackage, compilePackage, type PackageInput, parsePackage } from "memaudit";

/** Shape knobs for {@linkcode arbPackage}. */
export interface ArbShape {
  maxGroups?: number;
  maxPerGroup?: number;
  maxUnits?: number;
  /** Allow k = 2 packages. */
  k2?: boolean;
  /** Allow piecewise-linear h. */
  piecewise?: boolean;
  /** Coverage values below this become 0 (default 0: subnormal values possible). */
  minCoverage?: number;
}

/**
 * Random small packages with many ties (integer costs, few distinct
 * coverage values and weights), zero-coverage candidates, optional k = 2 and
 * piecewise h, plus a budget.
 */
export function arbPackage(
  shape: ArbShape = {},
): fc.Arbitrary<{ input: PackageInput; budget: number }> {
  const { maxGroups = 5, maxPerGroup = 3, maxUnits = 5, k2 = false, piecewise = false } = shape;
  const minCoverage = shape.minCoverage ?? 0;
  const coverage = fc.oneof(
    fc.constantFrom(0, 0.25, 0.5, 1),
    fc.double({ min: 0, max: 1, noNaN: true }),
  );
  return fc.record({
    units: fc.array(fc.constantFrom(0, 0.5, 1, 1.2, 2), { minLength: 1, maxLength: maxUnits }),
    groups: fc.array(
      fc.array(fc.record({ cost: fc.integer({ min: 1, max: 6 }), seed: fc.nat() }), {
        minLength: 1,
        maxLength: maxPerGroup,
      }),
      { minLength: 1, maxLength: maxGroups },
    ),
    covs: fc.array(coverage, { minLength: 64, maxLength: 64 }),
    budget: fc.integer({ min: 1, max: 16 }),
    k: k2 ? fc.constantFrom(1, 2) : fc.constant(1),
    h: piecewise
      ? fc.constantFrom(null, [{ width: 0.5, slope: 1 }, { width: 1, slope: 0.4 }])
      : fc.constant(null),
  }).map(({ units, groups, covs, budget, k, h }) => {
    let t = 0;
    const input: PackageInput = {
      schema_version: 1,
      id: "arb",
      weight_source: "explicit",
      group_cap: k,
      ...(h ? { h: h.map((s) => ({ ...s })) } : {}),
      experiences: groups.map((_, g) => ({ id: `e${g}`, order: g })),
      candidates: groups.flatMap((cs, g) =>
        cs.map((c, j) => ({
          id: `e${g}c${j}`,
          experience: `e${g}`,
          kind: "fact" as const,
          cost: c.cost,
        }))
      ),
      units: units.map((w, r) => ({ id: `r${r}`, family: "fact" as const, weight: w })),
      coverage: groups.flatMap((cs, g) =>
        cs.flatMap((c, j) =>
          units.flatMap((_, r) => {
            const raw = covs[(t++ + c.seed) % covs.length];
            const v = raw < minCoverage ? 0 : raw;
            return (c.seed + r) % 3 === 0 || v === 0
              ? []
              : [{ candidate: `e${g}c${j}`, unit: `r${r}`, value: v }];
          })
        )
      ),
      budgets: [budget],
    };
    return { input, budget };
  });
}

/** Parses and compiles an arbitrary package. */
export function compileArb(input: PackageInput): CompiledPackage {
  return compilePackage(parsePackage(input));
}
