/**
 * The lexical adjudicator on a user's own package (paper 000 definition 2; issue 30 item 3): a
 * memory covers a unit with a text when the lexical adjudicator finds the unit's words in it; a
 * unit without a text is read through the candidates that cover it: the memory covers the unit at
 * min(lexical value of the memory against the candidate's text, the candidate's coverage of the
 * unit), the maximum over those candidates. A memory that copies a candidate's text (after
 * whitespace normalisation) covers at least what that candidate covers, as the package-text
 * adjudicator says (a copy of a one-word candidate has too few stems for the lexical test). A
 * weighted unit neither route can read (no text of its own, no covering candidate with a word that
 * has a stem) is unmatchable: no memory can cover it, and {@linkcode packageLexical} reports it
 * with its weight.
 *
 * @module
 */
import { LexicalAdjudicator, lexicalStems } from "../adjudicate/lexical.ts";
import type { AdjudicationRequest, Adjudicator, CoverageEdge } from "../adjudicate/types.ts";
import { compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { packageTextAdjudicator } from "./package_text_adjudicator.ts";

/** Weighted units no memory can cover under {@linkcode packageLexical}. */
export interface Unmatchable {
  /** Their ids, in package order. */
  units: string[];
  /** Their summed weight (weight units). */
  weight: number;
  /** That weight over the package's total unit weight (0 when the total is 0). */
  share: number;
}

/** The package lexical adjudicator and what it cannot read. */
export interface PackageLexical {
  /** The adjudicator (name `lexical`). */
  adjudicator: Adjudicator;
  /** Weighted units without a text read through their covering candidates' texts. */
  viaCandidates: string[];
  /** Weighted units it cannot match at all. */
  unmatchable: Unmatchable;
}

const hasStems = (t: string | undefined) => t !== undefined && lexicalStems(t).length > 0;

/**
 * Builds the lexical adjudicator of a package: IDF over the package's experience and candidate
 * texts; thresholds as {@linkcode LexicalAdjudicator}'s defaults.
 *
 * @returns the adjudicator, the units read through candidates and the unmatchable units
 */
export function packageLexical(pkg: Package): PackageLexical {
  const corpus = [
    ...pkg.experiences.map((e) => e.text ?? ""),
    ...pkg.candidates.map((c) => c.text ?? ""),
  ].filter((t) => t !== "");
  const lex = new LexicalAdjudicator({ corpus });
  const textOf = new Map(pkg.candidates.map((c) => [c.id, c.text]));
  // unit -> (candidate text, coverage value) of the candidates covering it, in coverage order
  const through = new Map<string, { text: string; value: number }[]>();
  for (const cell of pkg.coverage) {
    const text = textOf.get(cell.candidate);
    if (cell.value <= 0 || !hasStems(text)) continue;
    const list = through.get(cell.unit) ?? [];
    list.push({ text: text!, value: cell.value });
    through.set(cell.unit, list);
  }
  const weights = compilePackage(pkg).weights;
  const total = weights.reduce((a, w) => a + w, 0);
  const viaCandidates: string[] = [];
  const unmatched: string[] = [];
  let weight = 0;
  pkg.units.forEach((u, i) => {
    if (weights[i] <= 0 || hasStems(u.text)) return;
    if (through.has(u.id)) viaCandidates.push(u.id);
    else {
      unmatched.push(u.id);
      weight += weights[i];
    }
  });
  const copies = packageTextAdjudicator(pkg);
  const adjudicator: Adjudicator = {
    name: "lexical",
    async adjudicate(req: AdjudicationRequest): Promise<CoverageEdge[]> {
      const copied = new Map((await copies.adjudicate(req)).map((e) => [e.unit, e]));
      const out: CoverageEdge[] = [];
      for (const u of req.units) {
        const copy = copied.get(u.id);
        let best = copy?.value ?? 0, why = `copy of candidate ${copy?.rationale}`;
        if (hasStems(u.text)) {
          const r = lex.score(req.memory.text, u.text);
          if (r.value > best) {
            [best, why] = [r.value, `score=${r.score.toFixed(3)} matched=${r.matched}`];
          }
        } else {
          for (const c of through.get(u.id) ?? []) {
            const r = lex.score(req.memory.text, c.text);
            const v = Math.min(r.value, c.value);
            if (v > best) [best, why] = [v, `via candidate text: score=${r.score.toFixed(3)}`];
          }
        }
        if (best > 0) out.push({ unit: u.id, value: best, provenance: "lexical", rationale: why });
      }
      return out;
    },
  };
  return {
    adjudicator,
    viaCandidates,
    unmatchable: { units: unmatched, weight, share: total > 0 ? weight / total : 0 },
  };
}
