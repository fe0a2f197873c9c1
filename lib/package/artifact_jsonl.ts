/**
 * Reader for the authors' package export directory (ARTIFACT-SPEC §1.3, and the natural LongMemEval
 * variant of §1.4): JSONL tables in, a validated {@linkcode Package} out.
 *
 * Files read: `experiences.jsonl`, `evidence_units.jsonl`, `queries.jsonl`,
 * `candidate_memories.jsonl`, `coverage_matrix.jsonl` (all required) and
 * `instance.json` (optional; it marks a synthetic export). Other files of the
 * export (manifests, annotation decisions) are ignored; so are unknown fields.
 *
 * Mapping (the package always has `weight_source: "explicit"`, no budgets, group cap 1):
 *
 * - **candidates**: `candidate_id`, `experience_id`; `representation` is `representation_type`
 *   verbatim and `kind` follows {@linkcode artifactKind}; cost = max(1, trunc(cost or cost_tokens
 *   or 1)) (§1.4, Python `or`: 0 and null fall through); a negative `cost` or `cost_tokens` is an
 *   error (§1.1: cost is an int >= 0); text = `serialized` (else `text`); source = `generator_id`.
 *   Natural exports: confidence 0 or missing becomes 1.
 * - **experiences** are the groups of the candidates (§1.4 builds instances from candidates): one
 *   per distinct `experience_id`, enriched from `experiences.jsonl` (text, session_id, a string
 *   timestamp); rows there with no candidate are dropped; a repeated `experience_id` row replaces
 *   the earlier one. order = min `time_index` of the group's candidates, else a numeric
 *   `timestamp`, else the row position.
 * - **units** in `evidence_units.jsonl` order: weight = `unit_weight` (0 if absent); natural
 *   exports raise every required unit to max(1, w) (§1.4). family from `kind` via
 *   {@linkcode artifactFamily}. validity: state `invalidates_prior` or `superseded` is kept;
 *   `current` only for the instance's current units (synthetic: kind `current_truth`; natural:
 *   weight > 0, §1.4), since the export also marks facts and context `current`.
 * - **coverage**: rows with `coverage` > 0; a later row for the same
 *   (candidate, unit) overwrites an earlier one in place. A negative value is
 *   an error (§1.1 rejects it), as is one above 1 (the package schema).
 * - **queries**: `query_id`, `required_unit_ids`, `question`, `answer`, `category`. Natural exports
 *   skip queries with no required unit (§1.4 step 3: they are unresolved).
 *
 * Coercions are reported, not hidden: every cost the §1.4 rule changes (a fractional, zero or
 * missing cost), every repeated experience row and every overwritten coverage row is listed in
 * `meta.coercions` of the package as an {@linkcode ArtifactCoercion} (`{file, line, field, from,
 * to}`, file name relative to the export folder). The key is absent when nothing was coerced.
 *
 * Errors name the file and `line N, field F` (1-based physical line); schema
 * problems found after mapping are traced back to the source line and field.
 * JSON syntax errors give `line N, column C`; files must be UTF-8.
 *
 * @module
 */
import { basename, join } from "node:path";
import { z } from "../base/deps/zod.ts";
import { formatPath, InputError } from "../base/errors.ts";
import { readTextInput, readTextInputIfExists } from "../base/fs.ts";
import { compareIds, REPRESENTATION_KINDS } from "./compile.ts";
import { parseJsonText } from "../base/json_text.ts";
import { forEachJsonlLine } from "../base/jsonl.ts";
import {
  type CandidateKind,
  type Package,
  PackageSchema,
  type Unit,
  type UnitFamily,
} from "./schema.ts";

/**
 * One value the reader changed on the way into the package (listed in `meta.coercions`).
 *
 * - cost rule (§1.4): `field` is `cost` (or `cost_tokens` when `cost` is absent), `from` the export
 *   value (null if neither is given), `to` the package cost;
 * - repeated experience row: `line` is the earlier row, which is dropped,
 *   `field` is `experience_id`, `from` the id, `to` the line of the row kept;
 * - overwritten coverage row: `line` is the earlier row, `field` is
 *   `coverage`, `from` its value, `to` the value of the later row kept.
 */
