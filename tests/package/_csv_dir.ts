/** Test helper: a CSV package folder written from the fixture, with files patched. @module */
import { writePackageCsv } from "../../lib/package/csv_io.ts";
import type { PackageInput } from "../../lib/package/schema.ts";
import { smallPackage } from "./_fixture.ts";

/**
 * Writes `pkg` (default: the small fixture) as CSV tables to a fresh temporary
 * folder, then replaces or edits files: a string replaces the file, a
 * function maps its text.
 */
export async function csvDir(
  patches: Record<string, string | ((text: string) => string)> = {},
  pkg: PackageInput = smallPackage(),
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_csv_" });
  await writePackageCsv(dir, pkg);
  for (const [file, patch] of Object.entries(patches)) {
    const path = `${dir}/${file}`;
    const text = typeof patch === "string" ? patch : patch(await Deno.readTextFile(path));
    await Deno.writeTextFile(path, text);
  }
  return dir;
}
