/**
 * LoCoMo samples as a ladder source (paper 002 §3.1 on its secondary
 * benchmark; COMPANIONS §1(e), §3.2, §6.3).
 *
 * @module
 */
import type { LocomoSample } from "../../natural/load_locomo.ts";
import { locomoCategory } from "../../natural/categories.ts";
import { evidenceOf, indexSample, safeToken } from "../../natural/dialogue.ts";
import { parseLocomoDate } from "./dates.ts";
import type { LadderIssue, LadderQuery, LadderSession, LadderSource } from "./types.ts";

/** Ladder session id of LoCoMo session `n` of a sample: `<sample_id>_session_<n>`. */
export function locomoSessionId(sampleId: string, n: number): string {
  return `${sampleId}_session_${n}`;
}

/**
 * Converts LoCoMo samples into a ladder source.
 *
 * - Query id `<sample_id>_q<index>` (the support-slice package id of
 *   `lib/natural/locomo.ts`, so write-time and query-time views join).
 * - E(q): the sessions holding the item's `evidence` dia_ids, resolved by
 *   the one rule of `lib/natural` (ids such as `D30:05` are normalised,
 *   several ids in one string are split); an item with a malformed or
 *   dangling id, or with no evidence, is dropped and reported.
 * - Turns: both speakers become `role: "user"` (LoCoMo has no assistant, and
 *   LongMemEval's retrievers index user turns), content `Speaker: text`;
 *   evidence turns get `has_answer: true`.
 * - Dates: the `session_N_date_time` text (`1:56 pm on 8 May, 2023`); a
 *   session whose date cannot be read is reported and left out. The
 *   question date is the conversation's latest session date; the earliest
 *   haystack date is its first.
 * - `need`: `all` for multi-hop (category 1), `any` otherwise; category 5
 *   items are abstention questions.
 * - Filler: the sessions of the other conversations (`group` = sample id);
 *   no own non-evidence sessions (they are about the same people). In
 *   `locomo8.json` every session holds evidence of some item of its own
 *   conversation, so "nobody's evidence" can only mean: nobody's in the
 *   query's conversation (COMPANIONS §6.3); filler turns carry no
 *   `has_answer` mark.
 *
 * @param samples validated LoCoMo samples (see `loadLocomo`)
 * @param opts category options
 * @param files file names recorded in the source
 * @returns the source: queries, pool, issues
 *
 * @example Convert one sample
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLocomo } from "../../natural/load_locomo.ts";
 * import { locomoLadderSource } from "./locomo.ts";
 * const src = locomoLadderSource(parseLocomo([{
 *   sample_id: "c1",
 *   conversation: {
 *     speaker_a: "Ann", speaker_b: "Bo",
 *     session_1_date_time: "1:00 pm on 1 May, 2023",
 *     session_1: [{ speaker: "Ann", dia_id: "D1:1", text: "I adopted a cat." }],
 *   },
 *   qa: [{ question: "What did Ann adopt?", answer: "a cat", evidence: ["D1:1"], category: 4 }],
 * }]));
 * assert.ok(src.queries[0].evidence[0].id === "c1_session_1");
 * ```
 */
export function locomoLadderSource(
  samples: readonly LocomoSample[],
  opts: {
    /** Keep category 5 (adversarial, abstention) items (default true). */
    includeAdversarial?: boolean;
  } = {},
  files: string[] = [],
): LadderSource {
  const issues: LadderIssue[] = [];
  const queries: LadderQuery[] = [];
  const pool: LadderSession[] = [];
  const includeAdversarial = opts.includeAdversarial ?? true;
  for (const sample of samples) {
    const sid = sample.sample_id;
    const index = indexSample(sample);
    const sessions = new Map<number, LadderSession>();
    for (const [n, s] of index.sessions) {
      if (s.turns.length === 0) continue;
      const date = s.date === undefined ? null : parseLocomoDate(s.date);
      if (date === null) {
        const detail = `date ${JSON.stringify(s.date ?? null)} is not of the form ` +
          `"1:56 pm on 8 May, 2023"`;
        issues.push({ code: "session_undated", ref: locomoSessionId(sid, n), detail });
        continue;
      }
      const turns = s.turns.map((t) => ({ role: "user" as const, content: t.line }));
      sessions.set(n, { id: locomoSessionId(sid, n), date, origin: sid, turns });
    }
    const dates = [...sessions.values()].map((s) => s.date);
    const earliest = Math.min(...dates), latest = Math.max(...dates);
    sample.qa.forEach((qa, j) => {
      const queryId = `${safeToken(sid)}_q${j}`;
      if (qa.category === 5 && !includeAdversarial) return;
      const ev = evidenceOf(index, j);
      for (const d of ev.drafts) {
        const repaired = d.code.endsWith("_normalised") || d.code.endsWith("_split");
        if (!repaired && d.code.endsWith("_duplicate")) continue;
        const detail = repaired ? `${d.detail} (repaired)` : d.detail;
        issues.push({ code: d.code, ref: queryId, detail });
      }
      const drop = (detail: string) => issues.push({ code: "query_dropped", ref: queryId, detail });
      if (qa.evidence.length === 0) return drop("no evidence ids");
      if (!ev.ok) return drop("an evidence id cannot be resolved");
      const byN = new Map<number, Set<string>>();
      for (const id of ev.turns) {
        const t = index.turns.get(id)!;
        byN.set(t.session, (byN.get(t.session) ?? new Set()).add(id));
      }
      const nums = [...byN.keys()].sort((a, b) => a - b);
      const missing = nums.filter((n) => !sessions.has(n));
      if (missing.length > 0) {
        return drop(`evidence session(s) ${missing.join(", ")} have no readable date`);
      }
      const evidence = nums.map((n) => {
        const s = index.sessions.get(n)!;
        const marks = byN.get(n)!;
        return {
          ...sessions.get(n)!,
          turns: s.turns.map((t) =>
            marks.has(t.id)
              ? { role: "user" as const, content: t.line, has_answer: true }
              : { role: "user" as const, content: t.line }
          ),
        };
      });
      queries.push({
        queryId,
        questionType: `locomo-${locomoCategory(qa.category).name}`,
        question: qa.question,
        answer: String(qa.answer ?? qa.adversarial_answer ?? ""),
        questionDate: latest,
        earliest,
        evidence,
        own: [],
        group: sid,
        need: qa.category === 1 ? "all" : "any",
        abstention: qa.category === 5,
      });
    });
    for (const s of sessions.values()) pool.push(s);
  }
  return { kind: "locomo", files, queries, pool, issues };
}
