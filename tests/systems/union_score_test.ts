import assert from "node:assert/strict";
import { compilePackage } from "../../lib/package/compile.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import { readAmemNotes } from "../../lib/systems/amem_notes.ts";
import { readGenericJsonl } from "../../lib/systems/generic_jsonl.ts";
import { readLettaAgentFile } from "../../lib/systems/letta_agent_file.ts";
import { readLettaMemory } from "../../lib/systems/letta_memory.ts";
import { replayMem0Events } from "../../lib/systems/mem0_events.ts";
import { readMem0GetAll } from "../../lib/systems/mem0_get_all.ts";
import { type MemoryStore } from "../../lib/systems/memory_store.ts";
import { packageTextAdjudicator } from "../../lib/systems/package_text_adjudicator.ts";
import { upperPrunedExact, upperPrunedGreedy } from "../../lib/systems/pruning.ts";
import { summarizeUnion } from "../../lib/systems/summarize_union.ts";
import { scoreUnion, type UnionScore } from "../../lib/systems/union_score.ts";
import { FIX, fixtureJson, fixturePackage, stubAdjudicator } from "./_fixtures.ts";

async function allFormats(): Promise<[string, MemoryStore][]> {
  return [
    ["mem0 get_all v1.1", readMem0GetAll(await fixtureJson("mem0_get_all_v1.1.json"))],
    ["mem0 get_all 2.x", readMem0GetAll(await fixtureJson("mem0_get_all_v2.json"))],
    ["mem0 events", replayMem0Events(await fixtureJson("mem0_events.json"))],
    ["letta passages", readLettaMemory(await fixtureJson("letta_memory.json"))],
    ["letta agent file", readLettaAgentFile(await fixtureJson("letta_agent_v2.af"))],
    ["amem notes", readAmemNotes(await fixtureJson("amem_notes.json"), { view: "content" })],
    ["amem chroma", readAmemNotes(await fixtureJson("amem_chroma.json"), { view: "content" })],
    ["generic jsonl", readGenericJsonl(await Deno.readTextFile(FIX + "generic.jsonl"))[0]],
  ];
}

/** (budget, selector) -> [union ratio, package ratio, memories]. */
function table(s: UnionScore) {
  return s.budgets.flatMap((b) =>
    b.selections.map((x) => [
      b.budget,
      x.selector,
      x.unionRatio.ratio,
      x.packageRatio.ratio,
      x.memories.join(","),
    ])
  );
}

Deno.test("scoreUnion() gives the same union ratios for the same memories in every format", async () => {
  const pkg = fixturePackage();
  const results: { name: string; t: ReturnType<typeof table> }[] = [];
  for (const [name, store] of await allFormats()) {
    const s = await scoreUnion(pkg, store, { adjudicator: stubAdjudicator(), system: "sys" });
    results.push({ name, t: table(s) });
  }
  for (const r of results.slice(1)) assert.deepEqual(r.t, results[0].t, r.name);
  // The shared values, worked by hand (costs m1 10, m2 9, m3 7, m4 9 words).
  const at = (B: number, sel: string) => results[0].t.find((x) => x[0] === B && x[1] === sel)!;
  assert.deepEqual(at(10, "recency_pruned"), [10, "recency_pruned", 0, 0, "m4"]);
  assert.deepEqual(at(10, "upper_pruned"), [10, "upper_pruned", 1, 2, "m2"]);
  assert.deepEqual(at(20, "recency_pruned"), [20, "recency_pruned", 0.25, 1, "m3,m4"]);
  assert.deepEqual(at(20, "salience_pruned"), [20, "salience_pruned", 0.75, 3, "m2,m3"]);
  assert.deepEqual(at(20, "upper_pruned"), [20, "upper_pruned", 1, 4, "m1,m2"]);
  assert.deepEqual(at(30, "as_written"), [30, "as_written", null, null, "m1,m2,m3,m4"]);
  assert.deepEqual(at(60, "as_written"), [60, "as_written", 1, 1, "m1,m2,m3,m4"]);
});

