/** lib/systems/longmemeval_store.ts: a system's stores scored on LongMemEval, one per question. */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { coverageCellKey } from "../../lib/adjudicate/content_key.ts";
import { InputError } from "../../lib/base/errors.ts";
import { type LongMemEvalInstance, readLongMemEval } from "../../lib/longmemeval/read.ts";
import { scoreLongMemEvalStores } from "../../lib/systems/longmemeval_store.ts";
import { withTempDir } from "../_tmp.ts";
import { OSLO_EVIDENCE as EVIDENCE, osloQuestion as question } from "../longmemeval/_instance.ts";
import { memaudit } from "../cli/_run.ts";

const ORACLE = join(
  import.meta.dirname!,
  "..",
  "..",
  "..",
  "shared",
  "data",
  "longmemeval",
  "longmemeval_oracle_301.json.gz",
);

/** A generic JSONL store of the given memory texts. */
const storeLine = (qid: string, texts: string[]) =>
  JSON.stringify({
    instance_id: qid,
    system: "test",
    memories: texts.map((text, i) => ({ id: `m${i}`, text })),
  }) + "\n";

/** q1 (store: the evidence turn verbatim), q2 (no store), q3 (no evidence turn, a store), zz. */
async function layout(dir: string): Promise<{ file: string; stores: string }> {
  const file = join(dir, "lme.json"), stores = join(dir, "stores");
  await Deno.writeTextFile(
    file,
    JSON.stringify([question("q1"), question("q2"), question("q3", "Oslo", false)]),
  );
  await Deno.mkdir(stores);
  await Deno.writeTextFile(join(stores, "q1.jsonl"), storeLine("q1", [EVIDENCE, "I like basil."]));
  await Deno.writeTextFile(join(stores, "q3.jsonl"), storeLine("q3", [EVIDENCE]));
  await Deno.writeTextFile(join(stores, "zz.jsonl"), storeLine("zz", ["unrelated"]));
  return { file, stores };
}

Deno.test("scoreLongMemEvalStores(): the evidence turn stored verbatim reaches union ratio 1 once it fits", async () => {
  await withTempDir(async (dir) => {
    const { file, stores } = await layout(dir);
    const r = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [6, 11, 14] });
    assert.deepEqual(r.report.longmemeval, {
      file,
      questions: 3,
      scored: ["q1"],
      missing: ["q2"],
      flagged: [{
        question_id: "q3",
        reason: r.report.longmemeval!.flagged[0].reason,
      }],
      unused: [join(stores, "zz.jsonl")],
    });
    assert.match(r.report.longmemeval!.flagged[0].reason, /no evidence turn/);
    // One unit ("I moved to Oslo last spring!", weight 1). B = 11 fits the 11-word memory.
    const at = (b: number) => r.rows.find((x) => x.budget === b)!;
    assert.equal(at(11).certified, true);
    assert.equal(at(11).opt_union, 1);
    assert.equal(at(11).max_value, 1);
    // Recency (newest first) and the query-blind salience take the 3-word "I like basil." first,
    // and then the evidence no longer fits at 11; the exact upper-pruned bound keeps it.
    assert.deepEqual(at(11).union_ratio, { recency: 0, salience: 0, upper: 1 });
    assert.deepEqual(at(14).union_ratio, { recency: 1, salience: 1, upper: 1 });
    // B = 6: the sentence candidate (cost 6) is OPT; the store's memory (11 words) does not fit.
    assert.equal(at(6).opt_package, 1);
    assert.equal(at(6).opt_union, 1);
    assert.deepEqual(at(6).union_ratio, { recency: 0, salience: 0, upper: 0 });
    assert.equal(at(6).question_type, "single-session-user");
    assert.deepEqual(
      r.report.budgets.map((b) => [b.budget, b.items, b.scored, b.union_ratio.upper]),
      [
        [6, 1, 1, 0],
        [11, 1, 1, 1],
        [14, 1, 1, 1],
      ],
    );
    assert.equal(r.report.memories, 2);
    assert.equal(r.report.format, "generic_jsonl");
    assert.deepEqual(r.violations, []);
    // Each question left out is a warning, never silent.
    const w = r.report.warnings.join("\n");
    assert.match(w, /1 of 3 question\(s\) have no store file, left out of the means: q2/);
    assert.match(w, /q3: its store is not scored: the question is flagged/);
    assert.match(w, /1 file\(s\) name no question of the file, not read: .*zz\.jsonl/);
  });
});

