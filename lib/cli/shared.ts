/**
 * Helpers every `memaudit` command shares: the start of a command (`--help`, its flags and the
 * output form in one call: {@linkcode parseCommand}, {@linkcode runWithFlags}), reading a package
 * argument (a JSON file or a CSV folder), parsing list, number and shard flags into checked values
 * (a bad value is a {@linkcode UsageError}: one line, exit 2), `--help` handling with a worked
 * example, and writing `--out DIR` files atomically.
 *
 * @module
 */
import { join, resolve } from "node:path";
import { writeFileSet } from "../base/write_files.ts";
import { inWritableFolder, statOrNull } from "../base/fs.ts";
import type { Package } from "../package/schema.ts";
import { parseShard, type Shard } from "../shard/partition.ts";
import {
  type CliIo,
  type Command,
  didYouMean,
  EXIT,
  OUTPUT_FLAGS,
  type OutputForm,
  outputForm,
  parseFlags,
  UsageError,
} from "./command.ts";

/**
 * Reads a package given on the command line: a folder is read as CSV tables (lib/package
 * csv_io), anything else as a package JSON file; resolves to the validated package, its form
 * (`json`: one file, `csv`: a folder of tables) and the path as given.
 *
 * @throws {InputError} naming the file and the JSON path or CSV row and column of the first
 *   problem, or "expected an existing file" for a missing path
 */
export async function readPackageArg(
  path: string,
): Promise<{ pkg: Package; form: "json" | "csv"; path: string }> {
  const { readPackageFrom } = await import("../package/read_any.ts");
  return { ...(await readPackageFrom(path)), path };
}

/**
 * Whether a command-line path names a folder of packages rather than one package: a folder
 * without `package.csv` (false for a file, a CSV package folder or a missing path).
 */
export async function isPackageFolder(path: string): Promise<boolean> {
  const info = await statOrNull(path);
  if (info?.isDirectory !== true) return false;
  // Loaded here, as readPackageArg's reader is: commands that read no package skip zod's
  // package schemas and csv-parse (~6 MB of memory).
  const { isCsvPackage } = await import("../package/read_any.ts");
  return !(await isCsvPackage(path));
}

/** The one PACKAGE argument of a command (a JSON file or a CSV folder); UsageError unless one. */
export function onePackageArg(positionals: readonly string[]): string {
  if (positionals.length !== 1) {
    throw new UsageError(
      `expected one PACKAGE (a JSON file or a CSV folder), got ${positionals.length}`,
    );
  }
  return positionals[0];
}

/**
 * Splits a list flag's value (`a,b c`, `a, b`) into its words, in order: commas and blanks
 * separate them; none for a blank value (callers refuse an empty list). An empty entry (`8,`,
 * `a,,b`, `,a`) is refused, naming `flag` (e.g. `--budgets`): it is a list the user did not
 * finish, not a shorter one.
 *
 * @throws {UsageError} for an empty entry
 */
export function parseList(text: string, flag = "the list"): string[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const words = trimmed.split(/\s*,\s*|\s+/);
  if (words.includes("")) {
    throw new UsageError(`${flag} has an empty entry in '${text}': expected a word between commas`);
  }
  return words;
}

/**
 * Parses `--methods a,b`: writer ids of the registry `writers` (lib/writers/registry.ts; only its
 * own keys count: `toString` is no writer), in the order given; with `all`, the word `all` is
 * every writer, in registry order.
 *
 * @throws {UsageError} for an empty list or an unknown id
 */
export function parseMethodList(
  text: string,
  writers: Readonly<Record<string, unknown>>,
  all: boolean,
): string[] {
  if (all && text === "all") return Object.keys(writers);
  const methods = parseList(text, "--methods");
  if (methods.length === 0) {
    throw new UsageError(`--methods expects writer ids${all ? " or all" : ""}`);
  }
  for (const m of methods) {
    if (!Object.hasOwn(writers, m)) {
      throw new UsageError(
        `--methods: unknown writer '${m}'; expected ids among ${Object.keys(writers).join(", ")}`,
      );
    }
  }
  return methods;
}

/**
 * Parses a list of numbers such as `--budgets 2,5,10` (`flag` names it in messages), in the order
 * given. `opts`: `positive` requires every number > 0 (default true), `integer` integers,
 * `distinct` refuses repeats (default true).
 *
 * @throws {UsageError} naming the flag and the bad entry (`--budgets: expected a number > 0, got
 *   "x"`), for an empty list, a word that is not a finite decimal number, a number out
 *   of range or a repeat (then the whole list)
 */
