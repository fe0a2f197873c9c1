/**
 * The methods a sweep can run: exact solvers on the full or a restricted
 * candidate pool, and every registered writer (ARTIFACT-SPEC §4.4).
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { WRITER_LABELS, WRITERS } from "../writers/registry.ts";
import { GENERIC_TYPES, noTombstone, onlyTypes } from "../writers/restrict_package.ts";

/** An exact method: B&B on the candidates kept by `pool` (null: the full package). */
export interface ExactMethod {
  /** An exact method: a certified optimum over its pool. */
  readonly kind: "exact";
  /** Candidate filter, or null for the full candidate set. */
  readonly pool: ((cp: CompiledPackage) => (c: number) => boolean) | null;
  /** Provenance recorded in each row's `policy_metadata`. */
  readonly policy: Readonly<Record<string, string>>;
}

/** A writer method: a registered writer run on the full package. */
export interface WriterMethod {
  /** A writer of the registry (lib/writers/registry.ts). */
  readonly kind: "writer";
  /** The writer's method id. */
  readonly id: string;
  /** Provenance flags written to each row's `policy_metadata`. */
  readonly policy: Readonly<Record<string, string>>;
}

/** A sweep method. */
export type SweepMethod = ExactMethod | WriterMethod;

const VALIDITY_ABLATION = {
  policy_family: "validity_ablation",
  candidate_pool: "tombstone_and_compound_update_removed",
} as const;

/** Exact methods by id: `opt`, and exact OPT on the artifact's restricted pools. */
export const EXACT_METHODS: Readonly<Record<string, ExactMethod>> = {
  opt: { kind: "exact", pool: null, policy: {} },
  no_tombstone_opt: { kind: "exact", pool: noTombstone, policy: VALIDITY_ABLATION },
  generic_candidate_opt: {
    kind: "exact",
    pool: (cp) => onlyTypes(cp, GENERIC_TYPES),
    policy: {
      policy_family: "candidate_quality_ablation",
      candidate_pool: [...GENERIC_TYPES].sort().join(","),
      selector: "exact_opt_on_filtered_pool",
    },
  },
  summary_candidate_opt: {
    kind: "exact",
    pool: (cp) => onlyTypes(cp, new Set(["summary"])),
    policy: {
      policy_family: "candidate_quality_ablation",
      candidate_pool: "summary",
      selector: "exact_opt_on_filtered_pool",
    },
  },
};

function writerPolicy(id: string): Record<string, string> {
  if (id.startsWith("no_tombstone")) return { ...VALIDITY_ABLATION };
  if (id === "generic_candidate_gvt") {
    return {
      policy_family: "candidate_quality_ablation",
      candidate_pool: "generic_raw_fact_summary",
      selector: "oracle_gvt",
    };
  }
  if (id.startsWith("estimated_")) {
    return { policy_family: "estimated_utility", oracle_coverage_used_for_decision: "false" };
  }
  return {};
}

/** The 8 methods of the exact budget sweep (ARTIFACT-SPEC §4.2), in the artifact's order. */
export const EXACT_SWEEP_METHODS: readonly string[] = (
  "opt oracle_gvt density_only recency_raw summary_only fact_only no_tombstone_gvt " +
  "no_tombstone_opt"
).split(" ");

/** The 10 methods of the stress suite (ARTIFACT-SPEC §4.3), in the artifact's order. */
export const STRESS_METHODS: readonly string[] = (
  "opt oracle_gvt density_only greedy recency_raw reservoir_raw summary_only fact_only " +
  "no_tombstone_gvt no_tombstone_opt"
).split(" ");

/** Every method id a sweep accepts: the exact methods, then the registered writers. */
export function sweepMethodIds(): string[] {
  return [...Object.keys(EXACT_METHODS), ...Object.keys(WRITERS)];
}

/**
 * Looks up a sweep method.
 *
 * @param id method id, e.g. `opt`, `no_tombstone_opt`, `oracle_gvt`
 * @returns the method
 * @throws {RangeError} if no exact method or writer has that id
 */
export function getSweepMethod(id: string): SweepMethod {
  if (Object.hasOwn(EXACT_METHODS, id)) return EXACT_METHODS[id];
  if (Object.hasOwn(WRITERS, id)) return { kind: "writer", id, policy: writerPolicy(id) };
  throw new RangeError(
    `Cannot find sweep method '${id}': expected one of ${sweepMethodIds().join(", ")}`,
  );
}

const EXACT_LABELS: Readonly<Record<string, string>> = {
  opt: "OPT",
  no_tombstone_opt: "No-tombstone OPT",
  generic_candidate_opt: "Generic-candidate OPT",
  summary_candidate_opt: "Summary-candidate OPT",
};

/**
 * Display name of a sweep method, as in the paper's figures (e.g.
 * `oracle_gvt` → "MemAudit-GVT"); the id itself when it has none.
 *
 * @param id method id
 * @returns the label
 */
export function methodLabel(id: string): string {
  return EXACT_LABELS[id] ?? WRITER_LABELS[id] ?? id;
}
