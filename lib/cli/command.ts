/**
 * The contract every `memaudit` subcommand implements, and the helpers they
 * share: flag parsing (node:util parseArgs), output in three forms (a text
 * table for people, `--json` and `--csv` for machines) and the exit codes
 * (0 done, 1 a claim failed, 2 bad input or usage).
 *
 * A command never calls `Deno.exit` and never prints a stack trace: it
 * returns its exit code, throws {@linkcode UsageError} for bad flags, or lets
 * an {@linkcode InputError} reach the entry point, which prints one line.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { CSV_CAST, stringifyCsv } from "../base/deps/csv_stringify.ts";

/** Exit codes of every memaudit command. */
export const EXIT = {
  /** The command did what it was asked. */
  ok: 0,
  /** The command ran, but a claim it checks failed (e.g. a ratio above 1). */
  claimFailed: 1,
  /** Bad usage or bad input: one line on stderr. */
  badInput: 2,
} as const;

/** Where a command writes: injected so tests can capture it. */
export interface CliIo {
  /** Writes text to standard output (no newline added). */
  stdout(text: string): void;
  /** Writes text to standard error (no newline added). */
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress bars are shown only then). */
  readonly isTerminal: boolean;
}

/** One subcommand of `memaudit`. */
export interface Command {
  /** The word after `memaudit` (e.g. `solve`). */
  readonly name: string;
  /** One line for `memaudit --help`. */
  readonly summary: string;
  /** Runs the command on the words after its name; resolves to an {@linkcode EXIT} code. */
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Bad flags or arguments: the entry point prints `memaudit CMD: MESSAGE` and exits 2. */
export class UsageError extends Error {
  /** The error's name, `UsageError`. */
  override name = "UsageError";
  /**
   * The command whose `--help` the message points to, e.g. `scale score` (set
   * by a subcommand's dispatcher); the entry point's command when unset.
   */
  helpFor?: string;
}

/**
 * The flags every command takes for its output form and help: `--json`,
 * `--csv` (see {@linkcode outputForm}) and `-h` / `--help`; spread them into
 * the options given to {@linkcode parseFlags}.
 */
export const OUTPUT_FLAGS = {
  json: { type: "boolean", default: false },
  csv: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

/** Output form chosen by `--json` / `--csv` (default: a text table). */
export type OutputForm = "table" | "json" | "csv";

/**
 * Parses a command's flags with node:util parseArgs (strict), turning its
 * errors into {@linkcode UsageError}. A negative number after a flag that
 * takes a value is that value (`--budgets -1` is `--budgets=-1`, refused by
 * the command's own check). `--help` handling is the caller's.
 *
 * @param argv the words after the command name
 * @param options parseArgs options
 * @param allowPositionals whether positional arguments are accepted
 * @returns parseArgs' `values` and `positionals`
 * @throws {UsageError} on an unknown flag, a missing value, a stray positional or a flag that
 *   takes a value given twice (unless declared `multiple`)
 */
export function parseFlags<O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: O,
  allowPositionals = true,
): ReturnType<typeof parseArgs<{ options: O; allowPositionals: boolean; strict: true }>> {
  try {
    const parsed = parseArgs({
      args: joinNegativeValues(argv, options),
      options,
      allowPositionals,
      strict: true,
      tokens: true,
    });
    refuseRepeats(parsed.tokens, options);
    const { tokens: _, ...rest } = parsed;
    return rest as ReturnType<
      typeof parseArgs<{ options: O; allowPositionals: boolean; strict: true }>
    >;
  } catch (err) {
    const code = String((err as { code?: unknown }).code ?? "");
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const flag = /'(-[^']*)'/.exec((err as Error).message)?.[1] ?? "";
      const name = flag.replace(/^-+/, "").split("=")[0];
      throw new UsageError(
        `Unknown option '${flag}'${didYouMean(name, Object.keys(options), "--")}`,
      );
    }
    if (code.startsWith("ERR_PARSE_ARGS")) {
      throw new UsageError((err as Error).message.replaceAll("\n", " "));
    }
    throw err;
  }
}

/**
 * A flag that takes a value given twice (`--budget 2 --budget 3`): parseArgs
 * keeps the last one, so the first would be dropped without a word. Flags
 * declared `multiple` may repeat.
 */
function refuseRepeats(
  tokens: readonly { kind: string; name?: string; value?: string | undefined }[],
  options: NonNullable<ParseArgsConfig["options"]>,
): void {
  const first = new Map<string, string | undefined>();
  for (const t of tokens) {
    if (t.kind !== "option" || t.name === undefined) continue;
    const o = options[t.name];
    if (o === undefined || o.type !== "string" || o.multiple) continue;
    if (first.has(t.name)) {
      throw new UsageError(
        `--${t.name} given twice ('${first.get(t.name)}' and '${t.value}'): expected it once`,
      );
    }
    first.set(t.name, t.value);
  }
}

/**
 * Joins `--flag -1` into `--flag=-1` for a flag that takes a value, so that a
 * negative number reaches the command's own check of the value (and its
 * message) instead of parseArgs' "argument is ambiguous" error.
 */
