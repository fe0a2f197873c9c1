import assert from "node:assert/strict";
import { parseTime } from "../../lib/systems/_read.ts";

Deno.test("parseTime() reads ISO-8601, A-Mem's YYYYMMDDHHMM and LoCoMo's dates as UTC", () => {
  assert.equal(parseTime("2026-01-01T10:00:00Z"), Date.UTC(2026, 0, 1, 10));
  assert.equal(parseTime("2025-04-01T03:47:27.123"), Date.UTC(2025, 3, 1, 3, 47, 27, 123));
  assert.equal(parseTime("202301021530"), Date.UTC(2023, 0, 2, 15, 30));
  assert.equal(parseTime("1:56 pm on 8 May, 2023"), Date.UTC(2023, 4, 8, 13, 56));
  assert.equal(parseTime(" 12:05 am on 1 January 2024 "), Date.UTC(2024, 0, 1, 0, 5));
});

Deno.test("parseTime() gives null, not NaN, for a month name that is an Object property (constructor, toString)", () => {
  for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__", "Smarch"]) {
    assert.equal(parseTime(`1:56 pm on 8 ${name}, 2023`), null, name);
  }
  assert.equal(parseTime(undefined), null);
  assert.equal(parseTime("yesterday"), null);
});
