/**
 * The closing checks of a notebook: each claim with its measured value and
 * whether it holds (or that it was skipped, when its data is missing).
 * Displayed as a table; `assertAll()` throws when any claim fails, so
 * executing the notebook is a test.
 *
 * @module
 */
import { Table } from "./table.ts";

/** One checked claim. */
export interface Check {
  /** The claim, in words (with the paper section where it comes from). */
  claim: string;
  /** True when the claim holds (or was skipped). */
  ok: boolean;
  /** The measured value, or why the claim was skipped. */
  detail: string;
  /** True when the claim could not be checked here (e.g. its data is missing); `ok` is then true. */
  skipped?: boolean;
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
  /** The claims recorded so far, in order. */
  readonly items: Check[] = [];

  /** Records a claim; `detail` shows the measured value. */
  add(claim: string, ok: boolean, detail = ""): this {
    this.items.push({ claim, ok, detail });
    return this;
  }

  /**
   * Records a claim that could not be checked here (e.g. its data is
   * missing): shown as "skipped", never as "pass", and not a failure.
   */
  skip(claim: string, reason: string): this {
    this.items.push({ claim, ok: true, detail: reason, skipped: true });
    return this;
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
   * Throws if any claim failed; otherwise returns the table for display.
   *
   * @throws {Error} listing every failed claim
   */
  assertAll(): Table {
    const failed = this.items.filter((c) => !c.ok);
    if (failed.length > 0) {
      throw new Error(
        `${failed.length} check(s) failed:\n` +
          failed.map((c) => `- ${c.claim}: ${c.detail}`).join("\n"),
      );
    }
    return this.table();
  }

  /** Jupyter MIME bundle: the checks as a table (HTML, Markdown, text). */
  [Symbol.for("Jupyter.display")](): Record<string, unknown> {
    return this.table().bundle();
  }
}
