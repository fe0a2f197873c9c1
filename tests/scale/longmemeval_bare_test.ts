/** One bare LongMemEval instance reads like the published list (issue 22 item 2). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { parseLongMemEval } from "../../lib/scale/sources/longmemeval.ts";
import { assertOneLine, memaudit, ROOT, SMALL_LADDER_SOURCE } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";

const list = () => JSON.parse(Deno.readTextFileSync(join(ROOT, SMALL_LADDER_SOURCE)));

Deno.test("parseLongMemEval() reads a bare instance as a list of one; its errors have no [0]", () => {
  const [first] = list();
  const one = parseLongMemEval(first, "one.json");
  assert.deepEqual(one.map((x) => x.question_id), ["e47becba"]);
  assert.deepEqual(one, parseLongMemEval([first], "list.json"));
  assert.throws(
    () => parseLongMemEval({ ...first, haystack_dates: [] }, "one.json"),
    (e: unknown) =>
      e instanceof InputError && /one\.json: haystack_dates: expected/.test(e.message),
  );
  assert.throws(
    () => parseLongMemEval({ ...first, answer: null }, "one.json"),
    (e: unknown) => e instanceof InputError && /one\.json: answer/.test(e.message),
  );
});

Deno.test("scale ladder builds from one bare LongMemEval instance outside the repository", async () => {
  await withTempDir(async (dir) => {
    const f = join(dir, "one instance.json");
    await Deno.writeTextFile(f, JSON.stringify(list()[0]));
    const r = await memaudit(["scale", "ladder", f, "--out", join(dir, "l"), "--n-irr", "0,2"]);
    assert.equal(r.code, 0, r.stderr);
    const s1 = JSON.parse(await Deno.readTextFile(join(dir, "l", "instances_s1.json")));
    assert.deepEqual(s1.map((x: { question_id: string }) => x.question_id), ["e47becba"]);
    assert.equal(s1[0].haystack_session_ids.length, 3);
    const bad = join(dir, "bad.json");
    await Deno.writeTextFile(bad, '"a string"');
    assertOneLine(
      await memaudit(["scale", "ladder", bad, "--out", join(dir, "m")]),
      /bad\.json: \(root\): a JSON list of LoCoMo samples or LongMemEval instances, or one LongMemEval instance/,
    );
  });
});
