/**
 * The files of docs/deploy are what a cluster would run: the Kubernetes manifest parses as YAML
 * and every object validates against the Kubernetes models (kubernetes-models) with no unknown
 * field; the image pins one commit and caches every npm package; the shard and merge containers'
 * commands, and the Slurm script's submit branch (against a stub `sbatch`) with the tasks it
 * submits, give the files of one run.
 */
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { FULL_TESTS } from "../_tier.ts";
import { withTempDir } from "../_tmp.ts";
import { ROOT } from "./_run.ts";
import {
  assertSameAsOneRun,
  DEPLOY,
  dockerImages,
  dockerInstructions,
  GRID,
  type K8sObject,
  parseManifest,
  sh,
  stubSbatch,
  typedModule,
  validateObject,
} from "./_deploy.ts";

const MANIFEST = join(DEPLOY, "k8s-indexed-job.yaml");
const DOCKERFILE = join(DEPLOY, "Dockerfile");
const SLURM = join(DEPLOY, "slurm-array.sh");

async function manifest(): Promise<K8sObject[]> {
  return parseManifest(await Deno.readTextFile(MANIFEST));
}

function byKind(objects: K8sObject[], kind: string): K8sObject {
  const found = objects.filter((o) => o.kind === kind);
  assert.equal(found.length, 1, kind);
  return found[0];
}

/** The pod specs of the manifest: the Job's template and the CronJob's job template. */
function podSpecs(objects: K8sObject[]) {
  return [
    byKind(objects, "Job").spec.template.spec,
    byKind(objects, "CronJob").spec.jobTemplate.spec.template.spec,
  ];
}

/** The `sh -c` script of a container, with the image's checkout (/app) as this repository. */
function containerScript(spec: K8sObject["spec"], name: string): string {
  const c = spec.containers.find((x: { name: string }) => x.name === name);
  assert.ok(c, name);
  assert.deepEqual(c.command.slice(0, 2), ["sh", "-c"]);
  return c.command[2].replaceAll("/app/", `${ROOT}/`);
}

Deno.test("docs/deploy/k8s-indexed-job.yaml: every object validates against the Kubernetes models", async () => {
  const objects = await manifest();
  assert.deepEqual(objects.map((o) => o.kind), [
    "PersistentVolumeClaim",
    "ConfigMap",
    "Job",
    "CronJob",
  ]);
  for (const o of objects) validateObject(o);
  // The models refuse what Kubernetes refuses: a wrong enum value, a count that is not a number.
  const job = structuredClone(byKind(objects, "Job"));
  job.spec.completionMode = "indexed";
  assert.throws(() => validateObject(job), /completionMode must be equal to one of/);
  const cron = structuredClone(byKind(objects, "CronJob"));
  cron.spec.jobTemplate.spec.backoffLimit = "1";
  assert.throws(() => validateObject(cron), /backoffLimit must be integer/);
});

Deno.test("docs/deploy/k8s-indexed-job.yaml: no field that Kubernetes does not know", async () => {
  const objects = await manifest();
  const misspelt = structuredClone(byKind(objects, "Job"));
  misspelt.spec.backofLimitPerIndex = 2;
  const deep = structuredClone(byKind(objects, "CronJob"));
  deep.spec.jobTemplate.spec.template.spec.containers[0].imagePullPolicyy = "Never";
  await withTempDir(async (dir) => {
    const file = join(dir, "objects.ts");
    await Deno.writeTextFile(file, typedModule(objects, [misspelt, deep]));
    const r = await sh([Deno.execPath(), "check", "--config", join(ROOT, "deno.json"), file], {});
    // Passes only if the real objects type-check and both misspelt copies are refused.
    assert.equal(r.code, 0, r.stderr);
  });
});

