/**
 * Validation of untrusted data into a {@linkcode Package}.
 *
 * @module
 */
import { formatPath, InputError } from "../errors.ts";
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
  const result = PackageSchema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    where: { path: formatPath(i.path) },
    expected: i.message,
  }));
  throw new InputError(file, issues[0].where, issues[0].expected, issues);
}
