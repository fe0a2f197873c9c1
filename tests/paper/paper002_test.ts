import assert from "node:assert/strict";
import {
  checkPaper002Tables,
  PAPER002_FAILURE_TABLE,
  PAPER002_MAIN_TABLE,
} from "../../lib/paper/paper002.ts";

Deno.test("checkPaper002Tables() finds the paper's two tables internally consistent", () => {
  const checks = checkPaper002Tables();
  const failed = checks.filter((c) => !c.ok);
  assert.deepEqual(failed, []);
  const count = (name: string) => checks.filter((c) => c.name === name).length;
  // 6 main rows: drop, boundary, 2 widths; 5 rows in both tables: 2 sums, 1 P90R; LoCoMo drop.
  assert.equal(checks.length, 6 * 4 + 5 * 3 + 1);
  assert.equal(count("split_sums_to_100"), 10);
  assert.equal(count("p90r_vs_p_exh"), 5);
  assert.equal(count("boundary_vs_alpha"), 6);
  assert.equal(count("interval_width"), 12);
  assert.equal(count("drop"), 7);
  const lico235 = checks.find((c) =>
    c.name === "split_sums_to_100" && c.agent === "Qwen3-235B" && c.detail.startsWith("s0")
  )!;
  assert.equal(lico235.detail, "s0: 100 − 1.9 − 16.8 = 81.3 vs Pass@B 81.4");
});

Deno.test("checkPaper002Tables() fails rows that break a rule", () => {
  const main = PAPER002_MAIN_TABLE.map((r) => ({ ...r }));
  main[1].s_star = 100; // LiCoMemory-8B at 53.5 % must have s* = 0
  main[3].s_star = ">400";
  main[3].pass_s4 = 69.9; // ">400" with s4 below alpha
  main[0].drop = 19.0;
  const failure = PAPER002_FAILURE_TABLE.map((r) => ({ ...r }));
  failure[4].p_wrong_s4 = 44.0; // HippoRAG-8B: 100 − 0 − 44 ≠ 58.2
  failure[5].p_exh_s4 = 8.0; // LiCoMemory-8B: P90R 5 > B needs p_exh > 10 %
  const bad = checkPaper002Tables({ tables: { main, failure } }).filter((c) => !c.ok).map((c) =>
    `${c.name} ${c.agent}/${c.system}`
  );
  assert.deepEqual(
    bad.sort(),
    [
      "boundary_vs_alpha Qwen3-32B/LiCoMemory",
      "boundary_vs_alpha Qwen3-8B/LiCoMemory",
      "drop Qwen3-32B/LiCoMemory",
      "drop Qwen3-8B/HippoRAG",
      "p90r_vs_p_exh Qwen3-8B/LiCoMemory",
      "split_sums_to_100 Qwen3-32B/LiCoMemory",
      "split_sums_to_100 Qwen3-8B/HippoRAG",
      "split_sums_to_100 Qwen3-8B/LiCoMemory",
    ].sort(),
  );
  // alpha matters: at 0.8 Qwen3-8B + HippoRAG (78.2 % at s0) would have s* = 0.
  const at08 = checkPaper002Tables({ alpha: 0.8 }).filter((c) =>
    !c.ok && c.name === "boundary_vs_alpha"
  );
  assert.deepEqual(at08.map((c) => `${c.agent}/${c.system}`), [
    "Qwen3-8B/HippoRAG",
    "Qwen3-32B/LiCoMemory",
  ]);
});