Deno.test("docs/deploy: one commit pinned, no network in the pods, the storage class stated", async () => {
  const objects = await manifest();
  const pvc = byKind(objects, "PersistentVolumeClaim");
  assert.deepEqual(pvc.spec.accessModes, ["ReadWriteMany"]);
  assert.match(pvc.spec.storageClassName, /^[a-z0-9][a-z0-9.-]*$/);
  const shards = Number(byKind(objects, "ConfigMap").data.SHARDS);
  const job = byKind(objects, "Job");
  assert.equal(job.spec.completionMode, "Indexed");
  assert.deepEqual([job.spec.completions, job.spec.parallelism], [shards, shards]);
  const commits = new Set<string>();
  for (const spec of podSpecs(objects)) {
    assert.equal(spec.initContainers, undefined, "the image holds the checkout");
    assert.deepEqual(spec.volumes.map((v: K8sObject) => v.persistentVolumeClaim?.claimName), [
      pvc.metadata.name,
    ]);
    for (const c of spec.containers) {
      const tag = /^[\w.-]+(?:\/[\w.-]+)+:([0-9a-f]{40})$/.exec(c.image);
      assert.ok(tag, `${c.name}: image tagged with a full commit id, got ${c.image}`);
      commits.add(tag[1]);
      assert.equal(c.imagePullPolicy, "IfNotPresent");
      assert.match(c.command[2], /^(.*; )?exec deno run --cached-only /s);
    }
  }
  assert.equal(commits.size, 1, "both jobs run the same commit");
  const git = await sh(["git", "-C", ROOT, "rev-parse", "--is-shallow-repository"], {});
  if (git.code === 0 && git.stdout.trim() === "false") {
    const [commit] = commits;
    const r = await sh(["git", "-C", ROOT, "cat-file", "-e", `${commit}^{commit}`], {});
    assert.equal(r.code, 0, `commit ${commit} is in this repository's history`);
  }
});

Deno.test("docs/deploy/Dockerfile: pinned images, every entry point's packages cached, cached-only", async () => {
  const text = await Deno.readTextFile(DOCKERFILE);
  const images = dockerImages(text);
  const denoVersion = /^DENO_VERSION=(\S+)$/m.exec(await Deno.readTextFile(join(ROOT, "run")));
  assert.deepEqual(images, [
    { name: "debian", tag: "13-slim", stage: "source" },
    { name: "denoland/deno", tag: denoVersion![1], stage: null },
  ]);
  const steps = dockerInstructions(text);
  const install = steps.find((s) => s.keyword === "RUN" && s.args.includes("deno install"));
  assert.ok(install && install.stage === 1);
  const entries = install.args.split("&&")[0].trim().split(/\s+/);
  assert.deepEqual(entries.slice(0, 4), ["deno", "install", "--frozen", "--entrypoint"]);
  // Worker modules are module graphs of their own: each must be an entry point of the install.
  const workers: string[] = [];
  for await (const f of walkTs(join(ROOT, "lib"))) {
    const src = await Deno.readTextFile(f);
    for (const m of src.matchAll(/new Worker\(new URL\("\.\/([\w.]+)", import\.meta\.url\)/g)) {
      workers.push(join(dirname(f), m[1]).slice(ROOT.length));
    }
  }
  assert.ok(workers.length >= 2, workers.join(", "));
  assert.deepEqual(entries.slice(4).sort(), ["scripts/memaudit.ts", ...workers].sort());
  const entry = steps.find((s) => s.keyword === "ENTRYPOINT")!;
  assert.deepEqual(JSON.parse(entry.args).slice(0, 3), ["deno", "run", "--cached-only"]);
});

async function* walkTs(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* walkTs(p);
    else if (e.name.endsWith(".ts")) yield p;
  }
}

