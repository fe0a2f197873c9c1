/**
 * The Memory Retention Rate of PerMem-Bench from its evaluator's per-fact outputs, as the
 * benchmark's analysis notebook computes it (COMPANIONS §2(a)): the checkpoints the evaluator
 * scored, each score replicated m = round_half_even(population / count) times, the plain mean of
 * a user's pooled list, then the unweighted mean over users.
 *
 * - Dynamic (PerMem-Bench, the default): population = L_r = T_target − t_start + 1, count = the
 *   fact's scored checkpoints.
 * - Static (PerMem-Bench_s): per user a cutoff s (the last session before the profile shift).
 *   Facts with t_start > s are left out; population = min(T_target, s) − t_start + 1; count =
 *   the full-lifespan checkpoints at or before s (they are not re-sampled).
 *
 * Beside the notebook's replicas (`artifact`) the value with exact weights population / count
 * per score (`exact_weights`) and the per-fact macro mean of the scored checkpoints. No value
 * over all lifespan sessions is given: the per-fact files hold the checkpoints only.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { parseJsonText } from "../base/json_text.ts";
import { type ReportShape, reportShape, rowColumns } from "../base/report_shape.ts";
import { parseCsvRows } from "./_csv.ts";
import { InputError } from "../base/errors.ts";
import { artifactReplicas } from "./checkpoints.ts";
import type { Checkpoint } from "./read.ts";
import { type FactTrack, mean } from "./retention_rate.ts";

const count = z.number().int().min(0);
const value = z.number().nullable();

/** Retention of one user from the scored checkpoints. */
const UserSchema = z.strictObject({
  user: z.string(),
  facts: count.describe("facts counted (static: those with t_start at or before the cutoff)"),
  checkpoints: count.describe("scored checkpoints counted"),
  pooled_artifact: value
    .describe("the notebook's value: mean of the pooled list with replicas; null without facts"),
  pooled_exact_weights: value
    .describe("sum w*score / sum w, w = population / count per score; null without facts"),
  per_fact_mean: value.describe("mean over facts of their checkpoints' mean; null without facts"),
  cutoff: z.number().int().nullable().describe("the static cutoff session, or null (dynamic)"),
});

/** One counted fact: what its checkpoints contribute. */
const FactSchema = z.strictObject({
  user: z.string(),
  fact: z.string().describe("the fact id, <source_session_id>:<gt_idx>"),
  t_start: z.number().int(),
  t_end: z.number().int().describe("T_target, or the cutoff when earlier (static)"),
  population: count.describe("t_end - t_start + 1, the sessions the checkpoints stand for"),
  checkpoints: count.describe("checkpoints counted"),
  held: count.describe("of those, judged present"),
  replicas: count
    .describe("round_half_even(population / checkpoints): copies of each score in the list"),
});

/** `retention rr --per-fact --json`: {@linkcode PerFactRetention} under its format's name. */
const PerFactReportSchema = z.strictObject({
  format: z.literal("permem-per-fact"),
  variant: z.enum(["dynamic", "static"]).describe("PerMem-Bench (dynamic) or PerMem-Bench_s"),
  users: z.array(UserSchema).describe("per user, sorted by user"),
  benchmark: z.strictObject({
    users: count.describe("users with a value"),
    pooled_artifact: value,
    pooled_exact_weights: value,
    per_fact_mean: value,
  }).describe("means over the users with a value (as pandas' mean skips the notebook's NaN)"),
  facts: z.array(FactSchema)
    .describe("per counted fact, by user, t_start and gt_idx (whatever the input's order)"),
  warnings: z.array(z.string()).describe("gaps that change a number, one sentence each"),
});

/** Retention of one user from the scored checkpoints. */
export type PerFactUserRetention = z.output<typeof UserSchema>;
/** One counted fact: what its checkpoints contribute. */
export type PerFactContribution = z.output<typeof FactSchema>;
/** Result of {@linkcode perFactRetention}: the `--json` report but its `format`. */
export type PerFactRetention = Omit<z.output<typeof PerFactReportSchema>, "format">;

