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
 * - a certificate of another package (compared by identity, then by the
 *   SHA-256 of the package's canonical JSON), another budget or another k,
 *   with a `RangeError`.
 *
 * Issued certificates are frozen, so their status and numbers cannot be
 * edited afterwards. {@linkcode certify} and {@linkcode certifyBnb} run the
 * exact solvers (`solve()`, `solveBnb()`) and return issued certificates;
 * they are the entry points for anything that is scored afterwards.
 *
 * @example Scoring against a certified OPT
 * ```ts
 * import assert from "node:assert/strict";
 * import { certify, requireCertificate } from "./certificate.ts";
 * import { compilePackage } from "./package/compile.ts";
 * import { readPackageJson } from "./package/json_io.ts";
 *
 * const cp = compilePackage(await readPackageJson("data/examples/vegetarian_pescatarian.json"));
 * const opt = await certify(cp, 8);
 * assert.equal(requireCertificate(opt, { cp, budget: 8 }, "score").objective, 3);
 * assert.throws(() => requireCertificate({ ...opt }, { cp, budget: 8 }, "score"), TypeError);
 * ```
 *
 * @module
 */
import type { CompiledPackage } from "./package/compile.ts";
import { packageHash } from "./generate/package_hash.ts";
import type { Certificate } from "./solve/result.ts";
import { solve, type SolveOptions } from "./solve/solve.ts";
import { type BnbOptions, solveBnb } from "./solve/bnb.ts";

/** What the registry knows about an issued certificate. */
interface Issue {
  cp: CompiledPackage;
}

const ISSUED = new WeakMap<object, Issue>();
const HASHES = new WeakMap<CompiledPackage, string>();

/** The package identity of a compiled package: SHA-256 of its canonical JSON, cached. */
function identity(cp: CompiledPackage): string {
  let h = HASHES.get(cp);
  if (h === undefined) HASHES.set(cp, h = packageHash(cp.pkg));
  return h;
}

/**
 * Registers a certificate an exact solver just made for `cp` and freezes it
 * (and its store). For exact solvers only: nothing else may call it.
 *
 * @param cp the compiled package the solver ran on
 * @param cert the solver's result (budget and k as solved)
 * @returns `cert`, frozen and issued
 */
export function issueCertificate<C extends Certificate>(cp: CompiledPackage, cert: C): C {
  Object.freeze(cert.store);
  Object.freeze(cert);
  ISSUED.set(cert, { cp });
  return cert;
}

/**
 * True when `cert` was issued by an exact solver (see the module doc).
 *
 * @param cert any value
 * @returns whether the registry holds it
 */
export function isIssued(cert: unknown): cert is Certificate {
  return typeof cert === "object" && cert !== null && ISSUED.has(cert);
}

/**
 * True when the issued certificate `cert` was made for `cp` (the same
 * object, or a package with the same canonical JSON).
 *
 * @param cert a certificate
 * @param cp a compiled package
 * @returns false as well for a certificate no solver made
 */
export function issuedFor(cert: Certificate, cp: CompiledPackage): boolean {
  const issue = typeof cert === "object" && cert !== null ? ISSUED.get(cert) : undefined;
  return issue !== undefined && (issue.cp === cp || identity(issue.cp) === identity(cp));
}

/** Where a certificate is used: the package, budget and group cap it must belong to. */
export interface CertificateUse {
  /** The compiled package scored (same package: same object, or same canonical JSON). */
  cp: CompiledPackage;
  /** Budget B in cost units (compared exactly). */
  budget: number;
  /** Group cap k (default `cp.k`). */
  k?: number;
}

/**
 * Checks that `cert` is a solver-made certificate of the same package,
 * budget and k. It does not check the status: use `isCertified` for that
 * (a `time_limit` certificate is genuine but certifies nothing).
 *
 * @param cert the certificate to use
 * @param use the package, budget and k it must belong to
 * @param what what is being done, for the message (e.g. "score against OPT")
 * @returns `cert`
 * @throws {TypeError} if no exact solver made `cert` (a hand-made object, a
 *   copy, a value read back from JSON or passed through a worker)
 * @throws {RangeError} if it belongs to another package, budget or k
 */
export function requireCertificate(
  cert: Certificate,
  use: CertificateUse,
  what: string,
): Certificate {
  const issue = typeof cert === "object" && cert !== null ? ISSUED.get(cert) : undefined;
  if (issue === undefined) {
    throw new TypeError(
      `Cannot ${what}: the certificate was not made by an exact solver (use certify() or certifyBnb(); copies, object literals and values passed through JSON or a worker are refused)`,
    );
  }
  const k = use.k ?? use.cp.k;
  if (issue.cp !== use.cp && identity(issue.cp) !== identity(use.cp)) {
    throw new RangeError(
      `Cannot ${what}: the certificate is for package '${issue.cp.pkg.id}', not '${use.cp.pkg.id}'` +
        (issue.cp.pkg.id === use.cp.pkg.id ? " (same id, different content)" : ""),
    );
  }
  if (cert.budget !== use.budget) {
    throw new RangeError(
      `Cannot ${what}: the certificate is for budget ${cert.budget}, not ${use.budget}`,
    );
  }
  if (cert.k !== k) {
    throw new RangeError(`Cannot ${what}: the certificate is for k = ${cert.k}, not k = ${k}`);
  }
  return cert;
}

/**
 * Certifies OPT_P(B) with `solve()` and issues the certificate: the entry
 * point for any OPT that is scored against afterwards.
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts solver choice, k, time limits (see `solve()`)
 * @returns the issued certificate (frozen); only status `optimal` with gap 0 certifies OPT
 * @throws {RangeError} as `solve()` does, for a bad budget, k or time limit
 */
export async function certify(
  cp: CompiledPackage,
  budget: number,
  opts: SolveOptions = {},
): Promise<Certificate> {
  return issueCertificate(cp, await solve(cp, budget, opts));
}

/**
 * Certifies OPT_P(B) with branch-and-bound (synchronous) and issues the
 * certificate.
 *
 * @param cp compiled package
 * @param budget B in cost units (> 0)
 * @param opts k, time limit, bounds (see `solveBnb()`)
 * @returns the issued certificate (frozen)
 * @throws {RangeError} as `solveBnb()` does, for a bad budget or k
 */
export function certifyBnb(
  cp: CompiledPackage,
  budget: number,
  opts: BnbOptions = {},
): Certificate {
  return issueCertificate(cp, solveBnb(cp, budget, opts));
}

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
  if (!(cert.k < k) || cert.status !== "optimal" || cert.gap !== 0 || cert.objective === null) {
    return null;
  }
  if (!cp.segments.every((s) => s === null)) return null;
  const maxF = cp.weights.reduce((a, w) => a + w, 0);
  if (!(cert.objective >= maxF - 1e-12 * Math.abs(maxF))) return null;
  return issueCertificate(cp, {
    ...cert,
    k,
    store: [...cert.store],
    bound: cert.objective,
    gap: 0,
    nodes: 0,
    timeMs: 0,
    message:
      `OPT under k = ${cert.k} already reaches the largest possible F (Σ w = ${maxF}): OPT under k = ${k} too`,
  });
}