export interface ArtifactCoercion {
  /** File name inside the export folder, e.g. `candidate_memories.jsonl`. */
  file: string;
  /** 1-based physical line of the row. */
  line: number;
  /** The export field. */
  field: string;
  /**
   * The value as exported: the export's cost (null when neither `cost` nor `cost_tokens` is given),
   * the repeated experience id, or the overwritten coverage value.
   */
  from: string | number | null;
  /**
   * The value used instead: the package cost, the line of the experience row kept, or the coverage
   * value of the later row kept.
   */
  to: string | number | null;
}

/** Options of {@linkcode readArtifactPackage}. */
export interface ArtifactReadOptions {
  /**
   * `synthetic` (§1.3) or `natural` (§1.4). Default: `synthetic` when
   * `instance.json` exists, else `natural`.
   */
  variant?: "synthetic" | "natural";
  /**
   * Keep only one instance of a multi-instance export: rows whose id prefix
   * (the text before the first `::`) equals this, and the query with this id.
   * Natural exports hold one instance per question (§1.4 step 1).
   */
  instance?: string;
}

const FAMILY: Record<string, UnitFamily> = {
  current_truth: "current_state",
  invalidation: "invalidation",
  stale_or_superseded: "fact",
  context: "other",
  abstention: "abstention",
  temporal_fact: "temporal",
  preference: "preference",
  update: "current_state",
  current_fact: "fact",
};

/**
 * Coarse candidate kind of an artifact `representation_type`: raw_span/raw -> raw;
 * atomic_fact/fact/interval_fact -> fact; summary; tombstone; compound_update -> update;
 * graph_edge -> edge; skill; compound_evidence -> event; abstention/uncertainty -> rule; anything
 * else (external memories such as mem0_memory, letta_*) -> system.
 *
 * @param representationType the artifact's representation type
 * @returns the package candidate kind
 */
export function artifactKind(representationType: string): CandidateKind {
  return Object.hasOwn(REPRESENTATION_KINDS, representationType)
    ? REPRESENTATION_KINDS[representationType]
    : "system";
}

/**
 * Unit family of an artifact evidence-unit `kind`: current_truth and update -> current_state;
 * invalidation; stale_or_superseded -> fact (its validity is `superseded`); context -> other;
 * abstention; temporal_fact -> temporal; preference; current_fact -> fact; anything else -> other.
 *
 * @param kind the artifact's evidence-unit kind
 * @returns the package unit family
 */
export function artifactFamily(kind: string | null | undefined): UnitFamily {
  return kind != null && Object.hasOwn(FAMILY, kind) ? FAMILY[kind] : "other";
}

const str = z.string();
const maybe = <T extends z.ZodType>(t: T) => t.nullish();
const ExperienceRow = z.looseObject({
  experience_id: str.min(1),
  session_id: maybe(str),
  timestamp: maybe(z.union([str, z.number()])),
  text: maybe(str),
});
const UnitRow = z.looseObject({
  unit_id: str.min(1),
  kind: maybe(str),
  canonical_text: maybe(str),
  state: maybe(str),
  unit_weight: maybe(z.number()),
});
const QueryRow = z.looseObject({
  query_id: str.min(1),
  question: maybe(str),
  answer: maybe(z.union([str, z.number()])),
  category: maybe(str),
  required_unit_ids: maybe(z.array(str)),
});
const COST_ERROR = { error: "expected a cost >= 0 (ARTIFACT-SPEC §1.1: cost is an int >= 0)" };
const CandidateRow = z.looseObject({
  candidate_id: str.min(1),
  experience_id: str.min(1),
  representation_type: str.min(1),
  cost: maybe(z.number().min(0, COST_ERROR)),
  cost_tokens: maybe(z.number().min(0, COST_ERROR)),
  time_index: maybe(z.number()),
  serialized: maybe(str),
  text: maybe(str),
  confidence: maybe(z.number()),
  estimated_value: maybe(z.number()),
  generator_id: maybe(str),
});
const CoverageRow = z.looseObject({
  candidate_id: str.min(1),
  unit_id: str.min(1),
  coverage: z.number().min(0, {
    error: "expected a coverage value >= 0 (ARTIFACT-SPEC §1.1 rejects negative coverage)",
  }),
});
const InstanceJson = z.looseObject({
  instance_id: maybe(str),
  seed: maybe(z.number()),
  distribution: maybe(str),
});

