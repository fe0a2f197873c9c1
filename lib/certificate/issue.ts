/**
 * Certificates that cannot be laundered (DESIGN §3; issue 10 finding 4).
 *
 * A number labelled OPT must come from an exact solver that ran on the same
 * package, at the same budget B and group cap k. This module keeps a registry
 * (a `WeakMap`, so nothing leaks) of the certificates the exact solvers made,
 * each with the compiled package it was made for. Every scorer that divides
 * by OPT (ratios, audits, union scores, natural scores) calls
 * {@linkcode requireCertificate}, which refuses:
 *
 * - an object that no solver made (a hand-written literal, a copy, a value
 *   that crossed a worker or a JSON file), with a `TypeError`;
 * - a certificate of another package (compared by the SHA-256 of the
 *   package's canonical JSON, recorded in the certificate when it was
 *   issued), another budget or another k, with a `RangeError`;
 * - a compiled package whose numbers were changed after `compilePackage()`
 *   (its typed arrays are writable: compiling keeps private copies and a
 *   private, frozen copy of the package, and every issue and use compares
 *   them), with a `TypeError`.
 *
 * A feasible store whose F exceeds the certificate's proven bound by more
 * than its tolerance is an error ({@linkcode requireWithinBound}, a
 * `ClaimError`; the CLI exits 1): a ratio above 1 is never "ok".
 *
 * Issued certificates are frozen, so their status and numbers cannot be
 * edited afterwards. Every exact solver (`solve()`, `solveBnb()`,
 * `solveMilp()`, `solveMilpSync()`, `solveBrute()`) issues the certificate it
 * returns (lib/solve/issue.ts); this module adds the checks' public entry
 * points and {@linkcode raiseCap}.
 *
 * @example Scoring against a certified OPT
 * ```ts
 * import assert from "node:assert/strict";
 * import { requireCertificate } from "./issue.ts";
 * import { solve } from "../solve/solve.ts";
 * import { compilePackage } from "../package/compile.ts";
 * import { readPackageJson } from "../package/json_io.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const opt = await solve(cp, 8);
 * assert.equal(requireCertificate(opt, { cp, budget: 8 }, "score").objective, 3);
 * assert.throws(() => requireCertificate({ ...opt }, { cp, budget: 8 }, "score"), TypeError);
 * ```
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { type Certificate, isCertified } from "./result.ts";
import { issueCertificate, requireCertificate } from "./registry.ts";

export {
  type CertificateUse,
  ClaimError,
  isIssued,
  issuedFor,
  requireCertificate,
  requireWithinBound,
} from "./registry.ts";

/**
 * A certificate at a larger group cap from a certified one at a smaller cap
 * that already reaches the largest value F can take on the package (Σ w_r,
 * every unit with the default saturation h = min(1, z)). Its store holds at
 * most the smaller cap per group, so it is feasible under the larger cap,
 * and no store can exceed Σ w_r: it is OPT under the larger cap too. This is
 * a proof, not a search; any other case returns null.
 *
 * @param cp the compiled package (the certificate must belong to it)
 * @param cert an issued, certified certificate of `cp` at a cap below `k`
 * @param k the larger group cap
 * @returns the issued certificate at cap `k`, or null when the proof does not apply
 * @throws {TypeError} if no exact solver made `cert`
 * @throws {RangeError} if `cert` belongs to another package
 */
export function raiseCap(cp: CompiledPackage, cert: Certificate, k: number): Certificate | null {
  requireCertificate(cert, { cp, budget: cert.budget, k: cert.k }, "raise the group cap");
  if (!(cert.k < k) || !isCertified(cert) || cert.objective === null) return null;
  if (!cp.segments.every((s) => s === null)) return null;
  const maxF = cp.weights.reduce((a, w) => a + w, 0);
  if (!(cert.objective >= maxF - 1e-12 * Math.abs(maxF))) return null;
  const gap = maxF > 0 ? Math.max(0, (maxF - cert.objective) / maxF) : 0;
  return issueCertificate(cp, {
    ...cert,
    method: "cap",
    k,
    store: [...cert.store],
    bound: Math.max(maxF, cert.objective),
    gap,
    tolerance: Math.max(cert.tolerance, gap),
    nodes: 0,
    timeMs: 0,
    message:
      `OPT under k = ${cert.k} already reaches the largest possible F (Σ w = ${maxF}): OPT under k = ${k} too`,
  });
}