Deno.test("scoreLongMemEvalStores(): one question's store; a question the file lacks or one flagged is refused", async () => {
  await withTempDir(async (dir) => {
    const { file, stores } = await layout(dir);
    const one = await scoreLongMemEvalStores({
      longmemeval: file,
      stores: { question: "q1", file: join(stores, "q1.jsonl") },
      budgets: [11],
      perMemory: true,
    });
    assert.deepEqual(one.report.longmemeval!.scored, ["q1"]);
    assert.deepEqual(one.report.longmemeval!.missing, []);
    assert.deepEqual(one.report.per_memory!.map((m) => [m.memory, m.covers_nothing]), [
      ["m0", false],
      ["m1", true],
    ]);
    await assert.rejects(
      scoreLongMemEvalStores({
        longmemeval: file,
        stores: { question: "nope", file: join(stores, "q1.jsonl") },
      }),
      (e: unknown) => e instanceof InputError && /expected a question 'nope'/.test(e.message),
    );
    await assert.rejects(
      scoreLongMemEvalStores({
        longmemeval: file,
        stores: { question: "q3", file: join(stores, "q3.jsonl") },
      }),
      (e: unknown) => e instanceof InputError && /q3.*flagged: no evidence turn/.test(e.message),
    );
  });
});

Deno.test("scoreLongMemEvalStores(): two files naming one question, and a folder naming none, are refused", async () => {
  await withTempDir(async (dir) => {
    const { file, stores } = await layout(dir);
    await Deno.writeTextFile(join(stores, "q1.json"), "[]");
    await assert.rejects(
      scoreLongMemEvalStores({ longmemeval: file, stores }),
      (e: unknown) =>
        e instanceof InputError && /'q1\.json' and 'q1\.jsonl' both name 'q1'/.test(e.message),
    );
    const empty = join(dir, "empty");
    await Deno.mkdir(empty);
    await assert.rejects(
      scoreLongMemEvalStores({ longmemeval: file, stores: empty }),
      (e: unknown) =>
        e instanceof InputError && /none of its 0 file\(s\) names one of its 3/.test(e.message),
    );
  });
});

Deno.test({
  name:
    "scoreLongMemEvalStores() on the shared oracle file: evidence turns verbatim, union ratio 1 at their word cost",
  ignore: !existsSync(ORACLE),
  fn: async () => {
    await withTempDir(async (dir) => {
      // 01493427 (knowledge-update): two evidence turns, both with a located answer sentence.
      let texts: string[] = [];
      for await (const q of readLongMemEval(ORACLE)) {
        if (q.question_id !== "01493427") continue;
        texts = q.haystack_sessions.flat().filter((t) => t.has_answer === true).map((t) =>
          t.content
        );
      }
      assert.equal(texts.length, 2);
      await Deno.writeTextFile(join(dir, "01493427.jsonl"), storeLine("01493427", texts));
      const words = texts.reduce((a, t) => a + t.split(/\s+/).filter(Boolean).length, 0);
      assert.equal(words, 121);
      const r = await scoreLongMemEvalStores({
        longmemeval: ORACLE,
        stores: dir,
        budgets: [words],
      });
      assert.equal(r.report.longmemeval!.questions, 301);
      assert.deepEqual(r.report.longmemeval!.scored, ["01493427"]);
      assert.equal(r.rows.length, 1);
      assert.equal(r.rows[0].certified, true);
      assert.equal(r.rows[0].opt_union, r.rows[0].max_value);
      assert.deepEqual(r.rows[0].union_ratio, { recency: 1, salience: 1, upper: 1 });
    });
  },
});

Deno.test("memaudit store --longmemeval --stores: --json names the questions scored, --out writes question types", async () => {
  await withTempDir(async (dir) => {
    const { file, stores } = await layout(dir);
    const out = join(dir, "out");
    const r = await memaudit([
      "store",
      "--longmemeval",
      file,
      "--stores",
      stores,
      "--budgets",
      "6,11",
      "--json",
      "--out",
      out,
    ]);
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    assert.deepEqual(j.longmemeval.scored, ["q1"]);
    assert.equal(j.budgets[1].union_ratio.upper, 1);
    assert.match(r.stderr, /warning: 1 of 3 question\(s\) have no store file/);
    const csv = await Deno.readTextFile(join(out, "store_items.csv"));
    assert.equal(
      csv.split("\n")[0].split(",").slice(0, 4).join(","),
      "package,question_id,question_type,budget",
    );
    assert.match(csv.split("\n")[1], /^q1,q1,single-session-user,6,true,/);
  });
});

