import assert from "node:assert/strict";
import type { InputError } from "../../lib/base/errors.ts";
import {
  artifactFamily,
  artifactKind,
  readArtifactPackage,
} from "../../lib/package/artifact_jsonl.ts";
import { unitWeights } from "../../lib/package/compile.ts";

const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;
const SYNTHETIC = `${FIXTURES}artifact_synthetic`;
const NATURAL = `${FIXTURES}artifact_natural`;

/** Copies a fixture export to a temporary folder and applies text patches to its files. */
async function patchedCopy(
  src: string,
  patches: Record<string, (t: string) => string>,
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "memaudit_artifact_" });
  for (const e of Deno.readDirSync(src)) {
    const text = await Deno.readTextFile(`${src}/${e.name}`);
    await Deno.writeTextFile(`${dir}/${e.name}`, patches[e.name]?.(text) ?? text);
  }
  return dir;
}

Deno.test("readArtifactPackage() maps a synthetic export (§1.3)", async () => {
  const pkg = await readArtifactPackage(SYNTHETIC);
  assert.equal(pkg.id, "update_chain_seed_0");
  assert.equal(pkg.weight_source, "explicit");
  assert.deepEqual(pkg.meta, {
    source: "artifact export (ARTIFACT-SPEC §1.3)",
    distribution: "update_chain",
    seed: 0,
    // Line 10 overwrites line 2's (exp_0:raw, context:diet:ctx) cell: reported.
    coercions: [
      { file: "coverage_matrix.jsonl", line: 2, field: "coverage", from: 0.5, to: 0.6 },
    ],
  });
  assert.deepEqual(pkg.experiences.map((e) => [e.id, e.order, e.session]), [
    ["exp_0", 0, "update_chain_seed_0:synthetic"],
    ["exp_1", 1, "update_chain_seed_0:synthetic"],
  ]);
  assert.deepEqual(pkg.candidates.map((c) => [c.id, c.kind, c.representation, c.cost]), [
    ["exp_0:fact", "fact", "atomic_fact", 2],
    ["exp_0:raw", "raw", "raw_span", 6],
    ["exp_1:raw", "raw", "raw_span", 6],
    ["exp_1:tombstone", "tombstone", "tombstone", 2],
    ["exp_1:update", "update", "compound_update", 3],
  ]);
  assert.deepEqual(pkg.candidates[3], {
    id: "exp_1:tombstone",
    experience: "exp_1",
    kind: "tombstone",
    representation: "tombstone",
    cost: 2,
    text: "No longer vegetarian.",
    confidence: 0.9,
    estimated_value: 0.5,
    source: "oraclemem.synthetic",
  });
  assert.deepEqual(pkg.units.map((u) => [u.id, u.family, u.validity, u.weight]), [
    ["context:diet:ctx", "other", undefined, 0.35],
    ["current:diet:pescatarian", "current_state", "current", 2.25],
    ["fact:pet:cat", "other", undefined, 1.2],
    ["invalid:diet:vegetarian", "invalidation", "invalidates_prior", 2.25],
    ["stale:diet:vegetarian", "fact", "superseded", 0.15],
  ]);
  // The 0.0 row is dropped; the later 0.6 row overwrites the 0.5 row in place.
  assert.deepEqual(pkg.coverage.map((c) => [c.candidate, c.unit, c.value]), [
    ["exp_0:fact", "fact:pet:cat", 1],
    ["exp_0:raw", "context:diet:ctx", 0.6],
    ["exp_0:raw", "fact:pet:cat", 1],
    ["exp_0:raw", "stale:diet:vegetarian", 1],
    ["exp_1:raw", "current:diet:pescatarian", 1],
    ["exp_1:tombstone", "invalid:diet:vegetarian", 1],
    ["exp_1:update", "current:diet:pescatarian", 1],
    ["exp_1:update", "invalid:diet:vegetarian", 0.75],
  ]);
  assert.equal(pkg.queries.length, 5);
  assert.deepEqual(pkg.queries[1].required_units, ["current:diet:pescatarian"]);
  assert.deepEqual([...unitWeights(pkg)], [0.35, 2.25, 1.2, 2.25, 0.15]);
});

