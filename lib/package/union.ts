/**
 * The union package P+(Y) (paper 000 definition 2): an external store's
 * memories Y become candidates of kind `system`, with their own measured
 * costs and adjudicated coverage rows, each its own group unless tied to an
 * experience of the package. Units, queries and weights stay the package's.
 *
 * Bad memories are reported by the memory, not by the union package's internal path: an error names
 * the memory's index and id in the store (`memory 3 (id 'm7')`) and the field or unit at fault.
 *
 * @module
 */
import { formatPath, InputError } from "../base/errors.ts";
import { type Package, type PackageInput, PackageSchema } from "./schema.ts";

/** One memory of an external store, ready to join a union package. */
export interface ExternalMemory {
  /** Memory id in its store (made unique in the union by a system prefix). */
  id: string;
  /** The memory's text, when known. */
  text?: string;
  /** Measured cost in the package's cost units (finite, > 0). */
  cost: number;
  /** Adjudicated coverage row: unit id (a unit of the package) -> a_ur in [0, 1]. */
  coverage: Record<string, number>;
  /**
   * Tie the memory to this experience's group instead of its own group: an experience of the
   * package, or the own group of another memory of the store (its union candidate id).
   */
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
 * @throws {InputError} naming the memory (`memory i (id 'x')`) and the unit or field if a
 *   memory has a cost that is not finite and > 0, a coverage value that is not a number in
 *   [0, 1] (NaN included), an unknown unit or experience id, or a duplicate id
 */
export function unionPackage(
  pkg: Package,
  memories: readonly ExternalMemory[],
  opts: { system?: string; file?: string } = {},
): Package {
  const system = opts.system ?? "system", file = opts.file ?? "<store>";
  const memoryName = (i: number) => `memory ${i} (id ${JSON.stringify(memories[i].id)})`;
  const fail = (i: number, what: string, expected: string): never => {
    throw new InputError(file, { path: `${memoryName(i)}, ${what}` }, expected);
  };

  const unitIds = new Set(pkg.units.map((u) => u.id));
  const groupIds = new Set(pkg.experiences.map((e) => e.id));
  const seen = new Map<string, number>();
  memories.forEach((m, i) => {
    const first = seen.get(m.id);
    if (first !== undefined) fail(i, "id", `expected a unique id; memory ${first} has it too`);
    seen.set(m.id, i);
    if (m.experience === undefined) groupIds.add(unionCandidateId(system, m.id));
  });
  memories.forEach((m, i) => {
    if (typeof m.cost !== "number" || !Number.isFinite(m.cost) || m.cost <= 0) {
      fail(i, "cost", `expected a finite cost > 0, got ${String(m.cost)}`);
    }
    if (m.experience !== undefined && !groupIds.has(m.experience)) {
      fail(i, "experience", `expected an experience of the package, got '${m.experience}'`);
    }
    for (const [unit, value] of Object.entries(m.coverage)) {
      const where = `unit ${JSON.stringify(unit)}`;
      if (!unitIds.has(unit)) fail(i, where, "expected a unit id of the package");
      if (typeof value !== "number" || !(value >= 0 && value <= 1)) {
        fail(i, where, `expected a coverage value in [0, 1], got ${String(value)}`);
      }
    }
  });

  const maxOrder = pkg.experiences.reduce((m, e) => Math.max(m, e.order), -1);
  const experiences: PackageInput["experiences"] = [...pkg.experiences];
  const candidates: PackageInput["candidates"] = [...pkg.candidates];
  const coverage: PackageInput["coverage"] = [...pkg.coverage];
  // Which memory each added experience and candidate comes from (for error messages).
  const expOrigin: number[] = [];
  memories.forEach((m, i) => {
    const cid = unionCandidateId(system, m.id);
    let experience = m.experience;
    if (experience === undefined) {
      experience = cid;
      const text = m.text ? { text: m.text } : {};
      experiences.push({ id: cid, order: m.order ?? maxOrder + 1 + i, ...text });
      expOrigin.push(i);
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
  const union = { ...pkg, id: `${pkg.id}+${system}`, experiences, candidates, coverage };
  const result = PackageSchema.safeParse(union);
  if (result.success) return result.data;
  // Anything left (a bad order, salience, id...): name the memory it came from.
  const [issue] = result.error.issues;
  const [head, index, ...rest] = issue.path;
  const field = rest.length > 0 ? formatPath(rest) : "(memory)";
  if (head === "candidates" && typeof index === "number" && index >= pkg.candidates.length) {
    fail(index - pkg.candidates.length, field, issue.message);
  }
  if (head === "experiences" && typeof index === "number" && index >= pkg.experiences.length) {
    fail(expOrigin[index - pkg.experiences.length], field, issue.message);
  }
  throw new InputError(file, { path: formatPath(issue.path) }, issue.message);
}
