/**
 * The folder the user ran a task from. `deno task` runs every task in the repository root; the
 * `memaudit` and `data` tasks pass the user's folder (`INIT_CWD`, which `deno task` and `./run`
 * set) as `MEMAUDIT_CWD`, and their scripts move there first, so a relative path on the command
 * line means what it means in the user's shell. Files the code finds by itself (the LoCoMo cache,
 * `../shared/data`, the npm packages) are located from the modules, not from the working folder.
 *
 * @module
 */

/**
 * Changes the working folder to `MEMAUDIT_CWD` when the process may read that variable and it
 * is set (a script run without the task, or without that permission, stays where it is).
 *
 * @returns the folder moved to, or null
 * @throws {Deno.errors.NotFound} when `MEMAUDIT_CWD` names no folder
 */
export function enterUserCwd(): string | null {
  const may = Deno.permissions.querySync({ name: "env", variable: "MEMAUDIT_CWD" }).state;
  const dir = may === "granted" ? Deno.env.get("MEMAUDIT_CWD") : undefined;
  if (!dir) return null;
  Deno.chdir(dir);
  return dir;
}
