/**
 * Executes every notebook headless (the notebooks end with checks that
 * throw when a claim fails, so a failing claim fails this test).
 * Outputs go to a temporary folder, not out/.
 */
import assert from "node:assert/strict";
import { executeNotebooks, findPython, listNotebooks } from "../scripts/repro.ts";

const hasJupyter = (await findPython()) !== null;

Deno.test({
  name: "every notebook executes headless and its closing checks pass",
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
      });
    }
    await Deno.remove(out, { recursive: true });
  },
});
