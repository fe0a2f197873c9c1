import assert from "node:assert/strict";
import { InputError } from "../../lib/base/errors.ts";
import {
  decisionsFromGatingOutputs,
  GATING_REPORT,
  type GatingDecision,
  gatingMetrics,
  parsePredictionsCsv,
  readPredictionsCsv,
} from "../../lib/retention/gating.ts";
import { readGatingFolder } from "../../lib/retention/read.ts";

const FX = new URL("./fixtures/", import.meta.url).pathname;
const d = (required: boolean, predicted: boolean, session = 1): GatingDecision => ({
  user: "u",
  session,
  required,
  predicted,
});

Deno.test("gatingMetrics() gives F1 null with zero precision (the benchmark's convention)", () => {
  const m = gatingMetrics([d(true, false, 1), d(false, true, 2), d(false, false, 3)]);
  assert.deepEqual(m, {
    n: 3,
    tp: 0,
    fp: 1,
    fn: 1,
    tn: 1,
    precision: 0,
    recall: 0,
    f1: null,
    accuracy: 1 / 3,
  });
});

Deno.test("gatingMetrics() gives null for undefined ratios", () => {
  const m = gatingMetrics([d(false, false)]);
  assert.equal(m.precision, null);
  assert.equal(m.recall, null);
  assert.equal(m.f1, null);
  assert.equal(m.accuracy, 1);
  assert.equal(gatingMetrics([]).accuracy, null);
  // universal gating (store all): recall 1, precision = share required
  const u = gatingMetrics([d(true, true, 1), d(false, true, 2), d(true, true, 3)]);
  assert.equal(u.recall, 1);
  assert.equal(u.precision, 2 / 3);
  assert.equal(u.f1, 0.8);
});

Deno.test("readPredictionsCsv() pools the fixture's users", async () => {
  const m = gatingMetrics(await readPredictionsCsv(`${FX}predictions.csv`));
  assert.deepEqual([m.tp, m.fp, m.fn, m.tn], [3, 1, 1, 1]);
  assert.equal(m.precision, 0.75);
  assert.equal(m.recall, 0.75);
  assert.equal(m.f1, 0.75);
  assert.equal(m.accuracy, 4 / 6);
});

Deno.test("decisionsFromGatingOutputs() reads the benchmark's session records", async () => {
  const m = gatingMetrics(decisionsFromGatingOutputs(await readGatingFolder(`${FX}gating`)));
  assert.deepEqual([m.tp, m.fp, m.fn, m.tn], [3, 1, 0, 0]);
  assert.equal(m.accuracy, 0.75);
});

Deno.test("parsePredictionsCsv() names row and column of a bad cell", () => {
  const head = "user,session,required,predicted\n";
  const where = (text: string) => {
    try {
      parsePredictionsCsv(head + text, "p.csv");
    } catch (e) {
      assert.ok(e instanceof InputError);
      return e.where;
    }
    assert.fail("expected an InputError");
  };
  assert.deepEqual(where("u,1,1,2\n"), { row: 1, column: "predicted" });
  assert.deepEqual(where("u,1,1,1\nu,x,1,1\n"), { row: 2, column: "session" });
  assert.deepEqual(where("u,1,1,1\nu,1,0,1\n"), { row: 2, column: "session" });
});

Deno.test("GATING_REPORT.json(): the metrics but n, in order; n or a wrong rate refused, naming the path", () => {
  const { n, ...m } = gatingMetrics([
    { user: "u", session: 1, required: true, predicted: true },
    { user: "u", session: 2, required: false, predicted: false },
  ]);
  assert.equal(n, 2);
  assert.deepEqual(Object.keys(GATING_REPORT.json(m)), [
    "tp",
    "fp",
    "fn",
    "tn",
    "precision",
    "recall",
    "f1",
    "accuracy",
  ]);
  assert.throws(
    () => GATING_REPORT.json({ ...m, n } as never),
    /retention_gating_report: \(root\): .*"n"/,
  );
  assert.throws(
    () => GATING_REPORT.json({ ...m, f1: "1" as never }),
    /retention_gating_report: f1: /,
  );
});