export function parseNumberList(
  flag: string,
  text: string,
  opts: { positive?: boolean; integer?: boolean; distinct?: boolean } = {},
): number[] {
  const words = parseList(text, flag);
  const positive = opts.positive ?? true;
  const each = `${opts.integer ? "an integer" : "a number"}${positive ? " > 0" : ""}`;
  if (words.length === 0) throw badNumber(flag, each, text);
  const out = words.map((w) => {
    const x = isDecimal(w) ? Number(w) : NaN;
    if (!Number.isFinite(x) || (positive && !(x > 0)) || (opts.integer && !Number.isInteger(x))) {
      throw badNumber(flag, each, w);
    }
    return x;
  });
  if ((opts.distinct ?? true) && new Set(out).size !== out.length) {
    throw badNumber(flag, "distinct numbers", text);
  }
  return out;
}

/**
 * Whether a word is a decimal number: an optional sign, digits with an
 * optional point, an optional exponent (`2`, `-0.5`, `.1`, `1e3`); not hex,
 * `Infinity`, `NaN`, blanks or an empty word, which `Number()` would take.
 */
export function isDecimal(text: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);
}

/**
 * The `llm:URL` adjudicator's model and bearer token (each undefined when unset): `--llm-model`
 * (`model`), else `$MEMAUDIT_LLM_MODEL`, and `$MEMAUDIT_LLM_API_KEY` (a variable that is empty
 * or that this process may not read counts as unset); with `maxRequests` (`--llm-max-requests`'s
 * text) its request bound, an integer >= 1.
 *
 * @throws {UsageError} when `maxRequests` is not an integer >= 1
 */
export function llmSettings(
  model: string | undefined,
  maxRequests?: string,
): { llmModel?: string; llmApiKey?: string; llmMaxRequests?: number } {
  const env = (name: string): string | undefined => {
    try {
      return Deno.env.get(name) || undefined;
    } catch {
      return undefined;
    }
  };
  return {
    llmModel: model ?? env("MEMAUDIT_LLM_MODEL"),
    llmApiKey: env("MEMAUDIT_LLM_API_KEY"),
    ...(maxRequests === undefined
      ? {}
      : { llmMaxRequests: parseIntFlag("--llm-max-requests", maxRequests) }),
  };
}

/** The largest value of an integer flag without its own cap (2^31 - 1, a signed 32-bit int). */
const INT_FLAG_MAX = 2 ** 31 - 1;

/**
 * The one refusal of a numeric flag's value, e.g. `--budget: expected an integer >= 0, got "x"`:
 * the flag, what it takes, and the text given (JSON-quoted, so an empty or blank value shows and
 * a control character cannot break the one line).
 */
function badNumber(flag: string, expected: string, text: string): UsageError {
  return new UsageError(`${flag}: expected ${expected}, got ${JSON.stringify(text)}`);
}

/**
 * "an integer >= 1" or "a number in [0, 1]": `kind` with its bounds (`open`: min excluded; a max
 * of 2^31 - 1 or more is no bound a user meets).
 */
function rangeText(kind: string, min: number, max: number, open = false): string {
  if (max >= INT_FLAG_MAX) return `${kind} ${open ? ">" : ">="} ${min}`;
  return `${kind} in ${open ? "(" : "["}${min}, ${max}]`;
}

/**
 * Parses a `--seed` (`dflt` when absent): an integer (a safe one, kept as a number) or any other
 * non-empty word (kept as text, as are integers beyond 2^53, which a number would round onto
 * another seed).
 *
 * @throws {UsageError} `--seed: expected an integer or a word, got ""` for an empty or blank value
 */
export function parseSeedFlag(text: string | undefined, dflt: number | string): number | string {
  if (text === undefined) return dflt;
  if (text.trim() === "") throw badNumber("--seed", "an integer or a word", text);
  const n = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(n) ? n : text;
}

/**
 * Parses the value `text` of the flag `flag` (e.g. `--k`): a plain decimal integer (digits only:
 * no sign, point, exponent or hex) in [min, max], min >= 0 (default [1, 2^31 - 1]; a count that
 * is only kept as a number, such as a budget, passes `Number.MAX_SAFE_INTEGER`).
 *
 * @throws {UsageError} `--k: expected an integer >= 1, got "x"` (`in [min, max]` when `max` is
 *   given) for any other text
 */
