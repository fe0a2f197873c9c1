/**
 * Where the LoCoMo data comes from: download of the official `locomo10.json`
 * with a sha256 check and an atomic write into the git-ignored cache, and
 * lookup of a local copy (DESIGN §7: nothing half-written).
 *
 * @module
 */
import { sha256Hex } from "../base/hash.ts";
import { fileURLToPath } from "node:url";
import { InputError } from "../base/errors.ts";
import { renameOver } from "../base/fs.ts";
import { loadLocomo, type LocomoSample } from "./load_locomo.ts";

/** Raw GitHub URL of the official LoCoMo file (snap-research/locomo, `data/locomo10.json`). */
export const LOCOMO_URL =
  "https://raw.githubusercontent.com/snap-research/locomo/main/data/locomo10.json";

/** sha256 (hex) of the official `locomo10.json`. */
export const LOCOMO_SHA256 = "79fa87e90f04081343b8c8debecb80a9a6842b76a7aa537dc9fdf651ea698ff4";

/** Default cache file: `<repo>/.cache/data/locomo10.json` (git-ignored). */
export const LOCOMO_CACHE_PATH: string = fileURLToPath(
  new URL("../../.cache/data/locomo10.json", import.meta.url),
);

/** The shared eight-conversation copy next to the checkout (`../shared/data/locomo/locomo8.json`). */
export const LOCOMO_SHARED_PATH: string = fileURLToPath(
  new URL("../../../shared/data/locomo/locomo8.json", import.meta.url),
);

/** Options of {@linkcode fetchLocomo}. */
export interface FetchLocomoOptions {
  /** An http(s) URL or a local file path (default {@linkcode LOCOMO_URL}). */
  source?: string;
  /** Destination file (default {@linkcode LOCOMO_CACHE_PATH}). */
  dest?: string;
  /** Expected sha256 (default {@linkcode LOCOMO_SHA256}). */
  sha256?: string;
  /** The fetch function (injected in tests; default `globalThis.fetch`). */
  fetch?: typeof fetch;
}

/** What {@linkcode fetchLocomo} wrote. */
export interface FetchedLocomo {
  /** The file written. */
  path: string;
  /** Its sha256 (hex). */
  sha256: string;
  /** Its size in bytes. */
  bytes: number;
}

