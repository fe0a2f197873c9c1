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
 * Runs `deno run -A scripts/memaudit.ts ARGS` (cwd: the repository unless given).
 *
 * @param args the words after `memaudit`
 * @param opts.cwd the working folder
 * @returns exit code and both streams
 */
export async function memaudit(args: string[], opts: { cwd?: string } = {}): Promise<Ran> {
  const out = await new Deno.Command(Deno.execPath(), {
    cwd: opts.cwd ?? ROOT,
    args: ["run", "-A", ENTRY, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

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