Deno.test("readArtifactPackage() maps a natural export (§1.4): costs, max(1, w), unresolved queries", async () => {
  const pkg = await readArtifactPackage(NATURAL);
  assert.equal(pkg.id, "artifact_natural");
  assert.deepEqual(pkg.candidates.map((c) => [c.id, c.kind, c.cost, c.confidence]), [
    ["q_a::s1::raw", "raw", 40, 1],
    ["q_a::s1::gemini_fact_0", "fact", 5, 1], // cost 0 -> cost_tokens; confidence 0 -> 1
    ["q_a::s2::raw", "raw", 30, 1], // int(30.7)
    ["q_a::s2::gemini_summary_0", "system", 1, 1], // no cost at all -> 1
    ["q_b::s9::raw", "raw", 25, 1],
  ]);
  // Every cost the §1.4 rule changed is reported with its file and line.
  assert.deepEqual(pkg.meta?.coercions, [
    { file: "candidate_memories.jsonl", line: 2, field: "cost", from: 0, to: 5 },
    { file: "candidate_memories.jsonl", line: 3, field: "cost", from: 30.7, to: 30 },
    { file: "candidate_memories.jsonl", line: 4, field: "cost", from: null, to: 1 },
  ]);
  assert.deepEqual(pkg.experiences.map((e) => [e.id, e.order, e.timestamp]), [
    ["q_a::s1", 0, "2023/05/20 (Sat) 02:21"],
    ["q_a::s2", 1, "2023/06/01 (Thu) 10:00"],
    ["q_b::s9", 0, "2023/01/02 (Mon) 08:00"],
  ]);
  // q_a::s2::u0 has unit_weight 0 but is required: max(1, 0) = 1.
  assert.deepEqual(pkg.units.map((u) => [u.id, u.family, u.validity, u.weight]), [
    ["q_a::s1::u0", "fact", "current", 1],
    ["q_a::s1::u1", "temporal", undefined, 0],
    ["q_a::s2::u0", "current_state", "current", 1],
    ["q_b::s9::u0", "preference", "current", 1],
  ]);
  // q_c has no required unit: unresolved, skipped.
  assert.deepEqual(pkg.queries.map((q) => [q.id, q.answer, q.category]), [
    ["q_a", "Lisbon, learning Portuguese", "multi-session"],
    ["q_b", "3", "single-session-user"],
  ]);
});

Deno.test("readArtifactPackage() keeps one instance of a natural export with `instance`", async () => {
  const pkg = await readArtifactPackage(NATURAL, { instance: "q_b" });
  assert.equal(pkg.id, "q_b");
  assert.deepEqual(pkg.experiences.map((e) => e.id), ["q_b::s9"]);
  assert.deepEqual(pkg.candidates.map((c) => c.id), ["q_b::s9::raw"]);
  assert.deepEqual(pkg.units.map((u) => u.id), ["q_b::s9::u0"]);
  assert.deepEqual(pkg.queries.map((q) => q.id), ["q_b"]);
  assert.deepEqual(pkg.coverage, [{ candidate: "q_b::s9::raw", unit: "q_b::s9::u0", value: 1 }]);
});

