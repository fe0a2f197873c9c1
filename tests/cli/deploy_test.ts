/**
 * The ready files of docs/deploy run: the shell commands of the Kubernetes
 * Indexed Job (shard pods, then the merge) and the Slurm array script's two
 * steps, run here with the variables the schedulers set (JOB_COMPLETION_INDEX,
 * SLURM_ARRAY_TASK_ID) on a small grid, give the files of one run.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "./_run.ts";

const GRID = "--distributions base,scope_shift --seeds 5 --budgets 0.05,0.10 --methods opt,greedy";

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function sh(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(args[0], {
    args: args.slice(1),
    env: { ...env, NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

/** The folded (`>-`) shell command of the container `name` in the YAML, one line. */
function containerCommand(yaml: string, name: string): string {
  const lines = yaml.split("\n");
  const at = lines.findIndex((l) => l.trim() === `- name: ${name}`);
  assert.ok(at >= 0, name);
  const fold = lines.findIndex((l, i) => i > at && l.trim() === "- >-");
  const indent = lines[fold + 1].search(/\S/);
  const body: string[] = [];
  for (let i = fold + 1; i < lines.length && lines[i].search(/\S/) >= indent; i++) {
    body.push(lines[i].trim());
  }
  return body.join(" ");
}

async function assertSameAsOneRun(dir: string, merged: string): Promise<void> {
  const whole = join(dir, "whole");
  const r = await sh([
    Deno.execPath(),
    "run",
    "-A",
    join(ROOT, "scripts", "memaudit.ts"),
    "sweep",
    ...GRID.split(" "),
    "--out",
    whole,
    "--quiet",
  ], {});
  assert.equal(r.code, 0, r.stderr);
  for (const f of ["raw_results.jsonl", "raw_results.csv", "summary.json"]) {
    assert.equal(await sha256(join(merged, f)), await sha256(join(whole, f)), f);
  }
}

Deno.test("docs/deploy/k8s-indexed-job.yaml: its shard and merge commands give one run's files", async () => {
  const yaml = await Deno.readTextFile(join(ROOT, "docs", "deploy", "k8s-indexed-job.yaml"));
  assert.match(yaml, /completionMode: Indexed/);
  assert.match(yaml, /completions: 4 # = SHARDS\n {2}parallelism: 4/);
  assert.match(yaml, /SHARDS: "4"/);
  const dir = await Deno.makeTempDir({ prefix: "memaudit_k8s_" });
  try {
    // /repo is the checkout in the pods; here it is this repository.
    const shard = containerCommand(yaml, "shard").replaceAll("/repo/", `${ROOT}/`);
    const merge = containerCommand(yaml, "merge").replaceAll("/repo/", `${ROOT}/`);
    assert.match(shard, /--shard "\$JOB_COMPLETION_INDEX\/\$SHARDS"/);
    const env = {
      SHARDS: "3",
      SWEEP_ARGS: GRID,
      OUT: join(dir, "exact"),
      PATH: Deno.env.get("PATH")!,
    };
    const pods = await Promise.all(
      [0, 1, 2].map((i) => sh(["sh", "-c", shard], { ...env, JOB_COMPLETION_INDEX: String(i) })),
    );
    for (const p of pods) assert.equal(p.code, 0, p.stderr);
    const early = await sh(["sh", "-c", merge], { ...env, SHARDS: "4" });
    assert.equal(early.code, 2);
    assert.match(
      early.stderr,
      /^memaudit merge: Cannot read .*exact\.shards\/3: .*expected an existing shard folder/,
    );
    const done = await sh(["sh", "-c", merge], env);
    assert.equal(done.code, 0, done.stderr);
    await assertSameAsOneRun(dir, join(dir, "exact"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("docs/deploy/slurm-array.sh: its array tasks and merge step give one run's files", async () => {
  const script = join(ROOT, "docs", "deploy", "slurm-array.sh");
  const dir = await Deno.makeTempDir({ prefix: "memaudit_slurm_" });
  try {
    const env = {
      SHARDS: "4",
      SWEEP_ARGS: GRID,
      OUT: join(dir, "run"),
      DENO: Deno.execPath(),
      PATH: Deno.env.get("PATH")!,
    };
    const tasks = await Promise.all(
      [0, 1, 2, 3].map((i) => sh(["bash", script], { ...env, SLURM_ARRAY_TASK_ID: String(i) })),
    );
    for (const t of tasks) assert.equal(t.code, 0, t.stderr);
    const merged = await sh(["bash", script], { ...env, MEMAUDIT_STEP: "merge" });
    assert.equal(merged.code, 0, merged.stderr);
    await assertSameAsOneRun(dir, join(dir, "run"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
