/**
 * Writes every JSON Schema published under `data/schema/` ({@linkcode SCHEMAS}), each generated
 * from its zod schema, atomically: the package and trajectory-line formats memaudit reads, and
 * each command's `--json` report (a report shape's file is `data/schema/<name>.schema.json`).
 * Run with `deno task schema`; tests/structure/schema_files_test.ts fails when a file is stale.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { writeTextAtomic } from "../lib/base/fs.ts";
import { packageJsonSchema } from "../lib/package/json_schema.ts";
import { trajectoryJsonSchema } from "../lib/scale/trajectory.ts";
import { STORE_REPORT } from "../lib/systems/store_report.ts";
import { WRITE_REPORT } from "../lib/systems/write_report.ts";
import { WRITERS_REPORT } from "../lib/score/writers_report.ts";
import { SWEEP_REPORT } from "../lib/sweep/report.ts";
import { SCALE_SCORE_REPORT } from "../lib/scale/score_report.ts";
import { SOLVE_BATCH_REPORT } from "../lib/solve/batch.ts";
import { NATURAL_REPORT } from "../lib/natural/report.ts";
import { LONGMEMEVAL_NATURAL_REPORT } from "../lib/longmemeval/report.ts";
import { RECALL_REPORT } from "../lib/scale/recall_report.ts";
import { VALIDATE_REPORT } from "../lib/package/validate_report.ts";
import { MERGE_REPORT } from "../lib/shard/join.ts";
import { SOLVE_SUMMARY } from "../lib/cli/solve_batch_out.ts";
import { LADDER_REPORT } from "../lib/scale/ladder_report.ts";
import { SIMULATE_REPORT } from "../lib/scale/simulate_report.ts";
import { SIMULATED_RUN_REPORT } from "../lib/retention/simulate.ts";
import { PER_FACT_REPORT } from "../lib/retention/per_fact.ts";
import { GATING_REPORT } from "../lib/retention/gating.ts";
import { SOLVE_REPORT } from "../lib/solve/solve_report.ts";
import { RR_REPORT } from "../lib/retention/rr_report.ts";

/** A report's shape as far as publishing goes: its name (the file stem) and its JSON Schema. */
type Shape = { name: string; jsonSchema(): Record<string, unknown> };

/** Every published schema: repo-relative path -> its JSON Schema. */
export const SCHEMAS: Readonly<Record<string, () => Record<string, unknown>>> = {
  "data/schema/package.schema.json": packageJsonSchema,
  "data/schema/trajectory.schema.json": trajectoryJsonSchema, // paper 002; COMPANIONS §4
  ...Object.fromEntries(
    [
      VALIDATE_REPORT, // memaudit validate --json
      STORE_REPORT, // memaudit store --json
      WRITE_REPORT, // memaudit write --json (its record: DIR/provenance.json)
      WRITERS_REPORT, // memaudit writers --json
      SWEEP_REPORT, // memaudit sweep --json
      SOLVE_REPORT, // memaudit solve PACKAGE --json
      SOLVE_BATCH_REPORT, // memaudit solve PACKAGE... --json
      SOLVE_SUMMARY, // memaudit solve DIR --out OUT: OUT/solve_summary.json
      SCALE_SCORE_REPORT, // memaudit scale score --json
      NATURAL_REPORT, // memaudit natural --json (LoCoMo)
      LONGMEMEVAL_NATURAL_REPORT, // memaudit natural --longmemeval --json
      RECALL_REPORT, // memaudit scale recall --json
      LADDER_REPORT, // memaudit scale ladder --json
      SIMULATE_REPORT, // memaudit scale simulate --json
      SIMULATED_RUN_REPORT, // memaudit retention simulate --json
      RR_REPORT, // memaudit retention rr --json (every k)
      PER_FACT_REPORT, // memaudit retention rr --per-fact --json
      GATING_REPORT, // memaudit retention gating --json
      MERGE_REPORT, // memaudit merge --json
    ].map((s: Shape) => [`data/schema/${s.name}.schema.json`, () => s.jsonSchema()]),
  ),
};

/**
 * The exact text written to a published schema's file: 2-space JSON and a trailing newline.
 *
 * @param path a key of {@linkcode SCHEMAS}
 * @returns the file's text
 * @throws {RangeError} when `path` is not a published schema
 */
export function schemaText(path: string): string {
  if (!Object.hasOwn(SCHEMAS, path)) throw new RangeError(`Cannot write ${path}: no such schema`);
  return JSON.stringify(SCHEMAS[path](), null, 2) + "\n";
}

if (import.meta.main) {
  for (const path of Object.keys(SCHEMAS)) {
    await writeTextAtomic(fileURLToPath(new URL(`../${path}`, import.meta.url)), schemaText(path));
    console.log(`wrote ${path}`);
  }
}
