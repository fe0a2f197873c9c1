/**
 * "Predict, then check" exercises: an answer shown as Markdown in a notebook (the student's
 * own result beside the expected one for the unedited setting), and the note that tells the
 * closing checks whether the package was edited.
 *
 * @module
 */

/** An exercise's answer: what the student's setting gives, and what the default gives. */
export class Answer {
  /**
   * An answer to show as a cell's last expression.
   *
   * @param question the prompt, as the notebook asks it
   * @param result what the student's current setting gives (a sentence)
   * @param expected what the unedited setting gives (a sentence)
   * @param changed whether the student changed the setting from its default
   */
  constructor(
    readonly question: string,
    readonly result: string,
    readonly expected: string,
    readonly changed: boolean,
  ) {}

  /** The answer as Markdown. */
  toMarkdown(): string {
    const state = this.changed
      ? "your edited setting"
      : "the default setting (edit the cell above)";
    return `**${this.question}**\n\n- With ${state}: ${this.result}\n- Expected answer: ${this.expected}\n`;
  }

  /** Jupyter MIME bundle: Markdown and plain text. */
  [Symbol.for("Jupyter.display")](): Record<string, unknown> {
    const md = this.toMarkdown();
    return { "text/markdown": md, "text/plain": md };
  }
}

/**
 * Whether a package differs from the paper's, for the closing checks: when it does, the checks
 * of the paper's numbers are skipped with this reason instead of failing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { editedReason } from "./exercise.ts";
 *
 * assert.equal(editedReason("abc", "abc"), null);
 * assert.match(editedReason("abc", "abd")!, /edited/);
 * ```
 *
 * @param hash the package's hash (`packageHash`)
 * @param paperHash the hash of the paper's package
 * @returns null when they are equal, else the reason to show beside each skipped check
 */
export function editedReason(hash: string, paperHash: string): string | null {
  return hash === paperHash
    ? null
    : `the package was edited above (hash ${hash.slice(0, 12)}, the paper's ${
      paperHash.slice(0, 12)
    }): the paper's numbers are not checked`;
}
