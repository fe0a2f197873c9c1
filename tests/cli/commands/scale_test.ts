import assert from "node:assert/strict";
import { assertFitsPublished } from "../../_published_schema.ts";
import { join } from "node:path";
import { memaudit as run, ROOT } from "../_run.ts";

const fx = (name: string) => `tests/scale/fixtures/${name}`;

const memaudit = (...args: string[]) => run(args);

Deno.test("memaudit scale score prints groups and boundaries as a table", async () => {
  const r = await memaudit("scale", "score", fx("memaudit.jsonl"), "--resamples", "200");
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /12 trajectories \(memaudit\), budget B = 2, alpha = 0\.7/);
  assert.match(r.stdout, /qwen3-8b\s+licomemory\s+s0\s+2\s+0\.5000/);
  assert.match(r.stdout, /qwen3-8b\s+hipporag\s+100\s+false/);
});

Deno.test("memaudit scale score --json has the stable shape of issue 11", async () => {
  const r = await memaudit("scale", "score", fx("memaudit.jsonl"), "--json", "--budget", "3");
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(j), ["groups", "boundaries", "params", "skipped", "warnings"]);
  await assertFitsPublished("scale_score_report", j);
  assert.deepEqual(Object.keys(j.groups[0]), [
    "agent",
    "system",
    "scale",
    "n",
    "pass_at_b",
    "p_exh",
    "p_wrong",
    "p90r",
    "mean_r",
    "ci",
  ]);
  const ci = (x: number) => ({ low: x, high: x, half_width: 0 });
  assert.deepEqual(j.boundaries.map((b: Record<string, unknown>) => ({ ...b, points: [] })), [
    {
      agent: "qwen3-8b",
      system: "hipporag",
      s_star: 100,
      recovers: false,
      s_star_sustained: 100,
      missing_scales: [],
      points: [],
    },
    {
      agent: "qwen3-8b",
      system: "licomemory",
      s_star: ">200",
      recovers: false,
      s_star_sustained: ">200",
      missing_scales: [],
      points: [],
    },
  ]);
  // The per-scale points s* is taken over, with n and the interval the table shows.
  assert.deepEqual(j.boundaries[1].points[0], { scale: 0, pass_at_b: 1, n: 2, ci: ci(1) });
  assert.deepEqual(j.warnings, []);
  assert.equal(j.groups.length, 6);
  assert.deepEqual(j.groups[3], {
    agent: "qwen3-8b",
    system: "licomemory",
    scale: "s0",
    n: 2,
    pass_at_b: 1,
    p_exh: 0,
    p_wrong: 0,
    p90r: 3,
    mean_r: 2,
    ci: { pass_at_b: ci(1), p_exh: ci(0), p_wrong: ci(0) },
  });
  assert.deepEqual(j.params.ladder, ["s0", "s1", "s2"]);
});

Deno.test("memaudit scale score reads an OpenAI chat log with a judge log and shows skipped records", async () => {
  const r = await memaudit(
    "scale",
    "score",
    fx("openai_chat.jsonl"),
    "--judge-log",
    fx("judge_log.jsonl"),
    "--json",
    "--resamples",
    "0",
  );
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.params.format, "openai-chat");
  assert.deepEqual(j.skipped, [
    { line: 3, reason: 'messages[4]: tool result for unknown tool_call_id "call_ZZ"' },
  ]);
  assert.deepEqual(
    j.groups.map((
      g: { scale: string; pass_at_b: number; p_exh: number },
    ) => [g.scale, g.pass_at_b, g.p_exh]),
    [
      ["s0", 0.5, 0.5],
      ["s1", 0, 0],
    ],
  );
  // Without --json the skipped records go to stderr, one per line.
  const t = await memaudit(
    "scale",
    "score",
    fx("openai_chat.jsonl"),
    "--judge-log",
    fx("judge_log.jsonl"),
  );
  assert.equal(t.code, 0);
  assert.match(
    t.stderr,
    /chat\.jsonl: line 3: messages\[4\]: tool result for unknown tool_call_id/,
  );
  assert.match(t.stdout, /Tools seen: search_memory ×6 \(memory\), get_weather ×1/);
});

