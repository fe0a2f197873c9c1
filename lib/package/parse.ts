/**
 * Validation of untrusted data into a {@linkcode Package}.
 *
 * @module
 */
import { validateInput } from "../base/validate_input.ts";
import { type Package, PackageSchema } from "./schema.ts";

/**
 * Validates `data` against the package schema (types, ranges, cross-references).
 *
 * @param data parsed JSON (or an object built in code)
 * @param file the file name used in error messages
 * @returns the validated package with defaults applied
 * @throws {InputError} naming the file, the JSON path of the first problem and what was expected
 */
export function parsePackage(data: unknown, file = "<memory>"): Package {
  return validateInput(PackageSchema, data, file);
}
