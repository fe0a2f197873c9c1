/**
 * The package format (paper 000 §2, definition 1): P = (U, G, c, R, A, w, B).
 *
 * One zod schema is the single source of truth: the TypeScript types are
 * inferred from it, every reader validates through it, and
 * `data/schema/package.schema.json` is generated from it (`deno task schema`).
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { PACKAGE_SCHEMA_VERSION } from "./version.ts";

export { PACKAGE_SCHEMA_VERSION };

/** Largest allowed sum of unit weights (or query importances): keeps F finite. */
export const MAX_TOTAL_WEIGHT = 1e300;

/** Evidence-unit families (DESIGN §2). */
export const UNIT_FAMILIES = [
  "fact",
  "temporal",
  "preference",
  "invalidation",
  "current_state",
  "abstention",
  "provenance",
  "other",
] as const;

/** Coarse candidate kinds (DESIGN §2). `update` is a compound current-state update. */
export const CANDIDATE_KINDS = [
  "raw",
  "fact",
  "summary",
  "event",
  "edge",
  "rule",
  "skill",
  "tombstone",
  "update",
  "system",
] as const;

/** Validity role of an evidence unit, used only by diagnostic metrics (ARTIFACT-SPEC §6.3). */
export const UNIT_VALIDITY = ["current", "invalidates_prior", "superseded"] as const;

// A lone surrogate (valid in JSON text: "\ud800") cannot be written as UTF-8: a CSV or JSON
// file written back would hold U+FFFD instead, and two such ids would become one.
const id = z.string().min(1, "expected a non-empty id").refine(
  (s) => s.isWellFormed(),
  "expected an id of well-formed Unicode (it has a lone surrogate, which UTF-8 cannot hold)",
);
const finite = z.number().finite();

/**
 * One linear piece of a concave saturation function h: slope `slope` over
 * the next `width` units of summed coverage. Slopes must not increase.
 */
export const SegmentSchema = z.object({
  width: finite.positive().meta({ description: "length of the piece in summed-coverage units" }),
  slope: finite.nonnegative().meta({ description: "slope of h on this piece" }),
}).strict();

/**
 * Piecewise-linear concave h: h(0) = 0, then the segments in order, flat after the last. The
 * default, cap1, is one segment of width 1, slope 1, i.e. h(z) = min(1, z) (paper eq. 2).
 */
export const SaturationSchema = z.array(SegmentSchema).min(1).superRefine((segs, ctx) => {
  for (let s = 1; s < segs.length; s++) {
    if (segs[s].slope > segs[s - 1].slope) {
      ctx.addIssue({
        code: "custom",
        path: [s, "slope"],
        message: "expected slopes that do not increase (h must be concave)",
      });
    }
  }
}).meta({ description: "h_r as concave piecewise-linear segments; default [{width:1,slope:1}]" });

/** Schema of one {@linkcode Experience}. */
export const ExperienceSchema = z.object({
  id: id.meta({ description: "experience id e_i; also the group id G_i" }),
  order: finite.meta({
    description: "arrival order (time index); groups are ordered by (order, id)",
  }),
  text: z.string().optional(),
  session: z.string().optional(),
  timestamp: z.string().optional(),
}).strict();

/** Schema of one {@linkcode Candidate}. */
export const CandidateSchema = z.object({
  id: id.meta({ description: "candidate id u = (i, j); unique in the package" }),
  experience: id.meta({ description: "the experience (group G_i) this candidate represents" }),
  kind: z.enum(CANDIDATE_KINDS).meta({ description: "coarse representation kind" }),
  representation: z.string().min(1).optional().meta({
    description:
      "fine representation type (e.g. raw_span, atomic_fact, compound_update); defaults to the artifact type of the kind (raw -> raw_span, fact -> atomic_fact, edge -> graph_edge, update -> compound_update, otherwise the kind). Writers that filter by type read this field.",
  }),
  cost: finite.positive().meta({
    description: "storage cost c_u > 0 in cost units (words or byte-overhead units)",
  }),
  text: z.string().optional(),
  confidence: finite.nonnegative().optional().meta({
    description: "writer-visible confidence (default 1)",
  }),
  estimated_value: finite.nonnegative().optional().meta({
    description: "external utility estimate v(u) >= 0",
  }),
  salience: finite.min(0).max(1).optional().meta({
    description: "system salience score in [0, 1]",
  }),
  source: z.string().optional().meta({ description: "provenance label (generator or system)" }),
}).strict();

