/**
 * Writes the package JSON Schema, generated from the zod schema, to
 * `data/schema/package.schema.json`, the trajectory-line JSON Schema to
 * `data/schema/trajectory.schema.json` and the `memaudit store --json` report's to
 * `data/schema/store_report.schema.json`, and the `memaudit writers --json` report's to
 * `data/schema/writers_report.schema.json` and the `memaudit sweep --json` report's to
 * `data/schema/sweep_report.schema.json` and the `memaudit solve PACKAGE... --json` report's to
 * `data/schema/solve_batch_report.schema.json` (atomically). Run with `deno task schema`.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { writeTextAtomic } from "../lib/base/fs.ts";
import { packageJsonSchema } from "../lib/package/json_schema.ts";
import { trajectoryJsonSchema } from "../lib/scale/trajectory.ts";
import { STORE_REPORT } from "../lib/systems/store_report.ts";
import { WRITERS_REPORT } from "../lib/score/writers_report.ts";
import { SWEEP_REPORT } from "../lib/sweep/report.ts";
import { SCALE_SCORE_REPORT } from "../lib/scale/score_report.ts";
import { SOLVE_BATCH_REPORT } from "../lib/solve/batch.ts";
import { NATURAL_REPORT } from "../lib/natural/report.ts";
import { LONGMEMEVAL_NATURAL_REPORT } from "../lib/longmemeval/report.ts";
import { RECALL_REPORT } from "../lib/scale/recall_report.ts";

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

/** Repo-relative path of the `memaudit store --json` report's schema (lib/systems/store_report.ts). */
export const STORE_REPORT_SCHEMA_PATH = "data/schema/store_report.schema.json";

/** The exact text written to {@linkcode STORE_REPORT_SCHEMA_PATH}: 2-space JSON and a newline. */
export function storeReportSchemaText(): string {
  return JSON.stringify(STORE_REPORT.jsonSchema(), null, 2) + "\n";
}

/** Repo-relative path of the `memaudit writers --json` report's schema (lib/score/writers_report.ts). */
export const WRITERS_REPORT_SCHEMA_PATH = "data/schema/writers_report.schema.json";

/** The exact text written to {@linkcode WRITERS_REPORT_SCHEMA_PATH}: 2-space JSON and a newline. */
export function writersReportSchemaText(): string {
  return JSON.stringify(WRITERS_REPORT.jsonSchema(), null, 2) + "\n";
}

/** Repo-relative path of the `memaudit sweep --json` report's schema (lib/sweep/report.ts). */
export const SWEEP_REPORT_SCHEMA_PATH = "data/schema/sweep_report.schema.json";

/** The exact text written to {@linkcode SWEEP_REPORT_SCHEMA_PATH}: 2-space JSON and a newline. */
export function sweepReportSchemaText(): string {
  return JSON.stringify(SWEEP_REPORT.jsonSchema(), null, 2) + "\n";
}

/** Repo-relative path of the `memaudit solve PACKAGE... --json` report's schema (lib/solve/batch.ts). */
export const SOLVE_BATCH_SCHEMA_PATH = "data/schema/solve_batch_report.schema.json";

/** The exact text written to {@linkcode SOLVE_BATCH_SCHEMA_PATH}: 2-space JSON and a newline. */
export function solveBatchSchemaText(): string {
  return JSON.stringify(SOLVE_BATCH_REPORT.jsonSchema(), null, 2) + "\n";
}

/** Repo-relative path of the `memaudit scale score --json` report's schema (lib/scale/score_report.ts). */
export const SCALE_SCORE_REPORT_SCHEMA_PATH = "data/schema/scale_score_report.schema.json";

/** The exact text written to {@linkcode SCALE_SCORE_REPORT_SCHEMA_PATH}: 2-space JSON and a newline. */
export function scaleScoreReportSchemaText(): string {
  return JSON.stringify(SCALE_SCORE_REPORT.jsonSchema(), null, 2) + "\n";
}

/**
 * The `memaudit natural --json` reports (lib/natural/report.ts, lib/longmemeval/report.ts) and
 * `scale recall --json`'s (lib/scale/recall_report.ts).
 */
export const REPORT_SCHEMAS: readonly { path: string; text: () => string }[] = [
  NATURAL_REPORT,
  LONGMEMEVAL_NATURAL_REPORT,
  RECALL_REPORT,
].map((shape) => ({
  path: `data/schema/${shape.name}.schema.json`,
  text: () => JSON.stringify(shape.jsonSchema(), null, 2) + "\n",
}));

if (import.meta.main) {
  const out = new URL(`../${SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(out), packageSchemaText());
  console.log(`wrote ${SCHEMA_PATH}`);
  const tout = new URL(`../${TRAJECTORY_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(tout), trajectorySchemaText());
  console.log(`wrote ${TRAJECTORY_SCHEMA_PATH}`);
  const sout = new URL(`../${STORE_REPORT_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(sout), storeReportSchemaText());
  console.log(`wrote ${STORE_REPORT_SCHEMA_PATH}`);
  const wout = new URL(`../${WRITERS_REPORT_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(wout), writersReportSchemaText());
  console.log(`wrote ${WRITERS_REPORT_SCHEMA_PATH}`);
  const swout = new URL(`../${SWEEP_REPORT_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(swout), sweepReportSchemaText());
  console.log(`wrote ${SWEEP_REPORT_SCHEMA_PATH}`);
  const ssout = new URL(`../${SCALE_SCORE_REPORT_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(ssout), scaleScoreReportSchemaText());
  console.log(`wrote ${SCALE_SCORE_REPORT_SCHEMA_PATH}`);
  const bout = new URL(`../${SOLVE_BATCH_SCHEMA_PATH}`, import.meta.url);
  await writeTextAtomic(fileURLToPath(bout), solveBatchSchemaText());
  console.log(`wrote ${SOLVE_BATCH_SCHEMA_PATH}`);
  for (const { path, text } of REPORT_SCHEMAS) {
    await writeTextAtomic(fileURLToPath(new URL(`../${path}`, import.meta.url)), text());
    console.log(`wrote ${path}`);
  }
}
