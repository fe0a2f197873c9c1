/**
 * The write-time view of a scale ladder (a memaudit extension: paper 002
 * has no write-time side). For each query and scale: the query's LoCoMo
 * support-slice package (`lib/natural/locomo.ts`) extended with the
 * candidates of the scale's filler sessions (their raw span and LoCoMo
 * observations, costed by the same rules), experiences ordered as the
 * ladder dates them; OPT certified at a budget by `solve()`; and the package
 * ratio rho = F(X)/OPT of each writer. Filler sessions come from other
 * conversations, so their candidates cover none of the query's evidence
 * units (coverage is source-backed: a candidate covers the turns it holds or
 * cites) and OPT cannot change across scales: that is asserted. What does
 * change is what a writer keeps when irrelevant candidates compete for the
 * budget; the write-time usable-scale boundary is the first scale whose mean
 * ratio is strictly below alpha.
 *
 * @module
 */
import type { LocomoSample } from "../natural/load_locomo.ts";
import { locomoSupportSlice } from "../natural/locomo.ts";
import { atomicFactCost, indexSample, rawSpanCost, safeToken } from "../natural/dialogue.ts";
import type { Candidate, Experience, Package } from "../package/schema.ts";
import { compilePackage } from "../package/compile.ts";
import { solve } from "../solve/solve.ts";
import { isCertified } from "../certificate/result.ts";
import { scoreStore } from "../score/ratio.ts";
import { getWriter, WRITER_LABELS } from "../writers/registry.ts";
import { usableScaleBoundary } from "./boundary.ts";
import type { Ladder, LadderRung, QueryLadder } from "./ladder.ts";
import type { ScaleGroupScore } from "./score.ts";

/** The writers compared by default: GVT, Estimated-GVT, density-only, recency-raw, fact-only. */
export const WRITE_TIME_WRITERS: readonly string[] = [
  "oracle_gvt",
  "estimated_gvt",
  "density_only",
  "recency_raw",
  "fact_only",
];

/** One query at one scale. */
export interface WriteTimeRow {
  /** Query id (`<sample_id>_q<index>`, the package id). */
  queryId: string;
  /** Scale label. */
  scale: string;
  /** N_irr of the scale. */
  nIrr: number;
  /** Candidates in the extended package. */
  candidates: number;
  /** Certified OPT, or null when no certificate was obtained. */
  opt: number | null;
  /** Whether OPT is certified (zero gap). */
  certified: boolean;
  /** OPT = 0 (no evidence unit covered by any candidate): ratios are not defined. */
  degenerate: boolean;
  /** Package ratio per writer id; null when degenerate or uncertified. */
  ratios: Record<string, number | null>;
}

/** Mean ratio of one writer at one scale, over the queries with a defined ratio. */
export interface WriteTimeCell {
  /** Writer method id. */
  writer: string;
  /** Display label. */
  label: string;
  /** Scale label. */
  scale: string;
  /** N_irr of the scale. */
  nIrr: number;
  /** Queries with a defined ratio (certified, non-degenerate OPT). */
  n: number;
  /** Mean package ratio over the queries with a defined ratio, or null. */
  meanRatio: number | null;
}

/** Write-time boundary of one writer. */
export interface WriteTimeBoundary {
  /** Writer method id. */
  writer: string;
  /** Display label. */
  label: string;
  /** First scale (N_irr) whose mean ratio is < alpha, or `">MAX"`. */
  s_star: number | string;
  /** Whether a later scale is back at alpha or above. */
  recovers: boolean;
}

/** Result of {@linkcode writeTimeView}. */
export interface WriteTimeView {
  /** Always "memaudit write-time extension (not in paper 002)". */
  label: string;
  /** Budget B, word-cost units. */
  budget: number;
  /** Threshold of the boundary. */
  alpha: number;
  /** Writer ids compared. */
  writers: string[];
  /** Queries with a package (converted and in the ladder). */
  queries: number;
  /** One row per (query, scale). */
  rows: WriteTimeRow[];
  /** One cell per (writer, scale). */
  cells: WriteTimeCell[];
  /** One boundary per writer. */
  boundaries: WriteTimeBoundary[];
  /** Every query's certified OPT is the same at every scale (asserted). */
  optStable: boolean;
}

