/**
 * `memaudit retention rr --per-fact DIR [--static CUTOFFS]`: retention from PerMem-Bench's
 * per-fact evaluator outputs as the benchmark computes it ({@linkcode perFactRetention}).
 * Private to the retention command.
 *
 * @module
 */
import { type CliIo, csvTable, emit, EXIT, type OutputForm, printWarnings } from "../command.ts";
import { rangeAsUsage, writeOutFiles } from "../shared.ts";
import { readTextInput } from "../../base/fs.ts";
import { readPerFactFolder } from "../../retention/read.ts";
import {
  parseStaticCutoffs,
  PER_FACT_COLUMNS,
  PER_FACT_REPORT,
  perFactRetention,
} from "../../retention/per_fact.ts";

const COLUMNS = [
  "user",
  "facts",
  "checkpoints",
  "cutoff",
  "pooled_artifact",
  "pooled_exact_weights",
  "per_fact_mean",
];

/**
 * Runs the per-fact path of `retention rr` on the per_fact folder `dir`, with the static cutoffs
 * file (undefined: dynamic), the output form and `--out` folder; resolves to EXIT.ok.
 *
 * @throws {InputError} on a bad folder, file or cutoff; {UsageError} when a user lacks a cutoff
 */
export async function perFactRr(
  dir: string,
  staticFile: string | undefined,
  o: { form: OutputForm; out?: string },
  io: CliIo,
): Promise<number> {
  const { tracks, checkpoints } = await readPerFactFolder(dir);
  const cutoffs = staticFile === undefined
    ? undefined
    : parseStaticCutoffs(await readTextInput(staticFile), staticFile);
  const r = await rangeAsUsage(
    () => perFactRetention(tracks, checkpoints, { cutoffs }),
    /^Cannot compute /,
  );
  const json = PER_FACT_REPORT.json({ format: "permem-per-fact", ...r });
  const rows: object[] = [
    ...r.users,
    {
      user: `benchmark (mean of ${r.benchmark.users} users)`,
      facts: r.users.reduce((a, u) => a + u.facts, 0),
      checkpoints: r.users.reduce((a, u) => a + u.checkpoints, 0),
      cutoff: null,
      pooled_artifact: r.benchmark.pooled_artifact,
      pooled_exact_weights: r.benchmark.pooled_exact_weights,
      per_fact_mean: r.benchmark.per_fact_mean,
    },
  ];
  await writeOutFiles(o.out, {
    "rr.json": JSON.stringify(json, null, 2) + "\n",
    "rr_users.csv": csvTable(COLUMNS, rows),
    // per counted fact: population, checkpoints, held, replicas
    "rr_facts.csv": csvTable(PER_FACT_COLUMNS, r.facts),
  });
  emit(io, o.form, { json, columns: COLUMNS, rows });
  if (o.form === "table") {
    io.stdout(
      `${
        r.variant === "static"
          ? "PerMem-Bench_s (static: checkpoints at or before each cutoff)"
          : "PerMem-Bench (dynamic)"
      } from the evaluator's scored checkpoints (presence = write); pooled_artifact = the ` +
        "benchmark's value (replicas round(population / count)); no value over every lifespan " +
        "session: the per-fact files score the checkpoints only\n",
    );
  }
  printWarnings(io, r.warnings);
  return EXIT.ok;
}