const FILES = {
  experiences: "experiences.jsonl",
  units: "evidence_units.jsonl",
  queries: "queries.jsonl",
  candidates: "candidate_memories.jsonl",
  coverage: "coverage_matrix.jsonl",
} as const;

/** Export field that each package field comes from, for tracing schema errors back. */
const SOURCE_FIELD: Record<keyof typeof FILES, Record<string, string>> = {
  experiences: { id: "experience_id", order: "timestamp", session: "session_id" },
  units: {
    id: "unit_id",
    family: "kind",
    text: "canonical_text",
    validity: "state",
    weight: "unit_weight",
  },
  queries: { id: "query_id", required_units: "required_unit_ids", text: "question" },
  candidates: {
    id: "candidate_id",
    experience: "experience_id",
    kind: "representation_type",
    representation: "representation_type",
    text: "serialized",
    source: "generator_id",
  },
  coverage: { candidate: "candidate_id", unit: "unit_id", value: "coverage" },
};

type Lined<T> = { line: number; row: T };

/**
 * Reads an artifact package export directory into a validated package (mapping in the module doc).
 *
 * @example Read the synthetic fixture
 * ```ts ignore
 * import { readArtifactPackage } from "./artifact_jsonl.ts";
 * const pkg = await readArtifactPackage("tests/package/fixtures/artifact_synthetic");
 * ```
 *
 * @param dir the export directory (one instance, or a multi-instance natural export)
 * @param options variant and instance filter
 * @returns the package, `weight_source` "explicit", id from `instance.json`, else the
 *   instance option, else the directory name; `meta.coercions` lists the values the reader
 *   changed ({@linkcode ArtifactCoercion}), if any
 * @throws {InputError} naming the file and `line N, field F` for a malformed row (a negative
 *   cost or coverage among them), a missing or non-UTF-8 file, or a package that breaks the
 *   schema (dangling id, coverage above 1, ...)
 */
export async function readArtifactPackage(
  dir: string,
  options: ArtifactReadOptions = {},
): Promise<Package> {
  const t = await readExportTables(dir, options);
  const coercions: ArtifactCoercion[] = [];
  const candidates = artifactCandidates(t.candRows, t.natural, coercions);
  const { experiences, expLines } = artifactExperiences(t.candRows, t.expRows, coercions);
  const units = artifactUnits(t.unitRows, t.queryRows, t.natural);
  const cells = artifactCoverage(t.covRows, coercions);
  const data = {
    schema_version: 1,
    id: t.instance?.instance_id ?? options.instance ?? basename(dir),
    experiences,
    candidates,
    units,
    queries: artifactQueries(t.queryRows),
    weight_source: "explicit",
    coverage: [...cells.values()].map((x) => x.cell),
    budgets: [],
    group_cap: 1,
    meta: packageMeta(t.natural, t.instance, coercions),
  };
  const result = PackageSchema.safeParse(data);
  if (result.success) return result.data;
  throw schemaErrorAtSource(dir, result.error.issues[0], {
    experiences: expLines,
    units: t.unitRows.map((x) => x.line),
    queries: t.queryRows.map((x) => x.line),
    candidates: t.candRows.map((x) => x.line),
    coverage: [...cells.values()].map((x) => x.line),
  });
}

type Rows<S extends z.ZodType> = Lined<z.infer<S>>[];

/**
 * Step 1: reads `instance.json` (if any) and the five JSONL tables, kept to the instance asked for
 * (natural: queries with a required unit).
 */
async function readExportTables(dir: string, options: ArtifactReadOptions) {
  const path = (name: string) => join(dir, name);
  const instanceText = await readTextInputIfExists(path("instance.json"));
  const instance = instanceText === undefined
    ? undefined
    : parseRow(InstanceJson, instanceText, path("instance.json"), 1);
  const natural = (options.variant ?? (instance ? "synthetic" : "natural")) === "natural";
  const keep = (id: string) =>
    options.instance === undefined || id.split("::")[0] === options.instance;
  const expRows = (await readJsonl(path(FILES.experiences), ExperienceRow))
    .filter((x) => keep(x.row.experience_id));
  const unitRows = (await readJsonl(path(FILES.units), UnitRow)).filter((x) => keep(x.row.unit_id));
  const queryRows = (await readJsonl(path(FILES.queries), QueryRow))
    .filter((x) => options.instance === undefined || x.row.query_id === options.instance)
    .filter((x) => !natural || (x.row.required_unit_ids ?? []).length > 0);
  const candRows = (await readJsonl(path(FILES.candidates), CandidateRow))
    .filter((x) => keep(x.row.candidate_id));
  const covRows = (await readJsonl(path(FILES.coverage), CoverageRow))
    .filter((x) => keep(x.row.candidate_id));
  return { instance, natural, expRows, unitRows, queryRows, candRows, covRows };
}

