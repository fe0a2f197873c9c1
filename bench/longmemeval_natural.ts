/**
 * `deno run -A bench/longmemeval_natural.ts [--out /tmp/lme_natural_bench] [--questions 500]`: issue 28
 * item 7, natural half. Builds a full-size LongMemEval S file (500 questions, plain JSON, Python's
 * `json.dump` separators like the published `longmemeval_s_cleaned.json`) by replicating the 30
 * shared S questions (../shared/data/longmemeval/longmemeval_s_30.json.gz) with fresh ids
 * (`<id>_r<k>`, `_abs` kept last), into a temporary folder (never the repository), then times
 * `memaudit natural --longmemeval FILE` on it in a child process: wall time, CPU time (user +
 * system) and peak RSS from `/usr/bin/time`. Target: at most 60 s and 2 GB on 2 cores.
 * Markdown on stdout; the machine line says the load (the machine may be shared).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { machineLine } from "./_stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    out: { type: "string", default: "/tmp/lme_natural_bench" },
    questions: { type: "string", default: "500" },
  },
});
const N = Number(values.questions);
const src = new URL("../../shared/data/longmemeval/longmemeval_s_30.json.gz", import.meta.url)
  .pathname;
const root = new URL("..", import.meta.url).pathname;

/** JSON text with Python's default separators (", " and ": "), as json.dump writes it. */
function pyJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pyJson).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    return `{${
      Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`).join(", ")
    }}`;
  }
  return JSON.stringify(v);
}

const base: Record<string, unknown>[] = JSON.parse(
  await new Response(
    (await Deno.open(src)).readable.pipeThrough(new DecompressionStream("gzip")),
  ).text(),
);
await Deno.mkdir(values.out, { recursive: true });
const file = join(values.out, "longmemeval_s_full.json");
const f = await Deno.open(file, { write: true, create: true, truncate: true });
const enc = new TextEncoder();
await f.write(enc.encode("["));
for (let i = 0; i < N; i++) {
  const q = { ...base[i % base.length] };
  const id = String(q.question_id), rep = Math.floor(i / base.length);
  q.question_id = id.endsWith("_abs") ? `${id.slice(0, -4)}_r${rep}_abs` : `${id}_r${rep}`;
  await f.write(enc.encode((i === 0 ? "" : ", ") + pyJson(q)));
}
await f.write(enc.encode("]"));
f.close();
const bytes = (await Deno.stat(file)).size;

const outDir = join(values.out, "natural");
const run = await new Deno.Command("/usr/bin/time", {
  args: [
    "-f",
    "TIME %e %U %S %M",
    Deno.execPath(),
    "run",
    "-A",
    join(root, "scripts", "memaudit.ts"),
    "natural",
    "--longmemeval",
    file,
    "--out",
    outDir,
    "--json",
  ],
  stdout: "piped",
  stderr: "piped",
}).output();
const err = new TextDecoder().decode(run.stderr);
const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(err);
if (run.code !== 0 || !m) throw new Error(`natural --longmemeval failed (${run.code}): ${err}`);
const summary = JSON.parse(new TextDecoder().decode(run.stdout));
const [wall, user, sys, rssKb] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
console.log(`# natural --longmemeval on a full-size S (${machineLine()})\n`);
console.log(
  `File: ${N} questions (the shared 30 replicated with fresh ids), ${
    (bytes / 1e6).toFixed(1)
  } MB plain JSON. Run: ${summary.attempted} attempted, ${summary.accepted} accepted, ${summary.flagged.length} flagged, ${summary.rows} rows.\n`,
);
console.log("| wall (s) | CPU user + sys (s) | peak RSS (MB) | target |");
console.log("|---:|---:|---:|---|");
console.log(
  `| ${wall.toFixed(1)} | ${(user + sys).toFixed(1)} | ${
    (rssKb / 1024).toFixed(0)
  } | <= 60 s, <= 2048 MB |`,
);
