/**
 * Many packages certified in one process (`memaudit solve PACKAGE... | DIR`; issue 29 item 3,
 * "batches in one process"): listed ({@linkcode listBatch}), every one read and checked before any
 * is solved ({@linkcode readBatch}), then solved at each budget with `solve()` (paper 000 §3), one
 * row per (package, budget) ({@linkcode solveBatch}). The report's shape is declared once as a zod
 * schema ({@linkcode SOLVE_BATCH_REPORT}).
 *
 * @module
 */
import { join } from "node:path";
import { z } from "../base/deps/zod.ts";
import { InputError } from "../base/errors.ts";
import { statOrNull } from "../base/fs.ts";
import { type CompiledPackage, compilePackage } from "../package/compile.ts";
import { isCsvPackage, readPackageFrom } from "../package/read_any.ts";
import type { Package } from "../package/schema.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import { solve, type SolveOptions } from "./solve.ts";

/** One (package, budget) of a batch: what `solve()` proved there. */
export const SolveBatchRowSchema = z.strictObject({
  package: z.string().describe("the package's id (its `id` field)"),
  file: z.string().describe("the package file or CSV folder it was read from, as listed"),
  budget: z.number().describe("budget B in the package's cost units"),
  k: z.number().int().describe("group cap k: at most k candidates per experience"),
  status: z.enum(["optimal", "unverified", "time_limit", "no_certificate"]).describe(
    "optimal: OPT certified; time_limit: stopped with a bound; no_certificate: not certified",
  ),
  objective: z.number().nullable().describe(
    "F of the returned store (weight units): OPT_P(B) when optimal, else a lower bound",
  ),
  bound: z.number().nullable().describe("proven upper bound on OPT_P(B) (weight units)"),
  gap: z.number().nullable().describe("(bound - objective) / bound"),
  method: z.string().describe("how the bound was proved (bnb, milp+bnb, milp, brute, cap, ...)"),
  seconds: z.number().describe("wall seconds of this solve (reading excluded; not deterministic)"),
  digest: z.string().describe("SHA-256 (hex) of the package's canonical JSON"),
});

/** The report of `memaudit solve PACKAGE... --json` (several packages or a folder). */
export const SolveBatchReportSchema = z.strictObject({
  packages: z.number().int().describe("packages solved (this shard's)"),
  shard: z.string().nullable().describe("the shard I/N of --shard, null for the whole list"),
  rows: z.array(SolveBatchRowSchema).describe("one per (package, budget): packages in list order"),
  warnings: z.array(z.string()).describe("what was not read, repeated ids (also on stderr)"),
});

/** One row of a batch ({@linkcode SolveBatchRowSchema}). */
export type SolveBatchRow = z.output<typeof SolveBatchRowSchema>;

/** The shape of {@linkcode SolveBatchReportSchema}: its JSON and JSON Schema. */
export const SOLVE_BATCH_REPORT: ReportShape<typeof SolveBatchReportSchema> = reportShape(
  "solve_batch_report",
  SolveBatchReportSchema,
  "Generated from lib/solve/batch.ts by `deno task schema`; do not edit. " +
    "`memaudit solve PACKAGE... --json` (several packages or a folder) writes one object of this shape.",
);

/** The `--csv` columns of a batch (every row key, in the schema's order). */
export const SOLVE_BATCH_COLUMNS: readonly string[] = rowColumns(SolveBatchRowSchema);
/** The text table's columns: the digest is left out (64 characters; it is in --json and --csv). */
export const SOLVE_BATCH_TABLE_COLUMNS: readonly string[] = rowColumns(SolveBatchRowSchema, [
  "digest",
]);

/**
 * Lists the packages of `memaudit solve PACKAGE...`: each argument that is a file or a CSV package
 * folder is one package; a folder of packages gives its `*.json` files and its CSV package folders,
 * in sorted name order (code units; not recursive); its other entries are named in a warning.
 *
 * @param args the paths given, in order
 * @returns the package paths, in the order given (a folder's in sorted name order), and one warning
 *   per folder with entries that are not packages, naming them
 * @throws {InputError} naming the path that does not exist (or is a link that loops), or a folder
 *   holding no package
 */
