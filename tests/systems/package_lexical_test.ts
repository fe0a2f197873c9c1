import assert from "node:assert/strict";
import { readPackageFrom } from "../../lib/package/read_any.ts";
import { packageLexical } from "../../lib/systems/package_lexical.ts";
import { fixturePackage } from "./_fixtures.ts";

Deno.test("packageLexical() is lexical; units without a text are read through their candidates", async () => {
  const veg = packageLexical(
    (await readPackageFrom("data/examples/vegetarian_pescatarian.json")).pkg,
  );
  assert.equal(veg.adjudicator.name, "lexical");
  assert.equal(veg.viaCandidates.length, 4);
  assert.deepEqual(veg.unmatchable, { units: [], weight: 0, share: 0 });
  const fx = packageLexical(fixturePackage());
  assert.equal(fx.adjudicator.name, "lexical");
  assert.deepEqual(fx.viaCandidates, []);
});
