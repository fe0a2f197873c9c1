/** lib/plot/style.ts: the house style's subtitle wrapping. */
import assert from "node:assert/strict";
import { styleSpec, SUBTITLE_CHARS, wrapLine } from "../../lib/plot/style.ts";

Deno.test("wrapLine() cuts at spaces within the width; a longer word keeps a line of its own", () => {
  assert.deepEqual(wrapLine("aa bb cc dd", 5), ["aa bb", "cc dd"]);
  assert.deepEqual(wrapLine("aa verylongword bb", 5), ["aa", "verylongword", "bb"]);
  assert.equal(wrapLine("aa bb", 5), "aa bb");
  assert.equal(wrapLine("", 5), "");
});

Deno.test("styleSpec() wraps a long subtitle (a figure as wide as its subtitle was 3,316 px) and keeps a short one", () => {
  const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
  const s = styleSpec({ title: { text: "T", subtitle: long }, mark: "point" });
  const lines = s.title.subtitle as string[];
  assert.ok(Array.isArray(lines));
  assert.equal(lines.length, 4); // 269 characters in lines of at most 80
  assert.ok(lines.every((l) => l.length <= SUBTITLE_CHARS));
  assert.equal(lines.join(" "), long);
  const short = styleSpec({ title: { text: "T", subtitle: "a short one" }, mark: "point" });
  assert.equal(short.title.subtitle, "a short one");
});
