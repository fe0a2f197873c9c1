/**
 * JSON parsing with the caller's error: the try/catch around `JSON.parse`
 * that the readers of memaudit's own files and of agent logs share. Private
 * to lib/.
 *
 * @module
 */
import { InputError } from "./errors.ts";
import { readTextInput } from "./fs.ts";

/**
 * Parses JSON text, turning a syntax error into the caller's error.
 *
 * @param text the JSON text
 * @param fail builds the error from `JSON.parse`'s message
 * @returns the parsed value
 * @throws what `fail` returns, if the text is not JSON
 */
export function parseJsonOr(text: string, fail: (message: string) => Error): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw fail((err as Error).message);
  }
}

/**
 * Reads and parses a JSON file. Reading errors that are bad input
 * ({@linkcode InputError}: a missing file, a folder, not UTF-8) pass as they
 * are; anything else, a syntax error above all, becomes an InputError naming
 * the file.
 *
 * @param file the file
 * @param expected what was expected, from the error's message (e.g. its JSON.parse message)
 * @returns the parsed value (not validated)
 * @throws {InputError} naming the file, with `expected(message)` for a file that is not JSON
 */
export async function readJsonOr(
  file: string,
  expected: (message: string) => string,
): Promise<unknown> {
  try {
    return JSON.parse(await readTextInput(file));
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(file, { path: "" }, expected((err as Error).message));
  }
}
