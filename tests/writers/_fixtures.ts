/** Hand-built packages for the writer tests. */
import fc from "fast-check";
import { type CompiledPackage, compilePackage, type PackageInput, parsePackage } from "memaudit";

type Cand = [
  id: string,
  exp: string,
  rep: string,
  cost: number,
  cov: Record<string, number>,
  text?: string,
];

const KIND: Record<string, "raw" | "fact" | "summary" | "tombstone" | "update"> = {
  raw: "raw",
  raw_span: "raw",
  atomic_fact: "fact",
  fact: "fact",
  summary: "summary",
  tombstone: "tombstone",
  compound_update: "update",
};

/** Builds and compiles a package from experiences (id, order), weighted units and candidates. */
export function build(
  exps: [string, number][],
  units: [string, number][],
  cands: Cand[],
  extra: Partial<PackageInput> = {},
): CompiledPackage {
  const input: PackageInput = {
    schema_version: 1,
    id: "fixture",
    weight_source: "explicit",
    experiences: exps.map(([id, order]) => ({ id, order })),
    units: units.map(([id, weight]) => ({ id, family: "fact" as const, weight })),
    candidates: cands.map(([id, experience, rep, cost, , text]) => ({
      id,
      experience,
      kind: KIND[rep] ?? "fact",
      representation: rep,
      cost,
      ...(text === undefined ? {} : { text }),
    })),
    coverage: cands.flatMap(([id, , , , cov]) =>
      Object.entries(cov).map(([unit, value]) => ({ candidate: id, unit, value }))
    ),
    ...extra,
  };
  return compilePackage(parsePackage(input));
}

/** One group, all with Δ = 1: "z" (summary) costs 2, "a" and "b" (atomic facts) cost 1. */
export function oneGroup(): CompiledPackage {
  return build([["e", 0]], [["u", 1]], [
    ["z", "e", "summary", 2, { u: 1 }],
    ["a", "e", "atomic_fact", 1, { u: 1 }],
    ["b", "e", "atomic_fact", 1, { u: 1 }],
  ]);
}

/** ARTIFACT-SPEC §3.10 `make_update_stress_instance` (used with B = 3). */
export function updateStress(): CompiledPackage {
  return build(
    [["old_pref", 0], ["meal_update", 1]],
    [["current", 2.0], ["invalid", 2.0], ["stale", 0.1]],
    [
      ["old_atomic", "old_pref", "atomic_fact", 2, { stale: 1 }, "FACT earlier diet: vegetarian"],
      ["old_raw", "old_pref", "raw_span", 3, { stale: 1 }, "I have been eating vegetarian meals."],
      ["new_atomic", "meal_update", "atomic_fact", 2, { current: 1 }, "FACT diet now pescatarian"],
      [
        "new_tombstone",
        "meal_update",
        "tombstone",
        1,
        { invalid: 1 },
        "TOMBSTONE vegetarian diet is no longer valid",
      ],
      [
        "new_compound",
        "meal_update",
        "compound_update",
        3,
        { current: 1, invalid: 1 },
        "UPDATE diet changed from vegetarian to pescatarian",
      ],
    ],
    {
      id: "update_stress",
      // Families and validity roles for the audits (writers ignore them).
      units: [
        { id: "current", family: "current_state", weight: 2, validity: "current" },
        { id: "invalid", family: "invalidation", weight: 2, validity: "invalidates_prior" },
        { id: "stale", family: "preference", weight: 0.1, validity: "superseded" },
      ],
    },
  );
}

/**
 * The `base` distribution at seed 0 written out by hand from ARTIFACT-SPEC
 * §3.1 (weights fact0 1.2, fact1 1.0, fact2 1.4, contexts 0.35, stale 0.15,
 * current/invalid 2.25; all three fact raw spans cost 6).
 */
