/** lib/systems/letta_agent_file.ts: cases split out of tests/systems/adapters_test.ts. */
import assert from "node:assert/strict";
import { readLettaAgentFile } from "../../lib/systems/letta_agent_file.ts";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { fixtureJson } from "./_fixtures.ts";
import { TEXTS } from "./_fixtures.ts";

const LETTA_AF = sharedDataPath("letta-af");

Deno.test({
  name: "readLettaAgentFile() parses the three shared agent files",
  ignore: LETTA_AF === null,
  fn: async () => {
    const kb = readLettaAgentFile(
      JSON.parse(await Deno.readTextFile(LETTA_AF! + "/knowledge-base.af")),
    );
    assert.deepEqual(kb.memories.map((m) => [m.id, m.source, m.text.length]), [
      ["core:pinecone_results", "letta:af:interim-blue-raven:pinecone_results", 8912],
      ["core:search_queries", "letta:af:interim-blue-raven:search_queries", 1457],
    ]);
    const convo = readLettaAgentFile(
      JSON.parse(await Deno.readTextFile(LETTA_AF! + "/memgpt_agent_with_convo.af")),
    );
    assert.deepEqual(convo.memories.map((m) => m.id), ["core:persona", "core:human"]);
    assert.equal(convo.memories[1].created_at, "2025-04-01T03:47:27");
    assert.equal(convo.problems[0].detail, "91 message(s): not core memory, not mapped");
    const v2 = readLettaAgentFile(
      JSON.parse(
        await Deno.readTextFile(LETTA_AF! + "/test_basic_agent_with_blocks_tools_messages_v2.af"),
      ),
    );
    assert.deepEqual(v2.memories.map((m) => [m.id, m.source]), [
      ["block-0", "letta:af:agent-0:persona"],
      ["block-1", "letta:af:agent-0:human"],
      ["block-2", "letta:af:agent-0:project_context"],
    ]);
    assert.match(v2.memories[1].text, /^username: sarah_researcher/);
  },
});

Deno.test("readLettaAgentFile() reads the fixture agent and reports unused blocks", async () => {
  const af = await fixtureJson("letta_agent_v2.af") as { agents: { block_ids: string[] }[] };
  const s = readLettaAgentFile(af);
  assert.deepEqual(s.memories.map((m) => m.text), TEXTS);
  af.agents[0].block_ids = ["m1", "m2"];
  const part = readLettaAgentFile(af);
  assert.deepEqual(part.memories.map((m) => m.id), ["m1", "m2"]);
  assert.deepEqual(part.problems.filter((p) => p.field === "id").map((p) => p.record), [
    "blocks[2]",
    "blocks[3]",
  ]);
});