/** Schema of one evidence {@linkcode Unit}. */
export const UnitSchema = z.object({
  id: id.meta({ description: "evidence unit id r" }),
  family: z.enum(UNIT_FAMILIES),
  text: z.string().optional(),
  validity: z.enum(UNIT_VALIDITY).optional().meta({
    description: "current truth, invalidation of a prior state, or superseded (stale) state",
  }),
  weight: finite.nonnegative().optional().meta({
    description: "w_r >= 0; required when weight_source is 'explicit', forbidden otherwise",
  }),
  h: SaturationSchema.optional().meta({ description: "per-unit h_r overriding the package h" }),
}).strict();

/** Schema of one {@linkcode Query}. */
export const QuerySchema = z.object({
  id,
  importance: finite.nonnegative().default(1).meta({ description: "importance of query q (>= 0)" }),
  required_units: z.array(id).min(1, "expected at least one required unit R(q)").meta({
    description: "R(q): the evidence units query q requires (non-empty)",
  }),
  text: z.string().optional(),
  answer: z.string().optional(),
  category: z.string().optional(),
}).strict();

/** Schema of one {@linkcode CoverageCell}. */
export const CoverageCellSchema = z.object({
  candidate: id,
  unit: id,
  value: finite.min(0).max(1).meta({ description: "a_ur in [0, 1]" }),
  provenance: z.string().optional().meta({
    description: "how the cell was obtained (source, lexical, imported, ...)",
  }),
}).strict();

const PackageObject = z.object({
  schema_version: z.literal(PACKAGE_SCHEMA_VERSION),
  id,
  description: z.string().optional(),
  experiences: z.array(ExperienceSchema),
  candidates: z.array(CandidateSchema),
  units: z.array(UnitSchema).meta({
    description: "evidence units; their order is the summation order of F (matters for float ties)",
  }),
  queries: z.array(QuerySchema).default([]),
  weight_source: z.enum(["queries", "explicit"]).meta({
    description:
      "'queries': w_r = sum over q with r in R(q) of importance_q/|R(q)|; 'explicit': each unit carries weight",
  }),
  coverage: z.array(CoverageCellSchema).meta({ description: "sparse coverage matrix A" }),
  budgets: z.array(finite.positive()).default([]).meta({
    description: "budgets B > 0 in cost units",
  }),
  group_cap: z.number().int().min(1).default(1).meta({
    description: "k: at most k candidates per group",
  }),
  h: SaturationSchema.optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
}).strict();

