/**
 * The audit trail of a natural-package conversion (paper 000 §6, Table 2):
 * every QA item ends as accepted, corrected, flagged (with reasons) or
 * rejected, never silently dropped.
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import { parsePackage } from "../package/parse.ts";
import type { LocomoSample } from "./load_locomo.ts";
import type { SliceRecord } from "./locomo_slices.ts";
import type { SliceIssue } from "./slice_issue.ts";
import { locomoCategory } from "./categories.ts";

/** Final status of a QA item. */
export type AuditStatus = "accepted" | "corrected" | "flagged" | "rejected";

/**
 * Reasons, in precedence order (the first one is the item's primary reason),
 * with the status they imply and their meaning.
 */
export const AUDIT_REASONS = {
  malformed_ids: [
    "rejected",
    "an evidence id is not of the form D<session>:<turn>; nothing to resolve without guessing",
  ],
  schema_invalid: [
    "rejected",
    "the converted package does not validate against the package schema",
  ],
  no_evidence: ["flagged", "the item lists no evidence ids"],
  dangling_ids: ["flagged", "an evidence id names no turn of the conversation"],
  unanswerable: ["flagged", "the category is not answerable (category map: answerable false)"],
  ambiguous: [
    "flagged",
    "the same question appears in the conversation with another answer, category or evidence",
  ],
  duplicate: [
    "flagged",
    "an identical earlier item (question, answers, evidence, category) is kept instead",
  ],
  uncovered: ["flagged", "no candidate covers any required unit: OPT = 0 at every budget"],
  not_converted: ["rejected", "no package was built and no other reason applies"],
} as const satisfies Record<string, readonly ["flagged" | "rejected", string]>;

/** One of the keys of {@linkcode AUDIT_REASONS}. */
export type AuditReason = keyof typeof AUDIT_REASONS;

/** Issue codes that make a built package `corrected` (QA-level corrections). */
export const QA_CORRECTION_CODES: ReadonlySet<string> = new Set([
  "evidence_id_normalised",
  "evidence_id_split",
  "evidence_id_duplicate",
  "integer_answer",
]);

/** The audit record of one QA item. */
export interface QaAuditRecord {
  /** LoCoMo `sample_id` (e.g. `conv-26`). */
  sample_id: string;
  /** Index of the QA item in `sample.qa`. */
  qa_index: number;
  /** LoCoMo category code. */
  category: number;
  /** Category name from the category map (e.g. `multi_hop`). */
  category_name: string;
  /** The question as written. */
  question: string;
  /** Accepted, corrected, flagged or rejected. */
  status: AuditStatus;
  /** Reasons in precedence order (empty for accepted and corrected items). */
  reasons: AuditReason[];
  /** The recorded corrections (issue code: detail), for corrected items and others. */
  corrections: string[];
  /** Index of the kept identical item, for a `duplicate`. */
  duplicate_of?: number;
  /** The package id, or null when no package was built. */
  package_id: string | null;
}

/** Options of {@linkcode auditLocomo}. */
export interface QaAuditOptions {
  /** Validate each package with `parsePackage` (default true; `schema_invalid` when it fails). */
  validate?: boolean;
}

const norm = (q: string) => q.trim().toLowerCase().replace(/\s+/g, " ").replace(/[?.!\s]+$/, "");

function covered(pkg: Package): boolean {
  const own = new Set(pkg.units.filter((u) => (u.weight ?? 0) > 0).map((u) => u.id));
  return pkg.coverage.some((c) => c.value > 0 && own.has(c.unit));
}

/** What makes two QA items with the same question the same item: answers, category, evidence. */
function signature(s: LocomoSample, j: number): string {
  const q = s.qa[j];
  return JSON.stringify([
    q.answer === undefined ? null : String(q.answer),
    q.adversarial_answer === undefined ? null : String(q.adversarial_answer),
    q.category,
    [...q.evidence].sort(),
  ]);
}

/**
 * Audits every QA item of a conversion. Rules, per item (reasons in
 * {@linkcode AUDIT_REASONS} precedence):
 * - `rejected` if an evidence id is malformed or the package fails the schema;
 * - else `flagged` if it has no evidence, a dangling evidence id, an
 *   unanswerable category, a conflicting same-question item (`ambiguous`),
 *   an identical earlier item (`duplicate`), or no covered required unit;
 * - else `corrected` if a QA-level correction was applied
 *   ({@linkcode QA_CORRECTION_CODES}), else `accepted`.
 * Questions are compared after trimming, lowercasing, collapsing spaces and
 * dropping trailing `?.!`.
 *
 * @param samples the samples the records came from
 * @param records the conversion records (one per QA item, e.g. `locomoSlices(...).records`)
 * @param opts schema validation
 * @returns one record per input record, in the same order
 * @throws {RangeError} if a record names a sample or QA item that is not in `samples`
 */
