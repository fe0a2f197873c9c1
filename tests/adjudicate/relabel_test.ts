import assert from "node:assert/strict";
import { adjudicatePackage, relabelPackage } from "../../lib/adjudicate/relabel.ts";
import { LexicalAdjudicator } from "../../lib/adjudicate/lexical.ts";
import type { Adjudicator } from "../../lib/adjudicate/types.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { tinyPackage } from "./_pkg.ts";

Deno.test("relabelPackage() relabels selected candidates and keeps cells the labeler leaves undefined", () => {
  const pkg = tinyPackage();
  const lex = new LexicalAdjudicator();
  const out = relabelPackage(
    pkg,
    (c, u) =>
      c.id === "c1" && u.id === "u2"
        ? undefined
        : { value: lex.score(c.text!, u.text!).value, provenance: "lexical" },
    (c) => c.kind === "summary" || c.id === "c3",
  );
  parsePackage(out);
  assert.equal(out.id, "tiny");
  assert.deepEqual(out.coverage.map((c) => [c.candidate, c.unit, c.value, c.provenance]), [
    ["c1", "u1", 1, "source"],
    ["c2", "u1", 1, "lexical"],
    ["c3", "u2", 1, "lexical"],
  ]);
  // The input is not changed.
  assert.equal(pkg.coverage.length, 1);
  assert.throws(
    () => relabelPackage(pkg, () => ({ value: 2, provenance: "x" })),
    /gave value 2 for \(c1, u1\)/,
  );
});

Deno.test("adjudicatePackage() replaces the selected rows with an adjudicator's edges", async () => {
  const pkg = tinyPackage();
  const seen: string[] = [];
  const stub: Adjudicator = {
    name: "stub",
    adjudicate(req) {
      seen.push(`${req.memory.id}:${req.units.map((u) => u.id).join(",")}:${req.question ?? "-"}`);
      return Promise.resolve(
        req.memory.id === "c2" ? [{ unit: "u1", value: 0.5, provenance: "llm:stub" }] : [],
      );
    },
  };
  const out = await adjudicatePackage(pkg, stub, {
    select: (c) => c.id !== "c3",
    showQuestion: true,
  });
  assert.deepEqual(seen, ["c1:u1,u2:What is the cat's name?", "c2:u1,u2:What is the cat's name?"]);
  assert.deepEqual(out.coverage, [{
    candidate: "c2",
    unit: "u1",
    value: 0.5,
    provenance: "llm:stub",
  }]);
  const bad: Adjudicator = {
    name: "bad",
    adjudicate: () => Promise.resolve([{ unit: "u9", value: 1, provenance: "x" }]),
  };
  await assert.rejects(() => adjudicatePackage(pkg, bad), /bad returned unknown unit 'u9' for c1/);
});