Deno.test("memaudit store --longmemeval: the flags that do not go together are usage errors (exit 2, one line)", async () => {
  const cases: [string[], RegExp][] = [
    [["--longmemeval", "x.json"], /needs --stores DIR .*or --question QID and --store FILE/],
    [["--longmemeval", "x.json", "--stores", "d", "--store", "s"], /--stores DIR excludes --store/],
    [["--longmemeval", "x.json", "--stores", "d", "--per-memory"], /--per-memory lists one store/],
    [
      ["--longmemeval", "x.json", "--locomo", "conv-26", "--stores", "d"],
      /--locomo and --longmemeval exclude/,
    ],
    [["--locomo", "conv-26", "--stores", "d"], /--stores goes with --longmemeval/],
    [
      ["--longmemeval", "x.json", "--stores", "d", "--adjudicator", "package_text"],
      /package_text needs --package/,
    ],
  ];
  for (const [args, re] of cases) {
    const r = await memaudit(["store", ...args]);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.stdout, "");
    assert.match(r.stderr, re, args.join(" "));
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
  }
});

/** The LongMemEval file of the given questions, written in `dir`. */
async function lmeFile(dir: string, qs: LongMemEvalInstance[]): Promise<string> {
  const file = join(dir, "lme.json");
  await Deno.writeTextFile(file, JSON.stringify(qs));
  return file;
}

Deno.test("scoreLongMemEvalStores(): hidden files name no question and a symbolic link to a store is read", async () => {
  await withTempDir(async (dir) => {
    const file = await lmeFile(dir, [question("q1")]);
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    // Two hidden files used to both name '' and refuse the folder; a link was skipped silently.
    await Deno.writeTextFile(join(stores, ".DS_Store"), "x");
    await Deno.writeTextFile(join(stores, ".gitkeep"), "");
    await Deno.writeTextFile(join(dir, "real.jsonl"), storeLine("q1", [EVIDENCE]));
    await Deno.symlink(join(dir, "real.jsonl"), join(stores, "q1.jsonl"));
    // A trailing slash on the folder doubles none in the paths named.
    const r = await scoreLongMemEvalStores({
      longmemeval: file,
      stores: `${stores}/`,
      budgets: [11],
    });
    assert.deepEqual(r.report.longmemeval!.scored, ["q1"]);
    assert.deepEqual(r.report.longmemeval!.unused, [
      join(stores, ".DS_Store"),
      join(stores, ".gitkeep"),
    ]);
    assert.deepEqual(r.rows[0].union_ratio, { recency: 1, salience: 1, upper: 1 });
  });
});

Deno.test("scoreLongMemEvalStores(): a question id no package id can keep is an InputError naming file and element", async () => {
  await withTempDir(async (dir) => {
    const file = await lmeFile(dir, [question("q1"), question("é")]);
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    await Deno.writeTextFile(join(stores, "é.jsonl"), storeLine("é", [EVIDENCE]));
    await assert.rejects(
      scoreLongMemEvalStores({ longmemeval: file, stores }),
      (e: unknown) =>
        e instanceof InputError && e.file === file &&
        e.message.includes("[1].question_id: expected an id with an ASCII letter or digit") &&
        e.message.includes("got 'é'"),
    );
  });
});

Deno.test("scoreLongMemEvalStores(): ids sharing a package id stay apart in the rows; a reader note on an id with a quote passes", async () => {
  await withTempDir(async (dir) => {
    // 'it's' repeats a session id: the reader's note names it and it has a store, so it is told.
    const quoted = question("it's");
    quoted.haystack_session_ids = ["answer_1", "answer_1"];
    quoted.haystack_sessions = [quoted.haystack_sessions[1], quoted.haystack_sessions[1]];
    const file = await lmeFile(dir, [question("a b"), question("a_b"), quoted]);
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    for (const q of ["a b", "a_b", "it's"]) {
      await Deno.writeTextFile(join(stores, `${q}.jsonl`), storeLine(q, [EVIDENCE]));
    }
    const r = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [11] });
    assert.deepEqual(r.rows.map((x) => [x.package, x.question_id]), [
      ["a_b", "a b"],
      ["a_b", "a_b"],
      ["it_s", "it's"],
    ]);
    assert.deepEqual(
      r.report.warnings.filter((w) => w.includes("repeats")),
      [`${file}: question 'it's': haystack_session_ids repeats 'answer_1' (sessions 0 and 1); both kept`],
    );
  });
});