Deno.test("docs/deploy/Dockerfile: its checkout fetches the commit asked for, and refuses a branch name", async () => {
  const steps = dockerInstructions(await Deno.readTextFile(DOCKERFILE));
  const checkout = steps.find((s) => s.stage === 0 && s.args.includes("git init"))!;
  await withTempDir(async (dir) => {
    const repo = join(dir, "repo");
    const git = (...args: string[]) =>
      sh(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", repo, ...args], {});
    await sh(["git", "init", "-q", repo], {});
    await Deno.writeTextFile(join(repo, "f.txt"), "one\n");
    await git("add", "f.txt");
    await git("commit", "-q", "-m", "one");
    const first = (await git("rev-parse", "HEAD")).stdout.trim();
    await Deno.writeTextFile(join(repo, "f.txt"), "two\n");
    await git("commit", "-q", "-am", "two");
    const run = (app: string, commit: string) =>
      sh(["sh", "-c", checkout.args.replaceAll("/app", app)], {
        REPO_URL: `file://${repo}`,
        COMMIT: commit,
      });
    // An older commit than the branch tip: fetched by id, checked out, .git left out of the image.
    const ok = await run(join(dir, "app"), first);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(await Deno.readTextFile(join(dir, "app", "f.txt")), "one\n");
    await assert.rejects(Deno.stat(join(dir, "app", ".git")));
    for (const [i, bad] of ["master", first.slice(0, 12), ""].entries()) {
      const r = await run(join(dir, `bad${i}`), bad);
      assert.equal(r.code, 1, bad);
      assert.match(r.stderr, /build-arg COMMIT must be a full 40-hex commit id/);
    }
  });
});

Deno.test("docs/deploy/k8s-indexed-job.yaml: its shard and merge containers give one run's files", async () => {
  const objects = await manifest();
  const [shardPod, mergePod] = podSpecs(objects);
  const shard = containerScript(shardPod, "shard");
  const merge = containerScript(mergePod, "merge");
  assert.match(shard, /--shard "\$JOB_COMPLETION_INDEX\/\$SHARDS"/);
  await withTempDir(async (dir) => {
    // The ConfigMap's variables, with a small grid, 3 shards and a temporary output folder.
    const env = {
      ...byKind(objects, "ConfigMap").data,
      SHARDS: "3",
      SWEEP_ARGS: GRID,
      OUT: join(dir, "exact"),
      PATH: `${dirname(Deno.execPath())}:${Deno.env.get("PATH")}`,
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
  }, "memaudit_k8s_");
});

Deno.test("docs/deploy/slurm-array.sh: the submit branch submits the array and the merge; those jobs give one run's files", async () => {
  await withTempDir(async (dir) => {
    const bin = await stubSbatch(dir);
    const out = join(dir, "run");
    const submit = await sh(["bash", SLURM], {
      SHARDS: "4",
      SWEEP_ARGS: GRID,
      OUT: out,
      DENO: Deno.execPath(),
      PATH: `${bin}:${Deno.env.get("PATH")}`,
    });
    assert.equal(submit.code, 0, submit.stderr);
    assert.equal(
      submit.stdout,
      `submitted: shards 1001;cluster (array 0-3), merge 1002 -> ${out}\n`,
    );
    const calls = (await Deno.readTextFile(join(dir, "sbatch.log"))).trimEnd().split("\n");
    assert.deepEqual(calls, [
      `--parsable --export=ALL --array=0-3 ${SLURM}`,
      `--parsable --export=ALL,MEMAUDIT_STEP=merge --job-name=memaudit-merge --dependency=afterok:1001 ${SLURM}`,
    ]);
    // What Slurm then runs: the array's tasks with the submitter's variables (--export=ALL) and
    // SLURM_ARRAY_TASK_ID, then (afterok) the merge job with MEMAUDIT_STEP=merge.
    const exported = async (n: number) =>
      Object.fromEntries(
        (await Deno.readTextFile(join(dir, `sbatch.${n}.env`))).trimEnd().split("\n")
          .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
      );
    const arrayEnv = await exported(1);
    assert.deepEqual(Object.keys(arrayEnv), [
      "DENO",
      "MEMAUDIT_REPO",
      "OUT",
      "SHARDS",
      "SWEEP_ARGS",
    ]);
    const tasks = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        sh(["bash", SLURM], {
          ...arrayEnv,
          SLURM_ARRAY_TASK_ID: String(i),
          SLURM_CPUS_PER_TASK: "2",
        })
      ),
    );
    for (const t of tasks) assert.equal(t.code, 0, t.stderr);
    const merged = await sh(["bash", SLURM], { ...(await exported(2)), MEMAUDIT_STEP: "merge" });
    assert.equal(merged.code, 0, merged.stderr);
    await assertSameAsOneRun(dir, out);
  }, "memaudit_slurm_");
});

Deno.test({
  name:
    "docs/deploy/Dockerfile: its deno install caches every package a shard pod imports (fresh DENO_DIR, then --cached-only)",
  ignore: !FULL_TESTS,
  fn: async () => {
    const steps = dockerInstructions(await Deno.readTextFile(DOCKERFILE));
    const install = steps.find((s) => s.keyword === "RUN" && s.args.includes("deno install"))!;
    const [shardPod, mergePod] = podSpecs(await manifest());
    await withTempDir(async (dir) => {
      const env = {
        DENO_DIR: join(dir, "deno-dir"),
        PATH: `${dirname(Deno.execPath())}:${Deno.env.get("PATH")}`,
      };
      const built = await sh(["sh", "-c", install.args], env);
      assert.equal(built.code, 0, built.stderr);
      const pod = { ...env, SHARDS: "1", SWEEP_ARGS: GRID, OUT: join(dir, "exact") };
      const ran = await sh(["sh", "-c", containerScript(shardPod, "shard")], {
        ...pod,
        JOB_COMPLETION_INDEX: "0",
      });
      assert.equal(ran.code, 0, ran.stderr);
      const merged = await sh(["sh", "-c", containerScript(mergePod, "merge")], pod);
      assert.equal(merged.code, 0, merged.stderr);
      await assertSameAsOneRun(dir, join(dir, "exact"));
    }, "memaudit_image_");
  },
});
