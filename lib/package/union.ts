/**
 * The union package P+(Y) (paper 000 definition 2): an external store's
 * memories Y become candidates of kind `system`, with their own measured
 * costs and adjudicated coverage rows, each its own group unless tied to an
 * experience of the package. Units, queries and weights stay the package's.
 *
 * @module
 */
import { parsePackage } from "./parse.ts";
import type { Package, PackageInput } from "./schema.ts";

/** One memory of an external store, ready to join a union package. */
export interface ExternalMemory {
  /** Memory id in its store (made unique in the union by a system prefix). */
  id: string;
  text?: string;
  /** Measured cost in the package's cost units (> 0). */
  cost: number;
  /** Adjudicated coverage row: unit id -> a_ur in [0, 1]. */
  coverage: Record<string, number>;
  /** Tie the memory to this experience's group instead of its own group. */
  experience?: string;
  /** Arrival order of the memory (default: after every package experience, in list order). */
  order?: number;
  /** System salience score in [0, 1], if the system gives one. */
  salience?: number;
}

/** Candidate id of memory `id` of `system` in the union package. */
export function unionCandidateId(system: string, id: string): string {
  return `${system}::${id}`;
}

/**
 * Builds P+(Y).
 *
 * @param pkg the package P
 * @param memories the store Y
 * @param opts.system system label used in ids and `source` (default `system`)
 * @param opts.file name used in error messages (default `<store>`)
 * @returns the validated union package (id `<package id>+<system>`)
 * @throws {InputError} if a memory names an unknown unit or experience, has a
 *   cost <= 0, a coverage value outside [0, 1] or a duplicate id
 */
export function unionPackage(
  pkg: Package,
  memories: readonly ExternalMemory[],
  opts: { system?: string; file?: string } = {},
): Package {
  const system = opts.system ?? "system";
  const maxOrder = pkg.experiences.reduce((m, e) => Math.max(m, e.order), -1);
  const experiences = [...pkg.experiences];
  const candidates: PackageInput["candidates"] = [...pkg.candidates];
  const coverage: PackageInput["coverage"] = [...pkg.coverage];
  memories.forEach((m, i) => {
    const cid = unionCandidateId(system, m.id);
    let experience = m.experience;
    if (experience === undefined) {
      experience = cid;
      experiences.push({
        id: cid,
        order: m.order ?? maxOrder + 1 + i,
        ...(m.text ? { text: m.text } : {}),
      });
    }
    candidates.push({
      id: cid,
      experience,
      kind: "system",
      representation: `${system}_memory`,
      cost: m.cost,
      source: system,
      ...(m.text !== undefined ? { text: m.text } : {}),
      ...(m.salience !== undefined ? { salience: m.salience } : {}),
    });
    for (const [unit, value] of Object.entries(m.coverage)) {
      if (value > 0) coverage.push({ candidate: cid, unit, value, provenance: "adjudicated" });
    }
  });
  return parsePackage(
    { ...pkg, id: `${pkg.id}+${system}`, experiences, candidates, coverage },
    opts.file ?? "<store>",
  );
}