Deno.test("memaudit scale score --out writes the per-item and aggregate files", async () => {
  const dir = await Deno.makeTempDir();
  const r = await memaudit(
    "scale",
    "score",
    fx("memaudit.jsonl"),
    "--csv",
    "--out",
    dir,
    "--resamples",
    "0",
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^agent,system,scale,n,pass_at_b,pass_ci_half_width,p_exh,p_wrong,p90r,mean_r\n/,
  );
  const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  assert.deepEqual(names, [
    "boundaries.csv",
    "curves.csv",
    "groups.csv",
    "score.json",
    "skipped.csv",
    "trajectories.csv",
  ]);
  const traj = Deno.readTextFileSync(`${dir}/trajectories.csv`).trim().split("\n");
  assert.equal(traj.length, 13);
  assert.equal(
    traj[0],
    "line,query_id,trajectory_id,agent,system,scale_label,n_irr,R,correct,pass,exhausted",
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("memaudit scale score exits 2 with one line on bad flags, a bad file and missing correctness", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["scale", "score", fx("memaudit.jsonl"), "--budget", "two"],
      /--budget: expected an integer >= 0, got "two"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--alpha", "1.5"],
      /--alpha: expected a probability in \[0, 1\], got "1.5"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--format", "xml"],
      /--format expects auto, memaudit, .* or longmemeval-qa, got 'xml'/,
    ],
    // 1e9 resamples ran for an hour and then exhausted the heap.
    [
      ["scale", "score", fx("memaudit.jsonl"), "--resamples", "1000000000"],
      /--resamples: expected an integer in \[0, 1000000\], got "1000000000"/,
    ],
    // Integers are plain decimals (Number() took 1e9, 0x10 and +5).
    [
      ["scale", "score", fx("memaudit.jsonl"), "--resamples", "1e9"],
      /--resamples: expected an integer in \[0, 1000000\], got "1e9"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--budget", "0x10"],
      /--budget: expected an integer >= 0, got "0x10"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--budget", "+5"],
      /--budget: expected an integer >= 0, got "\+5"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--alpha", "0x1"],
      /--alpha: expected a probability in \[0, 1\], got "0x1"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--seed", ""],
      /--seed: expected an integer or a word, got ""/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--ladder", "s0,s0"],
      /--ladder lists "s0" twice, got "s0,s0"/,
    ],
    [
      ["scale", "score", fx("memaudit.jsonl"), "--memory-tools", ","],
      /--memory-tools expects a comma-separated list/,
    ],
    [["scale", "score", fx("memaudit.jsonl"), "--bogus"], /Unknown option '--bogus'/],
    [["scale", "score"], /expected one trajectory file, got 0/],
    [["scale", "frobnicate"], /unknown subcommand 'frobnicate'/],
    [
      ["scale", "score", fx("no_such_file.jsonl")],
      /Cannot read .*no_such_file\.jsonl: .*expected an existing file/,
    ],
    [
      ["scale", "score", fx("openai_chat.jsonl")],
      /Cannot read .*openai_chat\.jsonl: line 2: correct: expected true or false/,
    ],
    [
      ["scale", "score", fx("anthropic.jsonl"), "--format", "memaudit"],
      /Cannot read .*anthropic\.jsonl: line 1: schema: expected "schema"/,
    ],
  ];
  for (const [args, re] of cases) {
    const r = await memaudit(...args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, re);
  }
});

Deno.test("memaudit scale --help lists the subcommands and score --help has an example", async () => {
  const r = await memaudit("scale", "--help");
  assert.equal(r.code, 0);
  assert.match(r.stdout, /score\s+score trajectories/);
  const s = await memaudit("scale", "score", "--help");
  assert.equal(s.code, 0);
  assert.match(
    s.stdout,
    /Example:\n\s+memaudit scale score runs\.jsonl --budget 2 --alpha 0\.7 --json/,
  );
});

