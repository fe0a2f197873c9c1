/** Every CSV memaudit writes spells booleans as JSON does: `false` is not an empty (missing) cell. */
import assert from "node:assert/strict";
import { csvTable } from "../../lib/cli/command.ts";
import { Table } from "../../lib/report/table.ts";

Deno.test("csvTable() writes true and false, and null as an empty cell", () => {
  assert.equal(
    csvTable(["m", "feasible", "ratio"], [
      { m: "a", feasible: true, ratio: 1 },
      { m: "b", feasible: false, ratio: null },
    ]),
    "m,feasible,ratio\na,true,1\nb,false,\n",
  );
});

Deno.test("Table.toCsv() writes true and false, and null as an empty cell", () => {
  const t = new Table("t", [{ ok: true, x: null }, { ok: false, x: 2 }]);
  assert.equal(t.toCsv(), "ok,x\ntrue,\nfalse,2\n");
});
