/**
 * `memaudit sweep`: the synthetic grid runner. For now it delegates to
 * `scripts/sweep.ts` in a subprocess-free way by re-running its main.
 *
 * @module
 */
import type { Command } from "../command.ts";

/** `memaudit sweep ...` (same flags as `deno task sweep`). */
export const command: Command = {
  name: "sweep",
  summary: "the synthetic grid runner",
  async run(argv) {
    const p = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("../../../scripts/sweep.ts", import.meta.url).pathname, ...argv],
      stdout: "inherit",
      stderr: "inherit",
    });
    return (await p.output()).code;
  },
};
