/**
 * Executes every notebook headless (the notebooks end with checks that
 * throw when a claim fails, so a failing claim fails this test). A notebook
 * also fails when its checks did not run, or when it skipped a claim for
 * missing data although that data is present (CI has ../shared/data).
 * Outputs go to a temporary folder, not out/.
 */
import assert from "node:assert/strict";
import { executeNotebooks, findPython, listNotebooks } from "../scripts/repro.ts";
import { checksSummariesOf, skippedDespiteData } from "../lib/report/checks.ts";

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
      await t.step(nb.split("/").pop()!, async () => {
        const [run] = await executeNotebooks([nb], out);
        assert.ok(run.ok, `${run.notebook} failed:\n${run.log.split("\n").slice(-40).join("\n")}`);
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
              wrong.map((w) => `"${w.claim}" (${w.reason}; present: ${w.present.join(", ")})`).join(
                "; ",
              )
            }`,
          );
        }
      });
    }
    await Deno.remove(out, { recursive: true });
  },
});
