/**
 * `memaudit scale recall` at the published LongMemEval-S size (issue 28 item 7), side by side
 * with Python's rank_bm25 on the same corpora.
 *
 * 1. Makes a full-size S: the 30 shared S questions (`../shared/data/longmemeval/`) replicated
 *    to 500 with fresh ids (replica j prefixes `r<j>_` to the question id and to every session
 *    id, so `_abs` and `answer_` stay), written as a plain JSON list, one instance per line
 *    (about 265 MB), into a temporary folder (default under /tmp).
 * 2. Times `memaudit scale recall s=FILE --json` as a whole process (`/usr/bin/time -v`: wall,
 *    CPU = user + system, peak RSS); the issue's bound is 60 s and 2 GB on 2 cores.
 * 3. Times bench/reference/rank_bm25_recall.py (rank_bm25's BM25Okapi, the same tokens, every
 *    turn, ties by corpus order) on the same file, and compares every question's whole ranking
 *    with memaudit's (`rankInstance`, in this process): they must be identical. Bound: memaudit
 *    at most 0.5x rank_bm25's time.
 *
 * rank_bm25 is not in this repository and PyPI is unreachable here: fetch its source
 * (github:dorianbrown/rank_bm25) and pass the folder holding rank_bm25.py; numpy from Debian
 * (`apt-get install python3-numpy`, for /usr/bin/python3). Without it the Python rows are
 * skipped, and the output says so.
 *
 * Run: `deno run -A bench/lme_recall_bench.ts [--rank-bm25 DIR] [--python /usr/bin/python3]
 * [--tmp DIR] [--questions 500] [--keep]`
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { existsSync } from "node:fs";
import { type LongMemEvalInstance, readLongMemEval } from "../lib/longmemeval/read.ts";
import { rankInstance } from "../lib/scale/recall.ts";
import { sharedDataPath } from "../lib/natural/shared_data.ts";
import { machineLine } from "./_stats.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const args = parseArgs({
  args: Deno.args,
  options: {
    "rank-bm25": { type: "string" },
    python: { type: "string", default: "/usr/bin/python3" },
    tmp: { type: "string" },
    questions: { type: "string", default: "500" },
    keep: { type: "boolean", default: false },
  },
});

interface Timed {
  wall: number;
  cpu: number;
  mib: number;
  stdout: string;
}

async function timed(argv: string[]): Promise<Timed> {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-v", ...argv],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${argv.join(" ")} failed:\n${err.slice(-2000)}`);
  const num = (re: RegExp) => Number(re.exec(err)?.[1] ?? NaN);
  const clock = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/
    .exec(err)!;
  return {
    wall: Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]),
    cpu: num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/),
    mib: num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024,
    stdout: new TextDecoder().decode(out.stdout),
  };
}

function replica(x: LongMemEvalInstance, j: number): LongMemEvalInstance {
  const p = (id: string) => `r${j}_${id}`;
  return {
    ...x,
    question_id: p(x.question_id),
    haystack_session_ids: x.haystack_session_ids.map(p),
    answer_session_ids: x.answer_session_ids.map(p),
  };
}

const src = sharedDataPath("longmemeval/longmemeval_s_30.json.gz");
if (src === null) {
  console.log("skipped: ../shared/data/longmemeval/longmemeval_s_30.json.gz is not here");
  Deno.exit(0);
}
const want = Number(args.values.questions);
const base: LongMemEvalInstance[] = [];
for await (const x of readLongMemEval(src, { onWarning: () => {} })) base.push(x);
const dir = args.values.tmp ?? await Deno.makeTempDir({ prefix: "memaudit_lme_s_full_" });
const file = join(dir, `longmemeval_s_${want}.json`);
{
  using f = await Deno.open(file, { write: true, create: true, truncate: true });
  const w = f.writable.getWriter();
  const enc = new TextEncoder();
  await w.write(enc.encode("[\n"));
  for (let i = 0; i < want; i++) {
    const x = replica(base[i % base.length], Math.floor(i / base.length));
    await w.write(enc.encode(JSON.stringify(x) + (i + 1 < want ? ",\n" : "\n")));
  }
  await w.write(enc.encode("]\n"));
  await w.close();
}
const size = (await Deno.stat(file)).size;
console.log(machineLine());
console.log(`load average before: ${(await Deno.readTextFile("/proc/loadavg")).trim()}`);
console.log(`full-size S: ${want} questions, ${(size / 1e6).toFixed(1)} MB plain JSON at ${file}`);

const deno = Deno.execPath();
const ours = await timed([
  deno,
  "run",
  "-A",
  join(ROOT, "scripts/memaudit.ts"),
  "scale",
  "recall",
  `s=${file}`,
  "--json",
]);
const report = JSON.parse(ours.stdout);
const rows: Record<string, string | number>[] = [{
  run: "memaudit scale recall (whole process: read, tokenize, BM25, metrics, bootstrap)",
  wall_s: ours.wall,
  cpu_s: ours.cpu,
  peak_mib: Math.round(ours.mib),
  questions: report.scales[0].n,
}];

const dirBm25 = args.values["rank-bm25"];
let pyNote = "";
if (dirBm25 === undefined || !existsSync(join(dirBm25, "rank_bm25.py"))) {
  pyNote = `rank_bm25 rows skipped: ${
    dirBm25 === undefined ? "no --rank-bm25 DIR given" : `${dirBm25}/rank_bm25.py is absent`
  } (fetch github:dorianbrown/rank_bm25 and pass its folder)`;
} else {
  const rankings = join(dir, "rank_bm25_rankings.jsonl");
  const py = await timed([
    args.values.python!,
    join(ROOT, "bench/reference/rank_bm25_recall.py"),
    dirBm25,
    file,
    rankings,
  ]);
  const phases = JSON.parse(py.stdout.trim().split("\n").pop()!);
  rows.push({
    run: `rank_bm25 BM25Okapi (Python: read ${phases.read_s.toFixed(1)} s, tokenize ${
      phases.tokenize_s.toFixed(1)
    } s, BM25 + rank ${phases.bm25_s.toFixed(1)} s CPU)`,
    wall_s: py.wall,
    cpu_s: py.cpu,
    peak_mib: Math.round(py.mib),
    questions: phases.questions,
  });
  // Every question's whole ranking, ours against rank_bm25's.
  const theirs = (await Deno.readTextFile(rankings)).trim().split("\n").map((l) => JSON.parse(l));
  let same = 0, differ = 0, firstDiff = "";
  let i = 0;
  for await (const x of readLongMemEval(file, { onWarning: () => {} })) {
    const r = rankInstance(x);
    const t = theirs[i++];
    const ok = t.question_id === x.question_id && t.ranking.length === r.rankings.length &&
      t.ranking.every((v: number, k: number) => v === r.rankings[k]);
    if (ok) same++;
    else {
      differ++;
      firstDiff ||= x.question_id;
    }
  }
  pyNote = `rankings: ${same} of ${same + differ} questions identical (whole rankings)` +
    (differ > 0 ? `; first difference at ${firstDiff}` : "") +
    `; memaudit / rank_bm25 CPU time = ${(ours.cpu / py.cpu).toFixed(2)}, wall = ${
      (ours.wall / py.wall).toFixed(2)
    }`;
}
console.log(`load average after: ${(await Deno.readTextFile("/proc/loadavg")).trim()}\n`);
console.log("| run | wall s | CPU s | peak MiB | questions |");
console.log("|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.run} | ${Number(r.wall_s).toFixed(1)} | ${
      Number(r.cpu_s).toFixed(1)
    } | ${r.peak_mib} | ${r.questions} |`,
  );
}
console.log(`\n${pyNote}`);
console.log(
  `bounds: memaudit wall ${ours.wall <= 60 ? "<=" : ">"} 60 s, peak ${
    ours.mib <= 2048 ? "<=" : ">"
  } 2 GiB`,
);
if (!args.values.keep && args.values.tmp === undefined) await Deno.remove(dir, { recursive: true });
