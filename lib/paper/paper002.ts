/**
 * Paper 002's two reported tables (COMPANIONS §1(c); LongMemEval, B0 = 2)
 * as reference data, and a check of their internal consistency. These are
 * the paper's numbers, never memaudit's: they need the Qwen3 agents, the six
 * memory systems and an LLM judge, none of which run here. Show them beside
 * memaudit's own (simulated or user-supplied) results, labelled as reported.
 * The numbers are kept as data in `data/expected/paper_002.json` (as paper
 * 000's are in `paper_000.json`); this module types and checks them.
 *
 * @module
 */
import raw from "../../data/expected/paper_002.json" with { type: "json" };

/** Shape of `data/expected/paper_002.json`. */
interface Paper002Data {
  source: string;
  main: Paper002MainRow[];
  failure: Paper002FailureRow[];
  locomo: Paper002LocomoFact;
}

const DATA = raw as Paper002Data;

/** Where the reference numbers come from. */
export const PAPER002_SOURCE: string = DATA.source;

/** A row of the main table: Pass@B0 at s0 and s4 (%), the drop (pp), P90R at s4 and s*_0.7. */
export interface Paper002MainRow {
  /** Agent A. */
  agent: string;
  /** Memory system M. */
  system: string;
  /** Pass@B0 at s0 (N_irr = 0), percent. */
  pass_s0: number;
  /** Reported "±" at s0, percentage points. */
  pm_s0: number;
  /** Pass@B0 at s4 (N_irr = 400), percent. */
  pass_s4: number;
  /** Reported "±" at s4, percentage points. */
  pm_s4: number;
  /** Reported drop s0 → s4, percentage points. */
  drop: number;
  /** P90R at s4, memory calls. */
  p90r_s4: number;
  /** s*_0.7 in irrelevant sessions, or ">400". */
  s_star: number | ">400";
}

/** A row of the failure-split table: p_exh and p_wrong at s0 and s4, percent of all trajectories. */
export interface Paper002FailureRow {
  /** Agent A. */
  agent: string;
  /** Interface class. */
  class: "flat" | "planar" | "hierarchical";
  /** Memory system M. */
  system: string;
  /** p_exh at s0, percent. */
  p_exh_s0: number;
  /** p_exh at s4, percent. */
  p_exh_s4: number;
  /** p_wrong at s0, percent. */
  p_wrong_s0: number;
  /** p_wrong at s4, percent. */
  p_wrong_s4: number;
}

/** Paper 002's main table (COMPANIONS §1(c)), as kept in `data/expected/paper_002.json`. */
export const PAPER002_MAIN_TABLE: readonly Paper002MainRow[] = DATA.main;

/**
 * Paper 002's failure-split table at s0 / s4 (COMPANIONS §1(c)), as kept in
 * `data/expected/paper_002.json`.
 */
export const PAPER002_FAILURE_TABLE: readonly Paper002FailureRow[] = DATA.failure;

/** The LoCoMo fact reported in the text: Qwen3-8B + HippoRAG, Pass@B0 s0 → s4 (%), stated drop (pp). */
export const PAPER002_LOCOMO: Readonly<Paper002LocomoFact> = DATA.locomo;

/** The LoCoMo fact of paper 002's text: one agent and system, Pass@B0 at s0 and s4 (%), the drop (pp). */
export type Paper002LocomoFact = Pick<
  Paper002MainRow,
  "agent" | "system" | "pass_s0" | "pass_s4" | "drop"
>;

/** One consistency check of the reported tables. */
export interface TableCheck {
  /** What is checked. */
  name: "split_sums_to_100" | "drop" | "boundary_vs_alpha" | "p90r_vs_p_exh" | "interval_width";
  /** Which table: "main", "failure", "both" or "locomo". */
  table: "main" | "failure" | "both" | "locomo";
  /** Agent and system of the row. */
  agent: string;
  /** Memory system of the row. */
  system: string;
  /** Whether the reported numbers agree. */
  ok: boolean;
  /** The arithmetic, for people. */
  detail: string;
}

/** Options of {@linkcode checkPaper002Tables}. */
export interface CheckPaper002Options {
  /** alpha of s* (default 0.7, the paper's). */
  alpha?: number;
  /** Budget B0 (default 2, the paper's). */
  budget?: number;
  /** Trajectories per scale assumed for the interval-width check (default 2,000). */
  n?: number;
  /** Tables to check instead of the paper's (for tests and for other papers' tables). */
  tables?: {
    main: readonly Paper002MainRow[];
    failure: readonly Paper002FailureRow[];
    locomo?: Paper002LocomoFact;
  };
}

const r1 = (x: number) => Math.round(x * 100) / 100;

