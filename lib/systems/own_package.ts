/**
 * The steps of notebook 10 ("your own package"): certify OPT at the user's budgets, score writers
 * against it (package ratio, paper 000 definition 1), and name the settings it ignores.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";
import { scoreStore } from "../score/ratio.ts";
import type { Certificate } from "../certificate/result.ts";
import { solve } from "../solve/solve.ts";
import { getWriter, WRITER_LABELS } from "../writers/registry.ts";

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
): {
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
}[] {
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
 * Settings every notebook run shares (output folder, Python, Deno, test tier, lab mode, whether
 * notebook 06 writes stores with real systems): never reported by {@linkcode ignoredSettings}.
 */
export const RUN_SETTINGS: readonly string[] = (
  "MEMAUDIT_CWD MEMAUDIT_DEBUG MEMAUDIT_DENO MEMAUDIT_OUT MEMAUDIT_PYTHON MEMAUDIT_QUICK " +
  "MEMAUDIT_TEST_FULL MEMAUDIT_WRITE_STORES"
).split(" ");

/**
 * The `MEMAUDIT_*` settings notebook 10 does not use in this run, each as a warning: a setting it
 * has no use for here (`MEMAUDIT_ADJUDICATOR` without a store, `MEMAUDIT_LOCOMO` without
 * `MEMAUDIT_LOCOMO_CONV`, `MEMAUDIT_LLM_MODEL` without an `llm:` adjudicator, ...) or one it does
 * not know (a misspelling, another notebook's). The run-wide {@linkcode RUN_SETTINGS} are left out;
 * values of names ending in `_KEY` are not shown.
 *
 * @param env the environment (e.g. `Deno.env.toObject()`)
 * @param run what the notebook was asked to do
 * @returns one line per ignored setting, in name order
 */
export function ignoredSettings(
  env: Readonly<Record<string, string>>,
  run: {
    /** The store scored ("" for none). */
    store: string;
    /** The LoCoMo conversation it is scored on ("" for the package). */
    locomoConversation: string;
    /** The adjudicator spec. */
    adjudicator: string;
  },
): string[] {
  const noStore = "no store is scored (MEMAUDIT_STORE is empty)";
  const scoring = run.store !== "";
  const llm = scoring && run.adjudicator.startsWith("llm:");
  const uses: Record<string, true | string> = {
    MEMAUDIT_PACKAGE: true,
    MEMAUDIT_STORE: true,
    MEMAUDIT_BUDGETS: true,
    MEMAUDIT_METHODS: true,
    MEMAUDIT_STORE_FORMAT: scoring || noStore,
    MEMAUDIT_ADJUDICATOR: scoring || noStore,
    MEMAUDIT_LOCOMO_CONV: scoring || noStore,
    MEMAUDIT_LOCOMO: (scoring && run.locomoConversation !== "") ||
      (scoring ? "the store is scored on the package (MEMAUDIT_LOCOMO_CONV is empty)" : noStore),
    MEMAUDIT_LLM_MODEL: llm || "the adjudicator is not llm:URL",
    MEMAUDIT_LLM_API_KEY: llm || "the adjudicator is not llm:URL",
  };
  return Object.keys(env).filter((k) => k.startsWith("MEMAUDIT_") && !RUN_SETTINGS.includes(k))
    .sort().flatMap((k) => {
      const u = Object.hasOwn(uses, k) ? uses[k] : "notebook 10 has no such setting";
      if (u === true) return [];
      const shown = k.endsWith("_KEY") ? k : `${k}=${env[k]}`;
      return [`${shown} is ignored: ${u}`];
    });
}
