/**
 * Argument checks shared by the exact solvers: a budget and a group cap that
 * do not make sense are programming errors (RangeError), never a certificate.
 *
 * @module
 */
import { checkBudget } from "../certificate/issue.ts";

/**
 * Throws unless B is a positive finite number (the one budget rule, `checkBudget`) and k is an
 * integer >= 1.
 *
 * @param solver name used in the message
 * @param budget B
 * @param k group cap
 * @throws {RangeError} naming the bad argument
 */
export function checkSolveArgs(solver: string, budget: number, k: number): void {
  checkBudget(solver, budget);
  if (!Number.isInteger(k) || k < 1) {
    throw new RangeError(`Cannot solve with ${solver}: k must be an integer >= 1, got ${k}`);
  }
}
