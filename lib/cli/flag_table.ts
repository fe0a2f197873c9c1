/**
 * A command's flags declared once as a table (issue 27 item 1): each flag's type, value name,
 * choices, default and help line. From the table come the parseArgs options
 * ({@linkcode flagOptions}), the "Options:" block of `--help` and so of docs/cli.md
 * ({@linkcode optionsHelp}), and the checks of choices and required flags ({@linkcode checkFlags}).
 *
 * @module
 */
import { UsageError } from "./command.ts";

/**
 * One flag of a command: its `type`, `string` (takes a value; the default) or `boolean`; the
 * `value`'s name in the help (e.g. `FILE`); the `help` text (wrapped to the help's width); the
 * `choices` the value may be (a choice `WORD:NAME`, NAME in capitals, takes `WORD:` followed by
 * any text: `imported:FILE`); the `default` value, shown in the help unless `help` already says
 * it; whether the command refuses to run without it (`required`); whether a `string` flag may be
 * given more than once (`multiple`: its value is then a list).
 */
export interface FlagSpec {
  readonly type?: "string" | "boolean";
  readonly value?: string;
  readonly help: string;
  readonly choices?: readonly string[];
  readonly default?: string | boolean;
  readonly required?: boolean;
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

/** The parseArgs options of a table, `{ name: { type, default?, multiple? } }` in table order. */
export function flagOptions<T extends FlagTable>(table: T): FlagOptionsOf<T> {
  return Object.fromEntries(
    Object.entries(table).map(([name, f]) => [name, {
      type: f.type ?? "string",
      ...(f.default !== undefined ? { default: f.default } : {}),
      ...(f.multiple ? { multiple: true } : {}),
    }]),
  ) as FlagOptionsOf<T>;
}

/** Words of `text` wrapped to `width` columns. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const w of text.split(/\s+/).filter((x) => x !== "")) {
    const last = lines.at(-1);
    if (last === undefined || last.length + 1 + w.length > width) lines.push(w);
    else lines[lines.length - 1] = `${last} ${w}`;
  }
  return lines;
}

/**
 * The "Options:" block of a command's help, one entry per flag (`--name VALUE`, the help text
 * wrapped beside it from `column` (default 24) to `width` (default 78), `[required]`), then
 * `extra` `[left, help]` entries (e.g. the output flags); each line ends in a newline.
 */
export function optionsHelp(
  table: FlagTable,
  extra: readonly (readonly [string, string])[] = [],
  column = 24,
  width = 78,
): string {
  const entries: [string, string][] = Object.entries(table).map(([name, f]) => {
    const left = `--${name}${f.value !== undefined ? ` ${f.value}` : ""}`;
    const choices = f.choices !== undefined && !f.help.includes(f.choices[0])
      ? `: ${f.choices.join(" | ")}`
      : "";
    const dflt = typeof f.default === "string" && !f.help.includes("default")
      ? ` (default ${f.default})`
      : "";
    return [left, `${f.help}${choices}${dflt}${f.required ? " [required]" : ""}`];
  });
  return [...entries, ...extra].map(([left, help]) => {
    const lines = wrap(help, width - column);
    const head = `  ${left}`;
    // A flag too long for the column starts its help on the next line.
    const first = head.length + 1 >= column
      ? `${head}\n`
      : `${head.padEnd(column)}${lines.shift() ?? ""}\n`;
    return first + lines.map((l) => " ".repeat(column) + l + "\n").join("");
  }).join("");
}

/**
 * Checks parsed values against the table: required flags are there and not blank, values with
 * choices are among them; UsageError naming the flag and what it expects.
 */
export function checkFlags(table: FlagTable, values: Record<string, unknown>): void {
  for (const [name, f] of Object.entries(table)) {
    const v = values[name];
    if (f.required && (v === undefined || v === "")) {
      throw new UsageError(`--${name}${f.value ? ` ${f.value}` : ""} is required`);
    }
    const words = f.choices;
    if (typeof v === "string" && words !== undefined && !words.some((c) => matchesChoice(c, v))) {
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
