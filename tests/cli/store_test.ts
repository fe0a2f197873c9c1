import assert from "node:assert/strict";
import { parseCsv as parse } from "../../lib/base/deps/csv_parse.ts";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { LOCOMO_SHARED_PATH } from "../../lib/natural/data_source.ts";
import { withFlag } from "./_run.ts";

const openai0 = sharedDataPath("mem0-eval/openai_memories/0.txt");
const mem0 = sharedDataPath("mem0-eval/mem0_search_top30_conv26.json");
const locomo8 = sharedDataPath("locomo/locomo8.json");
const noData = openai0 === null || mem0 === null || locomo8 === null;
const SEL = ["recency", "salience", "upper"] as const;

/** Runs `deno run -A scripts/memaudit.ts ARGS` (the real entry point), pinned to locomo8. */
async function memaudit(args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/memaudit.ts", ...args],
    env: { MEMAUDIT_LOCOMO: "locomo8", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

type Ratios = Record<(typeof SEL)[number], number | null>;
interface Result {
  conversation: string;
  format: string;
  memories: number;
  format_reason: string;
  locomo_data: { name: string; via: string };
  adjudicator: string;
  budgets: {
    budget: number;
    items: number;
    certified: number;
    scored: number;
    degenerate: number;
    union_ratio: Ratios;
    package_ratio: Ratios;
  }[];
}

/**
 * The `--json` of main 3cdb2a9 (before the flow moved into scoreStoreFile, issue 27 item 1) for
 * this store, with the store and LoCoMo paths put back in.
 */
async function goldenJson(golden: string, store: string): Promise<string> {
  const text = await Deno.readTextFile(new URL(`./fixtures/store_json/${golden}`, import.meta.url));
  return text.replace('"<STORE>"', JSON.stringify(store)).replace(
    '"<LOCOMO8>"',
    JSON.stringify(locomo8),
  );
}

/**
 * Checks a store run: its `--json` byte for byte against the output from before the move, JSON
 * shape, certification, union <= package per item and in the means.
 */
async function checkStoreRun(
  store: string,
  format: string,
  memories: number,
  golden: string,
): Promise<Result> {
  const out = await Deno.makeTempDir({ prefix: "memaudit-store-" });
  try {
    const r = await memaudit([
      "store",
      "--locomo",
      "conv-26",
      "--store",
      store,
      "--budgets",
      "30,60,100",
      "--json",
      "--out",
      out,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, await goldenJson(golden, store));
    const j = JSON.parse(r.stdout) as Result;
    assert.deepEqual(Object.keys(j).slice(0, 4), ["conversation", "format", "memories", "budgets"]);
    assert.equal(j.conversation, "conv-26");
    assert.equal(j.format, format);
    assert.equal(j.memories, memories);
    assert.equal(j.adjudicator, "lexical");
    assert.deepEqual(j.locomo_data, { ...j.locomo_data, name: "locomo8.json", via: "env" });
    assert.match(r.stderr, new RegExp(`read as ${format} \\(detected: `));
    assert.match(r.stderr, /LoCoMo: locomo8\.json \(8 conversations; MEMAUDIT_LOCOMO=locomo8\)/);
    assert.deepEqual(j.budgets.map((b) => b.budget), [30, 60, 100]);
    for (const b of j.budgets) {
      assert.deepEqual(Object.keys(b), [
        "budget",
        "items",
        "certified",
        "union_ratio",
        "package_ratio",
        "scored",
        "degenerate",
      ]);
      assert.deepEqual(Object.keys(b.union_ratio), [...SEL]);
      assert.deepEqual(Object.keys(b.package_ratio), [...SEL]);
      // conv-26: 199 QA items, 197 packages; every (package, budget) certified.
      assert.equal(b.items, 197);
      assert.equal(b.certified, 197);
      assert.equal(b.scored + b.degenerate, b.certified);
      for (const k of SEL) {
        assert.ok(b.union_ratio[k] !== null && b.package_ratio[k] !== null);
        assert.ok(b.union_ratio[k]! <= b.package_ratio[k]! + 1e-12, `B=${b.budget} ${k}`);
        assert.ok(b.union_ratio[k]! >= 0 && b.union_ratio[k]! <= 1);
      }
      assert.ok(b.union_ratio.recency! <= b.union_ratio.upper! + 1e-12);
      assert.ok(b.union_ratio.salience! <= b.union_ratio.upper! + 1e-12);
    }
    // Per item, from the items file written with --out.
    const items = parse(await Deno.readTextFile(`${out}/store_items.csv`), {
      columns: true,
    }) as Record<string, string>[];
    assert.equal(items.length, 197 * 3);
    assert.ok(items.every((x) => x.certified === "true"));
    let compared = 0;
    for (const x of items) {
      for (const k of SEL) {
        const u = x[`union_${k}`], p = x[`package_${k}`];
        if (u === "" || p === "") continue;
        assert.ok(Number(u) <= Number(p) + 1e-12, `${x.package} B=${x.budget} ${k}`);
        compared++;
      }
    }
    assert.ok(compared >= 3 * j.budgets.reduce((a, b) => a + b.scored, 0));
    const summary = JSON.parse(await Deno.readTextFile(`${out}/store_summary.json`));
    assert.deepEqual(summary, j);
    return j;
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test({
  name: "memaudit store scores OpenAI memory on conv-26: 47 memories, all certified",
  ignore: noData,
  async fn() {
    const j = await checkStoreRun(openai0!, "openai_memory", 47, "openai_memories_0_conv26.json");
    // The long OpenAI paragraphs rarely fit at B = 30; more of them fit at B = 100.
    assert.ok(j.budgets[2].union_ratio.upper! > j.budgets[0].union_ratio.upper!);
  },
});

Deno.test({
  name: "memaudit store scores Mem0's retrieved union on conv-26: 510 memories, all certified",
  ignore: noData,
  async fn() {
    const j = await checkStoreRun(
      mem0!,
      "mem0_search_results",
      510,
      "mem0_search_top30_conv26.json",
    );
    assert.match(j.format_reason, /^Mem0 evaluation output/);
  },
});

Deno.test({
  name: "memaudit store prints a table by default and CSV with --csv",
  ignore: noData,
  async fn() {
    const base = ["store", "--locomo", "conv-26", "--store", openai0!, "--budgets", "60"];
    const t = await memaudit(base);
    assert.equal(t.code, 0, t.stderr);
    const lines = t.stdout.trimEnd().split("\n");
    // The columns of the report's schema (lib/systems/store_report.ts), in its order.
    assert.match(
      lines[0],
      /^budget\s+items\s+certified\s+union_recency\s.*package_upper\s+scored\s+degenerate$/,
    );
    assert.match(lines[2], /^\s*60\s+197\s+197\s.*\s156\s+41$/);
    assert.match(lines[3], /adjudicator lexical/);
    const c = await memaudit([...base, "--csv"]);
    assert.equal(c.code, 0, c.stderr);
    const rows = parse(c.stdout, { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 1);
    assert.equal(rows[0].budget, "60");
    assert.equal(rows[0].certified, "197");
  },
});

Deno.test({
  name: "memaudit store --adjudicator imported:FILE uses the labels (none here: zero coverage)",
  ignore: noData,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-store-imp-" });
    try {
      await Deno.writeTextFile(`${dir}/none.jsonl`, "");
      const r = await memaudit([
        "store",
        "--locomo",
        "conv-26",
        "--store",
        openai0!,
        "--budgets",
        "100",
        "--adjudicator",
        `imported:${dir}/none.jsonl`,
        "--json",
      ]);
      assert.equal(r.code, 0, r.stderr);
      const j = JSON.parse(r.stdout) as Result;
      assert.equal(j.adjudicator, "imported:none");
      // No memory covers anything: the union OPT is the package OPT, every selection scores 0.
      assert.deepEqual(j.budgets[0].union_ratio, { recency: 0, salience: 0, upper: 0 });
      assert.deepEqual(j.budgets[0].package_ratio, { recency: 0, salience: 0, upper: 0 });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "memaudit store --help shows a worked example and the adjudicator advice",
  async fn() {
    const r = await memaudit(["store", "--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /deno task memaudit store --locomo conv-26/);
    assert.match(r.stdout, /imported:FILE/);
    assert.match(r.stdout, /zero coverage/);
  },
});

Deno.test({
  name: "memaudit store exits 2 with one line on bad flags and bad files",
  ignore: noData,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "memaudit-store-bad-" });
    try {
      await Deno.writeTextFile(
        `${dir}/bad.json`,
        '{"0": [{"question": "q", "speaker_1_memories": [{"memory": 3}], "speaker_2_memories": []}]}',
      );
      await Deno.writeTextFile(`${dir}/empty.txt`, "\n\n");
      const ok = ["--locomo", "conv-26", "--store", openai0!];
      const cases: [string[], RegExp][] = [
        [["--store", openai0!], /--locomo CONV is required/],
        [["--locomo", "conv-26"], /--store FILE is required/],
        [[...ok, "--bogus"], /Unknown option '--bogus'/],
        [[...ok, "--budgets", "30,x"], /--budgets: expected a number > 0, got "x"/],
        [[...ok, "--budgets", "0"], /--budgets: expected a number > 0, got "0"/],
        [
          [...ok, "--format", "csv"],
          /--format expects auto, mem0_get_all, .* or mcp_memory, got 'csv'/,
        ],
        [
          [...ok, "--adjudicator", "gpt"],
          /--adjudicator expects lexical, package_text, imported:FILE or llm:URL, got 'gpt'/,
        ],
        [[...ok, "--adjudicator", "imported:"], /--adjudicator expects lexical/],
        [[...ok, "--adjudicator", "package_text"], /package_text needs --package/],
        [[...ok, "--package", "p.json"], /--locomo and --package exclude each other/],
        [[...ok, "--json", "--csv"], /--json and --csv exclude each other/],
        [withFlag(ok, "--locomo", "conv-99"), /expected a conversation 'conv-99'/],
        [
          [...ok, "--locomo-data", `${dir}/none.json`],
          /none\.json: \(root\): expected the LoCoMo file chosen by --locomo-data/,
        ],
        [["--locomo", "conv-26", "--store", `${dir}/missing.txt`], /missing\.txt/],
        [
          ["--locomo", "conv-26", "--store", `${dir}/bad.json`],
          /bad\.json: 0\[0\]\.speaker_1_memories\[0\]\.memory: mem0_search_results: expected a string/,
        ],
        [
          ["--locomo", "conv-26", "--store", `${dir}/empty.txt`],
          /empty\.txt: \(root\): expected a memory store, the file is empty/,
        ],
        [
          ["--locomo", "conv-26", "--store", `${dir}/empty.txt`, "--format", "openai_memory"],
          /empty\.txt: line 1: openai_memory: expected at least one memory paragraph/,
        ],
        [[...ok, "--adjudicator", "llm:http://127.0.0.1:9/v1"], /needs a model name/],
      ];
      for (const [args, message] of cases) {
        const r = await memaudit(["store", ...args], { MEMAUDIT_LLM_MODEL: "" });
        assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
        assert.equal(r.stdout, "", args.join(" "));
        const lines = r.stderr.trimEnd().split("\n").filter((l) => !l.includes(" read as "));
        assert.equal(lines.length, 1, `${args.join(" ")}: ${r.stderr}`);
        assert.match(lines[0], /^memaudit store: /);
        assert.match(lines[0], message, args.join(" "));
        assert.ok(!/\n\s+at /.test(r.stderr), "no stack trace");
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "memaudit store reads the real mem0 3.x, Memvid and MCP memory exports on conv-26",
  ignore: locomo8 === null,
  async fn() {
    const fix = "tests/systems/fixtures/";
    // [file, --format, format, memories, warnings, union upper ratio at B = 60]
    const cases: [string, string, string, number, number, number][] = [
      ["mem0_3x_get_all.json", "auto", "mem0_get_all", 4, 0, 0.014957264957264956],
      ["mem0_3x_add.json", "mem0_events", "mem0_events", 5, 0, 0.014957264957264956],
      ["mem0_3x_history.json", "auto", "mem0_events", 4, 1, 0.014957264957264956],
      ["mem0_3x_get_all_page20.json", "auto", "mem0_get_all", 20, 1, 0],
      ["memvid_memories.json", "auto", "memvid_cards", 8, 9, 0.010683760683760682],
      ["mcp_memory.jsonl", "auto", "mcp_memory", 6, 1, 0.019230769230769232],
    ];
    for (const [file, given, format, n, warnings, upper] of cases) {
      const r = await memaudit([
        "store",
        "--locomo",
        "conv-26",
        "--store",
        fix + file,
        "--format",
        given,
        "--budgets",
        "60",
        "--json",
      ]);
      assert.equal(r.code, 0, `${file}: ${r.stderr}`);
      const j = JSON.parse(r.stdout) as Result & { warnings: string[] };
      assert.deepEqual([j.format, j.memories, j.warnings.length], [format, n, warnings], file);
      assert.equal(j.budgets[0].certified, 197, file);
      const got = j.budgets[0].union_ratio.upper!;
      assert.ok(Math.abs(got - upper) <= 1e-12, `${file}: union upper ${got}, expected ${upper}`);
    }
  },
});

Deno.test("the LoCoMo shared path constant points at locomo8.json", () => {
  assert.match(LOCOMO_SHARED_PATH, /locomo8\.json$/);
});

Deno.test("memaudit store --package scores a store on your own package; --per-memory lists what each memory covers", async () => {
  const base = [
    "store",
    "--package",
    "data/examples/vegetarian_pescatarian.json",
    "--store",
    "data/examples/vegetarian_own_words.txt",
  ];
  const j = await memaudit([...base, "--per-memory", "--json"]);
  assert.equal(j.code, 0, j.stderr);
  const r = JSON.parse(j.stdout);
  assert.deepEqual(Object.keys(r).slice(0, 3), ["package", "format", "memories"]);
  assert.equal(r.package_file, "data/examples/vegetarian_pescatarian.json");
  assert.deepEqual(
    r.budgets.map((b: { budget: number; union_ratio: Ratios }) => [b.budget, b.union_ratio.upper]),
    [[4, 0], [8, 1], [12, 1], [21, 1]],
  );
  assert.deepEqual(r.covers_nothing, { memories: 1, share: 0.25, cost_share: 7 / 29 });
  assert.equal(r.per_memory.length, 4);
  const t = await memaudit([...base, "--per-memory"]);
  assert.equal(t.code, 0, t.stderr);
  assert.match(
    t.stdout,
    /\n1 of 4 memories cover nothing \(25\.0 % of the store, 24\.1 % of its cost\)\.\n/,
  );
  assert.match(t.stdout, /^memory\s+cost\s+units\s+weight\s+kept_upper\s+covers_nothing$/m);
  const c = await memaudit([...base, "--per-memory", "--csv"]);
  const rows = parse(c.stdout, { columns: true }) as Record<string, string>[];
  assert.deepEqual(rows.map((x) => [x.cost, x.kept_upper, x.covers_nothing]), [
    ["8", "8 12 21", "false"],
    ["8", "21", "false"],
    ["6", "", "false"],
    ["7", "", "true"],
  ]);
  // Exact text matching: zero coverage for a store in its own words, and said so.
  const p = await memaudit([...base, "--adjudicator", "package_text", "--json"]);
  assert.equal(p.code, 0, p.stderr);
  assert.deepEqual(
    JSON.parse(p.stdout).budgets.map((b: { union_ratio: Ratios }) => b.union_ratio.upper),
    [0, 0, 0, 0],
  );
  assert.match(
    p.stderr,
    /warning: package_text: only memories copying a candidate's text word for word/,
  );
});

Deno.test("memaudit store --llm-max-requests bounds llm:URL's requests (retries included): a spent bound is one line, exit 2", async () => {
  let requests = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
    requests++;
    return new Response("busy", { status: 500 }); // a retry then needs a second request
  });
  try {
    const r = await memaudit([
      "store",
      "--package",
      "data/examples/vegetarian_pescatarian.json",
      "--store",
      "data/examples/vegetarian_store.txt",
      "--adjudicator",
      `llm:http://127.0.0.1:${server.addr.port}/v1`,
      "--llm-model",
      "m",
      "--llm-max-requests",
      "1",
    ]);
    assert.deepEqual([r.code, r.stdout, requests], [2, "", 1]);
    assert.equal(
      r.stderr,
      "memaudit store: Cannot adjudicate with llm:m: the request bound (1) is spent (what was " +
        "answered is cached: raise the bound and run again)\n",
    );
  } finally {
    await server.shutdown();
  }
});
