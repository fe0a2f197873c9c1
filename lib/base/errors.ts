/**
 * Typed errors for bad input. Every error names the file, where in it (a JSON path such as
 * `candidates[3].cost`, or a CSV row and column), and what was expected.
 *
 * @module
 */

/** Location of a problem inside an input: a JSON path, or a CSV row and column. */
export type Where = { path: string } | { row: number; column: string };

/** Formats a location as text: `candidates[3].cost` or `row 4, column cost`. */
export function formatWhere(where: Where): string {
  return "path" in where
    ? (where.path === "" ? "(root)" : where.path)
    : `row ${where.row}, column ${where.column}`;
}

/** Formats a zod-style issue path (`["candidates", 3, "cost"]`) as `candidates[3].cost`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  return out;
}

/**
 * Bad input: a package, a table or an export that does not match its format. `file` is the file (or
 * `<memory>`), `where` the location, `expected` what should have been there. The message reads
 * "Cannot read FILE: WHERE: EXPECTED"; with another `verb` (e.g. "lock", for input that is not read
 * from a file) it reads "Cannot VERB FILE: EXPECTED" when the location is the whole input (path
 * "").
 */
export class InputError extends Error {
  /** Always `InputError`. */
  override name = "InputError";
  /**
   * A bad-input error; the message is built from the arguments.
   *
   * @param file the file (or `<memory>`)
   * @param where the JSON path or CSV row and column of the first problem
   * @param expected what should have been there
   * @param issues every problem found (the first is `where`/`expected`); up to 5 are shown
   * @param verb what could not be done (default `read`)
   */
  constructor(
    readonly file: string,
    readonly where: Where,
    readonly expected: string,
    readonly issues: { where: Where; expected: string }[] = [],
    verb = "read",
  ) {
    const shown = issues.slice(1, 5).map((i) => `; ${formatWhere(i.where)}: ${i.expected}`)
      .join("");
    const more = issues.length > 5 ? `; and ${issues.length - 5} more problem(s)` : "";
    const at = verb !== "read" && "path" in where && where.path === ""
      ? ""
      : `${formatWhere(where)}: `;
    super(`Cannot ${verb} ${file}: ${at}${expected}${shown}${more}`);
  }

  /**
   * A bad-input error about the input as a whole (path "", shown as `(root)`).
   *
   * @param file the file (or `<memory>`)
   * @param expected what should have been there
   * @param verb what could not be done (default `read`)
   * @returns the error, to throw
   */
  static atRoot(file: string, expected: string, verb = "read"): InputError {
    return new InputError(file, { path: "" }, expected, [], verb);
  }
}
