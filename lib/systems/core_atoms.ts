/**
 * Core memory blocks split into memory atoms, approximating the artifact's Letta export
 * (ARTIFACT-SPEC §1.5).
 *
 * @module
 */
import { nonSpaceTokens } from "./cost_models.ts";

/** Longest atom, in words, before it is cut (ARTIFACT-SPEC §1.5). */
export const CORE_ATOM_MAX_WORDS = 90;
/** Shortest atom kept, in words (ARTIFACT-SPEC §1.5). */
export const CORE_ATOM_MIN_WORDS = 4;

/** Result of {@linkcode coreAtoms}: the atoms and what was dropped or cut. */
export interface CoreAtoms {
  atoms: string[];
  short: number;
  truncated: number;
  duplicates: number;
}

/**
 * Splits a core block's value into memory atoms, an approximation of the artifact's rule
 * (ARTIFACT-SPEC §1.5, whose full list of sentence starters is not given): lines are split at
 * sentence ends (`.`, `!`, `?`) followed by a capital letter; atoms under 4 words are dropped;
 * atoms over 90 words are cut to their first 90 words; repeats (whitespace-normalised, lowercase)
 * are dropped.
 *
 * @param value the block's value
 * @returns the atoms in text order and the counts of dropped and cut atoms
 */
export function coreAtoms(value: string): CoreAtoms {
  const out: CoreAtoms = { atoms: [], short: 0, truncated: 0, duplicates: 0 };
  const seen = new Set<string>();
  for (const line of value.split(/\r?\n/)) {
    for (const piece of line.trim().split(/(?<=[.!?])\s+(?=[A-Z])/)) {
      let words = nonSpaceTokens(piece);
      if (words.length === 0) continue;
      if (words.length < CORE_ATOM_MIN_WORDS) {
        out.short++;
        continue;
      }
      if (words.length > CORE_ATOM_MAX_WORDS) {
        words = words.slice(0, CORE_ATOM_MAX_WORDS);
        out.truncated++;
      }
      const atom = words.join(" ");
      const key = atom.toLowerCase();
      if (seen.has(key)) {
        out.duplicates++;
        continue;
      }
      seen.add(key);
      out.atoms.push(atom);
    }
  }
  return out;
}
