/**
 * Helpers every `memaudit` command shares: the start of a command (`--help`,
 * its flags and the output form in one call: {@linkcode parseCommand},
 * {@linkcode runWithFlags}), reading a package argument (a JSON file or a CSV
 * folder), parsing list, number and shard flags into checked values (a bad
 * value is a {@linkcode UsageError}: one line, exit 2), `--help` handling with
 * a worked example, and writing `--out DIR` files atomically.
 *
 * @module
 */
import { join } from "node:path";
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

/** A package read from the command line, and the form it came in. */
export interface PackageArg {
  /** The validated package. */
  pkg: Package;
  /** `json` (one file) or `csv` (a folder of tables). */
  form: "json" | "csv";
  /** The path as given. */
  path: string;
}

/**
 * Reads a package given on the command line: a folder is read as CSV
 * tables (lib/package csv_io), anything else as a package JSON file.
 *
 * @param path the argument
 * @returns the package and its form
 * @throws {InputError} naming the file and the JSON path or CSV row and column of the first
 *   problem, or "expected an existing file" for a missing path
 */
export async function readPackageArg(path: string): Promise<PackageArg> {
  const { readPackageFrom } = await import("../package/read_any.ts");
  return { ...(await readPackageFrom(path)), path };
}

/**
 * Whether a command-line path names a folder of packages rather than one package: a folder
 * without `package.csv` (a folder with it is one CSV package).
 *
 * @param path the argument
 * @returns true for such a folder; false for a file, a CSV package folder or a missing path
 */
export async function isPackageFolder(path: string): Promise<boolean> {
  const info = await statOrNull(path);
  if (info?.isDirectory !== true) return false;
  // Loaded here, as readPackageArg's reader is: commands that read no package skip zod's
  // package schemas and csv-parse (~6 MB of memory).
  const { isCsvPackage } = await import("../package/read_any.ts");
  return !(await isCsvPackage(path));
}

/**
 * The one PACKAGE argument of a command (a JSON file or a CSV folder).
 *
 * @param positionals the command's positional arguments
 * @returns the path
 * @throws {UsageError} unless there is exactly one
 */
export function onePackageArg(positionals: readonly string[]): string {
  if (positionals.length !== 1) {
    throw new UsageError(
      `expected one PACKAGE (a JSON file or a CSV folder), got ${positionals.length}`,
    );
  }
  return positionals[0];
}

/**
 * Splits a list flag (`a,b c`, `a, b`) into its words: commas and blanks
 * separate them. An empty entry (`8,`, `a,,b`, `,a`) is refused: it is a
 * list the user did not finish, not a shorter one.
 *
 * @param text the flag's value
 * @param flag the flag's name for messages, e.g. `--budgets`
 * @returns the words, in order (none for a blank value; callers refuse an empty list)
 * @throws {UsageError} naming the flag and the value for an empty entry
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
 * Parses `--methods a,b`: writer ids of the registry (lib/writers/registry.ts).
 *
 * @param text the flag's value
 * @param writers the registry, by id (only its own keys count: `toString` is no writer)
 * @param all whether the word `all` (every writer, in registry order) is accepted
 * @returns the ids, in the order given
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
 * Parses a list of numbers such as `--budgets 2,5,10`.
 *
 * @param flag the flag's name for messages, e.g. `--budgets`
 * @param text its value
 * @param opts.positive require every number > 0 (default true)
 * @param opts.integer require integers
 * @param opts.distinct refuse repeats (default true)
 * @returns the numbers, in the order given
 * @throws {UsageError} naming the flag and the bad entry, for an empty list, a word that is not a
 *   finite decimal number, a number out of range or a repeat
 */
