import assert from "node:assert/strict";
import {
  detectFormat,
  fromAnthropic,
  fromLangSmith,
  fromLettaAgentFile,
  fromLettaMessages,
  fromOpenAIChat,
  fromOpenAIResponses,
  readTrajectoryInput,
} from "../../../lib/scale/adapters/mod.ts";
import {
  joinJudgeLog,
  readJudgeLog,
  requireCorrectness,
  TrajectoryInputError,
  TrajectorySchema,
} from "../../../lib/scale/trajectory.ts";
import { scoreScale } from "../../../lib/scale/score.ts";

const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const lettaUrl = (name: string) =>
  new URL(`../../../../shared/data/letta-af/${name}`, import.meta.url);
const letta = (name: string) => Deno.readTextFileSync(lettaUrl(name));
/** The real Letta agent files come with ../shared/data; without them those tests are ignored. */
const NO_LETTA = (() => {
  try {
    Deno.statSync(lettaUrl("knowledge-base.af"));
    return false;
  } catch {
    return true;
  }
})();

const rOf = (res: { trajectories: { trajectory: { steps: { kind?: string }[] } }[] }) =>
  res.trajectories.map((t) => t.trajectory.steps.filter((s) => s.kind === "memory_call").length);

Deno.test("fromOpenAIChat() counts parallel calls and retries, keeps other tools out of R, reports a stray result", () => {
  const res = fromOpenAIChat(fixture("openai_chat.jsonl"), { file: "chat.jsonl" });
  assert.deepEqual(rOf(res), [2, 3, 1]);
  const [t1, t2] = res.trajectories.map((t) => t.trajectory);
  for (const t of res.trajectories) TrajectorySchema.parse(t.trajectory);
  assert.equal(t1.answer, "You graduated with a degree in Business Administration.");
  assert.equal(t1.correct, true);
  assert.deepEqual(t1.scale, { label: "s0", n_irr: 0 });
  assert.deepEqual(t1.steps.map((s) => s.kind), ["llm", "memory_call", "memory_call", "answer"]);
  assert.deepEqual(t1.steps[1].args, { query: "degree graduated" });
  assert.deepEqual(t1.steps[1].returned, [{
    id: "m-17",
    session_id: "answer_280352e9",
    text: "Graduated with a BA in Business Administration",
    score: 0.82,
  }]);
  assert.deepEqual(t1.steps[2].returned, []);
  assert.equal(t2.correct, null);
  assert.deepEqual(t2.steps.filter((s) => s.kind === "tool_call").map((s) => s.name), [
    "get_weather",
  ]);
  assert.deepEqual(res.skipped, [
    { line: 3, reason: 'messages[4]: tool result for unknown tool_call_id "call_ZZ"' },
  ]);
  assert.deepEqual(res.tools, {
    search_memory: { calls: 6, memory: true },
    get_weather: { calls: 1, memory: false },
  });
});

Deno.test("fromOpenAIChat() joins correctness from a LongMemEval judge log", () => {
  const input = readTrajectoryInput(fixture("openai_chat.jsonl"), { file: "chat.jsonl" });
  assert.equal(input.format, "openai-chat");
  assert.throws(
    () => requireCorrectness(input.records, "chat.jsonl"),
    (e: unknown) => e instanceof TrajectoryInputError && e.line === 2 && e.field === "correct",
  );
  const joined = joinJudgeLog(input.records, readJudgeLog(fixture("judge_log.jsonl"), "log"));
  // Line 1 keeps its own label; line 2 gets the log's; line 3 keeps false.
  assert.deepEqual(requireCorrectness(joined).map((r) => [r.R, r.correct]), [
    [2, true],
    [3, true],
    [1, false],
  ]);
});