/** The shape of `memaudit retention rr --per-fact --json` (and its `--out` rr.json). */
export const PER_FACT_REPORT: ReportShape<typeof PerFactReportSchema> = reportShape(
  "retention_per_fact_report",
  PerFactReportSchema,
  "Generated from lib/retention/per_fact.ts by `deno task schema`; do not edit. " +
    "`memaudit retention rr --per-fact DIR --json` prints one object of this shape (--out DIR " +
    "writes it as rr.json).",
);

/** Columns of `rr_facts.csv` of a per-fact run: a counted fact's keys. */
export const PER_FACT_COLUMNS: readonly string[] = rowColumns(FactSchema);

function userRetention(
  user: string,
  facts: { track: FactTrack; scores: Checkpoint[] }[],
  cutoff: number | null,
  out: PerFactContribution[],
): PerFactUserRetention {
  let listSum = 0, listLen = 0, wSum = 0, wxSum = 0, points = 0;
  const perFact: number[] = [];
  for (const { track, scores } of facts) {
    if (cutoff !== null && track.tStart > cutoff) continue;
    const end = cutoff === null ? track.tTarget : Math.min(track.tTarget, cutoff);
    const kept = cutoff === null ? scores : scores.filter((s) => s.session <= cutoff);
    if (kept.length === 0) {
      throw new RangeError(
        `Cannot compute retention: fact ${track.fact} of ${user} has no scored checkpoint` +
          `${cutoff === null ? "" : ` at or before the cutoff ${cutoff}`}`,
      );
    }
    const population = end - track.tStart + 1;
    const held = kept.filter((s) => s.present).length;
    const m = artifactReplicas(population, kept.length);
    listSum += m * held;
    listLen += m * kept.length;
    wSum += population;
    wxSum += (population / kept.length) * held;
    perFact.push(held / kept.length);
    out.push({
      user,
      fact: track.fact,
      t_start: track.tStart,
      t_end: end,
      population,
      checkpoints: kept.length,
      held,
      replicas: m,
    });
    points += kept.length;
  }
  return {
    user,
    facts: perFact.length,
    checkpoints: points,
    pooled_artifact: listLen === 0 ? null : listSum / listLen,
    pooled_exact_weights: wSum === 0 ? null : wxSum / wSum,
    per_fact_mean: mean(perFact),
    cutoff,
  };
}

/** t_start, then the fact id (a longer `<t_start>:<gt_idx>` has the larger gt_idx). */
function compareFacts(a: FactTrack, b: FactTrack): number {
  return a.tStart - b.tStart || a.fact.length - b.fact.length ||
    (a.fact < b.fact ? -1 : a.fact > b.fact ? 1 : 0);
}

/**
 * Retention from the evaluator's scored checkpoints (see the module doc).
 *
 * @param tracks the facts (from `readPerFactFolder`)
 * @param checkpoints their scored checkpoints, same order
 * @param opts `cutoffs`: per user the static cutoff session (PerMem-Bench_s); omit for dynamic
 * @returns per-user and benchmark values, the variant and warnings
 * @throws {RangeError} when a user has no cutoff in static mode, or a counted fact has no
 *   checkpoint at or before its cutoff
 */