export async function listBatch(
  args: readonly string[],
): Promise<{ files: string[]; warnings: string[] }> {
  const files: string[] = [], warnings: string[] = [];
  for (const arg of args) {
    const info = await statFollowing(arg);
    if (info === null || info === "loop") {
      throw InputError.atRoot(
        arg,
        "expected an existing package file or folder" +
          (info === "loop" ? ", found a link that loops" : ""),
      );
    }
    if (!info.isDirectory || await isCsvPackage(arg)) {
      files.push(arg);
      continue;
    }
    const { found, skipped } = await folderPackages(arg);
    if (found.length === 0) {
      throw InputError.atRoot(
        arg,
        "expected package files (*.json) or CSV package folders in it, found none (" +
          (skipped.length === 0
            ? "it is empty)"
            : `not read: ${skipped.join(", ")}; subfolders are not searched)`),
      );
    }
    files.push(...found);
    if (skipped.length > 0) {
      warnings.push(
        `${arg}: not read (not a *.json file nor a CSV package folder): ${skipped.join(", ")}`,
      );
    }
  }
  return { files, warnings };
}

/** A folder's packages (sorted by name) and the names of its other entries (folders with a `/`). */
async function folderPackages(dir: string): Promise<{ found: string[]; skipped: string[] }> {
  const names: string[] = [];
  for await (const e of Deno.readDir(dir)) names.push(e.name);
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const found: string[] = [], skipped: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const info = await statFollowing(path);
    if (info === "loop") skipped.push(`${name} (a link that loops)`);
    else if (info === null) skipped.push(`${name}${await whyMissing(path, name)}`);
    else if (info?.isFile && name.endsWith(".json")) found.push(path);
    else if (info?.isDirectory && await isCsvPackage(path)) found.push(path);
    else skipped.push(info?.isDirectory ? `${name}/` : name);
  }
  return { found, skipped };
}

/** Why a listed folder entry cannot be opened: a link to nothing, or a name that is not UTF-8. */
async function whyMissing(path: string, name: string): Promise<string> {
  const link = await Deno.lstat(path).catch(() => null);
  if (link?.isSymlink) return " (a link to nothing)";
  return link === null && name.includes("\ufffd") ? " (its name is not UTF-8)" : "";
}

/** A path's info through its links: null when missing, "loop" for a link that loops. */
async function statFollowing(path: string): Promise<Deno.FileInfo | null | "loop"> {
  try {
    return await statOrNull(path);
  } catch (err) {
    if (err instanceof InputError) return "loop"; // statOrNull's one InputError
    throw err;
  }
}

/** One package of a batch, read, checked and compiled. */
export interface BatchPackage {
  /** The path it was read from, as listed. */
  file: string;
  /** The compiled package. */
  cp: CompiledPackage;
  /** The budgets it is solved at. */
  budgets: readonly number[];
}

/**
 * Reads and compiles every package of a batch before any is solved, so a bad file stops the run
 * before anything is printed. A package id given by two files, a path listed twice and a budget a
 * package lists twice are warnings ({@linkcode batchWarnings}; everything listed is solved).
 *
 * @param files the package paths, in order
 * @param budgets the --budgets values, or undefined for each package's own
 * @returns the packages, in order, and the warnings
 * @throws {InputError} naming the file and the field of the first problem of the first bad package,
 *   or a package with no budgets when --budgets is not given
 */
export async function readBatch(
  files: readonly string[],
  budgets: readonly number[] | undefined,
): Promise<{ packages: BatchPackage[]; warnings: string[] }> {
  const packages: BatchPackage[] = [];
  for (const file of files) {
    const { pkg } = await readPackageFrom(file);
    const own = budgets ?? pkg.budgets ?? [];
    if (own.length === 0) {
      throw new InputError(
        file,
        { path: "budgets" },
        "expected budgets: the package lists none and --budgets is not given",
      );
    }
    packages.push({ file, cp: compilePackage(pkg), budgets: own });
  }
  const warnings = batchWarnings(
    packages.map((p) => ({ file: p.file, id: p.cp.pkg.id, budgets: p.budgets })),
  );
  return { packages, warnings };
}

