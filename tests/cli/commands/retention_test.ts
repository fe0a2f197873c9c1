import assert from "node:assert/strict";
import { assertFitsPublished } from "../../_published_schema.ts";

const ROOT = new URL("../../../", import.meta.url).pathname;
const FX = "tests/retention/fixtures/";

async function run(...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/memaudit.ts", "retention", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("memaudit retention rr --json prints users and the benchmark mean", async () => {
  const r = await run(
    "rr",
    "--facts",
    `${FX}facts.csv`,
    "--presence",
    `${FX}presence.csv`,
    "--json",
  );
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(j), ["users", "benchmark", "warnings"]);
  // u2's fact 'a' is checked at 2, 3 and 5 of its lifespan 2..6: 4 and 6 count as absent.
  assert.deepEqual(j.warnings, [
    `absent by default: 2 of 14 lifespan session(s) have no presence row in ${FX}presence.csv ` +
    "and count as absent (1 fact(s), e.g. u2/a)",
  ]);
  assert.match(r.stderr, /warning: absent by default: 2 of 14 lifespan session\(s\)/);
  assert.deepEqual(j.users.map((u: Record<string, unknown>) => Object.keys(u)), [
    ["user", "pooled_exact", "pooled_k20", "per_fact_exact"],
    ["user", "pooled_exact", "pooled_k20", "per_fact_exact"],
  ]);
  assert.deepEqual(Object.keys(j.benchmark), ["pooled_exact", "pooled_k20", "per_fact_exact"]);
  assert.equal(j.users[0].user, "u1");
  assert.ok(Math.abs(j.users[0].pooled_exact - 7 / 9) < 1e-12);
  assert.equal(j.users[1].pooled_exact, 0.4);
  assert.equal(j.benchmark.per_fact_exact, 0.6375);
});

Deno.test("memaudit retention rr prints a table and writes per-fact rows with --out", async () => {
  const dir = await Deno.makeTempDir();
  const r = await run(
    "rr",
    "--facts",
    `${FX}facts.csv`,
    "--presence",
    `${FX}presence.csv`,
    "--out",
    dir,
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /benchmark \(mean of 2 users\)\s+5\s+0\.5889\s+0\.5889/);
  const facts = await Deno.readTextFile(`${dir}/rr_facts.csv`);
  assert.equal(facts.trim().split("\n").length, 6);
  assert.match(facts, /^user,fact,type,t_start,t_target,lifespan,checked,held/);
  const csv = await run(
    "rr",
    "--facts",
    `${FX}facts.csv`,
    "--presence",
    `${FX}presence.csv`,
    "--csv",
  );
  assert.match(csv.stdout, /^user,facts,pooled_exact,pooled_k20,error,per_fact_exact\nu1,4,/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("memaudit retention gating --json prints the pooled metrics", async () => {
  const r = await run("gating", `${FX}predictions.csv`, "--json");
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), {
    tp: 3,
    fp: 1,
    fn: 1,
    tn: 1,
    precision: 0.75,
    recall: 0.75,
    f1: 0.75,
    accuracy: 4 / 6,
  });
  await assertFitsPublished("retention_gating_report", JSON.parse(r.stdout));
  const g = await run("gating", `${FX}gating`, "--json");
  assert.equal(JSON.parse(g.stdout).f1, 6 / 7);
  await assertFitsPublished("retention_gating_report", JSON.parse(g.stdout));
});

Deno.test("memaudit retention exits 2 with one line for bad flags and bad files", async () => {
  const cases: [string[], RegExp][] = [
    [["rr", "--facts", `${FX}facts.csv`], /--presence FILE is required/],
    [
      ["rr", "--facts", `${FX}facts.csv`, "--presence", `${FX}presence.csv`, "--k", "1"],
      /--k: expected an integer >= 2, got "1"/,
    ],
    [["rr", "--bogus"], /Unknown option/i],
    [
      ["rr", "--facts", `${FX}facts.csv`, "--presence", `${FX}presence.csv`, "--json", "--csv"],
      /exclude/,
    ],
    [
      ["rr", "--facts", `${FX}facts.csv`, "--presence", `${FX}bad/presence_unknown_fact.csv`],
      /presence_unknown_fact\.csv: row 2, column fact: expected a fact/,
    ],
    [
      ["rr", "--facts", `${FX}bad/facts_no_type.csv`, "--presence", `${FX}presence.csv`],
      /facts_no_type\.csv: row 2, column type/,
    ],
    [
      ["rr", "--facts", `${FX}missing.csv`, "--presence", `${FX}presence.csv`],
      /missing\.csv: \(root\): expected an existing file/,
    ],
    [["gating", `${FX}facts.csv`], /facts\.csv: header: expected a column 'session'/],
    [["gating"], /expected one PREDICTIONS\.csv/],
    [["nope"], /unknown subcommand 'nope'/],
  ];
  for (const [args, pattern] of cases) {
    const r = await run(...args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, pattern, args.join(" "));
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.equal(r.stdout, "");
  }
});

Deno.test("memaudit retention rr reads PerMem-Bench folders with a labelled lexical judge", async () => {
  const r = await run("rr", "--sessions", `${FX}permem`, "--snapshots", `${FX}snapshots`, "--json");
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.judge, "lexical (approximation)");
  assert.ok(Math.abs(j.users[0].pooled_exact - 7 / 9) < 1e-12);
  const p = await run("rr", "--per-fact", `${FX}per_fact`, "--json");
  assert.equal(JSON.parse(p.stdout).users[0].per_fact_mean, 0.75);
  const bad = await run("rr", "--sessions", `${FX}bad/session_id`, "--snapshots", `${FX}snapshots`);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /session_0001\.json: session_id: expected an integer session id/);
  const mixed = await run("rr", "--per-fact", `${FX}per_fact`, "--facts", `${FX}facts.csv`);
  assert.equal(mixed.code, 2);
  assert.match(mixed.stderr, /give one input/);
});