Deno.test("scoreUnion() shows a package ratio above 1 and a union ratio at most 1", async () => {
  const s = await scoreUnion(
    fixturePackage(),
    readMem0GetAll(await fixtureJson("mem0_get_all_v2.json")),
    { adjudicator: stubAdjudicator(), budgets: [20] },
  );
  const [b] = s.budgets;
  assert.equal(b.optPackage.objective, 0.5);
  assert.equal(b.optUnion.objective, 2);
  const up = b.selections.find((x) => x.selector === "upper_pruned")!;
  assert.deepEqual([up.value, up.packageRatio, up.unionRatio, up.certified], [
    2,
    { ratio: 4, flag: "ok" },
    { ratio: 1, flag: "ok" },
    true,
  ]);
  assert.deepEqual(
    s.union.candidates.filter((c) => c.kind === "system").map((c) => [c.id, c.cost]),
    [
      ["mem0::m1", 10],
      ["mem0::m2", 9],
      ["mem0::m3", 7],
      ["mem0::m4", 9],
    ],
  );
  assert.equal(s.salienceSource, "estimate");
});

Deno.test("scoreUnion() uses system salience, the byte-overhead rule and a query when asked", async () => {
  const store = readGenericJsonl(
    '{"memories":[' +
      '{"id":"a","text":"Caroline plans a career in counseling and mental health.","salience":0.2},' +
      '{"id":"b","text":"Melanie painted a lake sunrise in 2022.","salience":0.9}]}',
  )[0];
  const adj = stubAdjudicator();
  const s = await scoreUnion(fixturePackage(), store, {
    adjudicator: adj,
    budgets: [12],
    costModel: "byte_overhead",
    question: true,
    selectors: ["salience_pruned"],
  });
  assert.equal(s.salienceSource, "system");
  // 57 bytes -> 8 + 3 = 11; 39 bytes -> 8 + 2 = 10.
  assert.deepEqual(s.memories.map((m) => m.cost), [11, 10]);
  // The package is re-costed under the same rule: obs_0 (40 bytes) costs 10.
  assert.equal(s.union.candidates.find((c) => c.id === "s1::obs_0")!.cost, 10);
  assert.deepEqual(s.budgets[0].selections[0].memories, ["b"]);
  assert.equal(
    adj.calls[0].question,
    "What did Caroline do on 7 May and what career does she plan?",
  );
});

Deno.test("scoreUnion() ties memories to package experiences and groups A-Mem views", async () => {
  const pkg = fixturePackage();
  const store = readGenericJsonl(
    '{"memories":[{"id":"x","text":"Caroline went to an LGBTQ support group.","experience":"s1","cost":7},' +
      '{"id":"y","text":"nothing","experience":"nope"}]}',
  )[0];
  const s = await scoreUnion(pkg, store, {
    adjudicator: stubAdjudicator(),
    tie: "experience",
    costModel: "declared",
  });
  assert.equal(s.union.candidates.find((c) => c.id === "generic::x")!.experience, "s1");
  assert.deepEqual(s.problems.map((p) => [p.record, p.field]), [["y", "cost"], [
    "y",
    "experience",
  ]]);
  const both = readAmemNotes(await fixtureJson("amem_notes.json"), { view: "both" });
  const a = await scoreUnion(pkg, both, { adjudicator: stubAdjudicator(), budgets: [100] });
  const exp = (id: string) => a.union.candidates.find((c) => c.id === id)!.experience;
  assert.equal(exp("amem::m1#metadata"), "amem::m1#full");
  // One view per note: the exact upper-pruned store never holds both views of a note.
  const up = a.budgets[0].selections.find((x) => x.selector === "upper_pruned")!;
  const notes = up.memories.map((m) => m.split("#")[0]);
  assert.equal(new Set(notes).size, notes.length);
});

