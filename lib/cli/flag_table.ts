/**
 * A command's flags declared once as a table (issue 27 item 1): each flag's type, value name,
 * choices, default and help line. From the table come the parseArgs options
 * ({@linkcode flagOptions}), the "Options:" block of `--help` and so of docs/cli.md
 * ({@linkcode optionsHelp}), and the checks of choices and required flags
 * ({@linkcode checkFlags}).
 *
 * @module
 */
import { UsageError } from "./command.ts";

/** One flag of a command. */
export interface FlagSpec {
  /** `string` (takes a value; the default) or `boolean`. */
  readonly type?: "string" | "boolean";
  /** The value's name in the help, e.g. `FILE`. */
  readonly value?: string;
  /** The help text (wrapped to the help's width). */
  readonly help: string;
  /**
   * The words the value may be; a choice `WORD:NAME` (NAME in capitals) takes `WORD:` followed by
   * any text (`imported:FILE`).
   */
  readonly choices?: readonly string[];
  /** The default value, shown in the help unless `help` already says it. */
  readonly default?: string | boolean;
  /** Whether the command refuses to run without it. */
  readonly required?: boolean;
  /** A one-letter alias. */
  readonly short?: string;
  /** Whether a `string` flag may be given more than once (its value is then a list). */
  readonly multiple?: boolean;
}

/** A command's flags, by name (without `--`), in help order. */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** parseArgs options of a table. */
export type FlagOptionsOf<T extends FlagTable> = {
  [K in keyof T]: T[K] extends { type: "boolean" } ? { type: "boolean"; default?: boolean }
    : T[K] extends { multiple: true } ? { type: "string"; multiple: true }
    : { type: "string"; default?: string };
};

/**
 * The parseArgs options of a table (types, defaults, short names and repeatable flags).
 *
 * @param table the flags
 * @returns `{ name: { type, default?, short?, multiple? } }` in table order
 */
export function flagOptions<T extends FlagTable>(table: T): FlagOptionsOf<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, f]) => [name, {
      type: f.type ?? "string",
      ...(f.default !== undefined ? { default: f.default } : {}),
      ...(f.short !== undefined ? { short: f.short } : {}),
      ...(f.multiple ? { multiple: true } : {}),
    }]),
  ) as FlagOptionsOf<T>;
}

/** Words of `text` wrapped to `width` columns. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of text.split(/\s+/).filter((x) => x !== "")) {
    if (line !== "" && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line === "" ? w : `${line} ${w}`;
  }
  return line === "" ? lines : [...lines, line];
}

/**
 * The "Options:" block of a command's help, one entry per flag (`--name VALUE`, the help text
 * wrapped beside it, `[required]`), then `extra` entries (e.g. the output flags).
 *
 * @param table the flags
 * @param extra further `[left, help]` entries printed after the table's
 * @param column where the help text starts (default 24)
 * @param width total width (default 78)
 * @returns the lines, each ending in a newline
 */
export function optionsHelp(
  table: FlagTable,
  extra: readonly (readonly [string, string])[] = [],
  column = 24,
  width = 78,
): string {
  const entries: [string, string][] = Object.entries(table).map(([name, f]) => {
    const left = `${f.short !== undefined ? `-${f.short}, ` : ""}--${name}${
      f.value !== undefined ? ` ${f.value}` : ""
    }`;
    const choices = f.choices !== undefined && !f.help.includes(f.choices[0])
      ? `: ${f.choices.join(" | ")}`
      : "";
    const dflt = f.default !== undefined && typeof f.default === "string" &&
        !f.help.includes("default")
      ? ` (default ${f.default})`
      : "";
    return [left, `${f.help}${choices}${dflt}${f.required ? " [required]" : ""}`];
  });
  let out = "";
  for (const [left, help] of [...entries, ...extra]) {
    const lines = wrap(help, width - column);
    const head = `  ${left}`;
    out += head.length + 1 >= column
      ? `${head}\n${lines.map((l) => " ".repeat(column) + l + "\n").join("")}`
      : `${head.padEnd(column)}${lines[0] ?? ""}\n${
        lines.slice(1).map((l) => " ".repeat(column) + l + "\n").join("")
      }`;
  }
  return out;
}

/**
 * Checks parsed values against the table: required flags are there and not blank, values with
 * choices are among them.
 *
 * @param table the flags
 * @param values parsed values
 * @throws {UsageError} naming the flag and what it expects
 */
export function checkFlags(table: FlagTable, values: Record<string, unknown>): void {
  for (const [name, f] of Object.entries(table)) {
    const v = values[name];
    if (f.required && (v === undefined || v === "")) {
      throw new UsageError(`--${name}${f.value ? ` ${f.value}` : ""} is required`);
    }
    if (typeof v !== "string" || f.choices === undefined) continue;
    if (!f.choices.some((c) => matchesChoice(c, v))) {
      const words = f.choices;
      throw new UsageError(
        `--${name} expects ${words.slice(0, -1).join(", ")}${words.length > 1 ? " or " : ""}${
          words.at(-1)
        }, got '${v}'`,
      );
    }
  }
}

/** Whether `v` is the choice `c` (a `WORD:NAME` choice: `WORD:` and any text after it). */
function matchesChoice(c: string, v: string): boolean {
  const m = /^([a-z_]+:)[A-Z]+$/.exec(c);
  return m === null ? v === c : v.startsWith(m[1]) && v.length > m[1].length;
}
