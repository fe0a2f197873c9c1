/**
 * The registry of solver-made certificates (DESIGN §3; issue 10 finding 4; issue 18): one generic
 * {@linkcode Registry} of issued, frozen results, for package optima and paper 003's retention
 * optima (lib/retention/optimum.ts). See `lib/certificate/issue.ts` for the whole design.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { compiledIntegrity } from "../package/seal.ts";
import { packageHash } from "../package/digest.ts";
import { valueTol } from "../objective.ts";
import type { Certificate, CertificateDraft, ProofMethod } from "./result.ts";

/**
 * A registry of issued results: each is frozen when issued and remembered (in a `WeakMap`, so
 * nothing leaks) with what it was issued for. A copy, a literal or a value that crossed JSON or a
 * worker is not in it.
 *
 * @typeParam T the issued objects
 * @typeParam C what each was issued for (e.g. the compiled package)
 */
export class Registry<T extends object, C> {
  #issued = new WeakMap<object, C>();

  /**
   * Freezes `value` (and the given parts of it) and registers it with `context`.
   *
   * @param value the result to issue
   * @param context what it was issued for
   * @param parts nested objects to freeze as well (a store, a schedule)
   * @returns `value`, frozen
   */
  issue(value: T, context: C, parts: readonly (object | undefined)[] = []): T {
    for (const p of parts) if (p !== undefined) Object.freeze(p);
    Object.freeze(value);
    this.#issued.set(value, context);
    return value;
  }

  /** What `value` (any value) was issued for, or undefined when this registry did not issue it. */
  contextOf(value: unknown): C | undefined {
    return typeof value === "object" && value !== null ? this.#issued.get(value) : undefined;
  }

  /** True when this registry issued `value` (any value). */
  has(value: unknown): value is T {
    return typeof value === "object" && value !== null && this.#issued.has(value);
  }
}

/** The issued certificates, each with the compiled package it was made for. */
const ISSUED = new Registry<Certificate, CompiledPackage>();
const HASHES = new WeakMap<CompiledPackage, string>();

/**
 * The package digest of a compiled package (64 hex digits): SHA-256 of the canonical JSON of its
 * private, frozen copy of the package, cached (the copy cannot change).
 */
export function packageDigest(cp: CompiledPackage): string {
  let h = HASHES.get(cp);
  if (h === undefined) HASHES.set(cp, h = packageHash(cp.pkg));
  return h;
}

/**
 * Thrown when a claim a certificate makes is contradicted: a feasible store whose F exceeds the
 * certificate's proven bound by more than its tolerance (issue 18 point 3). The CLI exits 1 on it.
 */
export class ClaimError extends Error {
  /** Always `ClaimError`. */
  override name = "ClaimError";
}

/**
 * Throws unless `cp` is a package compilePackage() made, with its numbers unchanged.
 *
 * @param cp the compiled package
 * @param what what is being done, for the message
 * @throws {TypeError} naming what changed
 */
export function requireIntact(cp: CompiledPackage, what: string): void {
  const why = compiledIntegrity(cp);
  if (why === null) return;
  throw new TypeError(
    /not made by/.test(why)
      ? `Cannot ${what}: the compiled package ${why}; compile the package with compilePackage()`
      : `Cannot ${what}: the compiled package was modified after compilePackage(): ${why} ` +
        `(compile the package again instead of editing its arrays)`,
  );
}

/**
 * Registers a certificate an exact solver just made for `cp` and freezes it (and its store). For
 * the exact solvers only (`solveBnb`, `solveBrute`, `solveMilp`, `solveMilpSync`, `solve` call it
 * on every result they return); it is not part of the public API.
 *
 * @param cp the compiled package the solver ran on
 * @param draft the solver's result (budget and k as solved)
 * @returns the certificate, frozen and issued, with the package digest
 * @throws {TypeError} if `cp` was modified after compilePackage()
 */
export function issueCertificate(cp: CompiledPackage, draft: CertificateDraft): Certificate {
  requireIntact(cp, "issue a certificate");
  const bound = draft.bound;
  const tieTol = bound !== null && bound > 0 ? valueTol(cp) / bound : 0;
  const method: ProofMethod = draft.method ??
    (draft.status === "unverified" ? "none" : draft.solver === "milp" ? "milp" : draft.solver);
  // The digest (canonical JSON, then SHA-256) is computed when first read: a sweep issues
  // thousands of certificates and scores each against the package it was solved on, which
  // needs no digest (see sameContent). It is an ordinary enumerable field for JSON and copies,
  // a getter of the literal (Object.defineProperty made the object slow to build and freeze).
  const cert: Certificate = {
    ...draft,
    method,
    tolerance: draft.tolerance ?? tieTol,
    get package() {
      return packageDigest(cp);
    },
  };
  return ISSUED.issue(cert, cp, [cert.store]);
}

