/**
 * The closing checks of a notebook: each claim with its measured value and
 * whether it holds (or that it was skipped, when its data is missing).
 * Displayed as a table; `assertAll()` throws when any claim fails, so
 * executing the notebook is a test. It also prints one machine-readable
 * line ({@linkcode CHECKS_LINE_PREFIX} + JSON, see {@linkcode ChecksSummary})
 * listing every skipped claim with its reason and the data paths whose
 * absence caused it, so a test can fail a notebook that skipped a claim
 * although its data is present (tests/structure/notebooks_test.ts).
 *
 * @module
 */
import { resolve } from "node:path";
import { Table } from "./table.ts";

/** Prefix of the summary line `assertAll()` prints (then the {@linkcode ChecksSummary} JSON). */
export const CHECKS_LINE_PREFIX = "memaudit-checks ";

/** The machine-readable summary of a {@linkcode Checks} list. */
export interface ChecksSummary {
  /** Claims checked and holding. */
  passed: number;
  /** Claims checked and failing. */
  failed: number;
  /** Claims not checked: the reason and the (absolute) paths of the missing data, if declared. */
  skipped: { claim: string; reason: string; missing: string[] }[];
  /**
   * Every claim in order, with its status and detail (the measured value, or why it was
   * skipped); absent from summaries printed before it was added.
   */
  checks?: { claim: string; status: "passed" | "failed" | "skipped"; detail: string }[];
}

/** One checked claim. */
export interface Check {
  /** The claim, as a sentence. */
  claim: string;
  /** Whether it holds (true for a skipped claim). */
  ok: boolean;
  /** The measured value, or the reason it was skipped. */
  detail: string;
  /** True when the claim could not be checked here (e.g. its data is missing); `ok` is then true. */
  skipped?: boolean;
  /** For a skipped claim: the absolute paths of the missing data it names (may be empty). */
  missing?: string[];
}

/**
 * A list of checked claims: the closing cell of every notebook.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Checks } from "./checks.ts";
 *
 * const checks = new Checks()
 *   .add("OPT is certified", true, "gap 0")
 *   .close("mean ratio matches the paper (0.398)", 0.3982, 0.398, 5e-4)
 *   .skip("LoCoMo numbers", "locomo10.json is not installed");
 * checks.assertAll(); // returns the table; throws when a claim fails
 * assert.throws(() => new Checks().close("ratio", 0.5, 0.4, 1e-3).assertAll());
 * ```
 */
export class Checks {
  /** The claims, in the order they were recorded. */
  readonly items: Check[] = [];

  /** Records a claim; `detail` shows the measured value. */
  add(claim: string, ok: boolean, detail = ""): this {
    this.items.push({ claim, ok, detail });
    return this;
  }

  /**
   * Records a claim that could not be checked here (e.g. its data is
   * missing): shown as "skipped", never as "pass", and not a failure. Name
   * the missing data in `opts.missing`, so a run where the data is present
   * but the claim was still skipped is caught.
   *
   * @param claim the claim
   * @param reason why it is not checked (shown in the table)
   * @param opts the paths of the missing data
   * @returns this list
   */
  skip(claim: string, reason: string, opts: {
    /**
     * The data whose absence is the reason (file or folder paths, resolved
     * against the working directory). The notebook test fails the notebook
     * when any of them exists: a claim must not be skipped when its data is there.
     */
    missing?: string | readonly string[];
  } = {}): this {
    const m = opts.missing;
    const missing = (m === undefined ? [] : typeof m === "string" ? [m] : [...m]).map((p) =>
      resolve(p)
    );
    this.items.push({ claim, ok: true, detail: reason, skipped: true, missing });
    return this;
  }

  /**
   * The counts and the skipped claims.
   *
   * @returns passed and failed counts, every skipped claim with its reason and missing paths, and
   *   every claim with its status
   */
  summary(): ChecksSummary {
    return {
      passed: this.items.filter((c) => !c.skipped && c.ok).length,
      failed: this.items.filter((c) => !c.ok).length,
      skipped: this.items.filter((c) => c.skipped).map((c) => ({
        claim: c.claim,
        reason: c.detail,
        missing: c.missing ?? [],
      })),
      checks: this.items.map((c) => ({
        claim: c.claim,
        status: c.skipped ? "skipped" : c.ok ? "passed" : "failed",
        detail: c.detail,
      })),
    };
  }

