/** Trajectory simulators: format, determinism, stop rules, reader noise, structural judge. */
import assert from "node:assert/strict";
import { buildLadder } from "../../lib/scale/ladder.ts";
import { loadLongMemEval, longMemEvalLadderSource } from "../../lib/scale/sources/longmemeval.ts";
import { parseFillerCorpus, withFiller } from "../../lib/scale/sources/filler.ts";
import {
  simulateLadder,
  simulateTrajectory,
  SIMULATOR_PRESETS,
  type SimulatorSpec,
} from "../../lib/scale/simulate.ts";
import {
  ABSTAIN_ANSWER,
  evidenceCovered,
  foundSessions,
  type JudgeTarget,
  simulatedReader,
} from "../../lib/scale/judge.ts";
import { memoryCallCount, TrajectorySchema } from "../../lib/scale/trajectory.ts";
import { SeededRandom } from "../../lib/base/rng/seeded_random.ts";

/**
 * The structural verdict of a trajectory's steps: the sessions its memory calls returned
 * (`returned[].session_id`) against E(q), at session level.
 */
function trajectoryCovers(
  steps: readonly { kind?: string; returned?: readonly { session_id?: string }[] }[],
  target: JudgeTarget,
): boolean {
  const found = new Set<string>();
  for (const s of steps) {
    if (s.kind !== "memory_call") continue;
    for (const r of s.returned ?? []) if (r.session_id !== undefined) found.add(r.session_id);
  }
  return evidenceCovered(target, found);
}

const FIXTURE = new URL("./fixtures/longmemeval_small.json", import.meta.url).pathname;
const words = ["budget", "tomato", "river", "engine", "violin", "harbor", "lemon", "quartz"];
const filler = parseFillerCorpus(
  Array.from({ length: 60 }, (_, i) =>
    JSON.stringify({
      session_id: `f${i}`,
      turns: [{
        role: "user",
        content: `${words[i % 8]} ${words[(i * 3) % 8]} my what is the I did degree ${i}`,
      }, { role: "assistant", content: "noted" }],
    })).join("\n"),
);
const src = withFiller(longMemEvalLadderSource(await loadLongMemEval(FIXTURE)), filler);
const ladder = buildLadder(src, { seed: 3, nIrr: [0, 20, 40, 60] });
const specs = Object.values(SIMULATOR_PRESETS);

