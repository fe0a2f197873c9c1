/**
 * A trajectory file read line by line, each line once (issue 29 item 7): the same records,
 * errors and scores as reading the whole text; `memaudit scale score --json` prints the same
 * bytes either way.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ScaleScorer, scoreScale } from "../../lib/scale/score.ts";
import {
  parseJsonLine,
  readTrajectories,
  readTrajectoryLine,
  type ScoreRecord,
  toScoreRecord,
} from "../../lib/scale/trajectory.ts";
import { forEachFileLine, streamTrajectoryFile } from "../../lib/scale/trajectory_stream.ts";
import { jsonlLines } from "../../lib/base/jsonl.ts";
import { readTextInput } from "../../lib/base/fs.ts";
import { memaudit } from "../cli/_run.ts";
import { withTempDir } from "../_tmp.ts";
import { lineArbitraries, pairsText } from "./_short_line_ids.ts";

const AGENTS = ["a1", "a2"], SYSTEMS = ["m1", "m2"], SCALES = [0, 100, 200];

/** Seeded short-form lines: agents × systems × scales × `queries`, R in 0..8. */
function lines(queries: number, seed = 7): string[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: string[] = [];
  for (const agent of AGENTS) {
    for (const system of SYSTEMS) {
      for (const [j, n] of SCALES.entries()) {
        for (let q = 0; q < queries; q++) {
          out.push(JSON.stringify({
            query_id: `q${q}`,
            scale: { label: `s${j}`, n_irr: n },
            agent,
            system,
            R: Math.floor(next() * 9),
            correct: next() < 0.8 - 0.1 * j,
          }));
        }
      }
    }
  }
  return out;
}

/** What reading throws (its message), or the records. */
function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

Deno.test("readTrajectoryLine() gives what the strict reader gives, record or error, on plain and tricky lines (property, seeded)", () => {
  const scalar = fc.oneof(
    fc.constantFrom(0, 1, 3, -0, -1, 1.5, 2 ** 53, 1e300),
    fc.constantFrom("", "q1", "s0", 'a"b', "a\\b", "é", "a:b", "true"),
    fc.boolean(),
    fc.constant(null),
  );
  const { key, scale } = lineArbitraries(scalar);
  // A line of key/value pairs as text, so that repeated keys and odd numbers reach the reader.
  const pairs = fc.oneof(
    { arbitrary: fc.constant([]), weight: 2 },
    { arbitrary: fc.array(fc.tuple(key, scale), { minLength: 1, maxLength: 6 }), weight: 1 },
  );
  const base = [
    ["query_id", "q1"],
    ["R", 2],
    ["correct", true],
    ["scale", [["label", "s1"], ["n_irr", 100]]],
  ];
  const odd = fc.oneof(
    { arbitrary: fc.constant(""), weight: 4 },
    {
      arbitrary: fc.constantFrom(" 1", "1e-400", "0.0", "1E2", "[1]", "{}", '"\\u0041"'),
      weight: 1,
    },
  );
  let same = 0;
  fc.assert(
    fc.property(pairs, fc.boolean(), odd, fc.nat(3), (extra, withBase, tail, spaces) => {
      const all = withBase ? [...base, ...extra] : extra;
      let s = pairsText(all);
      if (tail !== "" && s.length > 2) s = s.slice(0, -1) + `,"R":${tail}}`;
      if (spaces > 0) s = s.replaceAll(",", " ".repeat(spaces) + ", ");
      const strict = outcome(() => toScoreRecord(parseJsonLine(s, "f", 3), "f", 3));
      const once = outcome(() => readTrajectoryLine(s, "f", 3));
      assert.deepEqual(once, strict, s);
      if (typeof strict !== "string") same++;
    }),
    { seed: 29, numRuns: 3000 },
  );
  assert.ok(same > 300, `only ${same} lines read as records`);
});

Deno.test("readTrajectoryLine() reads a colon inside a string, and leaves an escaped repeated key and an underflowing exponent to the strict reader", () => {
  assert.deepEqual(readTrajectoryLine('{"query_id":"a:b","R":1,"correct":true}', "f", 4), {
    query_id: "a:b",
    agent: "",
    system: "",
    scale: null,
    R: 1,
    correct: true,
    line: 4,
  });
  const dup =
    'TrajectoryInputError: Cannot read f: line 4: R: expected each key once in an object; "R" repeats (JSON keeps only the last)';
  assert.equal(
    outcome(() => readTrajectoryLine('{"query_id":"q","R":1,"\\u0052":2,"correct":true}', "f", 4)),
    dup,
  );
  assert.equal(
    outcome(() => readTrajectoryLine('{"query_id":"q:","R":1,"R":2}', "f", 4)),
    dup,
  );
  assert.equal(
    outcome(() => readTrajectoryLine('{"query_id":"q","R":1e-400,"correct":true}', "f", 4)),
    "TrajectoryInputError: Cannot read f: line 4: R: expected a number a double can hold, got 1e-400 (underflows to 0)",
  );
});

