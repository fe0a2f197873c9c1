/**
 * The declarative description of a synthetic distribution (ARTIFACT-SPEC §3).
 *
 * A distribution is data: an id scheme, how its random stream is seeded, and
 * a list of blocks. Each block repeats one or more steps; a step draws random
 * numbers, assigns unit weights, marks validity roles and emits experiences
 * with their candidate tables. One engine ({@linkcode buildPackage})
 * interprets every distribution, so a new one needs only a new table.
 *
 * Order is meaning here: draws happen in the order their keys are written,
 * weights are assigned in list order (re-assigning a unit keeps its first
 * position, like a Python dict), and the weight order is the summation order
 * of F, which decides float ties (ARTIFACT-SPEC §2.4).
 *
 * @module
 */
import type { CandidateKind, UnitFamily } from "../package/schema.ts";

/**
 * A string with `{name}` placeholders, filled from the step's variables:
 * `seed` (the package seed), `name` (distribution name), `prefix` (the
 * instance id), `i` (iteration index), `half` (i div 2), `prev` (i − 1),
 * `x` (the block label of this iteration) and any draw by its name.
 * `{name[i]}` indexes a list variable (e.g. a shuffled list) by `i`.
 */
export type Template = string;

/**
 * One random draw from the artifact-compatible stream, in CPython terms:
 * `randrange(n)`, `randint(a, b)`, `choice(numbers)`, `pick(labels)` (a
 * label by `choice`, i.e. labels[randbelow(len)]) or `shuffle(labels)`
 * (a shuffled copy).
 */
export type Draw =
  | { readonly randrange: number }
  | { readonly randint: readonly [number, number] }
  | { readonly choice: readonly number[] }
  | { readonly pick: readonly string[] }
  | { readonly shuffle: readonly string[] };

/**
 * A number: a constant, or `base + step · d` for the numeric draw named
 * `draw` (`step` defaults to 1; without `base` the value is d itself). The
 * product and the sum are evaluated in IEEE double in that order, as the
 * artifact does (ARTIFACT-SPEC §2.4).
 */
export type Value = number | {
  readonly draw: string;
  readonly base?: number;
  readonly step?: number;
};

/** Experience order (time index): a constant, or `offset + stride · i`. */
export type Order = number | { readonly offset: number; readonly stride: number };

/** An evidence unit known to a step under a local name. */
export interface UnitDef {
  /** Unit id template. */
  readonly id: Template;
  /** Unit family (DESIGN §2); every definition of one id must agree. */
  readonly family: UnitFamily;
}

/** One candidate row of an experience table. */
export interface CandidateRow {
  /** Variant name used in the candidate id; defaults to `rep`. */
  readonly variant?: string;
  /** The artifact's representation_type (e.g. raw_span, atomic_fact, tombstone). */
  readonly rep: string;
  /** Coarse kind; defaults to {@linkcode REPRESENTATION_KINDS}[rep]. */
  readonly kind?: CandidateKind;
  /** Cost c_u in cost units (> 0). */
  readonly cost: Value;
  /** Coverage a_ur by local unit name, in the artifact's order; values in (0, 1]. */
  readonly cover: Readonly<Record<string, number>>;
  /** Writer-visible confidence, when the artifact sets one (default 1). */
  readonly confidence?: number;
}

/** One experience (group) and its candidate table. */
export interface ExperienceDef {
  /** Local experience name template; the id scheme turns it into the experience id. */
  readonly id: Template;
  /** Time index. */
  readonly order: Order;
  /** Optional experience text template. */
  readonly text?: Template;
  readonly candidates: readonly CandidateRow[];
}

/** What one iteration of a block does, in this order. */
export interface Step {
  /** Random draws, performed in key order; results become variables. */
  readonly draws?: Readonly<Record<string, Draw>>;
  /** Units local to this step (added to the distribution's shared units). */
  readonly units?: Readonly<Record<string, UnitDef>>;
  /** Weight assignments [local unit, value], in insertion order. */
  readonly weights?: readonly (readonly [string, Value])[];
  /** Units appended (once) to the current / invalidation / stale lists. */
  readonly current?: readonly string[];
  readonly invalidation?: readonly string[];
  readonly stale?: readonly string[];
  readonly experiences?: readonly ExperienceDef[];
}

/**
 * A block: iterations i = first, first + 1, … (`repeat` of them, or one per
 * label). Iteration t runs `steps[t % steps.length]`, so two steps alternate
 * (e.g. even and odd questions).
 */
export interface Block {
  readonly repeat?: number;
  readonly first?: number;
  /** One iteration per label; the label is the variable `x`. */
  readonly labels?: readonly string[];
  readonly steps: readonly Step[];
}

/** Id templates: `instance` (vars name, seed), `experience` (+ prefix, local), `candidate` (+ exp, variant). */
export interface IdScheme {
  readonly instance: Template;
  readonly experience: Template;
  readonly candidate: Template;
}

/** The base distribution's ids: `synthetic_seed_<s>`, experiences as written, `<exp>_<variant>`. */
export const BASE_IDS: IdScheme = {
  instance: "synthetic_seed_{seed}",
  experience: "{local}",
  candidate: "{exp}_{variant}",
};

/** Every other distribution: prefix `<dist>_s<seed>`, `<prefix>:<exp>`, `<prefix>:<exp>:<variant>` (§3.0). */
export const PREFIXED_IDS: IdScheme = {
  instance: "{name}_s{seed}",
  experience: "{prefix}:{local}",
  candidate: "{exp}:{variant}",
};

/**
 * How the stream is seeded from the package seed s: `direct` is Random(s)
 * (base), `{ salt }` is Random((s + 1) · 1,000,003 + salt), `none` means the
 * distribution draws nothing.
 */
export type Seeding = "none" | "direct" | { readonly salt: number };

/** A synthetic distribution as data. */
export interface DistributionSpec {
  /** Registry name, e.g. `density_trap`. */
  readonly name: string;
  /** One-line description with the spec section it implements. */
  readonly summary: string;
  readonly seeding: Seeding;
  readonly ids: IdScheme;
  /** Units shared by every step. */
  readonly units?: Readonly<Record<string, UnitDef>>;
  readonly blocks: readonly Block[];
}

export { REPRESENTATION_KINDS } from "../package/compile.ts";
