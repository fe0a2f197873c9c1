/**
 * Helpers of the deploy tests: the files of docs/deploy read with real parsers (YAML, Kubernetes
 * models, Dockerfile), and shell runs of what the schedulers would run.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { DockerfileParser } from "dockerfile-ast";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { PersistentVolumeClaim } from "kubernetes-models/v1/PersistentVolumeClaim";
import { Job } from "kubernetes-models/batch/v1/Job";
import { CronJob } from "kubernetes-models/batch/v1/CronJob";
import { ROOT } from "./_run.ts";

/** The deploy folder. */
export const DEPLOY = join(ROOT, "docs", "deploy");

/** A small grid, so that a sharded run and one whole run take seconds. */
export const GRID =
  "--distributions base,scope_shift --seeds 5 --budgets 0.05,0.10 --methods opt,greedy";

/** The Kubernetes kinds the manifest may hold: the model that validates each, its TS type. */
export const KINDS = {
  PersistentVolumeClaim: { model: PersistentVolumeClaim, type: "v1/PersistentVolumeClaim" },
  ConfigMap: { model: ConfigMap, type: "v1/ConfigMap" },
  Job: { model: Job, type: "batch/v1/Job" },
  CronJob: { model: CronJob, type: "batch/v1/CronJob" },
} as const;

/** One object of the manifest, as parsed. */
// deno-lint-ignore no-explicit-any
export type K8sObject = { apiVersion: string; kind: keyof typeof KINDS; [key: string]: any };

/** The YAML documents of a manifest as plain objects; a YAML error or warning fails. */
export function parseManifest(text: string): K8sObject[] {
  return parseAllDocuments(text).map((doc, i) => {
    assert.deepEqual(doc.errors.map((e) => e.message), [], `document ${i}`);
    assert.deepEqual(doc.warnings.map((e) => e.message), [], `document ${i}`);
    return doc.toJS() as K8sObject;
  });
}

/** Validates an object with its kubernetes-models model (OpenAPI types, enums, required). */
export function validateObject(o: K8sObject): void {
  const kind = KINDS[o.kind];
  assert.ok(kind, `kind ${o.kind} is one of ${Object.keys(KINDS).join(", ")}`);
  const model = new kind.model(o as never);
  assert.equal(model.apiVersion, o.apiVersion, `${o.kind}: apiVersion`);
  model.validate();
}

/**
 * A TypeScript module that types every object with its kubernetes-models interface, so that
 * `deno check` refuses a field that Kubernetes does not know (an excess property of an object
 * literal, at any depth), as `kubectl apply --validate=strict` does. `mustFail` objects are
 * marked `@ts-expect-error`: they must be refused.
 */
export function typedModule(objects: K8sObject[], mustFail: K8sObject[]): string {
  const kinds = [...new Set([...objects, ...mustFail].map((o) => o.kind))].sort();
  const lines = kinds.map((k) =>
    `import type { I${k} } from "kubernetes-models/${KINDS[k].type}";`
  );
  objects.forEach((o, i) => lines.push(`export const o${i}: I${o.kind} = ${JSON.stringify(o)};`));
  mustFail.forEach((o, i) => {
    lines.push("// @ts-expect-error: a field Kubernetes does not know");
    lines.push(`export const bad${i}: I${o.kind} = ${JSON.stringify(o)};`);
  });
  return lines.join("\n") + "\n";
}

/** The Dockerfile's instructions: keyword, arguments (continuations joined), stage. */
export function dockerInstructions(
  text: string,
): { keyword: string; args: string; stage: number }[] {
  const df = DockerfileParser.parse(text);
  const froms = df.getFROMs().map((f) => f.getRange().start.line);
  return df.getInstructions().map((i) => ({
    keyword: i.getKeyword(),
    args: i.getArgumentsContent() ?? "",
    stage: froms.filter((line) => line <= i.getRange().start.line).length - 1,
  }));
}

/** The FROM images of a Dockerfile: name, tag and stage name. */
export function dockerImages(
  text: string,
): { name: string | null; tag: string | null; stage: string | null }[] {
  return DockerfileParser.parse(text).getFROMs().map((f) => ({
    name: f.getImageName(),
    tag: f.getImageTag(),
    stage: f.getBuildStage(),
  }));
}

/** Runs a command with extra environment variables; stdout and stderr as text. */
export async function sh(
  args: string[],
  env: Record<string, string>,
  cwd = ROOT,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(args[0], {
    args: args.slice(1),
    cwd,
    env: { ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The merged folder holds the files one unsharded run of GRID writes, byte for byte. */
export async function assertSameAsOneRun(dir: string, merged: string): Promise<void> {
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

/**
 * A stub `sbatch` in `dir/bin`: each call appends its arguments (one line) to `dir/sbatch.log`,
 * keeps the variables a job would inherit in `dir/sbatch.N.env`, and prints a job id
 * (`--parsable`: `100N;cluster` for an array, as Slurm does on a federated cluster, else `100N`).
 */
export async function stubSbatch(dir: string): Promise<string> {
  const bin = join(dir, "bin");
  await Deno.mkdir(bin, { recursive: true });
  const script = `#!/usr/bin/env bash
set -euo pipefail
n=1
if [ -f "${dir}/sbatch.log" ]; then n=$(( $(wc -l < "${dir}/sbatch.log") + 1 )); fi
printf '%s\\n' "$*" >> "${dir}/sbatch.log"
env | grep -E '^(MEMAUDIT_REPO|SHARDS|OUT|SWEEP_ARGS|DENO)=' | sort > "${dir}/sbatch.$n.env"
case " $* " in *" --array="*) echo "100$n;cluster" ;; *) echo "100$n" ;; esac
`;
  await Deno.writeTextFile(join(bin, "sbatch"), script, { mode: 0o755 });
  return bin;
}
