/**
 * Pinned SHA-256 of the sweep's deterministic files: the rows as recorded
 * with the code of commit 8f1edb7 (before the refactors of issues 10, 13 and
 * 14); summary.json re-recorded once when its aggregates gained `n_defined`
 * (rows with a defined ratio, issue 10; every other byte unchanged, checked
 * by a diff). A refactor of rows, summary, lanes or outputs must leave every
 * byte as it is. The rows carry the memaudit version (deno.json "version"): a version
 * bump changes these hashes, and they are then re-recorded on purpose.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DISTRIBUTION_SPECS } from "../../lib/generate/distributions.ts";
import { EXACT_SWEEP_METHODS, sweepMethodIds } from "../../lib/sweep/methods.ts";
import { runSweep, type SweepOptions } from "../../lib/sweep/run_sweep.ts";

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const CASES: [string, Omit<SweepOptions, "outDir">, Record<string, string>][] = [
  [
    "the exact sweep's grid at 100 seeds",
    {
      distributions: ["base"],
      seeds: [...Array(100).keys()],
      budgets: ["0.01", "0.02", "0.05", "0.10", "0.20"],
      methods: [...EXACT_SWEEP_METHODS],
      workers: 1,
    },
    {
      "raw_results.jsonl": "23efc89c7a70d7069d7398ad02df9e2650562ef8b1d33343adcd48bc1216586d",
      "raw_results.csv": "09f66b7e78dcbdafb4c66d49fc7588dbf6b14af57fbefa157a46e15afd8d8fe5",
      "summary.json": "b83d02063770fc2c57dcf03eaa2d004f1c5abc3eecf2425b22842d74abb94491",
    },
  ],
  [
    "every method x every distribution x 4 seeds, fraction and absolute budgets",
    {
      distributions: Object.keys(DISTRIBUTION_SPECS),
      seeds: [0, 1, 2, 3],
      budgets: ["0.02", "0.1", "3"],
      methods: sweepMethodIds(),
      workers: 1,
    },
    {
      "raw_results.jsonl": "8c19dadd453cbfba1dd6f32919125442c7f23d13a98fc2f7d112bdccb975be64",
      "raw_results.csv": "13784f0c65208d37a8cb33e0583a2abb5c6259d3c6eeaf41157c07267d3c2a08",
      "summary.json": "69039885f6be0def1cb15a8add9c652c4394e2627d7fbc4f71d686bf16aafea2",
    },
  ],
];

for (const [what, grid, want] of CASES) {
  Deno.test(`runSweep() writes the pinned bytes for ${what}`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "memaudit_golden_" });
    try {
      await runSweep({ ...grid, outDir: dir });
      for (const [file, hash] of Object.entries(want)) {
        assert.equal(await sha256(join(dir, file)), hash, file);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}
