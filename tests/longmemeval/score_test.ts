/**
 * lib/longmemeval/score.ts: a whole LongMemEval file scored, with the coverage of every package
 * re-labelled by an LLM adjudicator (`natural --longmemeval --adjudicator llm:URL`). The endpoint
 * is a STAND-IN on 127.0.0.1 (a keyword rule, not a model): it tests the wiring, not any LLM.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { naturalLongMemEval } from "../../lib/longmemeval/score.ts";
import { LlmAdjudicator } from "../../lib/adjudicate/llm.ts";
import { osloQuestion as question } from "./_instance.ts";
import { withTempDir } from "../_tmp.ts";
import { deno, ENTRY } from "../cli/_run.ts";

/**
 * The stand-in endpoint: every listed unit is "full" when the memory names Oslo and mentions
 * moving, else "none". Counts the requests.
 */
function standIn() {
  let requests = 0;
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    async (req) => {
      requests++;
      const body = await req.json() as { messages: { role: string; content: string }[] };
      const user = body.messages.find((m) => m.role === "user")!.content;
      const memory = user.split("\n\nEvidence units:")[0];
      const ids = [...user.matchAll(/^- id ("(?:[^"\\]|\\.)*"):/gm)].map((m) => JSON.parse(m[1]));
      const full = /Oslo/.test(memory) && /moved/.test(memory);
      const content = JSON.stringify({
        verdicts: ids.map((unit) => ({ unit, coverage: full ? "full" : "none" })),
      });
      return Response.json({ choices: [{ message: { role: "assistant", content } }] });
    },
  );
  const { port } = server.addr as Deno.NetAddr;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: async () => {
      ac.abort();
      await server.finished;
    },
  };
}

Deno.test("naturalLongMemEval() with an LLM adjudicator (stand-in endpoint): its labels are the coverage OPT is certified on", async () => {
  const llm = standIn();
  try {
    await withTempDir(async (dir) => {
      const file = join(dir, "lme.json");
      await Deno.writeTextFile(file, JSON.stringify([question("q1")]));
      const adjudicator = new LlmAdjudicator({
        baseUrl: llm.baseUrl,
        model: "stand-in",
        cacheDir: join(dir, "cache"),
      });
      const r = await naturalLongMemEval(file, { budgets: [12, 100], methods: ["oracle_gvt"] });
      const withLlm = await naturalLongMemEval(file, {
        budgets: [12, 100],
        methods: ["oracle_gvt"],
        adjudicator,
      });
      assert.equal(withLlm.reliability.all.attempted, 1);
      assert.equal(withLlm.reliability.all.accepted, 1);
      // One request per candidate memory of the package, none served twice within the run.
      const sent = llm.requests();
      assert.ok(sent > 0);
      assert.equal(adjudicator.requests, sent);
      const opt = (res: typeof r, B: number) =>
        res.rows.find((x) => x.method === "opt" && x.budget === B)!;
      // The lexical package and the stand-in's labels agree here: the raw turn and its answer
      // sentence carry "moved ... Oslo"; both certify OPT = the unit's weight at B = 12 and 100.
      for (const B of [12, 100]) {
        assert.equal(opt(withLlm, B).flag, "ok");
        assert.equal(opt(withLlm, B).opt, opt(withLlm, B).value);
        assert.ok(opt(withLlm, B).value > 0);
        assert.equal(opt(withLlm, B).value, opt(r, B).value);
      }
      // A second run is served from the cache: no new request.
      const again = new LlmAdjudicator({
        baseUrl: llm.baseUrl,
        model: "stand-in",
        cacheDir: join(dir, "cache"),
      });
      await naturalLongMemEval(file, {
        budgets: [12],
        methods: ["oracle_gvt"],
        adjudicator: again,
      });
      assert.equal(again.requests, 0);
      assert.equal(llm.requests(), sent);
    });
  } finally {
    await llm.close();
  }
});

Deno.test("memaudit natural --longmemeval --adjudicator llm:URL names the LLM in --json (stand-in endpoint)", async () => {
  const llm = standIn();
  try {
    await withTempDir(async (dir) => {
      const file = join(dir, "lme.json");
      await Deno.writeTextFile(file, JSON.stringify([question("q1"), question("q2")]));
      const r = await deno([
        "run",
        "-A",
        ENTRY,
        "natural",
        "--longmemeval",
        file,
        "--adjudicator",
        `llm:${llm.baseUrl}`,
        "--budgets",
        "12",
        "--methods",
        "oracle_gvt",
        "--out",
        join(dir, "out"),
        "--json",
      ], { env: { MEMAUDIT_LLM_MODEL: "stand-in" } });
      assert.equal(r.code, 0, r.stderr);
      const j = JSON.parse(r.stdout);
      assert.equal(j.adjudicator, "llm:stand-in");
      assert.equal(j.accepted, 2);
      // The written package's coverage is the stand-in's labels (from it, or from the run cache
      // .cache/llm of an earlier run with the same prompts): full exactly where a candidate's
      // text says "moved" and "Oslo".
      const pkg = JSON.parse(await Deno.readTextFile(join(dir, "out", "packages", "q1.json")));
      const text = new Map(pkg.candidates.map((c: { id: string; text: string }) => [c.id, c.text]));
      const covered = pkg.coverage.filter((c: { value: number }) => c.value > 0)
        .map((c: { candidate: string }) => c.candidate).sort();
      const expected = [...text].filter(([, t]) =>
        /Oslo/.test(t as string) && /moved/.test(t as string)
      )
        .map(([id]) => id).sort();
      assert.ok(expected.length > 0);
      assert.deepEqual(covered, expected);
    });
  } finally {
    await llm.close();
  }
});
