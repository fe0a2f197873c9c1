/**
 * The folder the user ran a task from. `deno task` runs every task in the repository root; the
 * `memaudit`, `data` and `repro` tasks pass the user's folder (`INIT_CWD`, which `deno task` and `./run`
 * set) as `MEMAUDIT_CWD`, and their scripts move there first, so a relative path on the command
 * line means what it means in the user's shell. Files the code finds by itself (the LoCoMo cache,
 * `../shared/data`, the npm packages) are located from the modules, not from the working folder.
 *
 * @module
 */

/**
 * The user's folder: `MEMAUDIT_CWD` when the process may read that variable and it is set, else
 * null (a script run without the task, or without that permission).
 *
 * @returns the folder, or null
 */
export function userCwd(): string | null {
  const may = Deno.permissions.querySync({ name: "env", variable: "MEMAUDIT_CWD" }).state;
  return (may === "granted" ? Deno.env.get("MEMAUDIT_CWD") : undefined) || null;
}

/**
 * Changes the working folder to {@linkcode userCwd} when there is one (else stays where it is).
 *
 * @returns the folder moved to, or null
 * @throws {Deno.errors.NotFound} when `MEMAUDIT_CWD` names no folder
 */
export function enterUserCwd(): string | null {
  const dir = userCwd();
  if (dir !== null) Deno.chdir(dir);
  return dir;
}
