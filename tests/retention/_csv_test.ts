/** lib/retention/_csv.ts: the one CSV parser of the retention tables (RFC 4180, streaming). */
import assert from "node:assert/strict";
import { parseCsv as parse } from "../../lib/base/deps/csv_parse.ts";
import fc from "fast-check";
import { InputError } from "../../lib/base/errors.ts";
import { forEachCsvRow, parseCsvRows } from "../../lib/retention/_csv.ts";

const rowsOf = (text: string) => parseCsvRows(text, "t.csv", ["a", "b"]).map((r) => r.cells);

Deno.test("parseCsvRows() reads quoted fields, CRLF, LF and lone CR, a BOM, and skips empty lines", () => {
  const want = [{ a: "x,1", b: 'say "hi"' }, { a: "two\nlines", b: "" }, { a: " s ", b: "3" }];
  const body = ['"x,1","say ""hi"""', '"two\nlines",', " s ,3"];
  for (const eol of ["\n", "\r\n", "\r"]) {
    const text = "\uFEFFa, b " + eol + eol + body.join(eol) + eol + eol;
    assert.deepEqual(
      rowsOf(text),
      want,
      JSON.stringify(eol),
    );
  }
  assert.deepEqual(parseCsvRows("a,b\n1,2", "t.csv", ["a"]).map((r) => r.row), [1]);
});

Deno.test("parseCsvRows() names the line of a quote problem or a row of another width", () => {
  const bad: [string, RegExp][] = [
    [
      "a,b\n1,2\n1,2,3\n",
      /^Cannot read t\.csv: line 3: expected valid CSV \(2 fields as in the header, got 3\)$/,
    ],
    [
      'a,b\n1,x"y\n',
      /line 2: expected valid CSV \(a quote only around a whole field \(field 2\)\)/,
    ],
    [
      'a,b\n"1"x,2\n',
      /line 2: expected valid CSV \(a comma or a line break after a closing quote\)/,
    ],
    ['a,b\n"1\n\n,2\n', /line 2: expected valid CSV \(a quoted field that is not closed\)/],
    ["", /^Cannot read t\.csv: header: expected a header a,b$/],
    ["a,a,b\n", /header: expected each column once; 'a' repeats/],
    ["a,c\n1,2\n", /header: expected a column 'b' \(header a,b\)/],
  ];
  for (const [text, re] of bad) {
    assert.throws(
      () => rowsOf(text),
      (e: unknown) => e instanceof InputError && re.test(e.message),
      text,
    );
  }
});

Deno.test("forEachCsvRow() gives the same cells as csv-parse on well-formed tables (property, seeded)", () => {
  const cell = fc.stringMatching(/^[a-z0-9 ,"\n]{0,6}$/);
  fc.assert(
    fc.property(fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 20 }), (rows) => {
      const q = (s: string) => /[,"\n]/.test(s) || s === "" ? `"${s.replaceAll('"', '""')}"` : s;
      const text = ["h1,h2,h3", ...rows.map((r) => r.map(q).join(","))].join("\r\n") + "\r\n";
      const ours: string[][] = [];
      forEachCsvRow(text, "p.csv", ["h1"], (cells) => ours.push([...cells]));
      const theirs = (parse(text, { skip_empty_lines: true }) as string[][]).slice(1);
      assert.deepEqual(ours, theirs);
    }),
    { seed: 22, numRuns: 300 },
  );
});