Deno.test("fromOpenAIResponses() maps function calls, built-in file search and reports unknown items", () => {
  const res = fromOpenAIResponses(fixture("openai_responses.jsonl"));
  assert.deepEqual(rOf(res), [1, 3]);
  const t = res.trajectories[0].trajectory;
  assert.deepEqual(t.steps.map((s) => [s.kind, s.name ?? null]), [
    ["llm", null],
    ["tool_call", "file_search"],
    ["memory_call", "search_memory"],
    ["answer", null],
  ]);
  assert.deepEqual(t.steps[1].returned, [{
    id: "file-9a",
    text: "the GPS system was not working",
    score: 0.91,
  }]);
  assert.deepEqual(t.steps[2].returned, [{
    id: "s12-t4",
    session_id: "answer_4be1b6b4_2",
    text: "GPS stopped working",
  }]);
  assert.equal(t.answer, "The GPS system stopped working.");
  assert.deepEqual(t.scale, { n_irr: 0 });
  assert.deepEqual(res.skipped, [
    { line: 2, reason: 'items[7]: function_call_output for unknown call_id "call_s9"' },
    { line: 2, reason: 'items[8]: unknown item type "audio_blob"' },
  ]);
  // Declaring file_search a memory tool makes it count.
  const withFs = fromOpenAIResponses(fixture("openai_responses.jsonl"), {
    memoryTools: ["file_search", "search_memory"],
  });
  assert.deepEqual(rOf(withFs), [2, 3]);
});

Deno.test("fromAnthropic() counts tool_use blocks individually and reports stray results and unknown blocks", () => {
  const res = fromAnthropic(fixture("anthropic.jsonl"));
  assert.deepEqual(rOf(res), [2, 0]);
  const t = res.trajectories[0].trajectory;
  assert.deepEqual(t.steps.map((s) => s.kind), ["llm", "memory_call", "memory_call", "answer"]);
  assert.deepEqual(t.steps[1].returned, [{
    id: "D1:3",
    session_id: "session_1",
    text: "I went to a LGBTQ support group yesterday",
    score: 3.2,
  }]);
  assert.deepEqual(t.steps[2].returned, [{ text: "no results" }]);
  assert.equal(t.answer, "On 7 May 2023.");
  assert.deepEqual(res.skipped, [
    { line: 2, reason: 'messages[2].content[1]: tool_result for unknown tool_use_id "toolu_99"' },
    { line: 2, reason: 'messages[2].content[2]: unknown block type "hologram"' },
  ]);
});

Deno.test("fromLettaMessages() reads tool_call single or list, send_message as the answer, writes not counted", () => {
  const res = fromLettaMessages(fixture("letta_messages.jsonl"));
  assert.deepEqual(rOf(res), [1, 3]);
  const t = res.trajectories[0].trajectory;
  assert.deepEqual(t.steps.map((s) => [s.kind, s.name ?? null]), [
    ["llm", null],
    ["memory_call", "archival_memory_search"],
    ["tool_call", "core_memory_append"],
    ["answer", "send_message"],
  ]);
  assert.equal(t.answer, "Your cat is called Luna.");
  assert.deepEqual(t.steps[1].returned, [{ id: "passage-7", text: "My cat is called Luna" }]);
  assert.equal(t.steps[1].ts, "2025-05-20T04:31:56Z");
  assert.deepEqual(t.memory_tools, ["archival_memory_search", "conversation_search"]);
  assert.equal(res.trajectories[1].trajectory.answer, "I don't have that in memory.");
  assert.deepEqual(res.skipped, [
    { line: 2, reason: 'messages[5]: unknown message_type "approval_request_message"' },
  ]);
});

Deno.test({
  name:
    "fromLettaAgentFile() splits the real knowledge-base.af sample into one trajectory per user turn",
  ignore: NO_LETTA,
  fn: () => {
    const text = letta("knowledge-base.af");
    assert.equal(detectFormat(text), "letta-af");
    const res = fromLettaAgentFile(text, { file: "knowledge-base.af" });
    assert.equal(res.trajectories.length, 1);
    const t = res.trajectories[0].trajectory;
    assert.equal(t.query_id, "interim-blue-raven#1");
    assert.equal(t.agent, "claude-3-5-sonnet-20241022");
    assert.equal(t.system, "letta");
    assert.deepEqual(t.steps.filter((s) => s.kind === "tool_call").map((s) => s.name), [
      "craft_queries",
      "search_and_store_pinecone_records",
      "summarize_pinecone_results",
    ]);
    assert.deepEqual(rOf(res), [0]);
    // The boot sequence (an assistant send_message and its tool return) is reported, not dropped.
    assert.deepEqual(res.skipped.map((s) => s.reason), [
      "messages[1]: assistant message before the first user message (boot sequence)",
      "messages[2]: tool message before the first user message (boot sequence)",
    ]);
    const withSearch = fromLettaAgentFile(text, {
      memoryTools: ["search_and_store_pinecone_records"],
    });
    assert.deepEqual(rOf(withSearch), [1]);
  },
});

