/** A temporary folder for one test, removed afterwards. */

/**
 * Runs `fn` with a fresh temporary folder and removes it afterwards (also when `fn` throws).
 *
 * @param fn the test body, given the folder
 * @param prefix the folder name's prefix
 */
export async function withTempDir(
  fn: (dir: string) => Promise<void>,
  prefix = "memaudit_test_",
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
