/**
 * Reader for the authors' package export directory (ARTIFACT-SPEC §1.3, and
 * the natural LongMemEval variant of §1.4): JSONL tables in, a validated
 * {@linkcode Package} out.
 *
 * Files read: `experiences.jsonl`, `evidence_units.jsonl`, `queries.jsonl`,
 * `candidate_memories.jsonl`, `coverage_matrix.jsonl` (all required) and
 * `instance.json` (optional; it marks a synthetic export). Other files of the
 * export (manifests, annotation decisions) are ignored; so are unknown fields.
 *
 * Mapping (the package always has `weight_source: "explicit"`, no budgets,
 * group cap 1):
 *
 * - **candidates**: `candidate_id`, `experience_id`; `representation` is
 *   `representation_type` verbatim and `kind` follows {@linkcode artifactKind};
 *   cost = max(1, trunc(cost or cost_tokens or 1)) (§1.4, Python `or`: 0 and
 *   null fall through); text = `serialized` (else `text`); source =
 *   `generator_id`. Natural exports: confidence 0 or missing becomes 1.
 * - **experiences** are the groups of the candidates (§1.4 builds instances
 *   from candidates): one per distinct `experience_id`, enriched from
 *   `experiences.jsonl` (text, session_id, a string timestamp); rows there with
 *   no candidate are dropped. order = min `time_index` of the group's
 *   candidates, else a numeric `timestamp`, else the row position.
 * - **units** in `evidence_units.jsonl` order: weight = `unit_weight` (0 if
 *   absent); natural exports raise every required unit to max(1, w) (§1.4).
 *   family from `kind` via {@linkcode artifactFamily}. validity: state
 *   `invalidates_prior` or `superseded` is kept; `current` only for the
 *   instance's current units (synthetic: kind `current_truth`; natural:
 *   weight > 0, §1.4), since the export also marks facts and context
 *   `current`.
 * - **coverage**: rows with `coverage` > 0; a later row for the same
 *   (candidate, unit) overwrites an earlier one in place.
 * - **queries**: `query_id`, `required_unit_ids`, `question`, `answer`,
 *   `category`. Natural exports skip queries with no required unit (§1.4
 *   step 3: they are unresolved).
 *
 * Errors name the file and `line N, field F` (1-based physical line); schema
 * problems found after mapping are traced back to the source line and field.
 *
 * @module
 */
import { basename, join } from "node:path";
import { z } from "zod";
import { formatPath, InputError } from "../errors.ts";
import { readTextInput } from "../fs.ts";
import {
  type CandidateKind,
  type Package,
  PackageSchema,
  type Unit,
  type UnitFamily,
} from "./schema.ts";

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

const KIND: Record<string, CandidateKind> = {
  raw_span: "raw",
  raw: "raw",
  atomic_fact: "fact",
  fact: "fact",
  interval_fact: "fact",
  summary: "summary",
  tombstone: "tombstone",
  compound_update: "update",
  graph_edge: "edge",
  skill: "skill",
  compound_evidence: "event",
  abstention: "rule",
  uncertainty: "rule",
};

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
 * Coarse candidate kind of an artifact `representation_type`: raw_span/raw ->
 * raw; atomic_fact/fact/interval_fact -> fact; summary; tombstone;
 * compound_update -> update; graph_edge -> edge; skill; compound_evidence ->
 * event; abstention/uncertainty -> rule; anything else (external memories such
 * as mem0_memory, letta_*) -> system.
 *
 * @param representationType the artifact's representation type
 * @returns the package candidate kind
 */
export function artifactKind(representationType: string): CandidateKind {
  return Object.hasOwn(KIND, representationType) ? KIND[representationType] : "system";
}

/**
 * Unit family of an artifact evidence-unit `kind`: current_truth and update
 * -> current_state; invalidation; stale_or_superseded -> fact (its validity is
 * `superseded`); context -> other; abstention; temporal_fact -> temporal;
 * preference; current_fact -> fact; anything else -> other.
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
const CandidateRow = z.looseObject({
  candidate_id: str.min(1),
  experience_id: str.min(1),
  representation_type: str.min(1),
  cost: maybe(z.number()),
  cost_tokens: maybe(z.number()),
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
  coverage: z.number(),
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
 * Reads an artifact package export directory into a validated package
 * (mapping in the module doc).
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
 *   instance option, else the directory name
 * @throws {InputError} naming the file and `line N, field F` for a malformed row, a missing
 *   file, or a package that breaks the schema (dangling id, coverage outside [0, 1], ...)
 */
