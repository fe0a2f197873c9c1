/** lib/systems/core_atoms.ts: cases split out of tests/systems/adapters_test.ts. */
import assert from "node:assert/strict";
import { coreAtoms } from "../../lib/systems/core_atoms.ts";

Deno.test("coreAtoms() splits sentences, drops short and repeated atoms, cuts long ones", () => {
  const long = Array.from({ length: 95 }, (_, i) => `w${i}`).join(" ");
  const a = coreAtoms(
    `First name: Sam\nSam likes hiking a lot. He has two cats at home.\n${long}\nsam likes hiking a lot.`,
  );
  assert.deepEqual(a.atoms.slice(0, 2), ["Sam likes hiking a lot.", "He has two cats at home."]);
  assert.equal(a.atoms[2].split(" ").length, 90);
  assert.deepEqual([a.short, a.truncated, a.duplicates], [1, 1, 1]);
});