/**
 * What a batch repeats, as warnings (rows that repeat change the counts of a summary): a path
 * listed more than once, a budget a package's own budgets list more than once, a package id
 * given by two files. One warning per path (its first listing), in list order; the id of a
 * path is compared with the first path that gave it.
 *
 * @param listing the listed packages, in list order: each one's path as listed, id and budgets
 * @returns the warnings
 */
export function batchWarnings(
  listing: readonly { file: string; id: string; budgets: readonly number[] }[],
): string[] {
  const times = new Map<string, number>();
  for (const e of listing) times.set(e.file, (times.get(e.file) ?? 0) + 1);
  const warnings: string[] = [], firstFile = new Map<string, string>(), done = new Set<string>();
  for (const e of listing) {
    if (done.has(e.file)) continue;
    done.add(e.file);
    const n = times.get(e.file)!;
    if (n > 1) warnings.push(`${e.file} is listed ${n} times (solved ${n} times: its rows repeat)`);
    const count = new Map<number, number>();
    for (const b of e.budgets) count.set(b, (count.get(b) ?? 0) + 1);
    for (const [b, c] of count) {
      if (c > 1) {
        warnings.push(
          `${e.file}: budget ${b} is in its budgets ${c} times (solved ${c} times: its rows repeat)`,
        );
      }
    }
    const seen = firstFile.get(e.id);
    if (seen === undefined) firstFile.set(e.id, e.file);
    else warnings.push(`package id '${e.id}' is in both ${seen} and ${e.file} (both solved)`);
  }
  return warnings;
}

/** The solve options of a batch, as for `solve()`. */
export type BatchOptions = Pick<SolveOptions, "solver" | "k" | "timeLimitMs">;

/**
 * Certifies OPT_P(B) of one package at each of its budgets (solver, k and time limit as for
 * `solve()`): one row per budget, in the order given.
 *
 * @throws {RangeError} as `solve()` does for a k or time limit out of range
 */
export async function solvePackageRows(
  p: BatchPackage,
  opts: BatchOptions,
): Promise<SolveBatchRow[]> {
  const rows: SolveBatchRow[] = [];
  for (const budget of p.budgets) {
    const c = await solve(p.cp, budget, opts);
    rows.push({
      package: p.cp.pkg.id,
      file: p.file,
      budget: c.budget,
      k: c.k,
      status: c.status,
      objective: c.objective,
      bound: c.bound,
      gap: c.gap,
      method: c.method,
      seconds: c.timeMs / 1000,
      digest: c.package,
    });
  }
  return rows;
}

/** Fewest packages for which a batch starts workers by default (below, their start costs more). */
export const PARALLEL_PACKAGES = 4;

/**
 * The default worker count of a batch of `packages` packages: one per core from
 * {@linkcode PARALLEL_PACKAGES} packages, else 1 (the main thread).
 */
export function defaultBatchWorkers(packages: number): number {
  return packages >= PARALLEL_PACKAGES ? navigator.hardwareConcurrency ?? 1 : 1;
}

/**
 * The worker threads a batch of `packages` packages starts for the `workers` (--workers) asked (1:
 * none, the main thread solves): at most one per package and two per core (each loads its own
 * HiGHS; 64 on 2 cores took 15 times the wall time and 9 times the memory of 2 on 64 small
 * packages).
 */
export function batchThreads(workers: number, packages: number): number {
  return Math.max(1, Math.min(workers, packages, 2 * (navigator.hardwareConcurrency ?? 1)));
}

/**
 * Certifies OPT_P(B) of each package at each of its budgets, in one process: on the main thread
 * (`workers` 1), or spread over `workers` worker threads (at most two per core,
 * {@linkcode batchThreads}), each taking the next package when it is done with one (every worker
 * loads its own HiGHS). The rows are the same either way but for `seconds`.
 *
 * @param packages the packages ({@linkcode readBatch})
 * @param opts solver, k and time limit, as for `solve()`
 * @param workers threads (1: the main thread)
 * @param onPackage called after each package with the count done and the total
 * @returns one row per (package, budget): packages in order, budgets in the order given
 * @throws {RangeError} as `solve()` does for a k or time limit out of range (or a store count
 *   beyond brute's limit), naming the file, with any worker count
 * @throws {Error} naming the file when a worker fails
 */
