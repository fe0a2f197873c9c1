/**
 * `deno task sweep`: the sweep runner's historical entry (ARTIFACT-SPEC
 * §4.2, §4.3), an alias of `memaudit sweep` with the same flags (see
 * `--help`, and lib/cli/commands/sweep.ts).
 *
 * ```sh
 * # the exact budget sweep (§4.2): base × 500 seeds, B = 1, 2, 4, 8, 16
 * deno run -A scripts/sweep.ts --seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20 --out out/runs/exact_500
 * ```
 *
 * Exit codes: 0 done; 2 bad usage (printed with the usage text) or bad input
 * (an unusable output folder or journal: one line naming the file); 1 any
 * other failure.
 *
 * @module
 */
import { sweepScript } from "../lib/cli/commands/sweep.ts";
import { processIo } from "../lib/cli/main.ts";

if (import.meta.main) Deno.exit(await sweepScript(Deno.args, processIo()));