export function baseSeed0(): CompiledPackage {
  const s = 0;
  const factW = [1.2, 1.0, 1.4];
  const units: [string, number][] = [];
  const seen = new Set<string>();
  const exps: [string, number][] = [];
  const cands: Cand[] = [];
  for (let i = 0; i < 3; i++) {
    const u = `fact:${s}:${i}`, k = `context:${s}:${Math.floor(i / 2)}`;
    units.push([u, factW[i]]);
    if (!seen.has(k)) units.push([k, 0.35]), seen.add(k);
    const e = `s${s}_fact_${i}`;
    exps.push([e, i]);
    cands.push([`${e}_raw_span`, e, "raw_span", 6, { [u]: 1.0, [k]: 0.4 }]);
    cands.push([`${e}_atomic_fact`, e, "atomic_fact", 2, { [u]: 1.0 }]);
    cands.push([`${e}_summary`, e, "summary", 3, { [u]: 0.7, [k]: 0.5 }]);
  }
  for (let j = 0; j < 2; j++) {
    const S = `stale:pref:${s}:${j}:old`, C = `current:pref:${s}:${j}:new`;
    const I = `invalid:pref:${s}:${j}:old_after_update`;
    units.push([S, 0.15], [C, 2.0 + 0.25 * 1], [I, 2.0 + 0.25 * 1]);
    const old = `s${s}_pref_${j}_old`, upd = `s${s}_pref_${j}_update`;
    exps.push([old, 3 + 2 * j], [upd, 4 + 2 * j]);
    cands.push([`${old}_raw_span`, old, "raw_span", 4, { [S]: 1.0 }]);
    cands.push([`${old}_atomic_fact`, old, "atomic_fact", 2, { [S]: 1.0 }]);
    cands.push([`${old}_summary`, old, "summary", 3, { [S]: 0.75 }]);
    cands.push([`${upd}_raw_span`, upd, "raw_span", 6, { [C]: 1.0, [I]: 0.45, [S]: 0.2 }]);
    cands.push([`${upd}_atomic_fact`, upd, "atomic_fact", 2, { [C]: 1.0 }]);
    cands.push([`${upd}_tombstone`, upd, "tombstone", 1, { [I]: 1.0 }]);
    cands.push([`${upd}_compound_update`, upd, "compound_update", 3, { [C]: 1.0, [I]: 1.0 }]);
    cands.push([`${upd}_summary`, upd, "summary", 4, { [C]: 0.75, [I]: 0.75, [S]: 0.1 }]);
  }
  return build(exps, units, cands, { id: "synthetic_seed_0" });
}

const REPS = [
  "raw",
  "raw_span",
  "atomic_fact",
  "fact",
  "summary",
  "tombstone",
  "compound_update",
  "skill",
];
const WORDS = [
  "current",
  "update",
  "preference",
  "invalid",
  "hint",
  "vegetarian",
  "meal",
  "tool",
  "full",
  "scoped",
];

/**
 * Random small packages (many ties: integer costs, few coverage values and
 * weights, shared orders) with varied representation types, texts and
 * confidences, plus a budget.
 */
export function arbWriterPackage(
  opts: { maxGroups?: number; maxPerGroup?: number; maxCost?: number; k2?: boolean } = {},
): fc.Arbitrary<{ cp: CompiledPackage; budget: number }> {
  const { maxGroups = 6, maxPerGroup = 4, maxCost = 6, k2 = false } = opts;
  const cand = fc.record({
    cost: fc.integer({ min: 1, max: maxCost }),
    rep: fc.constantFrom(...REPS),
    words: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }),
    conf: fc.constantFrom(undefined, 0.5, 1, 1.5),
    est: fc.constantFrom(undefined, undefined, undefined, 0, 2.5),
    cov: fc.array(fc.constantFrom(0, 0, 0.25, 0.5, 1, 0.3), { minLength: 5, maxLength: 5 }),
  });
  return fc.record({
    weights: fc.array(fc.constantFrom(0, 0.15, 0.5, 1, 2.25), { minLength: 1, maxLength: 5 }),
    groups: fc.array(
      fc.record({
        order: fc.integer({ min: 0, max: 3 }),
        cands: fc.array(cand, { minLength: 1, maxLength: maxPerGroup }),
      }),
      { minLength: 1, maxLength: maxGroups },
    ),
    budget: fc.integer({ min: 1, max: 14 }),
    k: k2 ? fc.constantFrom(1, 2) : fc.constant(1),
  }).map(({ weights, groups, budget, k }) => {
    const input: PackageInput = {
      schema_version: 1,
      id: "arb_writers",
      weight_source: "explicit",
      group_cap: k,
      experiences: groups.map((g, i) => ({ id: `g${i}`, order: g.order })),
      units: weights.map((w, r) => ({ id: `u${r}`, family: "fact" as const, weight: w })),
      candidates: groups.flatMap((g, i) =>
        g.cands.map((c, j) => ({
          id: `g${i}c${j}`,
          experience: `g${i}`,
          kind: KIND[c.rep] ?? "skill",
          representation: c.rep,
          cost: c.cost,
          text: c.words.join(" "),
          ...(c.conf === undefined ? {} : { confidence: c.conf }),
          ...(c.est === undefined ? {} : { estimated_value: c.est }),
        }))
      ),
      coverage: groups.flatMap((g, i) =>
        g.cands.flatMap((c, j) =>
          weights.flatMap((_, r) =>
            c.cov[r] > 0 ? [{ candidate: `g${i}c${j}`, unit: `u${r}`, value: c.cov[r] }] : []
          )
        )
      ),
    };
    return { cp: compilePackage(parsePackage(input)), budget };
  });
}