export async function readArtifactPackage(
  dir: string,
  options: ArtifactReadOptions = {},
): Promise<Package> {
  const path = (name: string) => join(dir, name);
  const instanceText = await Deno.readTextFile(path("instance.json")).catch((err) => {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw err;
  });
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

  // Candidates (§1.4 cost rule; Python `or` treats 0 and null alike).
  const candidates = candRows.map(({ row }) => {
    const confidence = natural ? (row.confidence || 1) : row.confidence ?? undefined;
    return strip({
      id: row.candidate_id,
      experience: row.experience_id,
      kind: artifactKind(row.representation_type),
      representation: row.representation_type,
      cost: Math.max(1, Math.trunc(row.cost || row.cost_tokens || 1)),
      text: row.serialized ?? row.text ?? undefined,
      confidence,
      estimated_value: row.estimated_value ?? undefined,
      source: row.generator_id ?? undefined,
    });
  });

  // Experiences: the candidates' groups, enriched from experiences.jsonl.
  const minTime = new Map<string, number>();
  for (const { row } of candRows) {
    if (row.time_index == null) continue;
    const t = minTime.get(row.experience_id);
    minTime.set(row.experience_id, t === undefined ? row.time_index : Math.min(t, row.time_index));
  }
  const groups = new Set(candRows.map((x) => x.row.experience_id));
  const expInfo = new Map(expRows.map((x, i) => [x.row.experience_id, { ...x, position: i }]));
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

  // Units, with the natural variant's max(1, w) for required units.
  const required = new Set(queryRows.flatMap((x) => x.row.required_unit_ids ?? []));
  const units = unitRows.map(({ row }): Unit => {
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

  // Coverage: value > 0; a later row overwrites an earlier one in place.
  const cells = new Map<
    string,
    { line: number; cell: { candidate: string; unit: string; value: number } }
  >();
  for (const { line, row } of covRows) {
    if (!(row.coverage > 0)) continue;
    const key = JSON.stringify([row.candidate_id, row.unit_id]);
    cells.set(key, {
      line,
      cell: { candidate: row.candidate_id, unit: row.unit_id, value: row.coverage },
    });
  }

  const queries = queryRows.map(({ row }) =>
    strip({
      id: row.query_id,
      importance: 1,
      required_units: row.required_unit_ids ?? [],
      text: row.question ?? undefined,
      answer: row.answer == null ? undefined : String(row.answer),
      category: row.category ?? undefined,
    })
  );

  const data = {
    schema_version: 1,
    id: instance?.instance_id ?? options.instance ?? basename(dir),
    experiences,
    candidates,
    units,
    queries,
    weight_source: "explicit",
    coverage: [...cells.values()].map((x) => x.cell),
    budgets: [],
    group_cap: 1,
    meta: strip({
      source: natural
        ? "artifact natural export (ARTIFACT-SPEC §1.4)"
        : "artifact export (ARTIFACT-SPEC §1.3)",
      distribution: instance?.distribution ?? undefined,
      seed: instance?.seed ?? undefined,
    }),
  };
  const result = PackageSchema.safeParse(data);
  if (result.success) return result.data;
  const lines: Record<keyof typeof FILES, number[]> = {
    experiences: expLines,
    units: unitRows.map((x) => x.line),
    queries: queryRows.map((x) => x.line),
    candidates: candRows.map((x) => x.line),
    coverage: [...cells.values()].map((x) => x.line),
  };
  const [issue] = result.error.issues;
  const [head, index, field] = issue.path;
  if (typeof head === "string" && head in FILES && typeof index === "number") {
    const key = head as keyof typeof FILES;
    const name = typeof field === "string" ? SOURCE_FIELD[key][field] ?? field : "(row)";
    const where = { path: `line ${lines[key][index]}, field ${name}` };
    throw new InputError(path(FILES[key]), where, issue.message);
  }
  throw new InputError(dir, { path: formatPath(issue.path) }, issue.message);
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
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new InputError(file, { path: `line ${line}` }, `expected valid JSON (${message})`);
  }
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
  const text = await readTextInput(file);
  const out: Lined<z.infer<T>>[] = [];
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() !== "") out.push({ line: i + 1, row: parseRow(schema, raw, file, i + 1) });
  });
  return out;
}
