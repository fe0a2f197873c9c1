/** Runs the real `memaudit` entry point in a subprocess, for the CLI tests. */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The entry point. */
export const ENTRY = join(ROOT, "scripts", "memaudit.ts");
/** The shipped example package (JSON) and its CSV form. */
export const EXAMPLE = join(ROOT, "data", "examples", "vegetarian_pescatarian.json");
export const EXAMPLE_CSV = join(ROOT, "data", "examples", "vegetarian_pescatarian_csv");

/** Whether LoCoMo is here (the cache's locomo10.json or ../shared's locomo8.json): tests of natural runs need it. */
export const HAVE_LOCOMO = existsSync(join(ROOT, ".cache", "data", "locomo10.json")) ||
  existsSync(join(ROOT, "..", "shared", "data", "locomo", "locomo8.json"));

/** What a run printed and returned. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `deno ARGS` (this Deno; cwd: the repository unless given; no colours).
 *
 * @param args the words after `deno`
 * @param opts.cwd the working folder
 * @param opts.env variables added to the inherited environment
 * @returns exit code and both streams
 */
export async function deno(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Ran> {
  const out = await new Deno.Command(Deno.execPath(), {
    cwd: opts.cwd ?? ROOT,
    args,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...opts.env },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/**
 * Runs `deno run -A scripts/memaudit.ts ARGS` (cwd: the repository unless given).
 *
 * @param args the words after `memaudit`
 * @param opts.cwd the working folder
 * @returns exit code and both streams
 */
export function memaudit(args: string[], opts: { cwd?: string } = {}): Promise<Ran> {
  return deno(["run", "-A", ENTRY, ...args], opts);
}

/**
 * The JSON a successful run printed: asserts exit 0 (showing stderr otherwise) and parses stdout.
 *
 * @param r a finished run
 * @returns the parsed stdout
 */
// deno-lint-ignore no-explicit-any
export function jsonOut(r: Ran): any {
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** The small LongMemEval-format fixture the scale tests build ladders from. */
export const SMALL_LADDER_SOURCE = "tests/scale/fixtures/longmemeval_small.json";

/**
 * Builds the fixture's ladder (N_irr = 0, 4) into `dir/l` with `memaudit scale ladder`.
 *
 * @param dir the parent folder
 * @returns the ladder folder
 */
export async function smallLadder(dir: string): Promise<string> {
  const ladder = `${dir}/l`;
  const r = await memaudit([
    "scale",
    "ladder",
    `${ROOT}/${SMALL_LADDER_SOURCE}`,
    "--n-irr",
    "0,4",
    "--out",
    ladder,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return ladder;
}

/** `memaudit natural` on one conversation, one budget and one writer (the smallest natural run). */
export const SMALL_NATURAL = [
  "natural",
  "--conversations",
  "conv-26",
  "--budgets",
  "30",
  "--methods",
  "oracle_gvt",
  "--quiet",
];

/**
 * Asserts a bad-input run: exit 2, nothing on stdout, exactly one line on
 * stderr (no stack trace) matching `re`.
 *
 * @param r the run
 * @param re what the line must match
 */
export function assertOneLine(r: Ran, re: RegExp): void {
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, "");
  assert.ok(r.stderr.endsWith("\n"), JSON.stringify(r.stderr));
  assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /\n\s+at |Stack backtrace|\.ts:\d+:\d+/);
  assert.match(r.stderr.trimEnd(), re);
}

/**
 * A command line with one flag's value replaced (appended when absent): a flag
 * given twice is refused, so a test that varies one flag of a base command
 * line sets it here.
 */
export function withFlag(argv: readonly string[], flag: string, value: string): string[] {
  const i = argv.indexOf(flag);
  return i < 0 ? [...argv, flag, value] : argv.map((w, j) => (j === i + 1 ? value : w));
}
