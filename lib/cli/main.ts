/**
 * The `memaudit` command line: dispatches `memaudit COMMAND ...` to the command modules under
 * `lib/cli/commands/` (listed, each loaded only when it runs, in `lib/cli/commands/registry.ts`),
 * and turns errors into one line and an exit code: 2 for bad usage ({@linkcode UsageError}), bad
 * input (`InputError`, a library `RangeError`) or a file system error; 1 for anything else (an
 * internal error: its stack only with MEMAUDIT_DEBUG=1). Standard output closed by its reader
 * (`| head`) ends the command quietly.
 *
 * @module
 */
import { InputError } from "../base/errors.ts";
import { isUnwritable } from "../base/fs.ts";
import { type CliIo, didYouMean, EXIT, UsageError } from "./command.ts";
import { COMMANDS } from "./commands/registry.ts";

/** The process's standard streams as a {@linkcode CliIo}. */
export function processIo(): CliIo {
  const enc = new TextEncoder();
  const write = (f: typeof Deno.stdout) => (text: string) => {
    const bytes = enc.encode(text);
    let off = 0;
    while (off < bytes.length) off += f.writeSync(bytes.subarray(off));
  };
  return {
    stdout: write(Deno.stdout),
    stderr: write(Deno.stderr),
    isTerminal: Deno.stderr.isTerminal(),
  };
}

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length), 8);
  const lines = Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`);
  return `Usage: memaudit COMMAND [options]   (memaudit COMMAND --help, or memaudit help COMMAND)

Exact-oracle evaluation of LLM agents' long-term memory: packages, certified OPT, writers,
package ratios, sweeps.

Commands:
${lines.join("\n")}

Every command prints a text table by default, --json or --csv for machines, and writes files
under --out DIR where it has any. Exit codes: 0 done, 1 a checked claim failed, 2 bad usage or
bad input (one line on stderr naming the file and field).

Examples:
  memaudit validate data/examples/vegetarian_pescatarian.json
  memaudit writers data/examples/vegetarian_pescatarian.json --budgets 8,16 --methods oracle_gvt,greedy
  memaudit sweep --seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20 --out out/runs/exact_500
`;
}

/**
 * Runs `memaudit` on `argv`, the words after the program name (e.g. `["solve", "pkg.json",
 * "--budgets", "2,5"]`), writing to `io` (default: the process's streams); resolves to the exit
 * code: 0, 1 or 2.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let [name, ...rest] = argv;
  if (name === "help" && rest.length > 0 && COMMANDS[rest[0]] !== undefined) {
    // `memaudit help scale score`: the subcommand's help.
    [name, rest] = [rest[0], [...rest.slice(1), "--help"]];
  }
  if (name === undefined) {
    io.stderr(overview());
    return EXIT.badInput;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(overview());
    return EXIT.ok;
  }
  const entry = COMMANDS[name];
  if (entry === undefined) {
    io.stderr(
      `memaudit: unknown command '${name}'${didYouMean(name, Object.keys(COMMANDS))}; ` +
        `expected one of ${Object.keys(COMMANDS).join(", ")}\n`,
    );
    return EXIT.badInput;
  }
  try {
    const command = await entry.load();
    return await command.run(rest, io);
  } catch (err) {
    // Standard output closed by its reader (`memaudit ... | head`): it asked for no more.
    if (err instanceof Deno.errors.BrokenPipe) return EXIT.ok;
    const msg = (err as Error)?.message?.replaceAll("\n", " ") ?? String(err);
    if (err instanceof UsageError) {
      io.stderr(`memaudit ${name}: ${msg} (see memaudit ${err.helpFor ?? name} --help)\n`);
      return EXIT.badInput;
    }
    // Bad input, one line: an InputError; a RangeError, the library's "bad argument" (e.g. a
    // budget that is not positive; V8's own, e.g. "Invalid string length", are limits hit, not
    // bad input); a system error (a missing file, no permission, a read-only file system, a
    // full disk) naming the path. A certificate's claim contradicted (a store above a proven
    // bound): exit 1, one line.
    const badInput = err instanceof InputError ||
      (err instanceof RangeError &&
        !/^(Invalid (string|array|typed array) length|Maximum call stack)/.test(err.message)) ||
      isUnwritable(err) ||
      (err instanceof Error && Object.values(Deno.errors).some((E) => err instanceof E));
    if (badInput || (err instanceof Error && err.name === "ClaimError")) {
      io.stderr(`memaudit ${name}: ${msg}\n`);
      return badInput ? EXIT.badInput : EXIT.claimFailed;
    }
    if (Deno.env.get("MEMAUDIT_DEBUG")) io.stderr(`${(err as Error)?.stack ?? err}\n`);
    io.stderr(`memaudit ${name}: internal error: ${msg} (set MEMAUDIT_DEBUG=1 for the stack)\n`);
    return EXIT.claimFailed;
  }
}
