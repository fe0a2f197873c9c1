/**
 * The `memaudit` command: `deno task memaudit COMMAND ...` from the
 * repository, or installed with `deno install` (see the README).
 *
 * @module
 */
import { main } from "../lib/cli/main.ts";
import { enterUserCwd } from "../lib/base/user_cwd.ts";

if (import.meta.main) {
  enterUserCwd(); // relative paths are the user's (the task runs in the repository)
  Deno.exit(await main(Deno.args));
}