async function readSource(source: string, fetchFn: typeof fetch): Promise<Uint8Array<ArrayBuffer>> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetchFn(source);
    } catch (e) {
      const cause = (e as Error).cause instanceof Error
        ? ` (${((e as Error).cause as Error).message})`
        : "";
      throw new Error(`Cannot download ${source}: ${(e as Error).message}${cause}`, { cause: e });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`Cannot download ${source}: HTTP ${response.status} ${response.statusText}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  }
  try {
    return await Deno.readFile(source);
  } catch (e) {
    throw new Error(`Cannot read ${source}: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * Downloads (or copies from a local file) the LoCoMo data, checks its sha256,
 * and writes it atomically: to a temporary file in the destination folder,
 * then renamed. On any failure nothing is left at `dest` (a previous good
 * file stays untouched) and no temporary file remains; when the download or
 * the hash check fails, no folder is created either.
 *
 * @param opts source URL or path, destination, expected hash, fetch function
 * @returns the written path, its sha256 and size in bytes
 * @throws {InputError} when the data's sha256 differs from the expected one
 * @throws {Error} "Cannot download ..." / "Cannot read ..." when the source is unreachable
 */
export async function fetchLocomo(opts: FetchLocomoOptions = {}): Promise<FetchedLocomo> {
  const source = opts.source ?? LOCOMO_URL;
  const dest = opts.dest ?? LOCOMO_CACHE_PATH;
  const expected = (opts.sha256 ?? LOCOMO_SHA256).toLowerCase();
  const bytes = await readSource(source, opts.fetch ?? globalThis.fetch);
  const actual = sha256Hex(bytes);
  if (actual !== expected) {
    throw InputError.atRoot(
      source,
      `expected sha256 ${expected} (the official locomo10.json), got ${actual} (${bytes.length} bytes); nothing was written`,
    );
  }
  const dir = dest.replace(/[\\/][^\\/]*$/, "") || ".";
  await Deno.mkdir(dir, { recursive: true });
  const tmp = await Deno.makeTempFile({ dir, prefix: ".locomo-", suffix: ".tmp" });
  await renameOver(tmp, dest, () => Deno.writeFile(tmp, bytes));
  return { path: dest, sha256: actual, bytes: bytes.length };
}

/** The environment variable that pins the LoCoMo file: `locomo8`, `locomo10` or a path. */
export const LOCOMO_ENV = "MEMAUDIT_LOCOMO";

/** A local LoCoMo file found by {@linkcode locateLocomo}. */
export interface LocatedLocomo {
  /** File system path. */
  path: string;
  /** File name: `locomo10.json` (official, cached) or `locomo8.json` (shared subset). */
  name: string;
  /**
   * How it was chosen: `default` (cache first, then the shared copy),
   * `option` (an explicit choice passed in, e.g. `--locomo-data`) or `env`
   * ({@linkcode LOCOMO_ENV}).
   */
  via: "default" | "option" | "env";
  /** The choice as given (`locomo8`, `locomo10`, a path), or `default`. */
  choice: string;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

function envChoice(): string | undefined {
  try {
    const v = Deno.env.get(LOCOMO_ENV);
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  } catch {
    return undefined; // no --allow-env: the default applies
  }
}

const baseName = (path: string) => path.replace(/^.*[\\/]/, "");

/**
 * Finds the LoCoMo file to use. An explicit choice (`opts.choice`, else the
 * {@linkcode LOCOMO_ENV} environment variable) selects it: `locomo8` the
 * shared eight-conversation copy, `locomo10` the cached official file,
 * anything else a path; a chosen file that does not exist is an error, never
 * a silent switch. Without a choice: the cached official `locomo10.json`
 * first, then the shared `locomo8.json` (today's default).
 *
 * @param opts the choice, and paths to look at instead of the defaults
 * @returns the path, file name and how it was chosen, or null when there is
 *   no choice and neither default file exists
 * @throws {InputError} when a chosen file does not exist
 *
 * @example Load whichever copy is present, or say how to get one
 * ```ts
 * import { locateLocomo, locomoHowTo } from "./data_source.ts";
 * const found = await locateLocomo();
 * console.log(found ? `using ${found.name}` : locomoHowTo());
 * ```
 */
export async function locateLocomo(opts: {
  /**
   * `locomo8` (the shared eight-conversation copy), `locomo10` (the cached
   * official file) or a path; default: the {@linkcode LOCOMO_ENV} variable,
   * else the cache first, then the shared copy.
   */
  choice?: string;
  /** Read {@linkcode LOCOMO_ENV} when no choice is given (default true). */
  env?: boolean;
  /** Default {@linkcode LOCOMO_CACHE_PATH}. */
  cache?: string;
  /** Default {@linkcode LOCOMO_SHARED_PATH}. */
  shared?: string;
} = {}): Promise<LocatedLocomo | null> {
  const cache = opts.cache ?? LOCOMO_CACHE_PATH;
  const shared = opts.shared ?? LOCOMO_SHARED_PATH;
  const fromEnv = opts.choice === undefined && opts.env !== false ? envChoice() : undefined;
  const choice = opts.choice ?? fromEnv;
  if (choice === undefined) {
    for (const path of [cache, shared]) {
      if (await isFile(path)) {
        return { path, name: baseName(path), via: "default", choice: "default" };
      }
    }
    return null;
  }
  const via = opts.choice !== undefined ? "option" : "env";
  const by = via === "env" ? `${LOCOMO_ENV}=${choice}` : `--locomo-data ${choice}`;
  const path = choice === "locomo8" ? shared : choice === "locomo10" ? cache : choice;
  if (!(await isFile(path))) {
    const hint = choice === "locomo10"
      ? " (run `./run data`, or `deno task data`, to download and cache it)"
      : choice === "locomo8"
      ? " (the shared data folder ../shared/data/ is not beside the checkout)"
      : "";
    throw InputError.atRoot(path, `expected the LoCoMo file chosen by ${by} to exist${hint}`);
  }
  return { path, name: baseName(path), via, choice };
}

/**
 * One line naming the LoCoMo file in use, for notebooks, the CLI and table
 * captions: `LoCoMo: locomo8.json (8 conversations; default: cache, then
 * ../shared)`.
 *
 * @param found the located file
 * @param conversations the number of conversations loaded from it, if known
 * @returns the line
 */
export function describeLocomo(found: LocatedLocomo, conversations?: number): string {
  const how = found.via === "default"
    ? "default: cache, then ../shared"
    : found.via === "env"
    ? `${LOCOMO_ENV}=${found.choice}`
    : `--locomo-data ${found.choice}`;
  const n = conversations === undefined ? "" : `${conversations} conversations; `;
  return `LoCoMo: ${found.name} (${n}${how})`;
}

/**
 * A one-paragraph message saying how to get the LoCoMo data (for notebooks
 * to display when {@linkcode locateLocomo} returns null).
 *
 * @returns the message
 */
export function locomoHowTo(): string {
  return `LoCoMo data not found. Run \`./run data\` in the repository (or \`deno task data\` ` +
    `with Deno on your PATH): it downloads ` +
    `locomo10.json from the LoCoMo repository (snap-research/locomo, data/locomo10.json; ` +
    `licence CC BY-NC 4.0), checks its sha256 (${LOCOMO_SHA256}) and caches it as ` +
    `.cache/data/locomo10.json. Without internet access, download the file elsewhere and ` +
    `install it with \`./run data --from <path>\` (the same check applies).`;
}

/** One LoCoMo conversation, the file it came from and every conversation of that file. */
export interface LocomoConversation {
  /** Where the file was found. */
  found: LocatedLocomo;
  /** Every conversation of the file, in file order. */
  samples: LocomoSample[];
  /** The one asked for. */
  sample: LocomoSample;
}

/**
 * Finds the LoCoMo data ({@linkcode locateLocomo}), reads it and picks one conversation.
 *
 * @param conversation the sample id, e.g. `conv-26`
 * @param data `locomo8`, `locomo10` or a path (default: `$MEMAUDIT_LOCOMO`, the cache, ../shared)
 * @returns the conversation, the file and all its conversations
 * @throws {InputError} when no data is found (saying how to get it), the file is not LoCoMo, or it
 *   holds no such conversation (naming the ones it holds)
 */
export async function locomoConversation(
  conversation: string,
  data?: string,
): Promise<LocomoConversation> {
  const found = await locateLocomo(data !== undefined ? { choice: data } : {});
  if (!found) throw InputError.atRoot("LoCoMo data", locomoHowTo());
  const samples = await loadLocomo(found.path);
  const sample = samples.find((x) => x.sample_id === conversation);
  if (!sample) {
    throw InputError.atRoot(
      found.path,
      `expected a conversation '${conversation}', the file holds ${
        samples.map((x) => x.sample_id).join(", ")
      }`,
    );
  }
  return { found, samples, sample };
}