Deno.test("memaudit retention rr --end-on-update uses the optional superseded_at column", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/facts.csv`,
    "user,fact,type,t_start,t_target,superseded_at\nu,a,user_profile,1,4,3\nu,b,ongoing_state,3,4,\n",
  );
  await Deno.writeTextFile(
    `${dir}/presence.csv`,
    "user,fact,session,present\nu,a,1,1\nu,a,2,1\nu,b,3,1\n",
  );
  const plain = await run(
    "rr",
    "--facts",
    `${dir}/facts.csv`,
    "--presence",
    `${dir}/presence.csv`,
    "--json",
  );
  assert.equal(JSON.parse(plain.stdout).users[0].pooled_exact, 3 / 6);
  const ended = await run(
    "rr",
    "--facts",
    `${dir}/facts.csv`,
    "--presence",
    `${dir}/presence.csv`,
    "--end-on-update",
    "--json",
  );
  assert.equal(ended.code, 0, ended.stderr);
  assert.equal(JSON.parse(ended.stdout).users[0].pooled_exact, 3 / 4);
  await Deno.writeTextFile(
    `${dir}/bad.csv`,
    "user,fact,type,t_start,t_target,superseded_at\nu,a,user_profile,2,4,2\n",
  );
  const bad = await run("rr", "--facts", `${dir}/bad.csv`, "--presence", `${dir}/presence.csv`);
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /bad\.csv: row 1, column superseded_at: expected a session after t_start/,
  );
  await Deno.remove(dir, { recursive: true });
});

Deno.test("memaudit retention simulate writes a run the other subcommands read", async () => {
  const dir = await Deno.makeTempDir();
  const r = await run("simulate", "--out", dir, "--users", "2", "--budget", "8", "--json");
  assert.equal(r.code, 0, r.stderr);
  const files = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(files), [
    "sessions",
    "snapshots",
    "facts",
    "presence",
    "predictions",
  ]);
  await assertFitsPublished("retention_simulate_report", files);
  const rr = await run("rr", "--facts", files.facts, "--presence", files.presence, "--json");
  assert.equal(JSON.parse(rr.stdout).users.length, 2);
  const g = await run("gating", files.predictions, "--json");
  assert.equal(JSON.parse(g.stdout).recall, 1); // universal stores every session
  const bad = await run("simulate", "--out", dir, "--users", "0");
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--users: expected an integer >= 1, got "0"/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("memaudit retention simulate into an earlier run's folder leaves none of its users; a foreign folder is refused", async () => {
  const dir = await Deno.makeTempDir();
  const users = async () => {
    const names: string[] = [];
    for await (const e of Deno.readDir(`${dir}/permem`)) names.push(e.name);
    return names.length;
  };
  assert.equal((await run("simulate", "--out", dir, "--users", "3")).code, 0);
  assert.equal(await users(), 3);
  const again = await run("simulate", "--out", dir, "--users", "1", "--json");
  assert.equal(again.code, 0, again.stderr);
  assert.equal(await users(), 1);
  const rr = await run(
    "rr",
    "--facts",
    `${dir}/facts.csv`,
    "--presence",
    `${dir}/presence.csv`,
    "--json",
  );
  assert.equal(JSON.parse(rr.stdout).users.length, 1);
  await Deno.writeTextFile(`${dir}/notes.txt`, "mine\n");
  const refused = await run("simulate", "--out", dir, "--users", "1");
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /^memaudit retention: Cannot write .*: expected a new or empty folder, or one holding only an earlier run's files as its memaudit-run\.json lists them; found notes\.txt, a file the run did not write/,
  );
  assert.equal(await Deno.readTextFile(`${dir}/notes.txt`), "mine\n");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("memaudit retention rr --help shows a worked example", async () => {
  const r = await run("rr", "--help");
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Example:\n {2}deno task memaudit retention rr --facts/);
});
