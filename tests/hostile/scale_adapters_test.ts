/** Awkward but valid inputs to the log adapters: a byte-order mark before a JSON document. */
import assert from "node:assert/strict";
import { detectFormat, readTrajectoryInput } from "../../lib/scale/adapters/mod.ts";

const fixture = (name: string) =>
  Deno.readTextFileSync(new URL(`../scale/fixtures/${name}`, import.meta.url));
const BOM = "\uFEFF";
const AF = new URL("../../../shared/data/letta-af/memgpt_agent_with_convo.af", import.meta.url);
const HAVE_AF = (() => {
  try {
    return Deno.statSync(AF).isFile;
  } catch {
    return false;
  }
})();

Deno.test("readTrajectoryInput: a tau-bench result file after a byte-order mark reads as without it", () => {
  const text = fixture("tau_bench_results.json");
  assert.equal(detectFormat(BOM + text), "tau-bench");
  const plain = readTrajectoryInput(text, { file: "tau.json" });
  for (const format of ["auto", "tau-bench"] as const) {
    const bom = readTrajectoryInput(BOM + text, { file: "tau.json", format });
    assert.equal(bom.format, "tau-bench");
    assert.deepEqual(bom.records, plain.records);
  }
});

Deno.test({
  name: "readTrajectoryInput: a Letta agent file after a byte-order mark reads as without it",
  ignore: !HAVE_AF,
  fn() {
    const text = Deno.readTextFileSync(AF);
    assert.equal(detectFormat(BOM + text), "letta-af");
    const plain = readTrajectoryInput(text, { file: "a.af" });
    const bom = readTrajectoryInput(BOM + text, { file: "a.af", format: "letta" });
    assert.equal(bom.format, "letta-af");
    assert.equal(bom.records.length, plain.records.length);
    assert.deepEqual(bom.records, plain.records);
  },
});

Deno.test("readTrajectoryInput: a memory tool name run by two MCP servers counts on both, with a warning", () => {
  const call = (id: string, server: string) => [
    { type: "mcp_tool_use", id, name: "search", server_name: server, input: {} },
    { type: "mcp_tool_result", tool_use_id: id, content: [] },
  ];
  const line = (q: string, servers: string[]) =>
    JSON.stringify({
      query_id: q,
      correct: true,
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", content: servers.flatMap((s, i) => call(`${q}${i}`, s)) },
        { role: "assistant", content: "ok" },
      ],
    });
  const text = [line("q1", ["memory", "web"]), line("q2", ["memory"])].join("\n");
  const input = readTrajectoryInput(text, { memoryTools: ["search"] });
  assert.deepEqual(input.records.map((r) => r.R), [2, 1]);
  assert.deepEqual(input.warnings, [
    "1 memory tool name(s) are served by several MCP servers, and the calls on every server " +
    "count as memory calls: search (memory, web)",
  ]);
  // One server per name, or a name that is not a memory tool: no warning.
  assert.deepEqual(
    readTrajectoryInput(line("q3", ["memory"]), { memoryTools: ["search"] }).warnings,
    [],
  );
  assert.deepEqual(readTrajectoryInput(text, { memoryTools: ["recall"] }).warnings, []);
});