export function parseNumberList(
  flag: string,
  text: string,
  opts: { positive?: boolean; integer?: boolean; distinct?: boolean } = {},
): number[] {
  const words = parseList(text, flag);
  if (words.length === 0) throw new UsageError(`${flag} expects a list of numbers, got '${text}'`);
  const out = words.map((w) => {
    const x = isDecimal(w) ? Number(w) : NaN;
    if (!Number.isFinite(x)) throw new UsageError(`${flag} expects numbers, got '${w}'`);
    if ((opts.positive ?? true) && !(x > 0)) {
      throw new UsageError(`${flag} expects numbers > 0, got '${w}'`);
    }
    if (opts.integer && !Number.isInteger(x)) {
      throw new UsageError(`${flag} expects integers, got '${w}'`);
    }
    return x;
  });
  if ((opts.distinct ?? true) && new Set(out).size !== out.length) {
    throw new UsageError(`${flag} expects distinct numbers, got '${text}'`);
  }
  return out;
}

/**
 * Whether a word is a decimal number: an optional sign, digits with an
 * optional point, an optional exponent (`2`, `-0.5`, `.1`, `1e3`); not hex,
 * `Infinity`, `NaN`, blanks or an empty word, which `Number()` would take.
 *
 * @param text the word
 * @returns whether it is one
 */
export function isDecimal(text: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text);
}

/**
 * The `llm:URL` adjudicator's model and bearer token: `--llm-model`, else
 * `$MEMAUDIT_LLM_MODEL`, and `$MEMAUDIT_LLM_API_KEY` (a variable that is
 * empty or that this process may not read counts as unset).
 *
 * @param model the `--llm-model` value, if given
 * @returns the model and the token, each undefined when unset
 */
export function llmSettings(model: string | undefined): { llmModel?: string; llmApiKey?: string } {
  const env = (name: string): string | undefined => {
    try {
      return Deno.env.get(name) || undefined;
    } catch {
      return undefined;
    }
  };
  return { llmModel: model ?? env("MEMAUDIT_LLM_MODEL"), llmApiKey: env("MEMAUDIT_LLM_API_KEY") };
}

/**
 * Parses a `--seed`: an integer (a safe one, kept as a number) or any other
 * non-empty word (kept as text, as are integers beyond 2^53, which a number
 * would round onto another seed).
 *
 * @param text the flag's value, or undefined when absent
 * @param dflt the seed when absent
 * @returns the seed
 * @throws {UsageError} for an empty or blank value
 */
export function parseSeedFlag(text: string | undefined, dflt: number | string): number | string {
  if (text === undefined) return dflt;
  if (text.trim() === "") throw new UsageError("--seed expects an integer or a word, got ''");
  const n = Number(text);
  return /^-?\d+$/.test(text) && Number.isSafeInteger(n) ? n : text;
}

/**
 * Parses a flag that must be a plain decimal integer in [min, max].
 *
 * @param flag the flag's name for messages, e.g. `--k`
 * @param text its value
 * @param min smallest value (default 1)
 * @param max largest value (default 2^31 - 1)
 * @returns the integer
 * @throws {UsageError} for a sign, exponent, hex or a value out of range
 */
export function parseIntFlag(flag: string, text: string, min = 1, max = 2 ** 31 - 1): number {
  if (!/^[0-9]+$/.test(text)) {
    throw new UsageError(`${flag} expects a decimal integer in [${min}, ${max}], got '${text}'`);
  }
  const n = Number(text);
  if (n < min || n > max) {
    throw new UsageError(`${flag} expects an integer in [${min}, ${max}], got '${text}'`);
  }
  return n;
}

/**
 * Parses `--shard I/N` (lib/shard/partition.ts: shard I takes the units at output
 * positions p with p mod N = I).
 *
 * @param text the flag's value, or undefined when the flag is absent
 * @returns the shard, or undefined for a whole run
 * @throws {UsageError} for anything but `I/N` with 0 <= I < N
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
 * Handles `--help` / `-h`: prints the command's help text on stdout.
 *
 * @param argv the words after the command name
 * @param io where to print
 * @param help the full help text (usage, flags, a worked example)
 * @returns true when help was asked for (the command then returns 0)
 */
export function handleHelp(argv: readonly string[], io: CliIo, help: string): boolean {
  if (!argv.includes("--help") && !argv.includes("-h")) return false;
  io.stdout(help.endsWith("\n") ? help : help + "\n");
  return true;
}