  /**
   * The one-line, machine-readable summary: {@linkcode CHECKS_LINE_PREFIX}
   * followed by the {@linkcode ChecksSummary} as JSON.
   *
   * @returns the line (no newline)
   */
  summaryLine(): string {
    return CHECKS_LINE_PREFIX + JSON.stringify(this.summary());
  }

  /** Records |actual − expected| <= tol. */
  close(claim: string, actual: number, expected: number, tol: number): this {
    const ok = Number.isFinite(actual) && Math.abs(actual - expected) <= tol;
    return this.add(claim, ok, `${actual} vs ${expected} (tol ${tol})`);
  }

  /** The checks as a table (claim, result, detail). */
  table(): Table {
    return new Table(
      "checks",
      this.items.map((c) => ({
        claim: c.claim,
        result: c.skipped ? "skipped" : c.ok ? "pass" : "FAIL",
        detail: c.detail,
      })),
    );
  }

  /**
   * Prints {@linkcode Checks.summaryLine} (stdout), then throws if any claim
   * failed; otherwise returns the table for display.
   *
   * @returns the table of the checks
   * @throws {Error} listing every failed claim
   */
  assertAll(): Table {
    console.log(this.summaryLine());
    const failed = this.items.filter((c) => !c.ok);
    if (failed.length > 0) {
      throw new Error(
        `${failed.length} check(s) failed:\n` +
          failed.map((c) => `- ${c.claim}: ${c.detail}`).join("\n"),
      );
    }
    return this.table();
  }

  /** The table's MIME bundle, for the Jupyter kernel's rich display. */
  [Symbol.for("Jupyter.display")](): Record<string, unknown> {
    return this.table().bundle();
  }
}

/**
 * The {@linkcode ChecksSummary} lines printed in an executed notebook (its
 * stream outputs), in cell order.
 *
 * @param notebook the executed notebook (parsed .ipynb JSON)
 * @returns one summary per `assertAll()` that ran
 * @throws {SyntaxError} if a summary line is not valid JSON
 */
export function checksSummariesOf(notebook: unknown): ChecksSummary[] {
  type Output = { output_type?: string; name?: string; text?: string | string[] };
  const cells = (notebook as { cells?: { outputs?: Output[] }[] })?.cells ?? [];
  const out: ChecksSummary[] = [];
  for (const cell of cells) {
    // A kernel may send one printed line in several stream messages (one output each): each
    // stream's text in the cell is joined first, so a long summary line is read whole.
    const streams = new Map<string, string>();
    for (const o of cell.outputs ?? []) {
      if (o.output_type !== "stream") continue;
      const text = Array.isArray(o.text) ? o.text.join("") : o.text ?? "";
      streams.set(o.name ?? "", (streams.get(o.name ?? "") ?? "") + text);
    }
    for (const text of streams.values()) {
      for (const line of text.split("\n")) {
        if (line.startsWith(CHECKS_LINE_PREFIX)) {
          out.push(JSON.parse(line.slice(CHECKS_LINE_PREFIX.length)));
        }
      }
    }
  }
  return out;
}

/**
 * The skipped claims whose missing data is in fact present: a claim must not
 * be skipped for "data missing" when the data is there.
 *
 * @param summary a checks summary
 * @returns each such claim with the paths that exist
 */
export async function skippedDespiteData(
  summary: ChecksSummary,
): Promise<{ claim: string; reason: string; present: string[] }[]> {
  const out: { claim: string; reason: string; present: string[] }[] = [];
  for (const s of summary.skipped) {
    const present: string[] = [];
    for (const p of s.missing) {
      try {
        await Deno.stat(p);
        present.push(p);
      } catch {
        // missing, as the skip says
      }
    }
    if (present.length > 0) out.push({ claim: s.claim, reason: s.reason, present });
  }
  return out;
}
