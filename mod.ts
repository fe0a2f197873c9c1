/**
 * memaudit: exact-oracle evaluation of budgeted long-term memory writing for LLM agents.
 *
 * A package freezes, for a slice of an agent's history, the candidate memories of each
 * experience, their storage costs, the evidence units future queries need and a sparse coverage
 * matrix. Under a storage budget B the certified optimum OPT is the denominator writers and
 * exported memory stores are scored against.
 *
 * This file is the core entry point, `memaudit` (deno.json `exports["."]`): packages and their
 * I/O, the objective F, the solvers and their certificates (only solvers make an OPT), the
 * writers and the scorers. Each other part has an entry point of its own, a subpath of the
 * package that lists what that part offers:
 *
 * - `memaudit/generate`: the artifact's synthetic distributions, budgets, package hashes and
 *   seeded random streams;
 * - `memaudit/sweep`: the grid runner, shards and the papers' reported sweep numbers;
 * - `memaudit/natural`: natural packages from LoCoMo (paper 000 §5);
 * - `memaudit/adjudicate`: lexical, LLM and imported coverage judges;
 * - `memaudit/systems`: exported memory stores scored by union or on LoCoMo (Table 4);
 * - `memaudit/scale`: scale-conditioned reliability (paper 002);
 * - `memaudit/retention`: personalized retention and storage gating (paper 003);
 * - `memaudit/report` and `memaudit/plot`: tables, checks that raise, figures.
 *
 * The exports map and these entry modules are the one list of what is public: everything else
 * under `lib/` is internal and may change without notice.
 *
 * @example Certified OPT of the paper's vegetarian → pescatarian package
 * ```ts
 * import { compilePackage, readPackageJson, scoreStore, solveBnb } from "./mod.ts";
 *
 * const pkg = await readPackageJson("data/examples/vegetarian_pescatarian.json");
 * const cp = compilePackage(pkg);
 * const opt = solveBnb(cp, 8);
 * console.log(opt.status, opt.objective, opt.store); // optimal 3 [ "e2.compound" ]
 * console.log(scoreStore(cp, ["e2.current_fact"], opt).ratio); // 1/3 of OPT
 * ```
 *
 * @module
 */

// --- Errors --------------------------------------------------------------------------------------
export { InputError, type Where } from "./lib/base/errors.ts";

// --- Packages and I/O: schema, JSON, CSV folders, the authors' JSONL export, union ---------------
export { CANDIDATE_KINDS, UNIT_FAMILIES, UNIT_VALIDITY } from "./lib/package/schema.ts";
export type {
  Candidate,
  CandidateKind,
  CoverageCell,
  Experience,
  Package,
  PackageInput,
  Query,
  Segment,
  Unit,
  UnitFamily,
  UnitValidity,
} from "./lib/package/schema.ts";
export { PACKAGE_SCHEMA_VERSION } from "./lib/package/version.ts";
export { parsePackage } from "./lib/package/parse.ts";
export { type CompiledPackage, compilePackage, unitWeights } from "./lib/package/compile.ts";
export { readPackageJson } from "./lib/package/json_io.ts";
export { readPackageFrom } from "./lib/package/read_any.ts";
export { type ArtifactReadOptions, readArtifactPackage } from "./lib/package/artifact_jsonl.ts";
export { type ExternalMemory, unionPackage } from "./lib/package/union.ts";

// --- Objective: F and feasibility (DESIGN §2) -----------------------------------------------------
export { checkFeasible, evaluateStore, valueOf } from "./lib/objective.ts";

// --- Solvers and certificates (only these make an OPT) -------------------------------------------
export {
  type Certificate,
  isCertified,
  type ProofMethod,
  type SolveStatus,
} from "./lib/certificate/result.ts";
export { solve, type SolveOptions } from "./lib/solve/solve.ts";
export { type BnbOptions, solveBnb } from "./lib/solve/bnb.ts";
export { solveBrute } from "./lib/solve/brute.ts";
export { type HighsRuntime, type LoadMilpOptions, loadMilpSolver } from "./lib/solve/highs.ts";
export { type MilpOptions, solveMilp, solveMilpSync } from "./lib/solve/milp.ts";
export { type AuditRow, auditSolvers, summarizeAudit } from "./lib/solve/audit.ts";
export { type CertificateUse, ClaimError } from "./lib/certificate/issue.ts";

// --- Writers (exact to the authors' artifact; every writer by name: WRITERS) ---------------------
export type { Writer, WriterResult, WriterStep } from "./lib/writers/types.ts";
export { WRITER_LABELS, WRITERS } from "./lib/writers/registry.ts";

// --- Scorers: ratios, cluster bootstrap, failure audit, ledger ------------------------------------
export {
  type Ratio,
  ratioToOpt,
  ratioToSmallerPackageOpt,
  scoreStore,
  type StoreScore,
} from "./lib/score/ratio.ts";
export { clusterBootstrapCi } from "./lib/score/cluster_bootstrap.ts";
export type { UpdateMetrics } from "./lib/score/metrics.ts";
export { type AggregateRow, type BestByBudget, bestByBudget } from "./lib/score/aggregate.ts";
export {
  aggregateFailureAudits,
  type AuditOptions,
  type AuditRecord,
  conditionalFailureAudit,
  type FailureAudit,
  type FamilyAudit,
  type FamilyFailureRow,
  type Reachability,
  runWriter,
  type UnitAudit,
} from "./lib/score/audit.ts";
export { decisionLedger, type LedgerRow } from "./lib/score/ledger.ts";
export {
  auditConsistency,
  ledgerTotals,
  meanPackageRatio,
  reachabilityShares,
} from "./lib/score/failure_summary.ts";
export type { Summation } from "./lib/score/summation.ts";