Deno.test({
  name:
    "fromLettaAgentFile() reads memgpt_agent_with_convo.af (23 turns) and the v2 {agents: [...]} sample",
  ignore: NO_LETTA,
  fn: () => {
    const res = fromLettaAgentFile(letta("memgpt_agent_with_convo.af"));
    assert.equal(res.trajectories.length, 23);
    assert.equal(rOf(res).reduce((a, b) => a + b, 0), 0); // core memory writes do not count by default
    const writes = fromLettaAgentFile(letta("memgpt_agent_with_convo.af"), {
      memoryTools: ["core_memory_replace", "core_memory_append"],
    });
    assert.deepEqual(
      rOf(writes).map((r, k) => [k, r]).filter(([, r]) => r > 0),
      [[0, 1], [2, 1], [13, 1], [18, 1], [22, 1]],
    );
    assert.equal(res.trajectories[22].trajectory.answer, undefined);
    assert.equal(typeof res.trajectories[0].trajectory.answer, "string");
    const v2 = fromLettaAgentFile(letta("test_basic_agent_with_blocks_tools_messages_v2.af"));
    assert.equal(v2.trajectories.length, 1);
    const t = v2.trajectories[0].trajectory;
    assert.equal(t.query_id, "test_export_import_42fbdcec-58ce-4e27-b6e5-938b3bcd57aa/message-4");
    assert.equal(t.agent, "gpt-4.1-mini");
    assert.equal(
      t.answer,
      "Test message received successfully. Ready for further instructions or queries.",
    );
    for (const x of [...res.trajectories, ...v2.trajectories]) TrajectorySchema.parse(x.trajectory);
  },
});

Deno.test("fromLangSmith() orders runs by dotted_order, counts retrievers once, reports unmapped runs", () => {
  const res = fromLangSmith(fixture("langsmith.jsonl"));
  assert.deepEqual(rOf(res), [1, 2]);
  const [t1, t2] = res.trajectories.map((t) => t.trajectory);
  assert.deepEqual(t1.steps.map((s) => [s.kind, s.name ?? null]), [
    ["llm", "ChatOpenAI"],
    ["memory_call", "search_memory"],
    ["llm", "ChatOpenAI"],
    ["answer", null],
  ]);
  // The nested retriever's documents join the tool call's returned items.
  assert.deepEqual(t1.steps[1].returned, [
    { text: "see documents" },
    { id: "t-991", session_id: "answer_5a2c_1", text: "My new 5K personal best is 25:50" },
  ]);
  assert.equal(t1.answer, "25:50");
  assert.deepEqual(t2.steps.map((s) => [s.kind, s.name ?? null]), [
    ["memory_call", "session_bm25"],
    ["memory_call", "session_bm25"],
    ["llm", "ChatOpenAI"],
    ["answer", null],
  ]);
  assert.equal(t2.answer, "25:50");
  assert.deepEqual(res.skipped, [
    { line: 2, reason: "runs[5]: expected dotted_order or start_time to order the run" },
    { line: 2, reason: 'runs[4]: unknown run_type "agent_step"' },
  ]);
});