Deno.test("scoreUnion() scores A-Mem full notes, metadata view and content apart", async () => {
  const data = await fixtureJson("amem_notes.json");
  const pkg = fixturePackage();
  const get = async (view: "full" | "metadata") => {
    const s = await scoreUnion(pkg, readAmemNotes(data, { view }), {
      adjudicator: stubAdjudicator(),
      budgets: [20],
      selectors: ["upper_pruned"],
    });
    return [s.memories.map((m) => m.cost), s.budgets[0].selections[0].unionRatio.ratio];
  };
  // Full notes cost 30, 24, 21, 13 words: only m4 (zero weight) fits in 20.
  assert.deepEqual(await get("full"), [[30, 24, 21, 13], 0]);
  // Metadata views drop the content and cost less; m2's keyword "counseling" still covers
  // u_career, so the best subset reaches the union OPT (1: m2's view alone).
  assert.deepEqual(await get("metadata"), [[21, 16, 13], 1]);
});

Deno.test("upperPrunedExact() beats the artifact's greedy when density misleads", async () => {
  const pkg = parsePackage({
    schema_version: 1,
    id: "g",
    weight_source: "explicit",
    experiences: ["a", "b", "c"].map((id, i) => ({ id, order: i })),
    candidates: [
      { id: "A", experience: "a", kind: "system", cost: 6 },
      { id: "B", experience: "b", kind: "system", cost: 5 },
      { id: "C", experience: "c", kind: "system", cost: 5 },
    ],
    units: [
      { id: "r1", family: "fact", weight: 1 },
      { id: "r2", family: "fact", weight: 0.8 },
      { id: "r3", family: "fact", weight: 0.8 },
    ],
    coverage: [
      { candidate: "A", unit: "r1", value: 1 },
      { candidate: "B", unit: "r2", value: 1 },
      { candidate: "C", unit: "r3", value: 1 },
    ],
  });
  const cu = compilePackage(pkg);
  const pool = [0, 1, 2];
  const g = upperPrunedGreedy(cu, pool, 10);
  const x = await upperPrunedExact(cu, pool, 10);
  assert.deepEqual([g.candidates, g.value], [[0], 1]);
  assert.deepEqual([x.candidates, x.value, x.certificate.status], [[1, 2], 1.6, "optimal"]);
});

Deno.test("summarizeUnion() averages ratios per selector and budget, leaving out missing ones", async () => {
  const pkg = fixturePackage();
  const store = readMem0GetAll(await fixtureJson("mem0_get_all_v2.json"));
  const s = await scoreUnion(pkg, store, { adjudicator: stubAdjudicator(), budgets: [20, 60] });
  const rows = summarizeUnion([s, s]);
  const get = (sel: string, B: number) => rows.find((r) => r.selector === sel && r.budget === B)!;
  assert.deepEqual(get("salience_pruned", 20), {
    selector: "salience_pruned",
    budget: 20,
    packages: 2,
    n: 2,
    unionRatio: 0.75,
    packageRatio: 3,
    nUnion: 2,
    nPackage: 2,
    value: 1.5,
    feasible: 2,
    uncertified: 0,
  });
  assert.deepEqual([get("as_written", 20).n, get("as_written", 20).unionRatio], [0, null]);
  assert.equal(get("as_written", 60).unionRatio, 1);
});

Deno.test("packageTextAdjudicator() copies a candidate's row for an identical text only", async () => {
  const pkg = fixturePackage();
  const adj = packageTextAdjudicator(pkg);
  const units = pkg.units.map((u) => ({ id: u.id, text: u.text ?? "", family: u.family }));
  const edges = await adj.adjudicate({
    packageId: "fixture+mem0",
    memory: { id: "x", text: "  Caroline went to an   LGBTQ support group. " },
    units,
  });
  assert.deepEqual(edges, [{
    unit: "u_group",
    value: 0.5,
    provenance: "imported:package_text",
    rationale: "s1::obs_0",
  }]);
  assert.deepEqual(
    await adj.adjudicate({ packageId: "fixture", memory: { id: "y", text: "other" }, units }),
    [],
  );
  await assert.rejects(
    () => adj.adjudicate({ packageId: "other", memory: { id: "y", text: "x" }, units }),
    RangeError,
  );
});