Deno.test("scoreLongMemEvalStores(): a question whose package optimum is 0 at every budget is named in a warning", async () => {
  await withTempDir(async (dir) => {
    // The answer sentence 'Oslo.' has one word stem: lexical coverage needs two, so nothing covers it.
    const q = question("one_stem");
    q.haystack_sessions[1][0].content = "Oslo. I like it there a lot.";
    const file = await lmeFile(dir, [question("q1"), q]);
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    await Deno.writeTextFile(join(stores, "q1.jsonl"), storeLine("q1", [EVIDENCE]));
    await Deno.writeTextFile(join(stores, "one_stem.jsonl"), storeLine("one_stem", ["Oslo."]));
    const r = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [11, 100] });
    assert.deepEqual(r.rows.map((x) => [x.question_id, x.budget, x.opt_package]), [
      ["q1", 11, 1],
      ["q1", 100, 1],
      ["one_stem", 11, 0],
      ["one_stem", 100, 0],
    ]);
    assert.deepEqual(r.report.budgets.map((b) => [b.scored, b.degenerate]), [[1, 1], [1, 1]]);
    assert.deepEqual(
      r.report.warnings.filter((w) => w.includes("every budget")),
      [
        "1 scored question(s) have a package optimum of 0 at every budget (no candidate covers a unit), left out of the means: one_stem",
      ],
    );
    // At B = 2 nothing fits: q1 is named too, for its budgets, not its units.
    const small = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [2] });
    assert.deepEqual(
      small.report.warnings.filter((w) => w.includes("every budget")),
      [
        "1 scored question(s) have a package optimum of 0 at every budget (no candidate covers a unit), left out of the means: one_stem",
        "1 scored question(s) have a package optimum of 0 at every budget (no candidate that covers a unit fits the largest budget), left out of the means: q1",
      ],
    );
  });
});

Deno.test("memaudit store --longmemeval --question QID --store '': a usage error (exit 2, one line), not an internal error", async () => {
  const r = await memaudit(["store", "--longmemeval", "x.json", "--question", "q1", "--store", ""]);
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, "");
  assert.equal(
    r.stderr.trim(),
    "memaudit store: --store FILE expects a path, got '' (see memaudit store --help)",
  );
});

Deno.test("scoreLongMemEvalStores(): cells an imported labeling lacks count as 0 and are a warning", async () => {
  await withTempDir(async (dir) => {
    const file = await lmeFile(dir, [question("q1")]);
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    await Deno.writeTextFile(join(stores, "q1.jsonl"), storeLine("q1", [EVIDENCE]));
    // Two labels: the unit's own sentence candidate and the store's memory cover the unit.
    const unit = "I moved to Oslo last spring!";
    const labels = join(dir, "labels.jsonl");
    await Deno.writeTextFile(
      labels,
      [unit, EVIDENCE].map((t) => JSON.stringify({ key: coverageCellKey(t, unit), value: 1 }))
        .join("\n") + "\n",
    );
    const r = await scoreLongMemEvalStores({
      longmemeval: file,
      stores,
      budgets: [6, 11],
      adjudicator: `imported:${labels}`,
    });
    assert.deepEqual(
      r.rows.map((x) => [x.budget, x.opt_package, x.opt_union, x.union_ratio.upper]),
      [
        [6, 1, 1, 0],
        [11, 1, 1, 1],
      ],
    );
    // 9 package candidates (2 turns: raw, sentences, window) and 1 memory, each against 1 unit.
    assert.deepEqual(r.report.warnings.filter((w) => w.includes("labeling")), [
      `imported:${labels}: 8 of 10 (text, unit) cell(s) looked up are not in the labeling, counted as coverage 0`,
    ]);
  });
});

