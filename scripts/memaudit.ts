/**
 * The `memaudit` command: `deno task memaudit COMMAND ...` from the
 * repository, or installed with `deno install` (see the README).
 *
 * @module
 */
import { main } from "../lib/cli/main.ts";

if (import.meta.main) Deno.exit(await main(Deno.args));