/**
 * Checks paper 002's reported tables against each other and against the
 * definitions (all in percent; every reported number is rounded to 0.1, so
 * a sum of three may be off by 0.15 and a difference of two by 0.1):
 *
 * - `split_sums_to_100`: 100 − p_exh − p_wrong equals the main table's
 *   Pass@B0 at s0 and s4 where both tables have the row (within 0.15);
 * - `drop`: Pass@B0(s0) − Pass@B0(s4) equals the reported drop (within 0.1;
 *   also for the LoCoMo fact);
 * - `boundary_vs_alpha`: s* is consistent with alpha where the scales are
 *   known: s* = 0 iff Pass@B0(s0) < alpha; s* = ">400" requires
 *   Pass@B0(s4) ≥ alpha; a finite s* > 0 requires Pass@B0(s0) ≥ alpha and a
 *   fall below alpha by s4 (s1-s3 are not reported, so nothing more is
 *   checkable);
 * - `p90r_vs_p_exh`: P90R ≤ B exactly when p_exh ≤ 10 % (P90R ≤ B means at
 *   least 90 % of trajectories use at most B calls), at s4;
 * - `interval_width`: the "±" equals 1.96·√(p(1−p)/n) within 0.2 pp
 *   (n = 2,000: the query count the paper states, not LongMemEval's 500).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPaper002Tables } from "./paper002.ts";
 * const checks = checkPaper002Tables();
 * assert.ok(checks.every((c) => c.ok));
 * ```
 *
 * @param opts alpha, budget, n, and the tables (default: the paper's)
 * @returns one check per row and rule, in table order
 */
export function checkPaper002Tables(opts: CheckPaper002Options = {}): TableCheck[] {
  const alpha = 100 * (opts.alpha ?? 0.7);
  const B = opts.budget ?? 2;
  const n = opts.n ?? 2000;
  const out: TableCheck[] = [];
  const eps = 1e-9;
  const main = opts.tables?.main ?? PAPER002_MAIN_TABLE;
  const failure = opts.tables?.failure ?? PAPER002_FAILURE_TABLE;
  const locomo = opts.tables ? opts.tables.locomo : PAPER002_LOCOMO;
  type Row = { agent: string; system: string };
  const check = (
    name: TableCheck["name"],
    table: TableCheck["table"],
    row: Row,
    ok: boolean,
    detail: string,
  ) => out.push({ name, table, agent: row.agent, system: row.system, ok, detail });
  for (const m of main) {
    const d = r1(m.pass_s0 - m.pass_s4);
    const detail = `${m.pass_s0} − ${m.pass_s4} = ${d} vs reported ${m.drop}`;
    check("drop", "main", m, Math.abs(d - m.drop) <= 0.1 + eps, detail);
    let ok: boolean, why: string;
    if (m.s_star === 0) {
      ok = m.pass_s0 < alpha;
      why = `s* = 0 needs Pass@B(s0) ${m.pass_s0} < ${alpha}`;
    } else if (m.s_star === ">400") {
      ok = m.pass_s0 >= alpha && m.pass_s4 >= alpha;
      why = `s* > 400 needs Pass@B ≥ ${alpha} at s0 (${m.pass_s0}) and s4 (${m.pass_s4})`;
    } else {
      ok = m.pass_s0 >= alpha;
      why = `s* = ${m.s_star} needs Pass@B(s0) ${m.pass_s0} ≥ ${alpha}` +
        (m.pass_s4 < alpha ? `; s4 ${m.pass_s4} < ${alpha} is consistent` : "");
    }
    check("boundary_vs_alpha", "main", m, ok, why);
    for (const [p, pm, s] of [[m.pass_s0, m.pm_s0, "s0"], [m.pass_s4, m.pm_s4, "s4"]] as const) {
      const hw = r1(196 * Math.sqrt((p / 100) * (1 - p / 100) / n));
      const detail = `${s}: 1.96·√(p(1−p)/${n}) = ${hw} pp vs reported ± ${pm}`;
      check("interval_width", "main", m, Math.abs(hw - pm) <= 0.2 + eps, detail);
    }
  }
  for (const f of failure) {
    const m = main.find((x) => x.agent === f.agent && x.system === f.system);
    if (m !== undefined) {
      for (const s of ["s0", "s4"] as const) {
        const [e, w, p] = [f[`p_exh_${s}`], f[`p_wrong_${s}`], m[`pass_${s}`]];
        const derived = r1(100 - e - w);
        const detail = `${s}: 100 − ${e} − ${w} = ${derived} vs Pass@B ${p}`;
        check("split_sums_to_100", "both", f, Math.abs(derived - p) <= 0.15 + eps, detail);
      }
      const le = m.p90r_s4 <= B, small = f.p_exh_s4 <= 10;
      const sign = (holds: boolean) => (holds ? "≤" : ">");
      const detail = `s4: P90R ${m.p90r_s4} ${sign(le)} B = ${B} and ` +
        `p_exh ${f.p_exh_s4} ${sign(small)} 10 %`;
      check("p90r_vs_p_exh", "both", f, le === small, detail);
    }
  }
  const l = locomo;
  if (l === undefined) return out;
  const d = r1(l.pass_s0 - l.pass_s4);
  const detail = `LoCoMo: ${l.pass_s0} − ${l.pass_s4} = ${d} vs stated ${l.drop} (within rounding)`;
  check("drop", "locomo", l, Math.abs(d - l.drop) <= 0.1 + eps, detail);
  return out;
}