function joinNegativeValues(
  argv: readonly string[],
  options: NonNullable<ParseArgsConfig["options"]>,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith("--") ? argv[i].slice(2) : "";
    if (argv[i] === "--") return [...out, ...argv.slice(i)];
    if (
      Object.hasOwn(options, name) && options[name].type === "string" &&
      /^-[0-9.]/.test(argv[i + 1] ?? "")
    ) {
      out.push(`${argv[i]}=${argv[++i]}`);
    } else out.push(argv[i]);
  }
  return out;
}

/**
 * The "did you mean" after an unknown flag, command or subcommand: the known
 * name nearest to `name` (edit distance at most 2, or a prefix).
 *
 * @param name what was given (a flag without its dashes)
 * @param known the names there are
 * @param prefix written before the name, e.g. `--` for a flag
 * @returns ` (did you mean PREFIXNAME?)`, or "" when no name is that near
 */
export function didYouMean(name: string, known: readonly string[], prefix = ""): string {
  const near = closestName(name, known);
  return near === null ? "" : ` (did you mean ${prefix}${near}?)`;
}

/** The known name nearest to `name` (edit distance at most 2, or a prefix), or null. */
function closestName(name: string, known: readonly string[]): string | null {
  let best: string | null = null, bestD = 3;
  for (const k of known) {
    const d = k.startsWith(name) || name.startsWith(k) ? 1 : editDistance(name, k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return name === "" ? null : best;
}

/** Levenshtein distance of two short strings. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The output form from `--json` / `--csv` flags.
 *
 * @param values parsed flags with optional boolean `json` and `csv`
 * @returns "json", "csv" or "table"
 * @throws {UsageError} if both are given
 */
export function outputForm(values: { json?: boolean; csv?: boolean }): OutputForm {
  if (values.json && values.csv) throw new UsageError("--json and --csv exclude each other");
  return values.json ? "json" : values.csv ? "csv" : "table";
}

/** A number in a text table: integers as they are, others to 4 decimals, tiny ones in 4 digits. */
function tableNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const fixed = v.toFixed(4);
  // A budget of 1e-12 must not show as 0.0000 (every small budget would look the same).
  return /^-?0\.0000$/.test(fixed) ? v.toPrecision(4) : fixed;
}

/**
 * Formats rows as an aligned text table (numbers right-aligned, non-integers
 * to 4 decimals, nonzero ones that would show as 0.0000 in 4 significant
 * digits, null as "–").
 *
 * @param columns column keys, in order
 * @param rows the rows
 * @returns the table, one line per row after a header and a rule, ending in a newline
 */
export function textTable(columns: string[], rows: Record<string, unknown>[]): string {
  const cell = (v: unknown): string =>
    v === null || v === undefined
      ? "–"
      : typeof v === "number"
      ? tableNumber(v)
      : typeof v === "object"
      ? JSON.stringify(v)
      : String(v);
  const body = rows.map((r) => columns.map((c) => cell(r[c])));
  const width = columns.map((c, j) => Math.max(c.length, ...body.map((b) => b[j].length)));
  const numeric = columns.map((c) =>
    rows.length > 0 && rows.every((r) => typeof r[c] === "number")
  );
  const line = (cells: string[]) =>
    cells.map((s, j) => numeric[j] ? s.padStart(width[j]) : s.padEnd(width[j])).join("  ")
      .trimEnd();
  return [line(columns), width.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n") +
    "\n";
}

/**
 * Formats rows as CSV (csv-stringify, header row, objects as JSON text, booleans as `true` and
 * `false` as in JSON: csv-stringify's default writes `1` and an empty cell, which reads as missing).
 *
 * @param columns column keys, in order
 * @param rows the rows
 * @returns CSV text ending in a newline
 */
export function csvTable(columns: string[], rows: Record<string, unknown>[]): string {
  return stringifyCsv(
    rows.map((r) =>
      columns.map((c) => {
        const v = r[c];
        return v !== null && typeof v === "object" ? JSON.stringify(v) : v ?? "";
      })
    ),
    { header: true, columns, cast: CSV_CAST },
  );
}

/**
 * Writes a result in the chosen form: JSON (`json`, pretty-printed), CSV or a
 * text table of `rows`.
 *
 * @param io where to write
 * @param form the output form
 * @param result `json`: the machine result; `columns` / `rows`: its tabular view
 */
export function emit(
  io: CliIo,
  form: OutputForm,
  result: { json: unknown; columns: string[]; rows: Record<string, unknown>[] },
): void {
  if (form === "json") io.stdout(JSON.stringify(result.json, null, 2) + "\n");
  else if (form === "csv") io.stdout(csvTable(result.columns, result.rows));
  else io.stdout(textTable(result.columns, result.rows));
}

/**
 * Writes each warning to stderr as one line, `<prefix><warning>`. A control character in the line
 * (a newline in a file name, say) is written escaped, as JSON writes it (`\n`,
 * `\u0001`), so that every warning stays one line; `--json` carries the warnings as they are.
 *
 * @param io where to write
 * @param warnings the warnings, in order
 * @param prefix what each line starts with (default `warning: `)
 */
export function printWarnings(io: CliIo, warnings: readonly string[], prefix = "warning: "): void {
  // deno-lint-ignore no-control-regex
  const control = /[\u0000-\u001f\u007f]/g;
  for (const w of warnings) {
    io.stderr(`${prefix}${w}`.replace(control, (c) => JSON.stringify(c).slice(1, -1)) + "\n");
  }
}
