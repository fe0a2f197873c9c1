/**
 * The contract every `memaudit` subcommand implements, and the helpers they share: flag parsing
 * (node:util parseArgs), output in three forms (a text table for people, `--json` and `--csv` for
 * machines) and the exit codes (0 done, 1 a claim failed, 2 bad input or usage).
 *
 * A command never calls `Deno.exit` and never prints a stack trace: it returns its exit code,
 * throws {@linkcode UsageError} for bad flags, or lets an {@linkcode InputError} reach the entry
 * point, which prints one line.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { CSV_CAST, stringifyCsv } from "../base/deps/csv_stringify.ts";

/**
 * Exit codes of every memaudit command: `ok`, it did what it was asked; `claimFailed`, it ran but
 * a claim it checks failed (e.g. a ratio above 1); `badInput`, bad usage or bad input (one line on
 * stderr).
 */
export const EXIT = { ok: 0, claimFailed: 1, badInput: 2 } as const;

/**
 * Where a command writes (injected so tests can capture it): standard output and standard error
 * (no newline added), and whether stderr is a terminal (progress bars are shown only then).
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly isTerminal: boolean;
}

/**
 * One subcommand of `memaudit`: the word after `memaudit` (e.g. `solve`), its line for
 * `memaudit --help`, and `run` on the words after its name, resolving to an {@linkcode EXIT} code.
 */
export interface Command {
  readonly name: string;
  readonly summary: string;
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

/** parseArgs options. */
type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Parses a command's flags (the words after its name) with node:util parseArgs (strict), into
 * parseArgs' `values` and `positionals`, turning its errors into {@linkcode UsageError}. A
 * negative number after a flag that takes a value is that value (`--budgets -1` is
 * `--budgets=-1`, refused by the command's own check). `--help` handling is the caller's.
 *
 * @throws {UsageError} on an unknown flag, a missing value, a stray positional or a flag that
 *   takes a value given twice (unless declared `multiple`)
 */
export function parseFlags<O extends Options>(
  argv: string[],
  options: O,
  allowPositionals = true,
): ReturnType<typeof parseArgs<{ options: O; allowPositionals: boolean; strict: true }>> {
  try {
    const args = joinNegativeValues(argv, options);
    const parsed = parseArgs({ args, options, allowPositionals, strict: true, tokens: true });
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
 * A flag that takes a value given twice (`--budget 2 --budget 3`): parseArgs keeps the last one, so
 * the first would be dropped without a word. Flags declared `multiple` may repeat.
 */
function refuseRepeats(
  tokens: readonly { kind: string; name?: string; value?: string | undefined }[],
  options: Options,
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
function joinNegativeValues(argv: readonly string[], options: Options): string[] {
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
 * The "did you mean" after an unknown flag, command or subcommand `name` (a flag without its
 * dashes): ` (did you mean PREFIXNAME?)` with the `known` name nearest to it (edit distance at
 * most 2, or a prefix; `prefix` e.g. `--` for a flag), or "" when no name is that near.
 */
export function didYouMean(name: string, known: readonly string[], prefix = ""): string {
  let near: string | null = null, nearD = 3;
  for (const k of known) {
    const d = k.startsWith(name) || name.startsWith(k) ? 1 : editDistance(name, k);
    if (d < nearD) [near, nearD] = [k, d];
  }
  return near === null || name === "" ? "" : ` (did you mean ${prefix}${near}?)`;
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

/** The output form from the parsed `--json` / `--csv` flags; UsageError if both are given. */
export function outputForm(values: { json?: boolean; csv?: boolean }): OutputForm {
  if (values.json && values.csv) throw new UsageError("--json and --csv exclude each other");
  return values.json ? "json" : values.csv ? "csv" : "table";
}

/** A row's cell in column `c`. */
const field = (row: object, c: string): unknown => (row as Record<string, unknown>)[c];

/**
 * A number in a text table: integers as they are; others to 4 decimals, but in 4 significant
 * digits below 0.001 (4 decimals would keep at most one: 7.313e-5 and 8.857e-5 both showed as
 * 0.0001) and as JavaScript writes it from 1e11 on (4 decimals would show digits a double does
 * not hold: 200000000000000.6 as ...0.5938).
 */
function tableNumber(v: number): string {
  const a = Math.abs(v);
  if (Number.isInteger(v) || a >= 1e11) return String(v);
  return a < 1e-3 ? v.toPrecision(4) : v.toFixed(4);
}

/**
 * Formats rows as an aligned text table of the `columns` (keys, in order): a header, a rule, one
 * line per row, ending in a newline; numbers right-aligned, non-integers to 4 decimals (below
 * 0.001 in 4 significant digits, from 1e11 on in full), null as "–"; a control character in a
 * text (a newline or a terminal escape in an agent's name) written escaped, as JSON writes it.
 */
export function textTable(columns: readonly string[], rows: readonly object[]): string {
  const cell = (v: unknown): string =>
    v === null || v === undefined
      ? "–"
      : typeof v === "number"
      ? tableNumber(v)
      : typeof v === "object"
      ? JSON.stringify(v)
      : escapeControls(String(v));
  const body = rows.map((r) => columns.map((c) => cell(field(r, c))));
  const width = columns.map((c, j) => Math.max(c.length, ...body.map((b) => b[j].length)));
  const numeric = columns.map((c) =>
    rows.length > 0 && rows.every((r) => typeof field(r, c) === "number")
  );
  const line = (cells: readonly string[]) =>
    cells.map((s, j) => numeric[j] ? s.padStart(width[j]) : s.padEnd(width[j])).join("  ")
      .trimEnd();
  return [line(columns), width.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n") +
    "\n";
}

/**
 * Formats rows as CSV text of the `columns` (keys, in order), ending in a newline (csv-stringify,
 * header row, objects as JSON text, booleans as `true` and `false` as in JSON: csv-stringify's
 * default writes `1` and an empty cell, which reads as missing).
 */
export function csvTable(columns: readonly string[], rows: readonly object[]): string {
  return stringifyCsv(
    rows.map((r) =>
      columns.map((c) => {
        const v = field(r, c);
        return v !== null && typeof v === "object" ? JSON.stringify(v) : v ?? "";
      })
    ),
    { header: true, columns: [...columns], cast: CSV_CAST },
  );
}

/**
 * Writes a result in the chosen form: JSON (`json`, the machine result, pretty-printed), CSV of its
 * tabular view (`columns` of `rows`), or for people `text` when given, else a text table of `rows`.
 */
export function emit(
  io: CliIo,
  form: OutputForm,
  result: { json: unknown; columns: readonly string[]; rows: readonly object[]; text?: string },
): void {
  if (form === "json") io.stdout(JSON.stringify(result.json, null, 2) + "\n");
  else if (form === "csv") io.stdout(csvTable(result.columns, result.rows));
  else io.stdout(result.text ?? textTable(result.columns, result.rows));
}

/**
 * Writes each warning to stderr as one line, `<prefix><warning>` (default prefix `warning: `). A
 * control character in the line (a newline in a file name, say) is written escaped, as JSON
 * writes it (`\n`, `\u0001`), so that every warning stays one line; `--json` carries the
 * warnings as they are.
 */
export function printWarnings(io: CliIo, warnings: readonly string[], prefix = "warning: "): void {
  for (const w of warnings) io.stderr(escapeControls(`${prefix}${w}`) + "\n");
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The text with each control character escaped as JSON writes it (`\n`, `\u001b`). */
function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => JSON.stringify(c).slice(1, -1));
}
