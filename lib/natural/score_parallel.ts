/**
 * {@linkcode scoreNatural} over several scorings at once, split into chunks
 * of packages scored in worker threads. The rows are the same, in the same
 * order, as running `scoreNatural` on each job in turn.
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import { type NaturalScoreRow, scoreNatural, type ScoreNaturalOptions } from "./score_natural.ts";
import { loadMilpSolver } from "../solve/highs.ts";

function runChunk(
  packages: readonly Package[],
  opts: ScoreNaturalOptions,
): Promise<NaturalScoreRow[]> {
  const worker = new Worker(new URL("./_score_worker.ts", import.meta.url), { type: "module" });
  return new Promise<NaturalScoreRow[]>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent) => {
      worker.terminate();
      if (e.data.error) reject(new Error(`Cannot score natural packages: ${e.data.error}`));
      else resolve(e.data.rows);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      reject(new Error(`Cannot score natural packages: worker failed: ${e.message}`));
    };
    worker.postMessage({ packages, opts });
  });
}

/**
 * Runs several {@linkcode scoreNatural} jobs on a pool of workers.
 *
 * @param jobs scorings to run (packages and options; options must be plain data, except
 *   `reachedBy`: certificates cannot cross a worker, so a job with `reachedBy` runs on the
 *   main thread)
 * @param opts worker and chunk counts
 * @returns one row list per job, each equal to `scoreNatural(job.packages, job.opts)`
 * @throws {Error} if a worker fails (e.g. an unknown writer id)
 */
export async function scoreNaturalParallel(
  jobs: readonly {
    /** The packages to score. */
    packages: readonly Package[];
    /** Scoring options (as for `scoreNatural`). */
    opts?: ScoreNaturalOptions;
  }[],
  opts: {
    /** Worker threads (default: `navigator.hardwareConcurrency`, at least 1). */
    workers?: number;
    /** Chunks per job (default: the worker count). */
    chunks?: number;
  } = {},
): Promise<NaturalScoreRow[][]> {
  // Jobs on this thread (reachedBy) hand slow searches over to HiGHS (see scoreNatural).
  await loadMilpSolver();
  const workers = Math.max(1, opts.workers ?? navigator.hardwareConcurrency ?? 1);
  const chunks = Math.max(1, opts.chunks ?? workers);
  const tasks: { job: number; part: number; packages: readonly Package[] }[] = [];
  jobs.forEach((j, job) => {
    const size = Math.ceil(j.packages.length / chunks);
    for (let part = 0; part * size < j.packages.length; part++) {
      tasks.push({ job, part, packages: j.packages.slice(part * size, (part + 1) * size) });
    }
  });
  const results: NaturalScoreRow[][][] = jobs.map(() => []);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const t = tasks[next++];
      const o = jobs[t.job].opts ?? {};
      results[t.job][t.part] = (o.reachedBy?.length ?? 0) > 0
        ? scoreNatural(t.packages, o)
        : await runChunk(t.packages, o);
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, lane));
  return results.map((parts) => parts.flat());
}