export function parseIntFlag(flag: string, text: string, min = 1, max = INT_FLAG_MAX): number {
  const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(Number.isSafeInteger(n) && n >= min && n <= max)) {
    throw badNumber(flag, rangeText("an integer", min, max), text);
  }
  return n;
}

/**
 * Parses the value `text` of the flag `flag`: a finite decimal number ({@linkcode isDecimal}: no
 * hex, blanks, `Infinity` or `NaN`) in [min, max] (`opts.open`: in (min, max], for a value that
 * must be above min).
 *
 * @throws {UsageError} `--llm-timeout: expected a number > 0, got "x"` for any other text
 */
export function parseRealFlag(
  flag: string,
  text: string,
  min: number,
  max = Infinity,
  opts: { open?: boolean } = {},
): number {
  const x = isDecimal(text) ? Number(text) : NaN;
  const low = opts.open ? x > min : x >= min;
  if (!(Number.isFinite(x) && low && x <= max)) {
    throw badNumber(flag, rangeText("a number", min, max, opts.open), text);
  }
  return x;
}

/**
 * Parses a probability or a share such as `--alpha 0.7`: a decimal number in [0, 1].
 *
 * @throws {UsageError} `--alpha: expected a probability in [0, 1], got "x"` for any other text
 */
export function parseProbabilityFlag(flag: string, text: string): number {
  const x = isDecimal(text) ? Number(text) : NaN;
  if (!(x >= 0 && x <= 1)) throw badNumber(flag, "a probability in [0, 1]", text);
  return x;
}

/** `parse(text)` of a flag's value `text`, or undefined when the flag is absent. */
export function ifGiven<T>(text: string | undefined, parse: (text: string) => T): T | undefined {
  return text === undefined ? undefined : parse(text);
}

/**
 * Parses `--shard I/N` (lib/shard/partition.ts: shard I takes the units at output positions p
 * with p mod N = I); undefined (a whole run) when absent; UsageError for anything but `I/N` with
 * 0 <= I < N.
 */
export function parseShardFlag(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  try {
    return parseShard(text);
  } catch (err) {
    throw new UsageError(`--shard ${(err as Error).message}`);
  }
}

/**
 * Handles `--help` / `-h` among `argv`: prints the command's help text (usage, flags, a worked
 * example) on stdout, and returns true (the command then returns 0).
 */
export function handleHelp(argv: readonly string[], io: CliIo, help: string): boolean {
  if (!argv.includes("--help") && !argv.includes("-h")) return false;
  io.stdout(help.endsWith("\n") ? help : help + "\n");
  return true;
}

/**
 * Dispatches `memaudit COMMAND SUBCOMMAND ...` (e.g. `scale score`; `argv`: the words after the
 * command) to the runner in `subcommands` (listed in the order the overview `help` and the error
 * list them), which gets the words after its name and resolves to the exit code. No subcommand
 * prints the overview on stderr (exit 2, as `memaudit` alone does); `--help`, `-h` or `help`
 * prints it on stdout (exit 0); an unknown name (own keys of `subcommands` only: `toString` is
 * unknown) is a usage error with a "did you mean"; the subcommand's own usage errors point to its
 * `--help` (`memaudit scale score --help`).
 *
 * @throws {UsageError} for an unknown subcommand, and the subcommand's own (with `helpFor` set)
 */
export async function runSubcommands(
  command: string,
  argv: readonly string[],
  io: CliIo,
  help: string,
  subcommands: Record<string, (argv: string[], io: CliIo) => Promise<number>>,
): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined) {
    io.stderr(help);
    return EXIT.badInput;
  }
  if (sub === "--help" || sub === "-h" || sub === "help") {
    io.stdout(help);
    return EXIT.ok;
  }
  const names = Object.keys(subcommands);
  if (!Object.hasOwn(subcommands, sub)) {
    throw new UsageError(
      `unknown subcommand '${sub}'${didYouMean(sub, names)}; expected one of ${names.join(", ")}`,
    );
  }
  try {
    return await subcommands[sub](rest, io);
  } catch (err) {
    if (err instanceof UsageError && err.helpFor === undefined) err.helpFor = `${command} ${sub}`;
    throw err;
  }
}

/** parseArgs options `{ [name]: { type: "string" } }` for flags that take a value and have no default. */
export function stringFlags<N extends string>(...names: N[]): { [K in N]: { type: "string" } } {
  return Object.fromEntries(names.map((n) => [n, { type: "string" }])) as {
    [K in N]: { type: "string" };
  };
}

