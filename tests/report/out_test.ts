/** lib/report/out.ts: generated files go under $MEMAUDIT_OUT, else out/ at the repository root. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { outPath, outRoot } from "../../lib/report/out.ts";
import { ROOT } from "../_imports.ts";

/** Runs `fn` with MEMAUDIT_OUT set to `value` (unset for undefined), then restores it. */
function withOut(value: string | undefined, fn: () => void) {
  const before = Deno.env.get("MEMAUDIT_OUT");
  if (value === undefined) Deno.env.delete("MEMAUDIT_OUT");
  else Deno.env.set("MEMAUDIT_OUT", value);
  try {
    fn();
  } finally {
    if (before === undefined) Deno.env.delete("MEMAUDIT_OUT");
    else Deno.env.set("MEMAUDIT_OUT", before);
  }
}

Deno.test("outRoot() is $MEMAUDIT_OUT when set, else <repository>/out", () => {
  withOut("/tmp/elsewhere", () => assert.equal(outRoot(), "/tmp/elsewhere"));
  withOut(undefined, () => assert.equal(outRoot(), join(ROOT, "out")));
  withOut("", () => assert.equal(outRoot(), join(ROOT, "out")));
});

Deno.test("outPath() is <root>/<kind>/<name>", () => {
  withOut("/o", () => {
    assert.equal(outPath("figures", "f1.svg"), "/o/figures/f1.svg");
    assert.equal(outPath("tables", "t.csv"), "/o/tables/t.csv");
    assert.equal(outPath("runs", "a/b.json"), "/o/runs/a/b.json");
  });
});
