import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { functionSpans, longFunctions } from "../_long_functions.ts";

Deno.test("functionSpans() measures declarations, methods and block arrows by the parser, not by braces", () => {
  const text = [
    "export function outer(a: number): number {", // 1
    '  const s = "}}}{"; // } in a string and a comment', // 2
    "  const inner = (b: number) => {", // 3
    "    return b + a;", // 4
    "  };", // 5
    "  return inner(1) + s.length;", // 6
    "}", // 7
    "class C {", // 8
    "  m(): RegExp {", // 9
    "    return /}/;", // 10
    "  }", // 11
    "}", // 12
    "const short = (x: number) => x * 2;", // 13: expression body, not counted
    "[1].forEach(function () {", // 14
    "});", // 15
  ].join("\n");
  assert.deepEqual(functionSpans("x.ts", text), [
    { path: "x.ts", line: 1, name: "outer", lines: 7 },
    { path: "x.ts", line: 3, name: "inner", lines: 3 },
    { path: "x.ts", line: 9, name: "C.m", lines: 3 },
    { path: "x.ts", line: 14, name: "[1].forEach(callback)", lines: 2 },
  ]);
});

Deno.test("no function in lib/ is over 180 lines", async () => {
  // Issue 20, item 5; lib/solve's searchBnb and runMilpSync, once excepted, are split now.
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const long = (await longFunctions([join(root, "lib")], 180, root)).map((f) =>
    `${f.path} ${f.name}`
  );
  assert.deepEqual(long, []);
});