export function perFactRetention(
  tracks: readonly FactTrack[],
  checkpoints: readonly Checkpoint[][],
  opts: { cutoffs?: ReadonlyMap<string, number> } = {},
): PerFactRetention {
  const byUser = new Map<string, { track: FactTrack; scores: Checkpoint[] }[]>();
  tracks.forEach((track, i) => {
    const list = byUser.get(track.user) ?? [];
    list.push({ track, scores: checkpoints[i] });
    byUser.set(track.user, list);
  });
  const cutoffs = opts.cutoffs;
  const warnings: string[] = [];
  const facts: PerFactContribution[] = [];
  // Facts in one canonical order (t_start, then gt_idx), so no sum depends on the input's order.
  for (const list of byUser.values()) list.sort((a, b) => compareFacts(a.track, b.track));
  const users = [...byUser.keys()].sort().map((u) => {
    const c = cutoffs === undefined ? null : cutoffs.get(u);
    if (c === undefined) {
      throw new RangeError(`Cannot compute PerMem-Bench_s: no static cutoff for user ${u}`);
    }
    return userRetention(u, byUser.get(u)!, c, facts);
  });
  const none = users.filter((u) => u.pooled_artifact === null).map((u) => u.user);
  if (none.length > 0) {
    warnings.push(
      `${none.length} user(s) have no fact at or before their cutoff (${none.join(", ")}): ` +
        "left out of the benchmark means",
    );
  }
  if (cutoffs !== undefined) {
    const extra = [...cutoffs.keys()].filter((u) => !byUser.has(u)).sort();
    if (extra.length > 0) {
      warnings.push(
        `${extra.length} cutoff(s) name users without per-fact files: ${extra.join(", ")}`,
      );
    }
  }
  const vals = (k: "pooled_artifact" | "pooled_exact_weights" | "per_fact_mean") =>
    mean(users.map((u) => u[k]));
  return {
    variant: cutoffs === undefined ? "dynamic" : "static",
    users,
    facts,
    benchmark: {
      users: users.length - none.length,
      pooled_artifact: vals("pooled_artifact"),
      pooled_exact_weights: vals("pooled_exact_weights"),
      per_fact_mean: vals("per_fact_mean"),
    },
    warnings,
  };
}

/**
 * Parses static cutoffs: a JSON object `{uuid: session}` where a session is an integer or a
 * snapshot file name (`"session_0045.json"`, the benchmark notebook's map), or a CSV with the
 * header `user,cutoff`.
 *
 * @param text the file's content
 * @param file file name for errors
 * @returns user → cutoff session
 * @throws {InputError} naming the file and the key or row of the first bad entry
 */
export function parseStaticCutoffs(text: string, file = "<memory>"): Map<string, number> {
  const out = new Map<string, number>();
  const expected = 'expected a session id (an integer >= 1 or "session_NNNN.json")';
  if (text.trimStart().startsWith("{")) {
    // Strict: a user named twice is refused (JSON.parse would keep the last cutoff silently).
    const doc = parseJsonText(text, file, { uniqueKeys: true });
    for (const [user, v] of Object.entries(doc as Record<string, unknown>)) {
      const s = cutoffSession(v);
      if (s === null) throw new InputError(file, { path: user }, expected);
      out.set(user, s);
    }
    return out;
  }
  if (!/^\s*"?user"?\s*,\s*"?cutoff"?\s*(\r?\n|\r|$)/.test(text.replace(/^\uFEFF/, ""))) {
    const expected = "expected a JSON object {uuid: session} or a CSV user,cutoff";
    throw new InputError(file, { path: "line 1" }, expected);
  }
  for (const { row, cells } of parseCsvRows(text, file, ["user", "cutoff"])) {
    const user = cells.user.trim(), s = cutoffSession(cells.cutoff);
    if (user === "") throw new InputError(file, { row, column: "user" }, "expected a user id");
    if (s === null) throw new InputError(file, { row, column: "cutoff" }, expected);
    if (out.has(user)) throw new InputError(file, { row, column: "user" }, `expected ${user} once`);
    out.set(user, s);
  }
  return out;
}

/** A cutoff: an integer >= 1, or its decimal text, or `session_NNNN.json`; else null. */
function cutoffSession(v: unknown): number | null {
  const m = typeof v === "string" ? /^(?:session_)?(\d+)(?:\.json)?$/.exec(v.trim()) : null;
  const x = m ? Number(m[1]) : v;
  return typeof x === "number" && Number.isSafeInteger(x) && x >= 1 ? x : null;
}
