/**
 * Synthetic distributions (ARTIFACT-SPEC §3) as data, the engine that
 * generates packages from them, package hashes and the fraction-to-budget
 * mapping (§4.1).
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./distribution_spec.ts";
export { buildPackage, streamSeed } from "./build_package.ts";
export {
  checkDistributionName,
  DISTRIBUTION_SPECS,
  type DistributionName,
  DISTRIBUTIONS,
  generate,
  type Generator,
  STRESS_DISTRIBUTIONS,
} from "./distributions.ts";
export { canonicalJson, packageHash } from "./package_hash.ts";
export {
  budgetBasis,
  budgetBasisFromTotals,
  budgetsFromBasis,
  budgetsFromTokens,
  type BudgetToken,
  packageCostTotal,
  parseBudgetToken,
  roundHalfEven,
} from "./budgets.ts";