/**
 * The support-slice package of a query extended with the candidates of a
 * rung's filler sessions: per filler session one experience
 * (`<package id>::filler::<session id>`) with its raw span (cost max(12, w)
 * after the 220-word cut) and its LoCoMo observations (cost clamp(w, 4, 20)),
 * no coverage rows (they hold other conversations' turns). Every
 * experience's `order` becomes its position in the rung's date order, so
 * recency-based writers see the ladder's timeline.
 *
 * @param base the query's support-slice package (`locomoSupportSlice`)
 * @param ql the query's ladder
 * @param rung one of its rungs
 * @param samples LoCoMo samples by sample id (the filler sessions' conversations)
 * @returns a new package `<base id>@<scale label>`
 * @throws {RangeError} when a filler id is not a LoCoMo session of `samples`
 */
export function extendedPackage(
  base: Package,
  ql: QueryLadder,
  rung: LadderRung,
  samples: ReadonlyMap<string, LocomoSample>,
): Package {
  const rank = new Map(rung.sessions.map((s, i) => [s.id, i]));
  const sid = ql.query.group;
  const experiences: Experience[] = base.experiences.map((e) => {
    const n = Number(/^session_(\d+)$/.exec(e.session ?? "")?.[1]);
    const r = rank.get(`${sid}_session_${n}`);
    return { ...e, order: r ?? e.order };
  });
  const candidates: Candidate[] = [...base.candidates];
  const prefix = base.id;
  for (const fid of rung.fillerIds) {
    const m = /^(.*)_session_(\d+)$/.exec(fid);
    const sample = m ? samples.get(m[1]) : undefined;
    const info = sample ? indexSample(sample).sessions.get(Number(m![2])) : undefined;
    if (!info) {
      throw new RangeError(`Cannot extend ${prefix}: filler '${fid}' is not a LoCoMo session`);
    }
    const exp = `${prefix}::filler::${safeToken(fid)}`;
    experiences.push({
      id: exp,
      order: rank.get(fid)!,
      session: fid,
      text: info.text,
      ...(info.date === undefined ? {} : { timestamp: info.date }),
    });
    candidates.push({
      id: `${exp}::raw`,
      experience: exp,
      kind: "raw",
      representation: "raw_span",
      cost: rawSpanCost(info.raw),
      text: info.raw,
      source: "locomo:session_text (filler)",
    });
    for (const o of info.observations) {
      candidates.push({
        id: `${exp}::obs_${o.k}`,
        experience: exp,
        kind: "fact",
        representation: "atomic_fact",
        cost: atomicFactCost(o.text),
        text: o.text,
        source: "locomo:observation (filler)",
      });
    }
  }
  return {
    ...base,
    id: `${base.id}@${rung.scale.label}`,
    description:
      `${base.description}, plus ${rung.scale.nIrr} filler sessions (${rung.scale.label})`,
    experiences,
    candidates,
    meta: { ...base.meta, ladder_scale: rung.scale, filler_sessions: rung.fillerIds.length },
  };
}

/**
 * The write-time view of a LoCoMo ladder (see the module comment).
 *
 * @param samples the LoCoMo samples the ladder was built from
 * @param ladder a ladder from `locomoLadderSource` (without a filler corpus)
 * @param opts budget, writers, alpha, query limit, solver time limit
 * @returns per (query, scale) OPT and ratios, per (writer, scale) means, boundaries
 * @throws {Error} when a query's certified OPT differs between two scales
 *   (filler covered a unit: a bug in the package or the solver)
 */