export async function solveBatch(
  packages: readonly BatchPackage[],
  opts: BatchOptions,
  workers = 1,
  onPackage: (done: number, total: number) => void = () => {},
): Promise<SolveBatchRow[]> {
  const out: SolveBatchRow[][] = new Array(packages.length);
  let done = 0;
  if (batchThreads(workers, packages.length) <= 1) {
    for (const [i, p] of packages.entries()) {
      try {
        out[i] = await solvePackageRows(p, opts);
      } catch (err) {
        throw namedSolveError(p.file, err);
      }
      onPackage(++done, packages.length);
    }
    return out.flat();
  }
  let next = 0;
  const lane = async () => {
    const worker = new Worker(new URL("./_batch_worker.ts", import.meta.url), { type: "module" });
    try {
      for (let i = next++; i < packages.length; i = next++) {
        out[i] = await askWorker(worker, i, packages[i], opts);
        onPackage(++done, packages.length);
      }
    } finally {
      worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: batchThreads(workers, packages.length) }, lane));
  return out.flat();
}

/** A request to a batch worker (lib/solve/_batch_worker.ts): package `index`, from `file`. */
export interface BatchRequest {
  /** The package's position in the batch. */
  index: number;
  /** The path it was read from. */
  file: string;
  /** The package, read and checked by the main thread. */
  pkg: Package;
  /** The budgets to solve it at. */
  budgets: number[];
  /** Solver, k, time limit. */
  opts: BatchOptions;
}

/** A batch worker's reply: the package's rows, or why it failed (the error's name and message). */
export type BatchReply =
  | { index: number; rows: SolveBatchRow[] }
  | { index: number; error: { name: string; message: string } };

/**
 * The errors of a package's solve that are kept as they are, file named, whether the package is
 * solved on the main thread or in a worker (the CLI maps them to exit 2 and 1): `solve()`'s bad
 * arguments and a contradicted claim.
 */
const KEPT_ERRORS = new Set(["RangeError", "ClaimError"]);

/** V8's own RangeErrors: limits hit, not bad input (lib/cli/main.ts tells them apart so). */
const V8_LIMIT = /^(Invalid (string|array|typed array) length|Maximum call stack)/;

/**
 * A package's failed solve as one error naming its file, the same on the main thread and from a
 * worker: a RangeError or ClaimError stays one ("Cannot solve FILE: MESSAGE"); anything else is
 * an Error naming the original class.
 */
function solveFailure(file: string, name: string, message: string): Error {
  if (name === "RangeError" && !V8_LIMIT.test(message)) {
    return new RangeError(`Cannot solve ${file}: ${message}`);
  }
  if (name === "ClaimError") {
    const e = new Error(`Cannot solve ${file}: ${message}`);
    e.name = name;
    return e;
  }
  return new Error(`Cannot solve ${file}: ${name}: ${message}`);
}

/**
 * What a solve of the package in `file` threw, as the CLI reports it: a RangeError or ClaimError
 * (bad input, a contradicted claim) as one naming the file, "Cannot solve FILE: MESSAGE"; any
 * other error as it is.
 *
 * @param file the package's file
 * @param err what the solve threw
 * @returns the error to throw
 */
export function namedSolveError(file: string, err: unknown): unknown {
  if (!(err instanceof Error) || !KEPT_ERRORS.has(err.name)) return err;
  return solveFailure(file, err.name, err.message);
}

/** Sends package `index` to a worker; resolves to its rows. */
function askWorker(
  worker: Worker,
  index: number,
  p: BatchPackage,
  opts: BatchOptions,
): Promise<SolveBatchRow[]> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<BatchReply>) => {
      if ("error" in e.data) reject(solveFailure(p.file, e.data.error.name, e.data.error.message));
      else resolve(e.data.rows);
    };
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      reject(new Error(`Cannot solve ${p.file}: a worker failed: ${e.message}`));
    };
    const { file, cp } = p, budgets = [...p.budgets];
    worker.postMessage({ index, file, pkg: cp.pkg, budgets, opts } satisfies BatchRequest);
  });
}