function checkReferences(p: z.infer<typeof PackageObject>, ctx: z.RefinementCtx): void {
  const issue = (path: PropertyKey[], message: string) =>
    ctx.addIssue({ code: "custom", path, message });
  const seen = (kind: string, list: { id: string }[], key: string) => {
    const ids = new Set<string>();
    list.forEach((x, i) => {
      if (ids.has(x.id)) issue([key, i, "id"], `duplicate ${kind} id '${x.id}'`);
      ids.add(x.id);
    });
    return ids;
  };
  const exps = seen("experience", p.experiences, "experiences");
  const cands = seen("candidate", p.candidates, "candidates");
  const units = seen("unit", p.units, "units");
  seen("query", p.queries, "queries");
  const used = new Set<string>();
  p.candidates.forEach((c, i) => {
    if (!exps.has(c.experience)) {
      issue(["candidates", i, "experience"], `dangling experience id '${c.experience}'`);
    }
    used.add(c.experience);
  });
  p.experiences.forEach((e, i) => {
    if (!used.has(e.id)) {
      issue(["experiences", i, "id"], `empty group: experience '${e.id}' has no candidate`);
    }
  });
  p.queries.forEach((q, i) =>
    q.required_units.forEach((r, j) => {
      if (!units.has(r)) issue(["queries", i, "required_units", j], `dangling unit id '${r}'`);
    })
  );
  const cells = new Set<string>();
  p.coverage.forEach((cell, i) => {
    if (!cands.has(cell.candidate)) {
      issue(["coverage", i, "candidate"], `dangling candidate id '${cell.candidate}'`);
    }
    if (!units.has(cell.unit)) issue(["coverage", i, "unit"], `dangling unit id '${cell.unit}'`);
    const key = JSON.stringify([cell.candidate, cell.unit]);
    if (cells.has(key)) {
      issue(["coverage", i], `duplicate coverage cell (${cell.candidate}, ${cell.unit})`);
    }
    cells.add(key);
  });
  // F must stay finite: the weights (explicit or derived from queries) must have a finite sum.
  const explicit = p.weight_source === "explicit";
  let total = 0;
  if (explicit) { for (const u of p.units) total += u.weight ?? 0; }
  else for (const q of p.queries) total += q.importance;
  if (!(total <= MAX_TOTAL_WEIGHT)) {
    issue(
      [explicit ? "units" : "queries"],
      `expected weights (importances) summing to at most ${MAX_TOTAL_WEIGHT}, got ${total}`,
    );
  }
  p.units.forEach((u, i) => {
    if (explicit && u.weight === undefined) {
      issue(["units", i, "weight"], "expected a weight (weight_source is 'explicit')");
    }
    if (!explicit && u.weight !== undefined) {
      issue(
        ["units", i, "weight"],
        "expected no weight (weight_source is 'queries': weights derive from queries)",
      );
    }
  });
}

/**
 * The package schema with cross-reference checks (dangling or duplicate ids, empty groups,
 * finite total weight). Every reader validates through it; `data/schema/package.schema.json`
 * is generated from it. Its output type is {@linkcode Package}, its input type
 * {@linkcode PackageInput} (defaults not yet applied).
 */
export const PackageSchema: z.ZodType<Package, PackageInput> = PackageObject.superRefine(
  checkReferences,
).meta({
  title: "memaudit package",
  description:
    "A frozen MemAudit package: experiences, candidates, evidence units, queries, coverage, budgets.",
});

/** An evidence-unit family (DESIGN §2), one of {@linkcode UNIT_FAMILIES}. */
export type UnitFamily = (typeof UNIT_FAMILIES)[number];
/** A coarse candidate kind (DESIGN §2), one of {@linkcode CANDIDATE_KINDS}. */
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];
/** The validity role of an evidence unit, one of {@linkcode UNIT_VALIDITY}. */
export type UnitValidity = (typeof UNIT_VALIDITY)[number];

/**
 * One linear piece of a concave saturation function h (paper eq. 2): slope `slope` over the
 * next `width` units of summed coverage.
 */
export type Segment = {
  /** Length of the piece, in summed-coverage units (> 0). */
  width: number;
  /** Slope of h on this piece (>= 0; slopes do not increase from piece to piece). */
  slope: number;
};

/** An experience e_i: one slice of the agent's history, and the group G_i of its candidates. */
export type Experience = {
  /** Experience id; also the group id. */
  id: string;
  /** Arrival order (time index); groups are ordered by (order, id). */
  order: number;
  /** The raw text, when known. */
  text?: string;
  /** Session label, when known. */
  session?: string;
  /** Timestamp as written in the source, when known. */
  timestamp?: string;
};

/** A candidate memory u = (i, j): one way of storing experience i, with its cost. */
export type Candidate = {
  /** Candidate id, unique in the package. */
  id: string;
  /** The experience (group) this candidate represents. */
  experience: string;
  /** Coarse representation kind. */
  kind: CandidateKind;
  /** Fine representation type (e.g. `raw_span`, `atomic_fact`); defaults by kind. */
  representation?: string;
  /** Storage cost c_u > 0, in cost units (words or byte-overhead units). */
  cost: number;
  /** The memory's text, when known. */
  text?: string;
  /** Writer-visible confidence (>= 0; default 1). */
  confidence?: number;
  /** External utility estimate v(u) >= 0. */
  estimated_value?: number;
  /** System salience score in [0, 1]. */
  salience?: number;
  /** Provenance label (generator or system). */
  source?: string;
};