/** A later row of the same key replaces the earlier one, which is listed as a coercion. */
function keepLast<V extends { line: number }>(
  coercions: ArtifactCoercion[],
  rows: Map<string, V>,
  key: string,
  row: V,
  file: string,
  field: string,
  change: (earlier: V) => [from: ArtifactCoercion["from"], to: ArtifactCoercion["to"]],
): void {
  const earlier = rows.get(key);
  if (earlier !== undefined) {
    const [from, to] = change(earlier);
    coercions.push({ file, line: earlier.line, field, from, to });
  }
  rows.set(key, row);
}

/** Step 2: candidates, cost max(1, trunc(cost or cost_tokens or 1)) (§1.4; Python `or`). */
function artifactCandidates(
  candRows: Rows<typeof CandidateRow>,
  natural: boolean,
  coercions: ArtifactCoercion[],
) {
  return candRows.map(({ line, row }) => {
    const confidence = natural ? (row.confidence || 1) : row.confidence ?? undefined;
    const cost = Math.max(1, Math.trunc(row.cost || row.cost_tokens || 1));
    const field = row.cost == null && row.cost_tokens != null ? "cost_tokens" : "cost";
    const from = row.cost ?? row.cost_tokens ?? null;
    if (from !== cost) coercions.push({ file: FILES.candidates, line, field, from, to: cost });
    return strip({
      id: row.candidate_id,
      experience: row.experience_id,
      kind: artifactKind(row.representation_type),
      representation: row.representation_type,
      cost,
      text: row.serialized ?? row.text ?? undefined,
      confidence,
      estimated_value: row.estimated_value ?? undefined,
      source: row.generator_id ?? undefined,
    });
  });
}

/**
 * Step 3: experiences, the candidates' groups enriched from experiences.jsonl; order = min
 * `time_index` of the group, else a numeric `timestamp`, else the row position. Also the source
 * line of each (0: no row).
 */
function artifactExperiences(
  candRows: Rows<typeof CandidateRow>,
  expRows: Rows<typeof ExperienceRow>,
  coercions: ArtifactCoercion[],
) {
  const minTime = new Map<string, number>();
  for (const { row } of candRows) {
    if (row.time_index == null) continue;
    const t = minTime.get(row.experience_id);
    minTime.set(row.experience_id, t === undefined ? row.time_index : Math.min(t, row.time_index));
  }
  const groups = new Set(candRows.map((x) => x.row.experience_id));
  const expInfo = new Map<string, Lined<z.infer<typeof ExperienceRow>> & { position: number }>();
  expRows.forEach((x, i) => {
    const id = x.row.experience_id;
    keepLast(
      coercions,
      expInfo,
      id,
      { ...x, position: i },
      FILES.experiences,
      "experience_id",
      () => [id, `line ${x.line}`],
    );
  });
  const expIds = [...new Set([...expRows.map((x) => x.row.experience_id), ...groups])]
    .filter((id) => groups.has(id));
  const expLines = expIds.map((id) => expInfo.get(id)?.line ?? 0);
  const experiences = expIds.map((id, i) => {
    const info = expInfo.get(id);
    const ts = info?.row.timestamp;
    return strip({
      id,
      order: minTime.get(id) ??
        (typeof ts === "number" ? ts : info?.position ?? expRows.length + i),
      text: info?.row.text ?? undefined,
      session: info?.row.session_id ?? undefined,
      timestamp: typeof ts === "string" ? ts : undefined,
    });
  });
  return { experiences, expLines };
}

/**
 * Step 4: units in file order; natural exports raise required units to max(1, w); validity kept
 * for `invalidates_prior` / `superseded`, and `current` only for the instance's current units.
 */