/**
 * Dispatches `memaudit COMMAND SUBCOMMAND ...` (e.g. `scale score`): no
 * subcommand prints the overview on stderr (exit 2, as `memaudit` alone
 * does); `--help`, `-h` or `help` prints it on stdout (exit 0); an unknown
 * name (own keys of `subcommands` only: `toString` is unknown) is a usage
 * error with a "did you mean"; the subcommand's own usage errors point to
 * its `--help` (`memaudit scale score --help`).
 *
 * @param command the command, e.g. `scale`
 * @param argv the words after the command; the first names the subcommand
 * @param io where help goes
 * @param help the command's overview text
 * @param subcommands each subcommand's runner (it gets the words after its name), in the order
 *   the overview and the error list them
 * @returns the subcommand's exit code
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

/**
 * parseArgs options for flags that take a value and have no default.
 *
 * @param names the flags' names, without `--`
 * @returns `{ [name]: { type: "string" } }` for each name, in the order given
 */
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

/** How {@linkcode parseCommand} reads a command line. */
export interface CommandLineOptions {
  /** Whether positional arguments are accepted (default true). */
  positionals?: boolean;
}

/**
 * The start of a command: prints `help` for `-h` / `--help`, else parses
 * the flags `options` plus {@linkcode OUTPUT_FLAGS} (strict) and reads the
 * output form. Help wins whenever `-h` or `--help` is among the words, even
 * beside a bad flag (as most command lines do).
 *
 * @param argv the words after the command name
 * @param io where help is printed
 * @param help the command's help text
 * @param options parseArgs options of the command's own flags
 * @param opts whether positionals are accepted
 * @returns null when help was printed (the command then returns 0), else the flags'
 *   `values`, the `positionals` and the output `form`
 * @throws {UsageError} on an unknown flag, a missing value, a stray or empty positional, or
 *   both `--json` and `--csv`
 */
export function parseCommand<O extends FlagOptions>(
  argv: string[],
  io: CliIo,
  help: string,
  options: O,
  opts: CommandLineOptions = {},
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
 * A command's `run` that starts with {@linkcode parseCommand}: `--help` prints
 * `help` and returns 0; otherwise `body` runs on the parsed command line.
 *
 * @param help the command's help text
 * @param options parseArgs options of the command's own flags
 * @param body the command proper: resolves to an EXIT code
 * @param opts as for {@linkcode parseCommand}
 * @returns the `run` function of a {@linkcode Command}
 */
export function runWithFlags<O extends FlagOptions>(
  help: string,
  options: O,
  body: (cmd: CommandLine<O>, io: CliIo) => Promise<number>,
  opts: CommandLineOptions = {},
): Command["run"] {
  return async (argv, io) => {
    const cmd = parseCommand(argv, io, help, options, opts);
    return cmd === null ? EXIT.ok : await body(cmd, io);
  };
}

/**
 * The `--out DIR` (or `--out FILE`) of a command that needs one.
 *
 * @param out the flag's value
 * @param name what it names in the usage, `DIR` (default, a folder) or a file such as
 *   `FILE.jsonl`
 * @returns the path
 * @throws {UsageError} when the flag is absent or empty (an empty path would write into the
 *   working folder, or the root)
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
 * Writes `--out DIR` files, each atomically (temporary file, then rename:
 * never a half-written file), after checking that no target is a folder (so
 * a folder in the way leaves none of them written).
 *
 * @param dir the output folder (created)
 * @param files file name → text
 * @returns the paths written, in the order given
 * @throws {UsageError} if `dir` is empty
 * @throws {InputError} if `dir` or a parent is a file, a target is a folder, or `dir` is not
 *   writable
 */
export async function writeOutFiles(
  dir: string,
  files: Readonly<Record<string, string>>,
): Promise<string[]> {
  requireOutDir(dir);
  const paths = Object.keys(files).map((name) => join(dir, name));
  await inWritableFolder(
    dir,
    () => writeFileSet(Object.values(files).map((text, i) => [paths[i], text] as const)),
  );
  return paths;
}
