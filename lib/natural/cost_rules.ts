/**
 * Cost rules of natural packages (ARTIFACT-SPEC §6.6, §8 item 10; paper 001
 * §2 and appendix C): the default per-representation clamped word counts,
 * plain word counts, and the byte-overhead rule c(u) = 8 + ceil(bytes/24).
 *
 * @module
 */
import type { Candidate, Package } from "../package/schema.ts";
import { words } from "./dialogue.ts";

/** Cost rules: `default` (§6.6 clamps), `word` (max(1, words)), `byte_overhead`. */
export const COST_RULES = ["default", "word", "byte_overhead"] as const;
/** One of {@linkcode COST_RULES}. */
export type CostRule = (typeof COST_RULES)[number];

/** The [low, high] clamp of each representation with its own rule (others: [6, 45]). */
const CLAMPS = new Map<string, readonly [number, number]>([
  ["atomic_fact", [4, 20]],
  ["tombstone", [4, 20]],
  ["graph_edge", [8, 35]],
  ["summary", [10, 45]],
  ["compound_update", [10, 45]],
]);

/**
 * The default natural-package cost of a serialized memory (ARTIFACT-SPEC
 * §6.6), w = max(1, whitespace words): raw_span max(12, w); atomic_fact and
 * tombstone clamp(w, 4, 20); graph_edge clamp(w, 8, 35); summary and
 * compound_update clamp(w, 10, 45); any other type clamp(w, 6, 45).
 *
 * @param representation fine representation type (e.g. `raw_span`, `event`)
 * @param text the serialized memory (for raw spans: the truncated text)
 * @returns the cost in word units
 */
export function naturalCost(representation: string, text: string): number {
  const w = Math.max(1, words(text).length);
  if (representation === "raw_span") return Math.max(12, w);
  const [lo, hi] = CLAMPS.get(representation) ?? [6, 45];
  return Math.min(hi, Math.max(lo, w));
}

/**
 * The byte-overhead cost max(1, 8 + ceil(UTF-8 bytes / 24)) (paper 001 §2).
 *
 * @param text the serialized memory
 * @returns the cost in byte-overhead units
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { byteOverheadCost } from "./cost_rules.ts";
 * assert.ok(byteOverheadCost("a".repeat(25)) === 10);
 * ```
 */
export function byteOverheadCost(text: string): number {
  return Math.max(1, 8 + Math.ceil(new TextEncoder().encode(text).length / 24));
}

/**
 * The cost of a candidate under a rule, from its text (its representation,
 * else its kind, picks the default clamp).
 *
 * @param rule cost rule
 * @param candidate a package candidate with text
 * @returns the cost (> 0)
 * @throws {RangeError} if the candidate has no text
 */
export function candidateCost(rule: CostRule, candidate: Candidate): number {
  const text = candidate.text;
  if (text === undefined) {
    throw new RangeError(`Cannot recost candidate '${candidate.id}': it has no text`);
  }
  if (rule === "word") return Math.max(1, words(text).length);
  if (rule === "byte_overhead") return byteOverheadCost(text);
  return naturalCost(candidate.representation ?? candidate.kind, text);
}

/**
 * A copy of the package with every candidate recosted under `rule`
 * (the sensitivity analyses recompute **all** candidates; ARTIFACT-SPEC §6.6).
 *
 * @param pkg a package whose candidates carry text
 * @param rule cost rule
 * @returns the recosted package (same id; meta.cost_rule set to `rule`)
 * @throws {RangeError} if a candidate has no text
 */
export function recostPackage(pkg: Package, rule: CostRule): Package {
  return {
    ...pkg,
    candidates: pkg.candidates.map((c) => ({ ...c, cost: candidateCost(rule, c) })),
    meta: { ...pkg.meta, cost_rule: rule },
  };
}