/** True when the registry holds `cert` (any value): an exact solver issued it. */
export function isIssued(cert: unknown): cert is Certificate {
  return ISSUED.has(cert);
}

/**
 * True when the issued certificate `cert` was made for `cp` (a package with the same digest) and
 * `cp` is intact; false as well for a certificate no solver made.
 */
export function issuedFor(cert: Certificate, cp: CompiledPackage): boolean {
  const made = ISSUED.contextOf(cert);
  return made !== undefined && compiledIntegrity(cp) === null && sameContent(made, cp);
}

/**
 * True when two intact compiled packages hold the same package: the same object, or equal
 * digests (an intact compiled package cannot change, so the same object needs no digest).
 */
function sameContent(a: CompiledPackage, b: CompiledPackage): boolean {
  return a === b || packageDigest(a) === packageDigest(b);
}

/** Where a certificate is used: the package, budget and group cap it must belong to. */
export interface CertificateUse {
  /** The compiled package scored (same package: the same digest). */
  cp: CompiledPackage;
  /** Budget B in cost units (compared exactly). */
  budget: number;
  /** Group cap k (default `cp.k`). */
  k?: number;
}

/**
 * Checks that `cert` is a solver-made certificate of the same package, budget and k, and that the
 * package is intact. It does not check the status: use `isCertified` for that (a `time_limit`
 * certificate is genuine but certifies nothing).
 *
 * @param cert the certificate to use
 * @param use the package, budget and k it must belong to
 * @param what what is being done, for the message (e.g. "score against OPT")
 * @returns `cert`
 * @throws {TypeError} if no exact solver made `cert` (a hand-made object, a copy, a value read back
 *   from JSON or passed through a worker), or if the package was modified after compilePackage()
 * @throws {RangeError} if it belongs to another package, budget or k
 */
export function requireCertificate(
  cert: Certificate,
  use: CertificateUse,
  what: string,
): Certificate {
  const made = ISSUED.contextOf(cert);
  if (made === undefined) {
    throw new TypeError(
      `Cannot ${what}: the certificate was not made by an exact solver (use a solver: solve(), solveBnb(), solveMilp(), solveBrute(); copies, object literals and values passed through JSON or a worker are refused)`,
    );
  }
  requireIntact(use.cp, what);
  const k = use.k ?? use.cp.k;
  const refuse = (claim: string) =>
    new RangeError(`Cannot ${what}: the certificate is for ${claim}`);
  if (!sameContent(made, use.cp)) {
    const same = made.pkg.id === use.cp.pkg.id ? " (same id, different content)" : "";
    throw refuse(`package '${made.pkg.id}', not '${use.cp.pkg.id}'${same}`);
  }
  if (cert.budget !== use.budget) throw refuse(`budget ${cert.budget}, not ${use.budget}`);
  if (cert.k !== k) throw refuse(`k = ${cert.k}, not k = ${k}`);
  return cert;
}

/** A proven upper bound and the relative tolerance of its proof (a certificate has both). */
export interface ProvenBound {
  /** The bound, or null / undefined when none is proven (nothing is checked then). */
  bound?: number | null;
  /** Relative tolerance of the proof (default 0). */
  tolerance?: number;
  /** How it was proved, for the message. */
  method?: string;
}

/**
 * Throws when a feasible store's F exceeds what the certificate proved: above bound + tolerance x
 * bound (issue 18 point 3). Call it with the F of a store that passed the feasibility check.
 *
 * @param value F of a feasible store, in weight units
 * @param cert a certified certificate of the same package, budget and k (or a retention optimum:
 *   any proven bound with its relative tolerance)
 * @param what what is being done, for the message
 * @param absTol an absolute allowance in weight units besides the relative tolerance (the package's
 *   tie tolerance `valueTol(cp)`: it decides ties and zeros when the bound is 0)
 * @throws {ClaimError} when `value` exceeds the proven bound by more than the tolerance
 */
export function requireWithinBound(
  value: number,
  cert: ProvenBound,
  what: string,
  absTol = 0,
): void {
  if (cert.bound === null || cert.bound === undefined) return;
  const tolerance = cert.tolerance ?? 0;
  const limit = cert.bound + tolerance * Math.abs(cert.bound) + absTol;
  if (value > limit) {
    const method = cert.method ?? "none";
    throw new ClaimError(
      `Cannot ${what}: F = ${value} exceeds the proven bound ${cert.bound} on OPT by more than ` +
        `its tolerance (${tolerance} relative; method ${method}): the certificate or the store ` +
        `is wrong`,
    );
  }
}