Deno.test("memaudit scale score output does not depend on line order; --ladder and --sustained apply", async () => {
  const dir = await Deno.makeTempDir();
  const lines = Deno.readTextFileSync(join(ROOT, fx("memaudit.jsonl"))).trim().split("\n");
  Deno.writeTextFileSync(`${dir}/rev.jsonl`, lines.reverse().join("\n") + "\n");
  const a = await memaudit("scale", "score", fx("memaudit.jsonl"), "--json", "--resamples", "300");
  const b = await memaudit("scale", "score", `${dir}/rev.jsonl`, "--json", "--resamples", "300");
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.stdout, a.stdout);
  // Label-only scales: a recovering curve, ordered by --ladder.
  const short = [
    ["hi", true],
    ["lo", false],
    ["mid", true],
  ].map(([scale, correct]) =>
    JSON.stringify({ query_id: "q", scale, agent: "a", system: "m", R: 1, correct })
  );
  Deno.writeTextFileSync(`${dir}/labels.jsonl`, short.join("\n") + "\n");
  const natural = JSON.parse(
    (await memaudit("scale", "score", `${dir}/labels.jsonl`, "--json")).stdout,
  );
  assert.deepEqual(natural.params.ladder, ["hi", "lo", "mid"]);
  assert.deepEqual({ ...natural.boundaries[0], points: undefined }, {
    agent: "a",
    system: "m",
    s_star: "lo",
    recovers: true,
    s_star_sustained: ">mid",
    missing_scales: [],
    points: undefined,
  });
  const ordered = await memaudit(
    "scale",
    "score",
    `${dir}/labels.jsonl`,
    "--json",
    "--ladder",
    "mid,hi,lo",
    "--sustained",
  );
  const j = JSON.parse(ordered.stdout);
  assert.deepEqual(j.params.ladder, ["mid", "hi", "lo"]);
  assert.equal(j.params.boundary_rule, "sustained");
  assert.deepEqual(
    [j.boundaries[0].s_star, j.boundaries[0].recovers, j.boundaries[0].s_star_sustained],
    ["lo", false, "lo"],
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("memaudit scale score --out converts an adapter's log to memaudit.trajectory/1 lines", async () => {
  const dir = await Deno.makeTempDir();
  const r = await memaudit(
    "scale",
    "score",
    fx("anthropic.jsonl"),
    "--out",
    dir,
    "--json",
    "--resamples",
    "0",
  );
  assert.equal(r.code, 0, r.stderr);
  const lines = Deno.readTextFileSync(`${dir}/trajectories.jsonl`).trim().split("\n");
  assert.equal(lines.length, 2);
  // The converted file scores the same.
  const again = await memaudit(
    "scale",
    "score",
    `${dir}/trajectories.jsonl`,
    "--json",
    "--resamples",
    "0",
  );
  const a = JSON.parse(r.stdout), b = JSON.parse(again.stdout);
  assert.deepEqual(b.groups, a.groups);
  assert.deepEqual(b.boundaries, a.boundaries);
  assert.equal(b.params.format, "memaudit");
  assert.equal(Deno.readTextFileSync(`${dir}/skipped.csv`).trim().split("\n").length, 3);
  await Deno.remove(dir, { recursive: true });
});

/** `memaudit scale score /dev/stdin ...` with `file`'s bytes piped in (the whole run's output). */
async function scoreFromPipe(
  file: string,
  args: string[],
): Promise<{ code: number; stdout: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "scripts", "memaudit.ts"),
      "scale",
      "score",
      "/dev/stdin",
      ...args,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(await Deno.readFile(file));
  await w.close();
  const out = await child.output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

Deno.test("scale score reads a pipe whole: memaudit lines and a LongMemEval QA output scored as from the file (the QA one was read twice, the pipe empty the second time)", async () => {
  const qa = join(ROOT, "tests/scale/fixtures/qa/oracle.jsonl");
  const piped = await scoreFromPipe(qa, ["--json"]);
  assert.equal(piped.code, 0);
  const fromFile = await run(["scale", "score", qa, "--json"]);
  assert.equal(fromFile.code, 0, fromFile.stderr);
  // The same scores; the scale is labelled by the file's name.
  const named = (out: string, label: string, path: string) =>
    out.replaceAll(path, "FILE").replaceAll(`"${label}"`, '"L"').replaceAll(`">${label}"`, '">L"');
  assert.equal(
    named(piped.stdout, "stdin", "/dev/stdin"),
    named(fromFile.stdout, "oracle.jsonl", qa),
  );
  assert.match(piped.stdout, /"accuracy": 0\.8/);
  const lines = Array.from(
    { length: 40 },
    (_, q) => JSON.stringify({ query_id: `q${q}`, scale: 0, R: q % 4, correct: q % 3 !== 0 }),
  );
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "t.jsonl"), lines.join("\n") + "\n");
    const a = await scoreFromPipe(join(dir, "t.jsonl"), ["--json", "--resamples", "20"]);
    const b = await run(["scale", "score", join(dir, "t.jsonl"), "--json", "--resamples", "20"]);
    assert.equal(a.code, 0);
    assert.equal(a.stdout, b.stdout);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