Deno.test("simulateLadder() emits valid memaudit.trajectory/1 records labelled as simulated", () => {
  const ts = simulateLadder(ladder, specs, { seed: 9 });
  assert.equal(ts.length, specs.length * 4 * 4);
  for (const t of ts) {
    TrajectorySchema.parse(t);
    assert.ok(t.agent!.startsWith("sim-"));
    assert.ok(t.system!.startsWith("sim-bm25-"));
    assert.equal(t.params!.simulated, true);
    assert.deepEqual(t.judge, { kind: "structural" });
    assert.equal(t.seed, 9);
    assert.match(String(t.params!.stream), /^seedrandom\("9\/sim-/);
  }
});

Deno.test("simulateLadder() is deterministic for a seed and changes with it", () => {
  const a = JSON.stringify(simulateLadder(ladder, specs, { seed: 1 }));
  const b = JSON.stringify(simulateLadder(ladder, specs, { seed: 1 }));
  const c = JSON.stringify(simulateLadder(ladder, specs, { seed: 2 }));
  assert.equal(a, b);
  assert.notEqual(a, c);
});

Deno.test("simulateTrajectory() call counts: single-shot 1, fixed-depth = depth, iterative within R_max", () => {
  const ts = simulateLadder(ladder, specs, { seed: 4 });
  const R = (t: (typeof ts)[number]) => memoryCallCount(t.steps, t.memory_tools!);
  for (const t of ts) {
    if (t.agent === "sim-single-shot") assert.equal(R(t), 1);
    if (t.agent === "sim-fixed-depth-3") assert.equal(R(t), 3);
    if (t.agent!.startsWith("sim-iterative")) assert.ok(R(t) >= 1 && R(t) <= 8);
    assert.equal(t.steps.at(-1)!.kind, "answer");
  }
});

Deno.test("simulateTrajectory() stops at the first covering call when p_stop_hit = 1 and p_stop_miss = 0", () => {
  const spec: SimulatorSpec = {
    name: "sim-oracle-stop",
    kind: "iterative",
    pStopHit: 1,
    pStopMiss: 0,
    rMax: 5,
  };
  for (const ql of ladder.queries) {
    for (const rung of ql.rungs) {
      const t = simulateTrajectory(ql, rung, spec, { seed: 0 });
      const calls = t.steps.filter((s) => s.kind === "memory_call");
      const target = {
        evidenceIds: ql.query.evidence.map((s) => s.id),
        need: ql.query.need,
        abstention: false,
      };
      // covered after the last call iff it stopped before R_max; never covered earlier
      for (let r = 1; r < calls.length; r++) {
        assert.ok(!trajectoryCovers(calls.slice(0, r), target));
      }
      if (calls.length < 5) assert.ok(trajectoryCovers(calls, target));
      assert.equal(t.params!.covered, trajectoryCovers(calls, target));
      // at scale 0 every session is in the top 12: covered by the first call
      if (rung.scale.nIrr === 0) assert.equal(calls.length, 1);
    }
  }
});

Deno.test("simulateTrajectory() reformulates by pseudo-relevance feedback: the query grows by m terms per call", () => {
  const ql = ladder.queries[0];
  const t = simulateTrajectory(ql, ql.rungs[3], SIMULATOR_PRESETS["sim-fixed-depth-3"], {
    seed: 0,
  });
  const qs = t.steps.filter((s) => s.kind === "memory_call").map((s) =>
    String(s.args!.query).split(" ")
  );
  assert.deepEqual(qs[0], ql.query.question.split(" "));
  assert.equal(qs[1].length, qs[0].length + 3);
  assert.deepEqual(qs[1].slice(0, qs[0].length), qs[0]);
  assert.equal(qs[2].length, qs[1].length + 3);
});

Deno.test("simulateTrajectory() rejects specs that are not labelled or out of range", () => {
  const [ql] = ladder.queries;
  const run = (spec: SimulatorSpec) => simulateTrajectory(ql, ql.rungs[0], spec, { seed: 0 });
  assert.throws(() => run({ name: "gpt-agent", kind: "single-shot" }), /must start with "sim-"/);
  assert.throws(() => run({ name: "sim-x", kind: "iterative", pStopHit: 1.5 }), /pStopHit 1.5/);
  assert.throws(() => run({ name: "sim-x", kind: "fixed-depth", depth: 0 }), /depth 0/);
});

Deno.test("simulatedReader() applies ε_read and γ_guess; abstention questions are right iff they abstain", () => {
  const rng = new SeededRandom(1);
  const t = { evidenceIds: ["a"], need: "any" as const, abstention: false };
  assert.equal(simulatedReader(t, true, {}, rng).correct, true);
  assert.equal(simulatedReader(t, false, {}, rng).correct, false);
  assert.equal(simulatedReader(t, true, { epsilonRead: 1 }, rng).correct, false);
  assert.equal(simulatedReader(t, false, { gammaGuess: 1 }, rng).correct, true);
  const abs = simulatedReader({ ...t, abstention: true }, true, {}, rng);
  assert.deepEqual([abs.correct, abs.answer], [true, ABSTAIN_ANSWER]);
  let right = 0;
  for (let i = 0; i < 4000; i++) {
    if (simulatedReader(t, true, { epsilonRead: 0.25 }, rng).correct) right++;
  }
  assert.ok(Math.abs(right / 4000 - 0.75) < 0.03, `${right}`);
  assert.throws(() => simulatedReader(t, true, { epsilonRead: -0.1 }, rng), RangeError);
});

Deno.test("evidenceCovered() needs all sessions for multi-session questions, any otherwise; turns need has_answer", () => {
  const all = { evidenceIds: ["a", "b"], need: "all" as const, abstention: false };
  assert.equal(evidenceCovered(all, new Set(["a", "b", "x"])), true);
  assert.equal(evidenceCovered(all, new Set(["b"])), false);
  assert.equal(evidenceCovered({ ...all, need: "any" }, new Set(["b"])), true);
  assert.equal(evidenceCovered({ ...all, evidenceIds: [] }, new Set(["b"])), false);
  const items = [
    { id: "a_1", session_id: "a", score: 1, has_answer: false },
    { id: "b_3", session_id: "b", score: 1, has_answer: false },
  ];
  // a has marked turns (this one is not marked): not found; b has none: any turn finds it
  assert.deepEqual([...foundSessions(items, new Set(["a"]))], ["b"]);
});

Deno.test("simulated failure split shows the two patterns: single-shot never exhausts B = 2, weak stop control does", () => {
  const ts = simulateLadder(ladder, specs, { seed: 5 });
  const top = ts.filter((t) => t.scale!.label === "s3");
  const share = (agent: string, f: (R: number, c: boolean) => boolean) => {
    const g = top.filter((t) => t.agent === agent);
    return g.filter((t) => f(memoryCallCount(t.steps, t.memory_tools!), t.correct!)).length /
      g.length;
  };
  assert.equal(share("sim-single-shot", (R) => R > 2), 0);
  assert.equal(share("sim-fixed-depth-3", (R) => R > 2), 1);
  assert.ok(
    share("sim-iterative-weak", (R) => R > 2) > share("sim-iterative-strong", (R) => R > 2),
  );
});

Deno.test("simulateTrajectory() at turn granularity: ids <session>_<n>, evidence found only through has_answer turns", () => {
  const spec: SimulatorSpec = {
    name: "sim-turns",
    kind: "iterative",
    granularity: "turn",
    pStopHit: 1,
    pStopMiss: 0,
    rMax: 3,
    k: 3,
  };
  let checked = 0;
  for (const ql of ladder.queries) {
    for (const rung of ql.rungs) {
      const t = simulateTrajectory(ql, rung, spec, { seed: 0 });
      assert.equal(t.system, "sim-bm25-turn");
      const byId = new Map(rung.sessions.map((s) => [s.id, s]));
      const found = new Set<string>();
      for (const step of t.steps.filter((s) => s.kind === "memory_call")) {
        for (const item of step.returned!) {
          const m = /^(.*)_(\d+)$/.exec(item.id!)!;
          assert.equal(m[1], item.session_id);
          const turn = byId.get(m[1])!.turns[Number(m[2]) - 1];
          assert.equal(turn.role, "user");
          if (turn.has_answer) found.add(m[1]);
        }
      }
      const ev = ql.query.evidence.map((s) => s.id);
      const covered = ql.query.need === "all"
        ? ev.every((e) => found.has(e))
        : ev.some((e) => found.has(e));
      assert.equal(t.params!.covered, covered, `${ql.query.queryId} ${rung.scale.label}`);
      checked++;
    }
  }
  assert.equal(checked, 16);
});
