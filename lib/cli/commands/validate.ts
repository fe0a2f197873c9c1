/**
 * `memaudit validate PACKAGE`: reads a package (a JSON file or a folder of CSV tables), checks it
 * against the schema and its cross-references, and prints its counts (DESIGN §2: experiences,
 * candidates, evidence units, queries, coverage rows, budgets, the unit-weight source).
 *
 * @module
 */
import { type Command, emit, EXIT } from "../command.ts";
import { flagOptions, type FlagTable, optionsHelp } from "../flag_table.ts";
import { onePackageArg, readPackageArg, runWithFlags, writeOutFiles } from "../shared.ts";
import { SUMMARIES } from "../summaries.ts";
import { validateReport, ValidateReportSchema } from "../../package/validate_report.ts";

const EXTRA_HELP = [
  [
    "--json",
    `print the counts as JSON (keys: ${Object.keys(ValidateReportSchema.shape).join(", ")}; ` +
    "data/schema/validate_report.schema.json)",
  ],
  ["--csv", "print them as CSV (field,value)"],
  ["-h, --help", "this help"],
] as const;

/** The flags of `memaudit validate` (the help's Options block is made from them). */
const FLAGS = {
  out: { value: "DIR", help: "also write DIR/validate.json" },
} as const satisfies FlagTable;

const HELP = `Usage: memaudit validate PACKAGE [--json | --csv] [--out DIR]

Reads PACKAGE (a package JSON file, or a folder of CSV tables: experiences.csv, candidates.csv,
units.csv, queries.csv, coverage.csv, package.csv), validates it (schema, dangling and duplicate
ids, empty groups, finite weights) and prints its counts. A bad package: exit 2 and one line
naming the file and the JSON path (or CSV row and column) of the first problem.

Options:
${optionsHelp(FLAGS, EXTRA_HELP, 14, 100)}
Example:
  memaudit validate data/examples/vegetarian_pescatarian.json
  memaudit validate data/examples/vegetarian_pescatarian_csv --json
`;

export const command: Command = {
  name: "validate",
  summary: SUMMARIES.validate,
  run: runWithFlags(HELP, flagOptions(FLAGS), async ({ values, positionals, form }, io) => {
    const { pkg, form: pkgForm, path } = await readPackageArg(onePackageArg(positionals));
    const result = validateReport(pkg, pkgForm, path);
    const rows = Object.entries(result).map(([field, value]) => ({
      field,
      value: Array.isArray(value) ? (value.length === 0 ? "(none)" : value.join(", ")) : value,
    }));
    // Files first: a folder that cannot be written is exit 2 with nothing on stdout.
    await writeOutFiles(values.out, { "validate.json": JSON.stringify(result, null, 2) + "\n" });
    emit(io, form, { json: result, columns: ["field", "value"], rows });
    return EXIT.ok;
  }),
};