/** An evidence unit r that future queries need. */
export type Unit = {
  /** Unit id. */
  id: string;
  /** Its family. */
  family: UnitFamily;
  /** The unit's text, when known. */
  text?: string;
  /** Current truth, invalidation of a prior state, or superseded state (diagnostics only). */
  validity?: UnitValidity;
  /** w_r >= 0: present exactly when the package's `weight_source` is `"explicit"`. */
  weight?: number;
  /** Per-unit saturation h_r overriding the package's `h`. */
  h?: Segment[];
};

/** A future query q and the evidence units R(q) it requires. */
export type Query = {
  /** Query id. */
  id: string;
  /** Importance of the query (>= 0; default 1). */
  importance: number;
  /** R(q): the evidence units the query requires (non-empty). */
  required_units: string[];
  /** The question, when known. */
  text?: string;
  /** The reference answer, when known. */
  answer?: string;
  /** Category label, when known. */
  category?: string;
};

/** One cell a_ur of the sparse coverage matrix A. */
export type CoverageCell = {
  /** Candidate id u. */
  candidate: string;
  /** Unit id r. */
  unit: string;
  /** Coverage a_ur in [0, 1]. */
  value: number;
  /** How the cell was obtained (source, lexical, imported, ...). */
  provenance?: string;
};

/**
 * A validated package P = (U, G, c, R, A, w, B) (paper 000 §2, definition 1): the output of
 * {@linkcode PackageSchema}, defaults applied.
 */
export type Package = {
  /** The package schema version, {@linkcode PACKAGE_SCHEMA_VERSION}. */
  schema_version: typeof PACKAGE_SCHEMA_VERSION;
  /** Package id. */
  id: string;
  /** Free-text description. */
  description?: string;
  /** The experiences (groups). */
  experiences: Experience[];
  /** The candidate memories. */
  candidates: Candidate[];
  /** Evidence units; their order is the summation order of F (matters for float ties). */
  units: Unit[];
  /** Queries (default none). */
  queries: Query[];
  /**
   * `"queries"`: w_r = sum over q with r in R(q) of importance_q / |R(q)|; `"explicit"`: each
   * unit carries its weight.
   */
  weight_source: "queries" | "explicit";
  /** The sparse coverage matrix A. */
  coverage: CoverageCell[];
  /** Budgets B > 0 in cost units (default none). */
  budgets: number[];
  /** k: at most k candidates per group (default 1). */
  group_cap: number;
  /** The package's saturation h (default cap1: h(z) = min(1, z)). */
  h?: Segment[];
  /** Free metadata. */
  meta?: Record<string, unknown>;
};

/**
 * A package as written, before defaults are applied: `queries`, `budgets` and `group_cap` (and
 * a query's `importance`) may be left out.
 */
export type PackageInput = Omit<Package, "queries" | "budgets" | "group_cap"> & {
  /** Queries (default none); a query's `importance` defaults to 1. */
  queries?: (Omit<Query, "importance"> & { importance?: number })[];
  /** Budgets B > 0 in cost units (default none). */
  budgets?: number[];
  /** k: at most k candidates per group (default 1). */
  group_cap?: number;
};

// The interfaces above are written out for readers; these lines make the compiler prove that
// they are exactly the schema's types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShapes: [
  Same<Segment, z.infer<typeof SegmentSchema>>,
  Same<Experience, z.infer<typeof ExperienceSchema>>,
  Same<Candidate, z.infer<typeof CandidateSchema>>,
  Same<Unit, z.infer<typeof UnitSchema>>,
  Same<Query, z.infer<typeof QuerySchema>>,
  Same<CoverageCell, z.infer<typeof CoverageCellSchema>>,
  Same<Package, z.infer<typeof PackageObject>>,
  Same<PackageInput, z.input<typeof PackageObject>>,
] = [true, true, true, true, true, true, true, true];
