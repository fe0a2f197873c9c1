/**
 * Writes docs/cli.md, the CLI reference, from `memaudit --help`, each command's `--help` and
 * each subcommand's (the subcommands are read from their group's "Subcommands:" list), so the
 * reference says what the CLI says. tests/cli/cli_docs_test.ts fails when the file is stale.
 *
 * Usage: `deno run --allow-read=. --allow-write=docs scripts/cli_docs.ts [--check]`
 * (`--check` writes nothing and exits 1 when docs/cli.md differs).
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTextAtomic } from "../lib/base/fs.ts";
import { main } from "../lib/cli/main.ts";
import { COMMANDS } from "../lib/cli/commands/registry.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
/** Where the reference goes. */
export const CLI_DOC: string = join(ROOT, "docs", "cli.md");

async function help(argv: string[]): Promise<string> {
  let text = "";
  const io = {
    stdout: (t: string) => (text += t),
    stderr: (t: string) => (text += t),
    isTerminal: false,
  };
  await main([...argv, "--help"], io);
  return text.trimEnd();
}

/** The words listed under "Subcommands:" in a group's help (none for a plain command). */
function subcommandsOf(text: string): string[] {
  const block = text.split(/^Subcommands:\n/m)[1];
  if (!block) return [];
  return block.split(/\n\s*\n/)[0].split("\n").map((l) => l.trim().split(/\s+/)[0]).filter((w) =>
    w
  );
}

/**
 * The reference as Markdown: the overview, then every command and subcommand's help verbatim.
 *
 * @returns docs/cli.md's text
 */
export async function cliReference(): Promise<string> {
  const parts = [
    "# memaudit CLI reference",
    "",
    // Wrapped as deno fmt wraps it (lineWidth 100), so that formatting leaves the file as is.
    "Generated from the commands' `--help` by `scripts/cli_docs.ts`; do not edit by hand",
    "(`deno run --allow-read=. --allow-write=docs scripts/cli_docs.ts` regenerates it, and",
    "`tests/cli/cli_docs_test.ts` fails when it is stale). From the repository, run a command as",
    "`./run memaudit COMMAND ...` or `deno task memaudit COMMAND ...`.",
    "",
    "```text",
    await help([]),
    "```",
  ];
  for (const name of Object.keys(COMMANDS)) {
    const text = await help([name]);
    parts.push("", `## memaudit ${name}`, "", "```text", text, "```");
    for (const sub of subcommandsOf(text)) {
      parts.push("", `### memaudit ${name} ${sub}`, "", "```text", await help([name, sub]), "```");
    }
  }
  return parts.join("\n") + "\n";
}

if (import.meta.main) {
  const text = await cliReference();
  if (Deno.args.includes("--check")) {
    const now = await Deno.readTextFile(CLI_DOC).catch(() => "");
    if (now !== text) {
      console.error(
        "docs/cli.md is stale: run deno run --allow-read=. --allow-write=docs scripts/cli_docs.ts",
      );
      Deno.exit(1);
    }
  } else {
    await writeTextAtomic(CLI_DOC, text);
    console.log(`wrote ${CLI_DOC}`);
  }
}