Deno.test("detectFormat() recognises every fixture", () => {
  assert.equal(detectFormat(fixture("openai_chat.jsonl")), "openai-chat");
  assert.equal(detectFormat(fixture("openai_responses.jsonl")), "openai-responses");
  assert.equal(detectFormat(fixture("anthropic.jsonl")), "anthropic");
  assert.equal(detectFormat(fixture("letta_messages.jsonl")), "letta");
  assert.equal(detectFormat(fixture("langsmith.jsonl")), "langsmith");
  assert.equal(detectFormat('{"query_id":"q","R":1,"correct":true}'), "memaudit");
  assert.throws(() => detectFormat('{"foo": 1}', "x.jsonl"), TrajectoryInputError);
});

Deno.test("adapters name file, line and field of a malformed envelope", () => {
  const bad = (fn: () => unknown, line: number, field: string) =>
    assert.throws(
      fn,
      (e: unknown) => e instanceof TrajectoryInputError && e.line === line && e.field === field,
    );
  bad(
    () => fromOpenAIChat('{"query_id":"q","messages":[]}\n{"messages":[]}', { file: "f" }),
    2,
    "query_id",
  );
  bad(() => fromOpenAIChat('{"query_id":"q","messages":{}}', { file: "f" }), 1, "messages");
  bad(() => fromAnthropic('{"query_id":"q","messages":[]}\nnot json', { file: "f" }), 2, "");
  bad(() => fromLangSmith('{"query_id":"q","runs":[],"scale":-1}', { file: "f" }), 1, "scale");
  bad(() => fromLettaAgentFile('{"name":"x"}', { file: "f" }), 0, "agents");
  bad(
    () => readTrajectoryInput('{"query_id":"q","items":[],"correct":"yes"}', { file: "f" }),
    1,
    "correct",
  );
});

Deno.test("readTrajectoryInput() reads every fixture, and each mapped line re-reads with the same R", () => {
  const expected: Record<string, [string, number[]]> = {
    "openai_chat.jsonl": ["openai-chat", [2, 3, 1]],
    "openai_responses.jsonl": ["openai-responses", [1, 3]],
    "anthropic.jsonl": ["anthropic", [2, 0]],
    "letta_messages.jsonl": ["letta", [1, 3]],
    "langsmith.jsonl": ["langsmith", [1, 2]],
    "memaudit.jsonl": ["memaudit", [1, 1, 3, 1, 1, 1, 3, 1, 1, 1, 3, 1]],
  };
  for (const [name, [format, rs]] of Object.entries(expected)) {
    const input = readTrajectoryInput(fixture(name), { file: name });
    assert.equal(input.format, format, name);
    assert.deepEqual(input.records.map((r) => r.R), rs, name);
    if (input.trajectories !== null) {
      const again = readTrajectoryInput(
        input.trajectories.map((t) => JSON.stringify(t)).join("\n"),
      );
      assert.equal(again.format, "memaudit");
      assert.deepEqual(again.records.map((r) => r.R), rs, `${name} re-read`);
    }
  }
  const ls = readTrajectoryInput(fixture("langsmith.jsonl")).trajectories!;
  assert.deepEqual(ls[1].memory_tools?.slice(-1), ["session_bm25"]);
  if (NO_LETTA) return; // the agent-file leg needs ../shared/data/letta-af
  const af = readTrajectoryInput(letta("memgpt_agent_with_convo.af"), { format: "letta" });
  assert.equal(af.format, "letta-af");
  assert.equal(af.records.length, 23);
});

// --- Cases from tests/scale/adapters_published_test.ts (published formats) ---
/** Published log formats read as they are (issue 22 item 2): MCP blocks, tau-bench results. */

Deno.test("Anthropic MCP blocks (mcp_tool_use / mcp_tool_result) are tool calls under auto detection (published formats)", () => {
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

Deno.test("tau-bench result files: detected, one trajectory per (task, trial), correct = reward 1 within 1e-6 (published formats)", () => {
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

Deno.test("tau-bench: Pass@B, p_exh, p_wrong, P90R and mean R at B = 2, bootstrap over tasks (published formats)", () => {
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

Deno.test("tau-bench: a bad record is an error at its JSON path; a repeated (task, trial) is refused (published formats)", () => {
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

Deno.test("tau-bench react/act trajectories: text actions are tool calls by tau-bench's rule, respond is a reply (published formats)", () => {
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
