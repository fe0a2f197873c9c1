/**
 * The report page laid out by headless Chromium (Debian's `chromium`; issue 30 item 5): on a
 * desktop and on a phone-wide window no word breaks inside a table cell, the page does not
 * scroll sideways, and no cell holds over 300 characters. Ignored without Chromium.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { reportHtml } from "../../lib/repro/page.ts";
import { tally } from "../../lib/report/tally.ts";
import { findChromium, probePage } from "../report/_chromium.ts";
import { fixtureSections } from "./_fixture.ts";

const chromium = await findChromium();

Deno.test({
  name:
    "the report page breaks no word in a cell, never scrolls sideways, keeps cells short (1280 and 390 px wide)",
  ignore: chromium === null,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-layout-" });
    try {
      const sections = fixtureSections();
      const index = join(dir, "index.html");
      await Deno.writeTextFile(index, reportHtml(sections, tally(sections), "test page"));
      for (const size of ["1280,2000", "390,2000"]) {
        const page = await probePage(chromium!, index, size);
        assert.deepEqual(page.errors, [], size);
        assert.ok(page.cellLengths.length > 40, size);
        assert.deepEqual(page.brokenWords, [], size);
        assert.equal(page.sideways, false, size);
        assert.deepEqual(page.cellLengths.filter((n) => n > 300), [], size);
      }
      // The probe sees a broken word: a status cell squeezed as before (overflow-wrap:anywhere).
      const squeezed = join(dir, "squeezed.html");
      await Deno.writeTextFile(
        squeezed,
        "<!DOCTYPE html><html><head><style>td{overflow-wrap:anywhere}</style></head><body>" +
          '<table style="width:30px"><tr><td>a long claim text here</td><td>passed</td></tr></table></body></html>',
      );
      const bad = await probePage(chromium!, squeezed, "390,400");
      assert.ok(bad.brokenWords.length > 0, JSON.stringify(bad));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