function artifactUnits(
  unitRows: Rows<typeof UnitRow>,
  queryRows: Rows<typeof QueryRow>,
  natural: boolean,
): Unit[] {
  const required = new Set(queryRows.flatMap((x) => x.row.required_unit_ids ?? []));
  return unitRows.map(({ row }): Unit => {
    const w = row.unit_weight ?? 0;
    const weight = natural && required.has(row.unit_id) ? Math.max(1, w) : w;
    const isCurrent = natural ? weight > 0 : row.kind === "current_truth";
    const validity = row.state === "invalidates_prior" || row.state === "superseded"
      ? row.state
      : row.state === "current" && isCurrent
      ? "current" as const
      : undefined;
    return strip({
      id: row.unit_id,
      family: artifactFamily(row.kind),
      text: row.canonical_text ?? undefined,
      validity,
      weight,
    });
  });
}

type CoverageCells = Map<
  string,
  { line: number; cell: { candidate: string; unit: string; value: number } }
>;

/** Step 5: coverage cells with value > 0; a later row overwrites an earlier one in place. */
function artifactCoverage(
  covRows: Rows<typeof CoverageRow>,
  coercions: ArtifactCoercion[],
): CoverageCells {
  const cells: CoverageCells = new Map();
  for (const { line, row } of covRows) {
    if (!(row.coverage > 0)) continue;
    const cell = { candidate: row.candidate_id, unit: row.unit_id, value: row.coverage };
    keepLast(
      coercions,
      cells,
      JSON.stringify([row.candidate_id, row.unit_id]),
      { line, cell },
      FILES.coverage,
      "coverage",
      (earlier) => [earlier.cell.value, row.coverage],
    );
  }
  return cells;
}

/** Step 6: queries, importance 1. */
function artifactQueries(queryRows: Rows<typeof QueryRow>) {
  return queryRows.map(({ row }) =>
    strip({
      id: row.query_id,
      importance: 1,
      required_units: row.required_unit_ids ?? [],
      text: row.question ?? undefined,
      answer: row.answer == null ? undefined : String(row.answer),
      category: row.category ?? undefined,
    })
  );
}

/** The package meta: the variant's source, the instance's distribution and seed, coercions. */
function packageMeta(
  natural: boolean,
  instance: z.infer<typeof InstanceJson> | undefined,
  coercions: ArtifactCoercion[],
) {
  return strip({
    source: natural
      ? "artifact natural export (ARTIFACT-SPEC §1.4)"
      : "artifact export (ARTIFACT-SPEC §1.3)",
    distribution: instance?.distribution ?? undefined,
    seed: instance?.seed ?? undefined,
    coercions: coercions.length > 0
      ? coercions.sort((a, b) =>
        compareIds(a.file, b.file) || a.line - b.line || compareIds(a.field, b.field)
      )
      : undefined,
  });
}

/** A schema problem of the mapped package, traced back to its file, line and export field. */
function schemaErrorAtSource(
  dir: string,
  issue: z.core.$ZodIssue,
  lines: Record<keyof typeof FILES, number[]>,
): InputError {
  const [head, index, field] = issue.path;
  if (typeof head === "string" && head in FILES && typeof index === "number") {
    const key = head as keyof typeof FILES;
    const name = typeof field === "string" ? SOURCE_FIELD[key][field] ?? field : "(row)";
    const where = { path: `line ${lines[key][index]}, field ${name}` };
    return new InputError(join(dir, FILES[key]), where, issue.message);
  }
  return new InputError(dir, { path: formatPath(issue.path) }, issue.message);
}

/** Removes keys whose value is undefined (so absent fields stay absent). */
function strip<T extends Record<string, unknown>>(obj: T): T {
  for (const k of Object.keys(obj)) if (obj[k] === undefined) delete obj[k];
  return obj;
}

function parseRow<T extends z.ZodType>(
  schema: T,
  text: string,
  file: string,
  line: number,
): z.infer<T> {
  const data = parseJsonText(text, file, { line, uniqueKeys: true });
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = {
    path: `line ${line}, field ${issue.path.length ? formatPath(issue.path) : "(row)"}`,
  };
  throw new InputError(file, where, issue.message);
}

async function readJsonl<T extends z.ZodType>(
  file: string,
  schema: T,
): Promise<Lined<z.infer<T>>[]> {
  const out: Lined<z.infer<T>>[] = [];
  forEachJsonlLine(await readTextInput(file), (line, text) => {
    out.push({ line, row: parseRow(schema, text, file, line) });
  });
  return out;
}