export async function writeTimeView(
  samples: readonly LocomoSample[],
  ladder: Ladder,
  opts: {
    /** Budget B in word-cost units (default 60, one of the natural packages' budgets). */
    budget?: number;
    /** Writer ids (default {@linkcode WRITE_TIME_WRITERS}). */
    writers?: readonly string[];
    /** Threshold on the mean ratio for the write-time boundary (default 0.7). */
    alpha?: number;
    /** At most this many queries, the first in ladder order (default 40; Infinity for all). */
    limit?: number;
    /** Time limit per solve in milliseconds (default 20,000). */
    timeLimitMs?: number;
  } = {},
): Promise<WriteTimeView> {
  const budget = opts.budget ?? 60;
  const alpha = opts.alpha ?? 0.7;
  const writers = [...(opts.writers ?? WRITE_TIME_WRITERS)];
  for (const w of writers) getWriter(w);
  const bySample = new Map(samples.map((s) => [s.sample_id, s]));
  const limit = opts.limit ?? 40;
  const rows: WriteTimeRow[] = [];
  let queries = 0;
  for (const ql of ladder.queries) {
    if (queries >= limit) break;
    const m = /^(.*)_q(\d+)$/.exec(ql.query.queryId);
    const sample = bySample.get(ql.query.group);
    if (!m || !sample) continue;
    const base = locomoSupportSlice(sample, Number(m[2]), { budgets: [budget] }).package;
    if (!base) continue;
    queries++;
    let first: number | null | undefined;
    for (const rung of ql.rungs) {
      const pkg = extendedPackage(base, ql, rung, bySample);
      const cp = compilePackage(pkg);
      const cert = await solve(cp, budget, { timeLimitMs: opts.timeLimitMs ?? 20_000 });
      const certified = isCertified(cert);
      const opt = certified ? cert.objective : null;
      if (first === undefined) first = opt;
      else if (opt !== null && first !== null && Math.abs(opt - first) > 1e-9) {
        throw new Error(
          `Cannot keep OPT across scales for ${ql.query.queryId}: ${first} at s0, ${opt} at ${rung.scale.label}`,
        );
      }
      const ratios: Record<string, number | null> = {};
      for (const w of writers) {
        const res = getWriter(w)(cp, budget);
        ratios[w] = scoreStore(cp, res.store, cert).ratio;
      }
      rows.push({
        queryId: ql.query.queryId,
        scale: rung.scale.label,
        nIrr: rung.scale.nIrr,
        candidates: pkg.candidates.length,
        opt,
        certified,
        degenerate: certified && Math.abs(opt!) <= 1e-12,
        ratios,
      });
    }
  }
  const cells: WriteTimeCell[] = [];
  for (const w of writers) {
    for (const s of ladder.scales) {
      const vals = rows.filter((r) => r.scale === s.label).map((r) => r.ratios[w])
        .filter((v): v is number => v !== null);
      cells.push({
        writer: w,
        label: WRITER_LABELS[w] ?? w,
        scale: s.label,
        nIrr: s.nIrr,
        n: vals.length,
        meanRatio: vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null,
      });
    }
  }
  const boundaries: WriteTimeBoundary[] = writers.map((w) => {
    const pts = cells.filter((c) => c.writer === w && c.meanRatio !== null)
      .map((c) => ({ scale: c.nIrr, value: c.meanRatio! }));
    const b = pts.length ? usableScaleBoundary(pts, alpha) : { s_star: "n/a", recovers: false };
    return { writer: w, label: WRITER_LABELS[w] ?? w, s_star: b.s_star, recovers: b.recovers };
  });
  // A change of OPT across scales has thrown above, so OPT is stable here.
  const label = "memaudit write-time extension (not in paper 002)";
  return { label, budget, alpha, writers, queries, rows, cells, boundaries, optStable: true };
}

/** One row of {@linkcode sideBySide}: write-time and query-time reliability at one scale. */
export interface SideBySideRow {
  /** Scale label. */
  scale: string;
  /** N_irr of the scale. */
  nIrr: number;
  /** Write-time: queries with a defined ratio. */
  n_write: number;
  /** Write-time: mean certified OPT (constant across scales). */
  mean_opt: number | null;
  /** `rho <writer label>`: mean ratio; `Pass@B <agent>` and `n <agent>`: query-time columns. */
  [column: string]: string | number | null;
}

/**
 * One table of write-time and query-time reliability of the same queries:
 * per scale, each writer's mean package ratio and each (simulated) agent's
 * Pass@B. Pass to it only query-time groups scored on the same query ids.
 *
 * @param view the write-time view
 * @param groups scale groups from `scoreScale` (e.g. of simulated trajectories)
 * @returns one row per scale; columns `rho <writer label>` and `Pass@B <agent>` plus `n <agent>`
 */
export function sideBySide(
  view: WriteTimeView,
  groups: readonly ScaleGroupScore[],
): SideBySideRow[] {
  const scales = [...new Map(view.rows.map((r) => [r.scale, r.nIrr])).entries()];
  return scales.map(([scale, nIrr]) => {
    const rs = view.rows.filter((r) => r.scale === scale && r.opt !== null && !r.degenerate);
    const row: SideBySideRow = {
      scale,
      nIrr,
      n_write: rs.length,
      mean_opt: rs.length ? rs.reduce((a, r) => a + r.opt!, 0) / rs.length : null,
    };
    for (const c of view.cells.filter((c) => c.scale === scale)) {
      row[`rho ${c.label}`] = c.meanRatio;
    }
    for (const g of groups) {
      const label = typeof g.scale === "string" ? g.scale : g.scale_ref?.label;
      if (label !== scale && g.scale !== nIrr) continue;
      row[`Pass@B ${g.agent}`] = g.pass_at_b;
      row[`n ${g.agent}`] = g.n;
    }
    return row;
  });
}
