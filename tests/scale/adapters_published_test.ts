/** Published log formats read as they are (issue 22 item 2): MCP blocks, tau-bench results. */
import assert from "node:assert/strict";
import { detectFormat, readTrajectoryInput } from "../../lib/scale/adapters/mod.ts";
import { scoreScale } from "../../lib/scale/score.ts";
import { requireCorrectness, TrajectoryInputError } from "../../lib/scale/trajectory.ts";

const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`./fixtures/${name}`, import.meta.url));

Deno.test("Anthropic MCP blocks (mcp_tool_use / mcp_tool_result) are tool calls under auto detection", () => {
  const text = fixture("anthropic_mcp.jsonl");
  assert.equal(detectFormat(text), "anthropic");
  const input = readTrajectoryInput(text, { memoryTools: ["search_memory"] });
  assert.equal(input.format, "anthropic");
  assert.deepEqual(input.records.map((r) => r.R), [1, 2]);
  assert.deepEqual(input.tools, {
    search_memory: { calls: 3, memory: true },
    list_calendars: { calls: 1, memory: false },
  });
  const t = input.trajectories![0];
  assert.deepEqual(t.steps.map((s) => s.kind), ["llm", "memory_call", "tool_call", "answer"]);
  assert.deepEqual(t.steps[1].returned, [{ text: "The user went to a support group on 7 May." }]);
  assert.equal(t.answer, "To a support group.");
  // A result whose id matches no call is reported with its line and path.
  assert.deepEqual(input.skipped, [{
    line: 2,
    reason: 'messages[1].content[3]: mcp_tool_result for unknown tool_use_id "mcptoolu_09"',
  }]);
});

Deno.test("tau-bench result files: detected, one trajectory per (task, trial), correct = reward 1 within 1e-6", () => {
  const text = fixture("tau_bench_results.json");
  assert.equal(detectFormat(text), "tau-bench");
  const input = readTrajectoryInput(text, { file: "tau.json", memoryTools: ["search_memory"] });
  assert.equal(input.format, "tau-bench");
  assert.deepEqual(
    input.records.map((r) => [r.query_id, r.trajectory_id, r.R, r.correct]),
    [
      ["0", "0/0", 1, true],
      ["0", "0/1", 1, false],
      ["1", "1/0", 3, true], // a parallel pair and a later call reusing an id: three calls
      ["1", "1/1", 2, true], // reward 0.9999999
      ["2", "2/0", 0, false], // the run failed: info.error, empty traj
      ["2", "2/1", 0, true],
    ],
  );
  assert.deepEqual(input.tools.get_order, { calls: 1, memory: false });
  assert.equal(input.tools.search_memory.calls, 7);
  assert.deepEqual(input.skipped, []);
  assert.equal(input.warnings.length, 1);
  assert.match(input.warnings[0], /^1 tau-bench record\(s\) hold a run error/);
  // The last reply without tool calls is the answer; the ###STOP### user turn is context.
  assert.equal(input.trajectories![0].answer, "Your order #B100 (the cookbook) has shipped.");
});

Deno.test("tau-bench: Pass@B, p_exh, p_wrong, P90R and mean R at B = 2, bootstrap over tasks", () => {
  const input = readTrajectoryInput(fixture("tau_bench_results.json"), {
    memoryTools: ["search_memory"],
  });
  const res = scoreScale(requireCorrectness(input.records), { budget: 2, resamples: 200 });
  assert.equal(res.groups.length, 1);
  const g = res.groups[0];
  assert.deepEqual(
    [g.n, g.queries, g.pass_at_b, g.p_exh, g.p_wrong, g.p90r, g.mean_r],
    [6, 3, 0.5, 1 / 6, 2 / 6, 3, 7 / 6],
  );
  // Every task passes one trial of two: every resample of tasks gives Pass@B = 0.5.
  assert.deepEqual(g.ci!.pass_at_b, { low: 0.5, high: 0.5, half_width: 0 });
  assert.deepEqual(res.boundaries, []);
});

Deno.test("tau-bench: a bad record is an error at its JSON path; a repeated (task, trial) is refused", () => {
  const at = (text: string, field: string, msg: RegExp) =>
    assert.throws(
      () => readTrajectoryInput(text, { file: "tau.json", format: "tau-bench" }),
      (e: unknown) =>
        e instanceof TrajectoryInputError && e.field === field && msg.test(e.message) &&
        e.message.includes("tau.json"),
    );
  const rec = (o: Record<string, unknown>) =>
    JSON.stringify([{ task_id: 0, reward: 1, info: {}, traj: [], trial: 0 }, o]);
  at(rec({ task_id: 1, info: {}, traj: [], trial: 0 }), "[1].reward", /finite number/);
  at(rec({ task_id: 1, reward: 1, info: {}, trial: 0 }), "[1].traj", /array of messages/);
  at(rec({ task_id: -1, reward: 1, info: {}, traj: [] }), "[1].task_id", /task id/);
  at(rec({ task_id: 0, reward: 0, info: {}, traj: [], trial: 0 }), "[1]", /is also \[0\]/);
  at('{"task_id": 0}', "", /JSON array/);
});

Deno.test("tau-bench react/act trajectories: text actions are tool calls by tau-bench's rule, respond is a reply", () => {
  const input = readTrajectoryInput(fixture("tau_bench_react.json"), {
    memoryTools: ["search_memory"],
  });
  assert.equal(input.format, "tau-bench");
  assert.deepEqual(input.records.map((r) => [r.query_id, r.R, r.correct]), [
    ["0", 1, true],
    ["1", 3, false],
  ]);
  assert.deepEqual(input.tools, {
    search_memory: { calls: 4, memory: true },
    get_order: { calls: 1, memory: false },
  });
  const t = input.trajectories![0];
  assert.deepEqual(t.steps.map((s) => s.kind), [
    "llm",
    "memory_call",
    "llm",
    "tool_call",
    "answer",
  ]);
  assert.deepEqual(t.steps[1].returned, [{
    id: "m7",
    text: "Ana ordered a cookbook, order #B100.",
  }]);
  assert.deepEqual(t.steps[1].args, { query: "order last week" });
  assert.deepEqual(input.skipped, []);
  assert.match(input.warnings[0], /^5 ReAct text action\(s\)/);
});
