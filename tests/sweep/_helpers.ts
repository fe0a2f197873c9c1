/** Helpers shared by the sweep tests. */
import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import { runSweep, type SweepOptions } from "../../lib/sweep/run_sweep.ts";

/** Runs a sweep and stops it (a thrown error, as a crash) once two units are recorded. */
export async function crashAfterTwoUnits(opts: SweepOptions): Promise<void> {
  let seen = 0;
  await assert.rejects(
    runSweep({
      ...opts,
      onProgress: (done) => {
        if (done > 0 && ++seen === 2) throw new Error("simulated crash");
      },
    }),
    /simulated crash/,
  );
}

/** The InputError `p` rejects with (fails the test if it resolves or throws anything else). */
export async function inputError(p: Promise<unknown>): Promise<InputError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof InputError, String(err));
    return err;
  }
  assert.fail("expected an InputError");
}
