/**
 * Argument checks shared by the exact solvers: a budget and a group cap that
 * do not make sense are programming errors (RangeError), never a certificate.
 *
 * @module
 */

/**
 * Throws unless B is finite and >= 0 and k is an integer >= 1.
 *
 * @param solver name used in the message
 * @param budget B
 * @param k group cap
 * @throws {RangeError} naming the bad argument
 */
export function checkSolveArgs(solver: string, budget: number, k: number): void {
  if (!(budget >= 0) || !Number.isFinite(budget)) {
    throw new RangeError(
      `Cannot solve with ${solver}: budget must be finite and >= 0, got ${budget}`,
    );
  }
  if (!Number.isInteger(k) || k < 1) {
    throw new RangeError(`Cannot solve with ${solver}: k must be an integer >= 1, got ${k}`);
  }
}
