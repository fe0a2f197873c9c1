/**
 * A short-form line whose `correct` or `scale` (fields of several accepted shapes) is wrong
 * names the field. Before: "line 1: Invalid input: expected boolean, received string", no
 * field (the union branch's path is relative to the union and was printed alone).
 */
import assert from "node:assert/strict";
import { readTrajectories } from "../../lib/scale/trajectory.ts";

const line = (extra: string) =>
  `{"query_id": "q1", "agent": "a", "system": "m", "R": 1, ${extra}}\n`;

Deno.test("short form: a bad correct or scale names its field", () => {
  assert.throws(
    () => readTrajectories(line(`"scale": "s0", "correct": "yes"`), "t.jsonl"),
    /t\.jsonl.*line 1: correct: /,
  );
  assert.throws(
    () => readTrajectories(line(`"scale": 1e400, "correct": true`), "t.jsonl"),
    /t\.jsonl.*line 1: scale: /,
  );
});
