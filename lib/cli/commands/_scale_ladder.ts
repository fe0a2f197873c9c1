/**
 * `memaudit scale ladder`: builds an evidence-preserving scale ladder (paper 002 §3.1) from LoCoMo
 * or a LongMemEval-format file, optionally with a filler corpus, and writes LongMemEval-format
 * instances per scale plus a manifest.
 *
 * @module
 */
import { type CliIo, emit, EXIT, printWarnings, UsageError } from "../command.ts";
import { flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import {
  parseCommand,
  parseIntFlag,
  parseSeedFlag,
  rangeAsUsage,
  requireOutDir,
} from "../shared.ts";
import { InputError } from "../../base/errors.ts";
import { readJsonInput } from "../../base/fs.ts";
import { parseLocomo } from "../../natural/load_locomo.ts";
import { locateLocomo, locomoHowTo } from "../../natural/data_source.ts";
import { buildLadder, TOKEN_PROXY_METHOD, writeLadder } from "../../scale/ladder.ts";
import { LADDER_COLUMNS, ladderReport } from "../../scale/ladder_report.ts";
import { locomoLadderSource } from "../../scale/sources/locomo.ts";
import {
  isLongMemEvalInstance,
  longMemEvalLadderSource,
  parseLongMemEval,
} from "../../scale/sources/longmemeval.ts";
import { loadFillerCorpus, withFiller } from "../../scale/sources/filler.ts";
import { readLongMemEval } from "../../longmemeval/read.ts";
import type { LadderSource } from "../../scale/sources/types.ts";

/** The flags of `scale ladder`, in help order (the help's Options block is made from them). */
const LADDER_FLAGS = {
  out: { value: "DIR", help: "output folder (required)" },
  seed: {
    value: "S",
    help: 'global seed (default 0); each query\'s stream is seedrandom("<seed>/<query id>/filler")',
  },
  "n-irr": {
    value: "0,100,...",
    help: "N_irr per scale, ascending (default: see above; LongMemEval and filler: " +
      "0,100,200,300,400); a last entry 'all' adds a scale with all of each question's own " +
      "non-evidence sessions (e.g. 0,10,20,30,all on an S file: rungs from oracle to S, own " +
      "sessions only)",
  },
  filler: { value: "FILE", help: "a filler corpus (JSONL) added to the pool" },
  limit: { value: "N", help: "the first N queries only" },
  queries: { value: "a,b", help: "these query ids only" },
} as const satisfies FlagTable;

const LADDER_EXTRA_HELP = [
  ["--json | --csv", "machine-readable output (data/schema/scale_ladder_report.schema.json)"],
  ["-h, --help", "this help"],
] as const;

const LADDER_HELP = `Usage: memaudit scale ladder [FILE] --out DIR [options]

Builds an evidence-preserving, nested scale ladder (paper 002): for every
query its evidence sessions E(q), identical at every scale, plus the first
N_irr sessions of one seeded permutation of its filler pool. FILE is a LoCoMo
file (locomo10.json format) or a LongMemEval-format file (detected from its
first entry; a gzip file is read as LongMemEval); without FILE the local LoCoMo
copy is used.

Filler: LongMemEval: the instance's own non-evidence sessions, then other
instances' (never an answer_... or has_answer session). LoCoMo: the other
conversations' sessions only, so the default LoCoMo ladder is 0, 50, 100, 150
and the largest N_irr every query reaches (the output says which). A filler
corpus (--filler, JSONL {session_id, turns: [{role, content}]}) reaches 400.

Writes DIR/instances_<label>.json (LongMemEval format, one per scale),
DIR/manifest.jsonl ({queryId, scale, nIrr, evidenceIds, fillerIds, seed,
tokenProxy, ...} per query and scale) and DIR/ladder.json. The token proxy
is ${TOKEN_PROXY_METHOD}.

Options:
${optionsHelp(LADDER_FLAGS, LADDER_EXTRA_HELP, 21, 78)}
Example:
  memaudit scale ladder --out out/ladder_locomo --seed 0
  memaudit scale ladder longmemeval_s_cleaned.json --filler my_sessions.jsonl --out out/ladder_lme
  memaudit scale ladder longmemeval_s_cleaned.json --n-irr 0,10,20,30,all --out out/rungs

Exit codes: 0 done, 2 bad usage or bad input (one line on stderr).
`;

async function isGzip(path: string): Promise<boolean> {
  try {
    using f = await Deno.open(path, { read: true });
    const head = new Uint8Array(2);
    return (await f.read(head)) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } catch {
    return false; // missing or unreadable: readJsonInput names the problem
  }
}

async function readSource(
  file: string | undefined,
  onWarning: (w: string) => void,
): Promise<LadderSource> {
  let path = file;
  if (path === undefined) {
    const found = await locateLocomo();
    if (!found) throw new UsageError(`no FILE given and ${locomoHowTo()}`);
    path = found.path;
  }
  const name = path.replace(/^.*[\\/]/, "");
  if (await isGzip(path)) {
    // The published .json.gz copies: LongMemEval lists, streamed and checked by the reader.
    const items = await Array.fromAsync(readLongMemEval(path, { onWarning }));
    return longMemEvalLadderSource(parseLongMemEval(items, path), [name]);
  }
  const data = await readJsonInput(path);
  const first = Array.isArray(data) ? data[0] : undefined;
  if (first && typeof first === "object" && "sample_id" in first) {
    return locomoLadderSource(parseLocomo(data, path), {}, [name]);
  }
  if (
    (first && typeof first === "object" && "question_id" in first) || isLongMemEvalInstance(data)
  ) {
    return longMemEvalLadderSource(parseLongMemEval(data, path, { onWarning }), [name]);
  }
  if (!Array.isArray(data)) {
    throw InputError.atRoot(
      path,
      "a JSON list of LoCoMo samples or LongMemEval instances, or one LongMemEval instance " +
        "(an object with question_id)",
    );
  }
  throw new InputError(
    path,
    { path: "[0]" },
    "a LoCoMo sample (with sample_id) or a LongMemEval instance (with question_id)",
  );
}

/**
 * Runs `memaudit scale ladder` on the words after `ladder`; resolves to the exit code.
 *
 * @throws {UsageError} for bad flags
 * @throws {InputError} for a bad input file
 */
export async function runScaleLadder(argv: string[], io: CliIo): Promise<number> {
  const cmd = parseCommand(argv, io, LADDER_HELP, flagOptions(LADDER_FLAGS));
  if (cmd === null) return EXIT.ok;
  const { values, positionals, form } = cmd;
  if (positionals.length > 1) {
    throw new UsageError(`expected at most one FILE, got ${positionals.length}`);
  }
  const out = requireOutDir(values.out);
  const seed = parseSeedFlag(values.seed, 0);
  const nIrr = values["n-irr"]?.split(",").map((x) =>
    x.trim() === "all" ? "all" as const : parseIntFlag("--n-irr", x.trim(), 0)
  );
  const warnings: string[] = [];
  const base = await readSource(positionals[0], (w) => warnings.push(w));
  const src = values.filler
    ? withFiller(base, await loadFillerCorpus(values.filler), values.filler.replace(/^.*[\\/]/, ""))
    : base;
  const ladder = await rangeAsUsage(() =>
    buildLadder(src, {
      seed,
      nIrr,
      limit: values.limit === undefined ? undefined : parseIntFlag("--limit", values.limit, 0),
      queryIds: values.queries?.split(",").map((s) => s.trim()).filter((s) => s !== ""),
    })
  );
  const report = ladderReport(ladder, await writeLadder(ladder, out), warnings);
  emit(io, form, {
    json: report,
    columns: LADDER_COLUMNS,
    rows: report.scales.map((r) => "all" in r ? { ...r, n_irr: `all (<= ${r.n_irr})` } : r),
  });
  if (form === "table") {
    io.stdout(`\n${report.reachable.note}.\nToken proxy: ${report.token_proxy}.\n`);
    const codes = Object.entries(report.issues).map(([k, v]) => `${k} ${v}`).join(", ");
    if (codes) io.stdout(`Issues (see ladder.json): ${codes}.\n`);
    io.stdout(`Wrote ${report.files.length} files to ${out}\n`);
  }
  printWarnings(io, warnings);
  return EXIT.ok;
}
