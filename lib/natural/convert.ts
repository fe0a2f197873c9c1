/**
 * The whole-file LoCoMo converter: every QA item to a support-slice package
 * with every representation LoCoMo offers, then the audit trail (paper 000
 * §6, Table 2; ARTIFACT-SPEC §1.4, §6.6).
 *
 * @module
 */
import type { Candidate, Package } from "../package/schema.ts";
import { relabelPackage } from "../adjudicate/relabel.ts";
import type { LexicalAdjudicator } from "../adjudicate/lexical.ts";
import { auditLocomo, type QaAuditOptions, type QaAuditRecord } from "./audit.ts";
import type { LocomoSample } from "./load_locomo.ts";
import {
  LOCOMO_REPRESENTATIONS,
  locomoLexicalAdjudicator,
  type LocomoSliceOptions,
} from "./locomo.ts";
import { type LocomoSlices, locomoSlices } from "./locomo_slices.ts";

/**
 * Converts whole LoCoMo files: {@linkcode locomoSlices} with all four
 * representations by default (raw turns, observations, session summaries,
 * event summaries; source-backed coverage where the data links turns,
 * lexical otherwise), then {@linkcode auditLocomo}. Every QA item has one
 * slice record and one audit record; none is dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { convertLocomo } from "./convert.ts";
 * const out = convertLocomo([]);
 * assert.ok(out.audit.length === 0 && out.scoring.length === 0);
 * ```
 *
 * @param samples validated LoCoMo samples
 * @param opts converter options (default representations: all) and audit options
 * @returns records, audit, scoring set and all packages
 */
export function convertLocomo(
  samples: readonly LocomoSample[],
  opts: LocomoSliceOptions & QaAuditOptions = {},
): {
  /** The conversion: one record per QA item, packages, issues. */
  slices: LocomoSlices;
  /** One audit record per QA item, in record order. */
  audit: QaAuditRecord[];
  /** Packages of accepted and corrected items: the scoring set, in record order. */
  scoring: Package[];
  /** Every package built (flagged items' packages included), in record order. */
  packages: Package[];
} {
  const slices = locomoSlices(samples, {
    ...opts,
    representations: opts.representations ?? LOCOMO_REPRESENTATIONS,
  });
  const audit = auditLocomo(samples, slices.records, opts);
  const scoring: Package[] = [];
  slices.records.forEach((r, i) => {
    const status = audit[i].status;
    if (r.package && (status === "accepted" || status === "corrected")) scoring.push(r.package);
  });
  return { slices, audit, scoring, packages: slices.packages };
}

/**
 * True for candidates whose coverage the data links to turns: raw spans
 * (the session text) and observations (their dia_id citations).
 *
 * @param c a candidate of a LoCoMo package
 */
export function isSourceLinked(c: Candidate): boolean {
  return c.source === "locomo:session_text" || c.source === "locomo:observation";
}

/**
 * The all-lexical labeling: each package with the coverage of its
 * source-linked candidates replaced by the lexical adjudicator's verdicts
 * (the other candidates are lexical already). The second labeling of the
 * source-backed vs lexical coverage audit.
 *
 * @param packages LoCoMo packages (meta.sample_id names the sample)
 * @param samples the samples they came from
 * @param lexical adjudicator per sample (default {@linkcode locomoLexicalAdjudicator})
 * @returns relabelled packages, same ids and order
 * @throws {RangeError} if a package's sample is not among `samples`
 */
export function lexicalLabeling(
  packages: readonly Package[],
  samples: readonly LocomoSample[],
  lexical: (sample: LocomoSample) => LexicalAdjudicator = locomoLexicalAdjudicator,
): Package[] {
  const byId = new Map(samples.map((s) => [s.sample_id, s]));
  return packages.map((p) => {
    const sample = byId.get(String(p.meta?.sample_id));
    if (!sample) {
      throw new RangeError(
        `Cannot relabel package '${p.id}': its sample '${p.meta?.sample_id}' is not given`,
      );
    }
    const lex = lexical(sample);
    return relabelPackage(
      p,
      (c, u) => ({ value: lex.score(c.text ?? "", u.text ?? "").value, provenance: lex.name }),
      isSourceLinked,
    );
  });
}