Deno.test("forEachFileLine() gives forEachJsonlLine's lines across blocks (BOM, CRLF, blank lines, no final newline)", async () => {
  await withTempDir(async (dir) => {
    const long = "x".repeat(3 << 20); // longer than a block: the buffer grows
    const text = "\ufeff" +
      ["{a}", "", "  ", "{b}\r", long, ...lines(3000), "\r", "{last}"].join("\n");
    await Deno.writeTextFile(`${dir}/f`, text);
    const got: { line: number; text: string }[] = [];
    await forEachFileLine(`${dir}/f`, (line, t) => void got.push({ line, text: t }));
    assert.deepEqual(got, jsonlLines(text));
    assert.ok(new TextEncoder().encode(text).length > 2 * (1 << 20));
  });
});

Deno.test("a bare \\r that ends the file stays in its line, streamed as read whole: a truncated line is named alike", async () => {
  await withTempDir(async (dir) => {
    const text = lines(2).join("\n") + '\n{"b":\r';
    await Deno.writeTextFile(`${dir}/f`, text);
    const got: { line: number; text: string }[] = [];
    await forEachFileLine(`${dir}/f`, (line, t) => void got.push({ line, text: t }));
    assert.deepEqual(got, jsonlLines(text));
    assert.equal(got.at(-1)?.text, '{"b":\r');
    const streamed = await streamTrajectoryFile(`${dir}/f`, () => {}, { file: "f" }).then(
      () => "read",
      (e) => `${e.name}: ${e.message}`,
    );
    assert.equal(streamed, outcome(() => readTrajectories(text, "f")));
    assert.match(streamed, /^TrajectoryInputError: Cannot read f: line 25: expected valid JSON/);
    // A line that parses is read the same with its trailing \r (JSON white space).
    const ok = lines(2).join("\n") + "\r";
    await Deno.writeTextFile(`${dir}/ok`, ok);
    const records: ScoreRecord[] = [];
    await streamTrajectoryFile(`${dir}/ok`, (r) => void records.push(r));
    assert.deepEqual(records, readTrajectories(ok));
  });
});

Deno.test("forEachFileLine() names the line of a bad UTF-8 byte, a missing file and a folder", async () => {
  await withTempDir(async (dir) => {
    const head = new TextEncoder().encode(lines(1000).join("\n") + "\n");
    await Deno.writeFile(`${dir}/bad`, new Uint8Array([...head, 0x7b, 0xff, 0x7d, 0x0a]));
    await assert.rejects(() => forEachFileLine(`${dir}/bad`, () => {}), {
      message: `Cannot read ${dir}/bad: line 12001: expected UTF-8 text`,
    });
    await assert.rejects(
      () => forEachFileLine(`${dir}/none`, () => {}),
      /expected an existing file/,
    );
    await assert.rejects(() => forEachFileLine(dir, () => {}), /expected a file, found a folder/);
  });
});

Deno.test("streamTrajectoryFile() with ScaleScorer scores as readTrajectories with scoreScale; another format is left alone", async () => {
  await withTempDir(async (dir) => {
    const text = lines(500).join("\n") + "\n";
    await Deno.writeTextFile(`${dir}/t.jsonl`, text);
    const scorer = new ScaleScorer({ resamples: 200, seed: 3 });
    const seen: ScoreRecord[] = [];
    assert.equal(
      await streamTrajectoryFile(`${dir}/t.jsonl`, (r) => {
        seen.push(r);
        scorer.add(r);
      }),
      true,
    );
    const whole = readTrajectories(text, `${dir}/t.jsonl`);
    assert.deepEqual(seen, whole);
    assert.equal(
      JSON.stringify(scorer.score()),
      JSON.stringify(scoreScale(whole, { resamples: 200, seed: 3 })),
    );
    assert.equal(scorer.n, 6000);
    // A chat log: not read (detect), nothing visited.
    await Deno.writeTextFile(`${dir}/chat.jsonl`, '{"messages":[]}\n');
    let visits = 0;
    assert.equal(await streamTrajectoryFile(`${dir}/chat.jsonl`, () => visits++), false);
    assert.equal(visits, 0);
    // A bad line is the whole-text reader's error.
    await Deno.writeTextFile(`${dir}/dup.jsonl`, text + '{"query_id":"q","R":1,"R":2}\n');
    const streamedError = await streamTrajectoryFile(`${dir}/dup.jsonl`, () => {}).then(
      () => "no error",
      (e) => `${e.name}: ${e.message}`,
    );
    assert.equal(
      streamedError,
      outcome(() => readTrajectories(text + '{"query_id":"q","R":1,"R":2}\n', `${dir}/dup.jsonl`)),
    );
    assert.match(streamedError, /line 6001: R: expected each key once/);
  });
});

