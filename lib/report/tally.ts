/**
 * The counts of a reproduction run: checks passed, failed and skipped over every executed
 * notebook, the skipped ones grouped by the data they need, and the closing lines `./run repro`
 * prints (the same counts go into `out/index.html`).
 *
 * @module
 */
import { basename } from "node:path";
import type { ChecksSummary } from "./checks.ts";

/** One executed notebook as the report sees it. */
export interface NotebookOutcome {
  /** File name, e.g. `03_exact_budget_sweep.ipynb`. */
  notebook: string;
  /** Whether it executed without an error. */
  ok: boolean;
  /** The checks summaries it printed (empty when it failed before its checks). */
  summaries: ChecksSummary[];
}

/** Skipped checks that need the same thing. */
export interface SkipGroup {
  /** What is missing, e.g. `LoCoMo data missing`. */
  what: string;
  /** How to get it, e.g. "run `deno task data`" (empty when there is no command for it). */
  hint: string;
  /** How many checks it skipped. */
  count: number;
}

/** The counts of a run. */
export interface Tally {
  /** Checks that held. */
  passed: number;
  /** Checks that failed. */
  failed: number;
  /** Checks skipped. */
  skipped: number;
  /** The skipped checks grouped by what they need, largest group first. */
  skipGroups: SkipGroup[];
  /** Notebooks that raised an error. */
  failedNotebooks: string[];
  /**
   * Notebooks that printed no checks summary (they stopped before their checks), or only
   * summaries of zero checks.
   */
  uncheckedNotebooks: string[];
}

/**
 * What a skipped claim needs: LoCoMo (which `deno task data` fetches) when a missing path is a
 * LoCoMo file, else the first missing path (from `shared/` on when it is there), else its reason.
 *
 * @param s a skipped claim of a {@linkcode ChecksSummary}
 * @returns what is missing and how to get it
 */
export function missingData(s: ChecksSummary["skipped"][number]): { what: string; hint: string } {
  if (s.missing.some((p) => /locomo/i.test(basename(p)))) {
    return { what: "LoCoMo data missing", hint: "run `./run data`" };
  }
  if (s.missing.length > 0) {
    const p = s.missing[0].replaceAll("\\", "/");
    const i = p.lastIndexOf("/shared/");
    const shown = i >= 0 ? `..${p.slice(i)}` : p;
    return { what: `${shown} missing`, hint: i >= 0 ? "it comes with ../shared/data" : "" };
  }
  return { what: s.reason, hint: "" };
}

/**
 * Adds up the checks of every notebook.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tally } from "./tally.ts";
 *
 * const t = tally([{
 *   notebook: "05.ipynb", ok: true,
 *   summaries: [{ passed: 2, failed: 0, skipped: [
 *     { claim: "a", reason: "no data", missing: ["/x/.cache/locomo10.json"] },
 *   ] }],
 * }]);
 * assert.deepEqual([t.passed, t.failed, t.skipped], [2, 0, 1]);
 * assert.equal(t.skipGroups[0].what, "LoCoMo data missing");
 * ```
 *
 * @param outcomes the notebooks, in order
 * @returns the counts and the skip groups
 */
export function tally(outcomes: readonly NotebookOutcome[]): Tally {
  const groups = new Map<string, SkipGroup>();
  let passed = 0, failed = 0, skipped = 0;
  for (const o of outcomes) {
    for (const s of o.summaries) {
      passed += s.passed;
      failed += s.failed;
      skipped += s.skipped.length;
      for (const k of s.skipped) {
        const m = missingData(k);
        const g = groups.get(m.what) ?? { ...m, count: 0 };
        g.count++;
        groups.set(m.what, g);
      }
    }
  }
  return {
    passed,
    failed,
    skipped,
    skipGroups: [...groups.values()].sort((a, b) =>
      b.count - a.count || (a.what < b.what ? -1 : 1)
    ),
    failedNotebooks: outcomes.filter((o) => !o.ok).map((o) => o.notebook),
    // No summary, or summaries of zero checks: nothing in the notebook could fail.
    uncheckedNotebooks: outcomes.filter((o) =>
      o.summaries.every((s) => s.passed + s.failed + s.skipped.length === 0)
    ).map((o) => o.notebook),
  };
}

/**
 * The closing lines of `./run repro`: the counts, then one line per group of skipped checks
 * naming what they need (e.g. "34 checks skipped: LoCoMo data missing; run `./run data`"),
 * then the notebooks that failed or did not reach their checks.
 *
 * @param t the counts
 * @returns the lines, without newlines
 */
export function summaryLines(t: Tally): string[] {
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  const total = plural(t.passed + t.failed + t.skipped, "check");
  const lines = [`${total}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`];
  for (const g of t.skipGroups) {
    lines.push(`${plural(g.count, "check")} skipped: ${g.what}${g.hint ? `; ${g.hint}` : ""}`);
  }
  if (t.failedNotebooks.length > 0) {
    lines.push(
      `${plural(t.failedNotebooks.length, "notebook")} failed: ${t.failedNotebooks.join(", ")}`,
    );
  }
  const unchecked = t.uncheckedNotebooks.filter((n) => !t.failedNotebooks.includes(n));
  if (unchecked.length > 0) lines.push(`no checks ran in: ${unchecked.join(", ")}`);
  return lines;
}