export function auditLocomo(
  samples: readonly LocomoSample[],
  records: readonly SliceRecord[],
  opts: QaAuditOptions = {},
): QaAuditRecord[] {
  const validate = opts.validate ?? true;
  const byId = new Map(samples.map((s) => [s.sample_id, s]));
  const sameQuestion = new Map<LocomoSample, Map<string, number[]>>();
  const groupsOf = (s: LocomoSample) => {
    let g = sameQuestion.get(s);
    if (!g) {
      g = new Map();
      s.qa.forEach((q, j) => {
        const k = norm(q.question);
        g!.set(k, [...(g!.get(k) ?? []), j]);
      });
      sameQuestion.set(s, g);
    }
    return g;
  };
  return records.map((r) => {
    const s = byId.get(r.sample_id);
    const q = s?.qa[r.qa_index];
    if (!s || !q) {
      throw new RangeError(
        `Cannot audit: QA item ${r.qa_index} of sample '${r.sample_id}' is not in the samples`,
      );
    }
    const reasons = new Set<AuditReason>();
    const codes = new Set(r.issues.map((i: SliceIssue) => i.code));
    if (codes.has("evidence_id_malformed")) reasons.add("malformed_ids");
    if (r.package && validate) {
      try {
        parsePackage(r.package, r.package.id);
      } catch {
        reasons.add("schema_invalid");
      }
    }
    if (codes.has("no_evidence")) reasons.add("no_evidence");
    if (codes.has("evidence_id_dangling")) reasons.add("dangling_ids");
    if (!locomoCategory(q.category).answerable) reasons.add("unanswerable");
    let duplicateOf: number | undefined;
    const group = groupsOf(s).get(norm(q.question))!;
    if (group.length > 1) {
      const mine = signature(s, r.qa_index);
      if (group.some((j) => signature(s, j) !== mine)) reasons.add("ambiguous");
      const first = group.find((j) => signature(s, j) === mine)!;
      if (first !== r.qa_index) {
        reasons.add("duplicate");
        duplicateOf = first;
      }
    }
    if (r.package && !covered(r.package)) reasons.add("uncovered");
    if (!r.package && reasons.size === 0) reasons.add("not_converted");
    const ordered = (Object.keys(AUDIT_REASONS) as AuditReason[]).filter((k) => reasons.has(k));
    const corrections = r.issues.filter((i) => QA_CORRECTION_CODES.has(i.code))
      .map((i) => `${i.code}: ${i.detail}`);
    let status: AuditStatus = corrections.length > 0 ? "corrected" : "accepted";
    if (ordered.some((k) => AUDIT_REASONS[k][0] === "rejected")) status = "rejected";
    else if (ordered.length > 0) status = "flagged";
    const rec: QaAuditRecord = {
      sample_id: r.sample_id,
      qa_index: r.qa_index,
      category: q.category,
      category_name: locomoCategory(q.category).name,
      question: q.question,
      status,
      reasons: ordered,
      corrections,
      package_id: r.package?.id ?? null,
    };
    if (duplicateOf !== undefined) rec.duplicate_of = duplicateOf;
    return rec;
  });
}

/** Status counts of a set of audit records. */
export interface AuditCounts {
  /** QA items audited. */
  attempted: number;
  /** Items accepted as they are. */
  accepted: number;
  /** Items accepted after a recorded correction. */
  corrected: number;
  /** Items kept but flagged. */
  flagged: number;
  /** Items rejected. */
  rejected: number;
  /** Items per reason (an item with several reasons counts under each). */
  reasons: Record<string, number>;
}

/**
 * Counts statuses and reasons; `attempted` is the number of records.
 *
 * @param records audit records
 * @returns the counts (attempted = accepted + corrected + flagged + rejected)
 */
export function auditCounts(records: readonly QaAuditRecord[]): AuditCounts {
  const c: AuditCounts = {
    attempted: records.length,
    accepted: 0,
    corrected: 0,
    flagged: 0,
    rejected: 0,
    reasons: {},
  };
  for (const r of records) {
    c[r.status]++;
    for (const k of r.reasons) c.reasons[k] = (c.reasons[k] ?? 0) + 1;
  }
  return c;
}

/**
 * Counts per category code (sorted by code) and a total row.
 *
 * @param records audit records
 * @returns rows `{category, name, ...counts}`, the last with category "all"
 */
export function auditByCategory(
  records: readonly QaAuditRecord[],
): ({ category: string; name: string } & AuditCounts)[] {
  const codes = [...new Set(records.map((r) => r.category))].sort((a, b) => a - b);
  return [
    ...codes.map((code) => ({
      category: String(code),
      name: locomoCategory(code).name,
      ...auditCounts(records.filter((r) => r.category === code)),
    })),
    { category: "all", name: "all", ...auditCounts(records) },
  ];
}
