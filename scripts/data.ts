/**
 * Fetches the public data used by the natural packages: the official LoCoMo
 * `locomo10.json`, checked against its sha256 and cached atomically in the
 * git-ignored `.cache/data/locomo10.json`. Run with `deno task data`.
 *
 * Options:
 * - `--from <url|path>`: download from another URL or install a local copy
 *   (the sha256 check still applies);
 * - `--dest <path>`: write elsewhere (default `.cache/data/locomo10.json`);
 * - `--force`: fetch even when a verified copy is already cached.
 *
 * Exits 0 on success, 1 on a failed download or check (nothing is written),
 * 2 on a bad command line.
 *
 * @module
 */
import {
  fetchLocomo,
  LOCOMO_CACHE_PATH,
  LOCOMO_SHA256,
  LOCOMO_URL,
} from "../lib/natural/data_source.ts";
import { sha256Hex } from "../lib/base/hash.ts";
import { enterUserCwd } from "../lib/base/user_cwd.ts";

/** Parsed command line of the data task. */
export interface DataArgs {
  from: string;
  dest: string;
  force: boolean;
}

/**
 * Parses the command line.
 *
 * @param args `Deno.args`
 * @returns the options
 * @throws {Error} on an unknown option or a missing value
 */
export function parseDataArgs(args: readonly string[]): DataArgs {
  const out: DataArgs = { from: LOCOMO_URL, dest: LOCOMO_CACHE_PATH, force: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--force") out.force = true;
    else if (a === "--from" || a === "--dest") {
      const v = args[++i];
      if (v === undefined) throw new Error(`Cannot parse arguments: ${a} needs a value`);
      if (a === "--from") out.from = v;
      else out.dest = v;
    } else throw new Error(`Cannot parse arguments: unknown option '${a}'`);
  }
  return out;
}

async function verifiedCopy(path: string): Promise<boolean> {
  try {
    return sha256Hex(await Deno.readFile(path)) === LOCOMO_SHA256;
  } catch {
    return false;
  }
}

/**
 * Runs the data task.
 *
 * @param args command-line arguments
 * @returns the process exit code
 */
export async function main(args: readonly string[]): Promise<number> {
  let opts: DataArgs;
  try {
    opts = parseDataArgs(args);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  if (!opts.force && await verifiedCopy(opts.dest)) {
    console.log(`LoCoMo already cached and verified: ${opts.dest}`);
    return 0;
  }
  try {
    const r = await fetchLocomo({ source: opts.from, dest: opts.dest });
    console.log(`wrote ${r.path} (${r.bytes} bytes, sha256 ${r.sha256})`);
    return 0;
  } catch (e) {
    console.error(`${(e as Error).message}\n${opts.dest} is untouched.`);
    console.error(
      "To install a copy obtained elsewhere: deno task data --from <path> (same sha256 check).",
    );
    return 1;
  }
}

if (import.meta.main) {
  enterUserCwd(); // a relative --from or --dest is the user's (the task runs in the repository)
  Deno.exit(await main(Deno.args));
}
