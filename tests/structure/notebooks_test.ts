/**
 * Executes every notebook headless (the notebooks end with checks that
 * throw when a claim fails, so a failing claim fails this test). A notebook
 * also fails when its checks did not run, or when it skipped a claim for
 * missing data although that data is present (CI has ../shared/data).
 * Outputs go to a temporary folder, not out/.
 *
 * Tiers (tests/_tier.ts): the full tier (CI, MEMAUDIT_TEST_FULL=1) runs every notebook as
 * `./run repro` does. The quick tier (the default) runs them in lab mode (MEMAUDIT_QUICK=1: the
 * notebooks that have one take their small parameters) and leaves out the notebooks that take
 * minutes (FULL_TIER_ONLY), which show as ignored steps.
 */
import assert from "node:assert/strict";
import { basename } from "node:path";
import { executeNotebooks, findPython, listNotebooks } from "../../scripts/repro.ts";
import { checksSummariesOf, skippedDespiteData } from "../../lib/report/checks.ts";
import { FULL_TESTS } from "../_tier.ts";

/**
 * Notebooks run only in the full tier: each took over 90 s of the 6.6 min that all notebooks
 * took in the full run (2 cores, loaded): 05 solves every LoCoMo support slice, 06 scores the
 * exported systems' stores.
 */
const FULL_TIER_ONLY: readonly string[] = [
  "05_natural_packages.ipynb",
  "06_exported_systems.ipynb",
];

/**
 * The kernel's environment of this tier: lab mode in the quick tier, the full run in CI. Neither
 * lets notebook 06 write stores with the real systems (installing mem0 and memvid from npm and
 * writing 16 stores takes minutes; `./run repro` does it, tests/cli/commands/write_test.ts
 * writes with each system where it is installed): those claims show as skipped.
 */
const TIER_ENV = { MEMAUDIT_QUICK: FULL_TESTS ? "0" : "1", MEMAUDIT_WRITE_STORES: "0" };

const hasJupyter = (await findPython()) !== null;

Deno.test({
  name:
    "every notebook executes headless, its closing checks pass and none is skipped with its data present",
  ignore: !hasJupyter && Deno.env.get("CI") !== "true",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    const out = await Deno.makeTempDir({ prefix: "memaudit-nb-" });
    for (const nb of listNotebooks()) {
      const name = basename(nb);
      await t.step({
        name,
        ignore: !FULL_TESTS && FULL_TIER_ONLY.includes(name),
        fn: async () => {
          const [run] = await executeNotebooks([nb], out, TIER_ENV);
          assert.ok(
            run.ok,
            `${run.notebook} failed:\n${run.log.split("\n").slice(-40).join("\n")}`,
          );
          const executed = JSON.parse(await Deno.readTextFile(run.output));
          const errors = executed.cells.flatMap((c: { outputs?: { output_type: string }[] }) =>
            (c.outputs ?? []).filter((o) => o.output_type === "error")
          );
          assert.equal(errors.length, 0);
          const summaries = checksSummariesOf(executed);
          assert.ok(
            summaries.length >= 1,
            `${run.notebook}: no checks summary line (checks.assertAll() did not run)`,
          );
          for (const s of summaries) {
            const wrong = await skippedDespiteData(s);
            assert.deepEqual(
              wrong,
              [],
              `${run.notebook}: claim(s) skipped although their data is present: ${
                wrong.map((w) => `"${w.claim}" (${w.reason}; present: ${w.present.join(", ")})`)
                  .join(
                    "; ",
                  )
              }`,
            );
          }
        },
      });
    }
    await Deno.remove(out, { recursive: true });
  },
});