Deno.test("summarizeUnion() leaves an uncertified upper-pruned bound out and compares means over the same packages", () => {
  const sel = (
    selector: "upper_pruned" | "as_written",
    value: number,
    u: number | null,
    p: number | null,
    certified?: boolean,
  ) => ({
    selector,
    memories: [],
    cost: 0,
    value,
    feasible: true,
    unionRatio: u === null
      ? { ratio: null, flag: "uncertified" as const }
      : { ratio: u, flag: "ok" as const },
    packageRatio: p === null
      ? { ratio: null, flag: "uncertified" as const }
      : { ratio: p, flag: "ok" as const },
    ...(certified === undefined ? {} : { certified }),
  });
  const score = (selections: ReturnType<typeof sel>[]) =>
    ({ budgets: [{ budget: 10, selections }] }) as unknown as UnionScore;
  const rows = summarizeUnion([
    score([sel("upper_pruned", 2, 0.5, 0.6, true), sel("as_written", 2, 0.5, 0.6)]),
    // No certificate for the upper-pruned subset: its incumbent F = 0 must not enter any mean.
    score([sel("upper_pruned", 0, null, null, false), sel("as_written", 1, null, 0.1)]),
  ]);
  const up = rows.find((r) => r.selector === "upper_pruned")!;
  assert.deepEqual([up.packages, up.n, up.uncertified, up.value, up.unionRatio, up.packageRatio], [
    2,
    1,
    1,
    2,
    0.5,
    0.6,
  ]);
  // The union ratio is undefined on package 2: both means over package 1 only (no inversion:
  // over different sets it would read union 0.5 > package 0.35).
  const aw = rows.find((r) => r.selector === "as_written")!;
  assert.deepEqual([aw.n, aw.nUnion, aw.nPackage, aw.unionRatio, aw.packageRatio], [
    1,
    1,
    2,
    0.5,
    0.6,
  ]);
  assert.ok(aw.unionRatio! <= aw.packageRatio!);
});

Deno.test("scoreUnion() gives an upper-pruned bound without a certificate no ratio, and summarizeUnion() leaves its F = 0 out", async () => {
  // 60 memories, a MILP with a 0 ms limit: no certificate for the upper-pruned subset; the
  // incumbent is the empty store (F = 0), which must not enter any mean.
  const units = ["u_group", "u_career", "u_paint", "u_kids"];
  const store = {
    system: "sys",
    format: "generic_jsonl",
    file: "<memory>",
    problems: [],
    memories: Array.from({ length: 60 }, (_, i) => ({
      id: `m${i}`,
      text: `memory ${i} ` + "w ".repeat(1 + (i * 7) % 13),
      raw: {},
    })),
  } as unknown as MemoryStore;
  const adjudicator = {
    name: "fixed",
    adjudicate: (r: { memory: { id: string } }) => {
      const i = Number(r.memory.id.slice(1));
      return Promise.resolve(
        units.map((unit, j) => ({ unit, value: ((i * 31 + j * 17) % 10) / 10, provenance: "x" }))
          .filter((e) => e.value > 0),
      );
    },
  };
  const s = await scoreUnion(fixturePackage(), store, {
    adjudicator: adjudicator as never,
    budgets: [30],
    selectors: ["upper_pruned"],
    solver: { solver: "milp", timeLimitMs: 0 },
  });
  const [x] = s.budgets[0].selections;
  assert.equal(
    x.certified,
    false,
    "a 0 ms MILP limit should leave the upper-pruned bound uncertified",
  );
  assert.deepEqual([x.unionRatio, x.packageRatio], [
    { ratio: null, flag: "uncertified" },
    { ratio: null, flag: "uncertified" },
  ]);
  const [row] = summarizeUnion([s]);
  assert.deepEqual([row.packages, row.uncertified, row.n, row.value, row.unionRatio], [
    1,
    1,
    0,
    null,
    null,
  ]);
});