Deno.test("scoreLongMemEvalStores(): stores without memory times are named: recency takes their export order", async () => {
  await withTempDir(async (dir) => {
    const file = await lmeFile(dir, [question("q1"), question("q2")]);
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    await Deno.writeTextFile(
      join(stores, "q1.jsonl"),
      storeLine("q1", [EVIDENCE, "I like basil."]),
    );
    // q2: the evidence is the newer memory by its time, though first in the file.
    const timed = JSON.stringify({
      instance_id: "q2",
      system: "test",
      memories: [
        { id: "m0", text: EVIDENCE, created_at: "2023-05-02T10:00:00Z" },
        { id: "m1", text: "I like basil.", created_at: "2023-05-01T10:00:00Z" },
      ],
    }) + "\n";
    await Deno.writeTextFile(join(stores, "q2.jsonl"), timed);
    const r = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [11] });
    assert.deepEqual(r.rows.map((x) => [x.question_id, x.union_ratio.recency]), [
      ["q1", 0],
      ["q2", 1],
    ]);
    assert.deepEqual(r.report.warnings.filter((w) => w.startsWith("recency:")), [
      "recency: 1 store(s) give no memory a time, so recency pruning takes export order (the last memory as the newest): q1",
    ]);
  });
});

/** Evidence sentences carrying the answer "Oslo", with few shared word stems. */
const OSLO = [
  "I moved to Oslo last spring with two heavy suitcases!",
  "My younger sister visited Oslo during the cold winter holidays.",
  "We finally bought a tiny flat near Oslo central station yesterday.",
];

/** A question whose evidence session holds the first `n` of {@linkcode OSLO} as user turns. */
function osloTurnsQuestion(id: string, n: number): LongMemEvalInstance {
  const q = question(id);
  q.haystack_sessions[1] = OSLO.slice(0, n).map((content) => ({
    role: "user" as const,
    content,
    has_answer: true,
  }));
  return q;
}

Deno.test("scoreLongMemEvalStores(): the means do not depend on the order of the questions in the file", async () => {
  await withTempDir(async (dir) => {
    const stores = join(dir, "stores");
    await Deno.mkdir(stores);
    // Upper-pruned ratios 1/2, 1/3 and 2/3: their float sum depends on the order of addition.
    const qs = [osloTurnsQuestion("qa", 2), osloTurnsQuestion("qb", 3), osloTurnsQuestion("qc", 3)];
    const held: Record<string, string[]> = {
      qa: OSLO.slice(0, 1),
      qb: OSLO.slice(0, 1),
      qc: OSLO.slice(0, 2),
    };
    for (const [id, texts] of Object.entries(held)) {
      await Deno.writeTextFile(join(stores, `${id}.jsonl`), storeLine(id, texts));
    }
    const means: number[] = [];
    for (const order of [[0, 1, 2], [2, 1, 0], [1, 0, 2], [0, 2, 1]]) {
      const file = await lmeFile(dir, order.map((i) => qs[i]));
      const r = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [100] });
      const byId = Object.fromEntries(r.rows.map((x) => [x.question_id, x.union_ratio.upper]));
      assert.deepEqual(byId, { qa: 1 / 2, qb: 1 / 3, qc: 2 / 3 });
      means.push(r.report.budgets[0].union_ratio.upper!);
    }
    assert.deepEqual(means, [means[0], means[0], means[0], means[0]]);
  });
});

Deno.test("scoreLongMemEvalStores(): a store with no memories is scored as empty (ratio 0, a warning), not a reason to stop", async () => {
  await withTempDir(async (dir) => {
    const { file, stores } = await layout(dir);
    await Deno.writeTextFile(join(stores, "q2.jsonl"), storeLine("q2", []));
    const r = await scoreLongMemEvalStores({ longmemeval: file, stores, budgets: [14] });
    assert.deepEqual(r.report.longmemeval!.scored, ["q1", "q2"]);
    const q2 = r.rows.find((x) => x.question_id === "q2")!;
    assert.deepEqual(q2.union_ratio, { recency: 0, salience: 0, upper: 0 });
    assert.equal(q2.opt_union, 1);
    // The mean over q1 (1) and q2 (0).
    assert.equal(r.report.budgets[0].union_ratio.upper, 0.5);
    assert.ok(
      r.report.warnings.includes(
        "q2: the store holds no memories: scored as empty (F = 0, every ratio 0)",
      ),
    );
  });
});