Deno.test("readArtifactPackage() names file, line and field of a malformed row", async () => {
  const dir = await patchedCopy(SYNTHETIC, {
    "candidate_memories.jsonl": (t) => t.replace('"cost": 3,', '"cost": "three",'),
  });
  await assert.rejects(() => readArtifactPackage(dir), (err: InputError) => {
    assert.equal(err.name, "InputError");
    assert.equal(err.file, `${dir}/candidate_memories.jsonl`);
    assert.deepEqual(err.where, { path: "line 5, field cost" });
    assert.match(err.message, /candidate_memories\.jsonl: line 5, field cost: .*expected number/);
    return true;
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readArtifactPackage() names file and line of a row that is not JSON", async () => {
  const dir = await patchedCopy(SYNTHETIC, {
    "evidence_units.jsonl": (t) =>
      t.replace(
        '{"adjudication_status": "resolved", "annotator_ids": ["synthetic_generator"], "canonical_text": "fact',
        '{"oops',
      ),
  });
  await assert.rejects(() => readArtifactPackage(dir), {
    name: "InputError",
    message: `Cannot read ${dir}/evidence_units.jsonl: line 3, column 16: ` +
      "expected valid JSON (Expected ':' after property name, found ',')",
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("readArtifactPackage() traces a schema error to the export line (coverage > 1)", async () => {
  const dir = await patchedCopy(SYNTHETIC, {
    "coverage_matrix.jsonl": (t) => t.replace('"coverage": 0.75,', '"coverage": 1.5,'),
  });
  await assert.rejects(() => readArtifactPackage(dir), (err: InputError) => {
    assert.equal(err.file, `${dir}/coverage_matrix.jsonl`);
    assert.deepEqual(err.where, { path: "line 9, field coverage" });
    return true;
  });
  await Deno.remove(dir, { recursive: true });
});

/** Reads a patched copy of a fixture export and returns the InputError it raises. */
async function artifactError(
  src: string,
  patches: Record<string, (t: string) => string>,
): Promise<InputError & { relFile: string }> {
  const dir = await patchedCopy(src, patches);
  try {
    await readArtifactPackage(dir);
  } catch (err) {
    assert.equal((err as Error).name, "InputError");
    const e = err as InputError;
    return Object.assign(e, { relFile: e.file.slice(dir.length + 1) });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  assert.fail("expected an InputError");
}

Deno.test("readArtifactPackage() rejects a negative cost or cost_tokens (§1.1)", async () => {
  const cases = [
    { patch: (t: string) => t.replace('"cost": 40,', '"cost": -40,'), line: 1, field: "cost" },
    {
      patch: (t: string) => t.replace('"cost_tokens": 5,', '"cost_tokens": -5,'),
      line: 2,
      field: "cost_tokens",
    },
  ];
  for (const { patch, line, field } of cases) {
    const err = await artifactError(NATURAL, { "candidate_memories.jsonl": patch });
    assert.equal(err.relFile, "candidate_memories.jsonl");
    assert.deepEqual(err.where, { path: `line ${line}, field ${field}` });
    assert.match(err.message, /expected a cost >= 0 \(ARTIFACT-SPEC §1\.1/);
  }
});

Deno.test("readArtifactPackage() rejects negative coverage (§1.1) instead of dropping it", async () => {
  const err = await artifactError(SYNTHETIC, {
    "coverage_matrix.jsonl": (t) => t.replace('"coverage": 0.0,', '"coverage": -0.7,'),
  });
  assert.equal(err.relFile, "coverage_matrix.jsonl");
  assert.deepEqual(err.where, { path: "line 5, field coverage" });
  assert.match(err.message, /expected a coverage value >= 0/);
});

Deno.test("readArtifactPackage() reports a repeated experience row as a coercion", async () => {
  const dir = await patchedCopy(SYNTHETIC, {
    "experiences.jsonl": (t) => t + t.split("\n")[0].replace('"I a', '"Again: I a') + "\n",
  });
  try {
    const pkg = await readArtifactPackage(dir);
    assert.equal(pkg.experiences.length, 2);
    assert.match(pkg.experiences[0].text!, /^Again: /); // the later row is kept
    assert.deepEqual(
      (pkg.meta?.coercions as unknown[]).filter((c) =>
        (c as { file: string }).file === "experiences.jsonl"
      ),
      [{ file: "experiences.jsonl", line: 1, field: "experience_id", from: "exp_0", to: "line 3" }],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("readArtifactPackage() names a file that is not UTF-8, and a folder in place of instance.json", async () => {
  const dir = await patchedCopy(SYNTHETIC, {});
  try {
    const bytes = await Deno.readFile(`${dir}/queries.jsonl`);
    const second = bytes.indexOf(0x0a) + 5;
    bytes[second] = 0xff;
    await Deno.writeFile(`${dir}/queries.jsonl`, bytes);
    await assert.rejects(() => readArtifactPackage(dir), {
      name: "InputError",
      message: `Cannot read ${dir}/queries.jsonl: line 2: expected UTF-8 text`,
    });
    await Deno.remove(`${dir}/instance.json`);
    await Deno.mkdir(`${dir}/instance.json`);
    await assert.rejects(() => readArtifactPackage(dir), {
      name: "InputError",
      message: `Cannot read ${dir}/instance.json: (root): expected a file, found a folder`,
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("artifactKind() and artifactFamily() follow the documented maps", () => {
  assert.deepEqual(
    [
      "raw_span",
      "interval_fact",
      "compound_update",
      "graph_edge",
      "compound_evidence",
      "uncertainty",
      "mem0_memory",
    ]
      .map(artifactKind),
    ["raw", "fact", "update", "edge", "event", "rule", "system"],
  );
  assert.deepEqual(
    [
      "current_truth",
      "stale_or_superseded",
      "context",
      "temporal_fact",
      "update",
      "synthetic_evidence",
      null,
    ]
      .map(artifactFamily),
    ["current_state", "fact", "other", "temporal", "current_state", "other", "other"],
  );
  assert.equal(artifactKind("toString"), "system");
});
