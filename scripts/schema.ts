/**
 * Writes the package JSON Schema, generated from the zod schema, to
 * `data/schema/package.schema.json`, and the trajectory-line JSON Schema to
 * `data/schema/trajectory.schema.json` (atomically). Run with `deno task schema`.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { writeTextAtomic } from "../lib/fs.ts";
import { packageJsonSchema } from "../lib/package/json_schema.ts";
import { trajectoryJsonSchema } from "../lib/scale/trajectory.ts";

/** Repo-relative path of the published schema file. */
export const SCHEMA_PATH = "data/schema/package.schema.json";

/** The exact text written to {@linkcode SCHEMA_PATH}: 2-space JSON and a trailing newline. */
export function packageSchemaText(): string {
  return JSON.stringify(packageJsonSchema(), null, 2) + "\n";
}

/** Repo-relative path of the published trajectory-line schema (paper 002; COMPANIONS §4). */
export const TRAJECTORY_SCHEMA_PATH = "data/schema/trajectory.schema.json";

/** The exact text written to {@linkcode TRAJECTORY_SCHEMA_PATH}: 2-space JSON and a trailing newline. */
export function trajectorySchemaText(): string {
  return JSON.stringify(trajectoryJsonSchema(), null, 2) + "\n";
}

if (import.meta.main) {
  const out = new URL(`../${SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(out), packageSchemaText());
  console.log(`wrote ${SCHEMA_PATH}`);
  const tout = new URL(`../${TRAJECTORY_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(tout), trajectorySchemaText());
  console.log(`wrote ${TRAJECTORY_SCHEMA_PATH}`);
}
