/**
 * The registry of solver-made certificates (DESIGN §3; issue 10 finding 4):
 * every exact solver issues its result here, and every scorer that divides
 * by OPT checks it with {@linkcode requireCertificate}. See
 * `lib/certificate.ts` for the whole design.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { packageHash } from "../generate/package_hash.ts";
import type { Certificate } from "./result.ts";

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
 * (and its store). For the exact solvers only (`solveBnb`, `solveBrute`,
 * `solveMilp`, `solveMilpSync`, `solve` call it on every result they
 * return); it is not part of the public API.
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
      `Cannot ${what}: the certificate was not made by an exact solver (use a solver: solve(), solveBnb(), solveMilp(), solveBrute(); copies, object literals and values passed through JSON or a worker are refused)`,
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
