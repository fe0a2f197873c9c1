/**
 * Synthetic distributions (ARTIFACT-SPEC §3) as data, the engine that
 * generates packages from them, package hashes and the fraction-to-budget
 * mapping (§4.1).
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