Deno.test("memaudit scale score --json prints the same bytes streamed as read whole (--out reads whole), and names the same first error", async () => {
  await withTempDir(async (dir) => {
    const file = `${dir}/t.jsonl`;
    await Deno.writeTextFile(file, lines(400).join("\n") + "\n");
    const streamed = await memaudit(["scale", "score", file, "--json", "--resamples", "300"]);
    const whole = await memaudit([
      "scale",
      "score",
      file,
      "--json",
      "--resamples",
      "300",
      "--out",
      `${dir}/o`,
    ]);
    assert.equal(streamed.code, 0, streamed.stderr);
    assert.equal(streamed.stdout, whole.stdout);
    assert.equal(streamed.stderr, whole.stderr);
    assert.equal(JSON.parse(streamed.stdout).groups.length, 12);
    // A line without correctness, then a bad line: the bad line is named first either way.
    const bad = `${dir}/bad.jsonl`;
    await Deno.writeTextFile(bad, '{"query_id":"q","R":1}\n' + lines(2).join("\n") + "\n{\n");
    const a = await memaudit(["scale", "score", bad, "--json"]);
    const b = await memaudit(["scale", "score", bad, "--json", "--out", `${dir}/o2`]);
    assert.deepEqual([a.code, a.stderr], [b.code, b.stderr]);
    assert.match(a.stderr, /line 26: expected valid JSON/);
  });
});

Deno.test("streamTrajectoryFile() names a later line that is not UTF-8 before an earlier bad line, as reading the whole text does", async () => {
  await withTempDir(async (dir) => {
    const enc = new TextEncoder();
    const bad = Uint8Array.of(0x7b, 0xff, 0x7d, 0x0a); // `{\xff}`: not UTF-8
    // A bad line 3; a line that is not UTF-8 in the same block (line 5) or two blocks on.
    for (
      const [name, after] of [["near", 1], ["far", 20_000]] as const
    ) {
      const path = `${dir}/${name}.jsonl`;
      const head = enc.encode(lines(1).slice(0, 2).join("\n") + '\n{"query_id":"q","R":}\n');
      const tail = enc.encode(lines(2000).slice(0, after).join("\n") + "\n");
      await Deno.writeFile(path, new Uint8Array([...head, ...tail, ...bad, ...tail]));
      const whole = await readTextInput(path).then((t) => readTrajectories(t, path)).then(
        () => "no error",
        (e) => e.message,
      );
      const streamed = await streamTrajectoryFile(path, () => {}).then(
        () => "no error",
        (e) => e.message,
      );
      assert.equal(streamed, whole, name);
      assert.equal(streamed, `Cannot read ${path}: line ${4 + after}: expected UTF-8 text`);
    }
    // Without a later bad byte, the bad line is named.
    const path = `${dir}/ok.jsonl`;
    await Deno.writeTextFile(path, lines(1).join("\n") + '\n{"query_id":"q","R":}\n' + lines(1));
    await assert.rejects(
      () => streamTrajectoryFile(path, () => {}),
      /line 13: expected valid JSON/,
    );
  });
});

Deno.test("streamTrajectoryFile() and readTrajectories() give every record its keys in one order, whichever reader read the line", async () => {
  await withTempDir(async (dir) => {
    const text = [
      '{"query_id":"q1","scale":"s1","R":1,"correct":true,"trajectory_id":"t1"}', // from bytes
      '{"query_id":"q2","scale":"s1","R":1,"correct":true,"trajectory_id":"t\\u0032"}', // JSON.parse
      '{"query_id": "q3", "scale": "s1", "R": 1, "correct": true, "trajectory_id": "t3"}',
      '{"schema":"memaudit.trajectory/1","query_id":"q4","trajectory_id":"t4","steps":[],"correct":true}',
    ].join("\n");
    await Deno.writeTextFile(`${dir}/t.jsonl`, text);
    const seen: ScoreRecord[] = [];
    await streamTrajectoryFile(`${dir}/t.jsonl`, (r) => void seen.push(r));
    const keys = "query_id,agent,system,scale,R,correct,trajectory_id,line";
    for (const r of [...seen, ...readTrajectories(text)]) assert.equal(Object.keys(r).join(), keys);
    assert.equal(
      JSON.stringify(seen[0]),
      '{"query_id":"q1","agent":"","system":"","scale":{"label":"s1"},"R":1,"correct":true,"trajectory_id":"t1","line":1}',
    );
  });
});