/** parseArgs options as {@linkcode parseFlags} takes them. */
type FlagOptions = Parameters<typeof parseFlags>[1];

/** A parsed command line: flags (with {@linkcode OUTPUT_FLAGS}), positionals and output form. */
export type CommandLine<O extends FlagOptions> =
  & ReturnType<typeof parseFlags<O & typeof OUTPUT_FLAGS>>
  & { form: OutputForm };

/**
 * The start of a command: prints `help` for `-h` / `--help` and returns null (the command then
 * returns 0), else parses the flags `options` (parseArgs options of the command's own flags) plus
 * {@linkcode OUTPUT_FLAGS} (strict; positionals unless `opts.positionals` is false) and returns
 * the flags' `values`, the `positionals` and the output `form`. Help wins whenever `-h` or
 * `--help` is among the words, even beside a bad flag (as most command lines do).
 *
 * @throws {UsageError} on an unknown flag, a missing value, a stray or empty positional, or
 *   both `--json` and `--csv`
 */
export function parseCommand<O extends FlagOptions>(
  argv: string[],
  io: CliIo,
  help: string,
  options: O,
  opts: { positionals?: boolean } = {},
): CommandLine<O> | null {
  if (handleHelp(argv, io, help)) return null;
  const parsed = parseFlags(argv, { ...options, ...OUTPUT_FLAGS }, opts.positionals ?? true);
  // An empty argument is no path (it was read as "Cannot read : ...", or as "/ladder.json").
  if (parsed.positionals.some((p) => p.trim() === "")) {
    throw new UsageError("expected a path, got an empty argument ''");
  }
  return { ...parsed, form: outputForm(parsed.values as { json?: boolean; csv?: boolean }) };
}

/**
 * A command's `run` that starts with {@linkcode parseCommand} (`help`, `options` and `opts` as
 * there): `--help` prints `help` and returns 0; otherwise `body`, the command proper, runs on the
 * parsed command line and resolves to an EXIT code.
 */
export function runWithFlags<O extends FlagOptions>(
  help: string,
  options: O,
  body: (cmd: CommandLine<O>, io: CliIo) => Promise<number>,
  opts: { positionals?: boolean } = {},
): Command["run"] {
  return async (argv, io) => {
    const cmd = parseCommand(argv, io, help, options, opts);
    return cmd === null ? EXIT.ok : await body(cmd, io);
  };
}

/**
 * Runs `f`, turning a RangeError (the library's "bad argument") into a UsageError with its
 * message, less what `strip` matches (e.g. `/^Cannot simulate: /`).
 */
export async function rangeAsUsage<T>(f: () => T | Promise<T>, strip = /^/): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message.replace(strip, ""));
    throw e;
  }
}

/** A path with its links resolved (to compare two paths), or made absolute if it does not exist. */
export function realPath(path: string): Promise<string> {
  return Deno.realPath(path).catch(() => resolve(path));
}

/**
 * The `--out DIR` (or `--out FILE`, `name` as the usage names it, e.g. `FILE.jsonl`) of a command
 * that needs one; UsageError when the flag is absent or empty (an empty path would write into the
 * working folder, or the root).
 */
export function requireOutDir(out: string | undefined, name = "DIR"): string {
  if (out === undefined) throw new UsageError(`--out ${name} is required`);
  if (out.trim() === "") {
    throw new UsageError(
      `--out expects a ${name === "DIR" ? "folder" : "file"} path, got an empty string`,
    );
  }
  return out;
}

/**
 * Writes `--out DIR` files (file name → text; `dir` is created; none without `--out`), each
 * atomically (temporary file, then rename: never a half-written file), after checking that no
 * target is a folder (so a folder in the way leaves none of them written); resolves to the paths
 * written, in the order given.
 *
 * @throws {UsageError} if `dir` is empty
 * @throws {InputError} if `dir` or a parent is a file, a target is a folder, or `dir` is not
 *   writable
 */
export async function writeOutFiles(
  dir: string | undefined,
  files: Readonly<Record<string, string>>,
): Promise<string[]> {
  if (dir === undefined) return [];
  requireOutDir(dir);
  const set = Object.entries(files).map(([name, text]) => [join(dir, name), text] as const);
  await inWritableFolder(dir, () => writeFileSet(set));
  return set.map(([path]) => path);
}
