import assert from "node:assert/strict";
import { buildLp, LP_LINE_LIMIT } from "../../lib/solve/lp_text.ts";
import { pkg } from "./_pkg.ts";

Deno.test("buildLp() writes the expected text for a 2-candidate package", () => {
  const cp = pkg(
    [["a", "e0", 2], ["b", "e0", 1]],
    [["r0", 1], ["rz", 0], ["r2", 0.5], ["rn", 3]],
    [["a", "r0", 1], ["a", "rz", 1], ["b", "r0", 0.5], ["b", "r2", 0.25]],
  );
  const lp = buildLp(cp, 2);
  assert.equal(
    lp.text,
    [
      "\\ memaudit MILP certificate: OPT_P(B) (paper 000 eq. 1-2)",
      "\\ x<u> binary: candidate u kept",
      "\\ y<r> in [0,1]: clipped coverage min(1, z_r) of unit r",
      "Maximize",
      " F: y0 + 0.5 y1",
      "Subject To",
      " budget: x0 + 2 x1 <= 2",
      " g0: x0 + x1 <= 1",
      " c0: y0 - 0.5 x0 - x1 <= 0",
      " c1: y1 - 0.25 x0 <= 0",
      "Bounds",
      " y0 <= 1",
      " y1 <= 1",
      "Binary",
      " x0 x1",
      "End",
      "",
    ].join("\n"),
  );
  // Canonical names: candidates in group order by (cost, id) (b, then a), units by id.
  assert.deepEqual(lp.xNames, ["x1", "x0"]);
  assert.deepEqual(lp.unitVars, [
    { name: "y0", unit: 0, segment: null, upper: 1, objective: 1 },
    { name: "y1", unit: 2, segment: null, upper: 1, objective: 0.5 },
  ]);
  assert.equal(lp.rows, 4);
  assert.equal(lp.k, 1);
});

Deno.test("buildLp() leaves out group rows that cannot bind (k = 2)", () => {
  const cp = pkg([["a", "e0", 2], ["b", "e0", 1]], [["r0", 1]], [["a", "r0", 1]]);
  const lp = buildLp(cp, 3, { k: 2 });
  assert.equal(lp.text.includes(" g0:"), false);
  assert.equal(lp.k, 2);
  assert.equal(lp.rows, 2);
});

Deno.test("buildLp() writes one variable per positive-slope segment of a piecewise h", () => {
  const cp = pkg(
    [["a", "e0", 1], ["b", "e1", 1]],
    [["r0", 2], ["r1", 1]],
    [["a", "r0", 1], ["b", "r0", 0.5], ["b", "r1", 0.3]],
    { h: [{ width: 0.5, slope: 1 }, { width: 1, slope: 0.4 }, { width: 1, slope: 0 }] },
  );
  const lp = buildLp(cp, 2);
  assert.deepEqual(lp.unitVars, [
    { name: "y0_0", unit: 0, segment: 0, upper: 0.5, objective: 2 },
    { name: "y0_1", unit: 0, segment: 1, upper: 1, objective: 0.8 },
    { name: "y1_0", unit: 1, segment: 0, upper: 0.5, objective: 1 },
    { name: "y1_1", unit: 1, segment: 1, upper: 1, objective: 0.4 },
  ]);
  const lines = lp.text.split("\n");
  assert.ok(lines.includes(" F: 2 y0_0 + 0.8 y0_1 + y1_0 + 0.4 y1_1"));
  assert.ok(lines.includes(" c0: y0_0 + y0_1 - x0 - 0.5 x1 <= 0"));
  assert.ok(lines.includes(" c1: y1_0 + y1_1 - 0.3 x1 <= 0"));
  assert.ok(lines.includes(" y0_0 <= 0.5"));
  assert.ok(lines.includes(" y0_1 <= 1"));
  assert.ok(lines.includes("\\ y<r>_<s> in [0,width_s]: coverage of unit r on segment s of h_r"));
});

Deno.test("buildLp() wraps long rows at LP_LINE_LIMIT without splitting a term", () => {
  const n = 60;
  const cands: [string, string, number][] = Array.from(
    { length: n },
    (_, i) => [`c${i}`, "e0", 1 + i / 7],
  );
  const cp = pkg(cands, [["r0", 1]], cands.map(([id], i) => [id, "r0", (i + 1) / 61]));
  const lp = buildLp(cp, 10);
  const lines = lp.text.split("\n");
  assert.ok(lines.every((l) => l.length <= LP_LINE_LIMIT));
  const start = lines.indexOf(lines.find((l) => l.startsWith(" budget:"))!);
  const end = lines.indexOf(lines.find((l) => l.startsWith(" g0:"))!);
  assert.ok(end - start >= 4, `budget row spans ${end - start} lines`);
  // The wrapped lines join back into the one-line row.
  const expected = " budget: " +
    cands.map(([, , c], u) => `${c === 1 ? "" : `${c} `}x${u}`).join(" + ") + " <= 10";
  assert.equal(lines.slice(start, end).join(""), expected);
  for (const l of lines.slice(start + 1, end)) assert.match(l, /^ (\+ |<= )/);
});

Deno.test("buildLp() prints numbers with full precision, exponents included", () => {
  const cp = pkg(
    [["a", "e0", 1.5e-7], ["b", "e1", 0.1 + 0.2]],
    [["r0", 2e-7], ["r1", 1 / 3]],
    [["a", "r0", 1], ["b", "r1", 0.7]],
  );
  const lines = buildLp(cp, 3e-7).text.split("\n");
  assert.ok(lines.includes(" F: 2e-7 y0 + 0.3333333333333333 y1"));
  assert.ok(lines.includes(" budget: 1.5e-7 x0 + 0.30000000000000004 x1 <= 3e-7"));
});

Deno.test("buildLp() throws a RangeError for a bad budget or k", () => {
  const cp = pkg([["a", "e0", 1]], [["r0", 1]], [["a", "r0", 1]]);
  assert.throws(() => buildLp(cp, NaN), RangeError);
  assert.throws(() => buildLp(cp, -1), RangeError);
  assert.throws(() => buildLp(cp, 1, { k: 0 }), RangeError);
  assert.throws(() => buildLp(cp, 1, { k: 1.5 }), /k must be an integer >= 1, got 1.5/);
});

Deno.test("buildLp() writes the same text whatever the order of candidates and units", () => {
  const cands: [string, string, number][] = [["a", "e0", 2], ["b", "e0", 1], ["c", "e1", 3]];
  const units: [string, number][] = [["r0", 1], ["r2", 0.5], ["r1", 2]];
  const cover: [string, string, number][] = [
    ["a", "r0", 1],
    ["b", "r0", 0.5],
    ["b", "r2", 0.25],
    ["c", "r1", 1],
    ["c", "r2", 0.5],
  ];
  // The experiences' order is part of the package; the listing order of everything is not.
  const exps = { experiences: [{ id: "e1", order: 1 }, { id: "e0", order: 0 }] };
  const text = buildLp(pkg(cands, units, cover, exps), 4).text;
  const rev = <T>(xs: T[]) => [...xs].reverse();
  assert.equal(buildLp(pkg(rev(cands), rev(units), rev(cover), exps), 4).text, text);
  assert.equal(buildLp(pkg([cands[1], cands[2], cands[0]], units, cover, exps), 4).text, text);
});
