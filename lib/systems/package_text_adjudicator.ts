/**
 * An adjudicator for memories copied from package candidates: a memory whose text equals a
 * candidate's text (after whitespace normalisation) gets that candidate's coverage row. It makes
 * the round trip of a writer's exported store exact; a memory with new text gets no coverage (use a
 * lexical, imported or LLM adjudicator for those).
 *
 * @module
 */
import type { AdjudicationRequest, Adjudicator, CoverageEdge } from "../adjudicate/types.ts";
import type { Package } from "../package/schema.ts";

const norm = (s: string) => s.trim().split(/\s+/).join(" ");

/**
 * Builds the package-text adjudicator of `pkg`.
 *
 * When several candidates share a text, the memory gets the maximum of their coverage values per
 * unit. Edges carry provenance `imported:package_text` and the id of the first matching candidate
 * as rationale. Requests whose `packageId` differs from `pkg.id` (or from a union built on it,
 * `<id>+<system>`) are refused.
 *
 * @param pkg the package whose candidates the memories copy
 * @returns the adjudicator (name `package_text`)
 */
export function packageTextAdjudicator(pkg: Package): Adjudicator {
  const rows = new Map<string, { first: string; cells: Map<string, number> }>();
  const textOf = new Map(pkg.candidates.map((c) => [c.id, c.text]));
  for (const cell of pkg.coverage) {
    const text = textOf.get(cell.candidate);
    if (text === undefined || cell.value <= 0) continue;
    const key = norm(text);
    const row = rows.get(key) ?? { first: cell.candidate, cells: new Map<string, number>() };
    row.cells.set(cell.unit, Math.max(row.cells.get(cell.unit) ?? 0, cell.value));
    rows.set(key, row);
  }
  return {
    name: "package_text",
    adjudicate(req: AdjudicationRequest): Promise<CoverageEdge[]> {
      if (req.packageId !== pkg.id && !req.packageId.startsWith(`${pkg.id}+`)) {
        const msg =
          `Cannot adjudicate for package '${req.packageId}': this adjudicator holds '${pkg.id}'`;
        return Promise.reject(new RangeError(msg));
      }
      const row = rows.get(norm(req.memory.text));
      if (!row) return Promise.resolve([]);
      const wanted = new Set(req.units.map((u) => u.id));
      return Promise.resolve(
        [...row.cells].filter(([u]) => wanted.has(u)).map(([unit, value]) => ({
          unit,
          value,
          provenance: "imported:package_text",
          rationale: row.first,
        })),
      );
    },
  };
}
