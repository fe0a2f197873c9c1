/**
 * The steps of notebook 10 ("your own package"): read a package from a JSON
 * file or a CSV folder, certify OPT at the user's budgets, score writers
 * against it (package ratio, paper 000 definition 1), and pick the
 * adjudicator a store is scored with on it (definition 2).
 *
 * @module
 */
import { readPackageFrom } from "../package/read_any.ts";
import { LexicalAdjudicator } from "../adjudicate/lexical.ts";
import type { Adjudicator } from "../adjudicate/types.ts";
import { type CompiledPackage, compilePackage } from "../package/compile.ts";
import type { Package } from "../package/schema.ts";
import { scoreStore } from "../score/ratio.ts";
import type { Certificate } from "../certificate/result.ts";
import { solve } from "../solve/solve.ts";
import { getWriter, WRITER_LABELS } from "../writers/registry.ts";
import { packageTextAdjudicator } from "./package_text_adjudicator.ts";

/**
 * Reads a package: a folder is read as CSV tables, anything else as JSON.
 *
 * @param path a `.json` file or a folder of CSV tables
 * @returns the validated package
 * @throws {InputError} naming the file and the JSON path (or CSV row and column)
 */
export async function readPackageAny(path: string): Promise<Package> {
  return (await readPackageFrom(path)).pkg;
}

/** A writer scored at one budget. */
export interface WriterRatioRow {
  /** Writer id (`oracle_gvt`, ...). */
  method: string;
  /** Display name (`MemAudit-GVT`, ...). */
  label: string;
  /** Budget B, in cost units. */
  budget: number;
  /** F of the writer's store, in weight units. */
  value: number;
  /** Its cost, in cost units. */
  cost: number;
  /** Within the budget and the group cap. */
  feasible: boolean;
  /** F / OPT against the certified OPT at the budget (null: infeasible, uncertified or OPT = 0). */
  ratio: number | null;
  /** `ok`, `infeasible`, `uncertified` or `degenerate_opt`. */
  flag: string;
}

/**
 * Certifies OPT at each budget (`solve()`: branch-and-bound, then the MILP).
 *
 * @param cp compiled package
 * @param budgets budgets
 * @returns one certificate per budget
 */
export async function certifyBudgets(
  cp: CompiledPackage,
  budgets: readonly number[],
): Promise<Certificate[]> {
  const out: Certificate[] = [];
  for (const B of budgets) out.push(await solve(cp, B));
  return out;
}

/**
 * Runs writers at each budget and scores them against the certified OPT.
 *
 * @param cp compiled package
 * @param methods writer ids of the registry
 * @param certs certificates, one per budget (their `budget` is used)
 * @returns rows in (method, budget) order
 * @throws {RangeError} on an unknown writer id
 */
export function writerRatios(
  cp: CompiledPackage,
  methods: readonly string[],
  certs: readonly Certificate[],
): WriterRatioRow[] {
  return methods.flatMap((m) => {
    const w = getWriter(m);
    return certs.map((opt) => {
      const r = w(cp, opt.budget);
      const s = scoreStore(cp, r.store, opt);
      return {
        method: m,
        label: WRITER_LABELS[m] ?? m,
        budget: opt.budget,
        value: s.value,
        cost: s.cost,
        feasible: s.feasible,
        ratio: s.ratio,
        flag: s.flag,
      };
    });
  });
}

/**
 * The adjudicator for scoring a store on a package: the lexical one (IDF
 * over the package's experience and candidate texts) when every unit that
 * carries weight has a text, else the package-text adjudicator (a memory
 * covers what a candidate with the same text covers: exact copies only).
 *
 * @param pkg the package
 * @returns the adjudicator and why it was chosen
 */
export function storeAdjudicatorFor(pkg: Package): { adjudicator: Adjudicator; why: string } {
  const cp = compilePackage(pkg);
  const textless = pkg.units.filter((u, i) => cp.weights[i] > 0 && !(u.text ?? "").trim());
  if (textless.length === 0) {
    const corpus = [
      ...pkg.experiences.map((e) => e.text ?? ""),
      ...pkg.candidates.map((c) => c.text ?? ""),
    ].filter((t) => t !== "");
    return {
      adjudicator: new LexicalAdjudicator({ corpus }),
      why: "lexical: every weighted unit has a text",
    };
  }
  return {
    adjudicator: packageTextAdjudicator(pkg),
    why: `package_text: ${textless.length} weighted unit(s) have no text (e.g. '${
      textless[0].id
    }'), so only memories copying a candidate's text get coverage`,
  };
}
