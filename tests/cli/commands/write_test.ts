/**
 * lib/cli/commands/write.ts: the flags' checks (exit 2, one line), and real writes of a
 * four-turn conversation by each system, scored by `memaudit store` (these run only where the
 * system is installed in .cache/systems/<system>/: `memaudit write` installs it on first use).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { deno, ENTRY, memaudit, ROOT } from "../_run.ts";
import { sha256Hex } from "../../../lib/base/hash.ts";
import { standInAnswer, startStandInLlm } from "../../systems/_stand_in_llm.ts";
import { assertFitsPublished } from "../../_published_schema.ts";

const TINY = join(ROOT, "tests", "systems", "fixtures", "locomo_tiny.json");

const installed = (system: string) =>
  existsSync(join(ROOT, ".cache", "systems", system, ".memaudit-installed"));

/** Runs `memaudit write ARGS` and checks it is a usage error: exit 2, one line, nothing on stdout. */
async function refused(args: string[], message: RegExp): Promise<void> {
  const r = await memaudit(["write", ...args]);
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, message);
  assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
}

Deno.test("memaudit write: usage errors are exit 2 with one line", async () => {
  await refused(
    ["--locomo", "conv-26", "--out", "/tmp/x"],
    /^memaudit write: --system NAME is required/,
  );
  await refused(
    ["--system", "letta", "--locomo", "conv-26", "--out", "/tmp/x"],
    /^memaudit write: --system expects mem0 or memvid, got 'letta'/,
  );
  await refused(["--system", "mem0", "--out", "/tmp/x"], /--locomo CONV is required/);
  await refused(["--system", "mem0", "--locomo", "conv-26"], /^memaudit write: .*--out/);
  await refused(
    ["--system", "mem0", "--locomo", "conv-26", "--longmemeval", "f.json", "--out", "/tmp/x"],
    /--locomo and --longmemeval exclude each other/,
  );
  await refused(
    ["--system", "mem0", "--longmemeval", "f.json", "--out", "/tmp/x"],
    /--longmemeval needs --question QID/,
  );
  await refused(
    ["--system", "mem0", "--locomo", "conv-26", "--question", "q1", "--out", "/tmp/x"],
    /--question goes with --longmemeval/,
  );
  await refused(
    ["--system", "mem0", "--locomo", "conv-26", "--frames", "turn", "--out", "/tmp/x"],
    /--frames goes with --system memvid/,
  );
  await refused(
    ["--system", "memvid", "--locomo", "conv-26", "--frames", "word", "--out", "/tmp/x"],
    /--frames expects session or turn, got 'word'/,
  );
  await refused(
    ["--system", "mem0", "--locomo", "conv-26", "--out", "/tmp/x", "--csv"],
    /^memaudit write: --csv does not apply to write: one line, or --json/,
  );
});

Deno.test("memaudit write: an unknown conversation is exit 2 naming the file's conversations", async () => {
  const r = await memaudit([
    "write",
    "--system",
    "mem0",
    "--locomo",
    "conv-0",
    "--locomo-data",
    TINY,
    "--out",
    "/tmp/never_written",
  ]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /expected a conversation 'conv-0', the file holds conv-tiny\n$/);
  assert.equal(existsSync("/tmp/never_written"), false);
});

/** `memaudit write --system mem0 ... conv-tiny --out OUT EXTRA` in a process with `env` added. */
const writeTinyWith = (env: Record<string, string>, out: string, extra: string[] = []) =>
  deno(
    [
      "run",
      "-A",
      ENTRY,
      "write",
      "--system",
      "mem0",
      "--locomo",
      "conv-tiny",
      "--locomo-data",
      TINY,
      "--out",
      out,
      ...extra,
    ],
    { env },
  );

/** {@linkcode writeTinyWith} without node on PATH. */
const withoutNode = (out: string, extra: string[] = []) =>
  writeTinyWith({ PATH: "/nonexistent" }, out, extra);

Deno.test("memaudit write without node and npm on PATH is exit 2 with one line saying how to install", async () => {
  const out = await Deno.makeTempDir({ prefix: "write_test_no_node_" });
  try {
    // Deno stands in for a node missing from PATH; memaudit refuses it (it cannot load Mem0's
    // better-sqlite3), before any install.
    const r = await withoutNode(out);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, "");
    assert.match(
      r.stderr,
      /^memaudit write: Cannot run node: expected it on PATH, found none \(Deno stood in for it\): install Node\.js 20 or later with npm /,
    );
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.deepEqual([...Deno.readDirSync(out)], []);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

/**
 * Writes conv-tiny with a system, checks the provenance, what it printed (`--json` among `extra`:
 * the report, read back through its published schema; else the line) and that `store` scores
 * the export.
 */
async function realWrite(
  system: string,
  memories: number,
  scored: number,
  format: string,
  extra: string[] = [],
  sha256?: string,
): Promise<void> {
  const out = await Deno.makeTempDir({ prefix: `write_test_${system}_` });
  try {
    const w = await memaudit([
      "write",
      "--system",
      system,
      "--locomo",
      "conv-tiny",
      "--locomo-data",
      TINY,
      "--out",
      out,
      ...extra,
    ]);
    assert.equal(w.code, 0, w.stderr);
    const p = JSON.parse(await Deno.readTextFile(join(out, "provenance.json")));
    assert.equal(p.system, system);
    assert.equal(p.format, format);
    assert.equal(p.turns, 4);
    assert.equal(p.sessions, 2);
    assert.equal(p.memories_exported, memories);
    assert.equal(p.source.conversation, "conv-tiny");
    if (extra.includes("--json")) {
      const j = JSON.parse(w.stdout);
      assert.deepEqual(j, {
        store: join(out, "store.json"),
        provenance: join(out, "provenance.json"),
        record: p,
      });
      await assertFitsPublished("write_report", j);
    } else {
      assert.match(
        w.stdout,
        new RegExp(
          `^${system} \\(\\S+@\\S+\\) wrote ${memories} memories from 4 turns in [0-9.]+ s: ` +
            `${out}/store\\.json \\(format ${format}, sha256 [0-9a-f]{64}\\), ${out}/provenance\\.json\\n$`,
        ),
      );
    }
    if (sha256 !== undefined) {
      // The same conversation always gives this store.json, byte for byte.
      assert.equal(sha256Hex(await Deno.readTextFile(join(out, "store.json"))), sha256);
    }
    const s = await memaudit([
      "store",
      "--locomo",
      "conv-tiny",
      "--locomo-data",
      TINY,
      "--store",
      join(out, "store.json"),
      "--json",
    ]);
    assert.equal(s.code, 0, s.stderr);
    const report = JSON.parse(s.stdout);
    assert.equal(report.format, format);
    assert.equal(report.memories, scored);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test({
  name: "memaudit write --system mem0 (real mem0ai; skipped unless installed): 4 turns -> 4 " +
    "verbatim memories that store reads",
  ignore: !installed("mem0"),
  fn: () => realWrite("mem0", 4, 4, "mem0_get_all", ["--json"]),
});

Deno.test({
  name: "memaudit write --system memvid (real @memvid/sdk; skipped unless installed): 4 turns " +
    "in 2 session frames -> 8 cards, 3 distinct, that store reads",
  ignore: !installed("memvid"),
  // 8 cards, as @memvid/sdk@2.0.159 writes them (put() extracts cards at ingest, some twice or
  // on a shifted sourceFrameId; enrich("rules") adds more); run twice, the same 8 (the driver
  // sorts them and numbers them in that order: memvid's own order and ids change per run). store keeps 3
  // (hiking, crowds, the support group): it drops a card repeating an earlier card's text.
  fn: () =>
    realWrite(
      "memvid",
      8,
      3,
      "memvid_cards",
      [],
      "ae16116bd5db51785822853de4fd9382ed413b92a4805a57f0ec5c45b370d910",
    ),
});

Deno.test({
  name: "memaudit write --system memvid --frames turn (real @memvid/sdk; skipped unless " +
    "installed): 4 turn frames -> 9 cards, 3 distinct, that store reads",
  ignore: !installed("memvid"),
  fn: () =>
    realWrite(
      "memvid",
      9,
      3,
      "memvid_cards",
      ["--frames", "turn", "--json"],
      "4ccd81c14e764fe21fa69bcfdfcd7d70edc213179aad5dedb58b226fa06eea65",
    ),
});

Deno.test("memaudit write: --llm, --llm-model and --replay are checked (exit 2, one line)", async () => {
  const base = ["--locomo", "conv-26", "--out", "/tmp/x"];
  await refused(
    ["--system", "mem0", "--llm-timeout", "5", ...base],
    /--llm-timeout goes with --llm/,
  );
  await refused(
    ["--system", "mem0", "--llm", "http://127.0.0.1:1/v1", "--llm-timeout", "0", ...base],
    /--llm-timeout: expected a number > 0, got "0"/,
  );
  await refused(
    ["--system", "memvid", "--llm", "http://127.0.0.1:1/v1", ...base],
    /--llm goes with --system mem0/,
  );
  await refused(["--system", "memvid", "--replay", "f.jsonl", ...base], /--replay goes with/);
  await refused(
    ["--system", "mem0", "--llm", "http://127.0.0.1:1/v1", "--replay", "f.jsonl", ...base],
    /--llm and --replay exclude each other/,
  );
  await refused(["--system", "mem0", "--llm-model", "m", ...base], /--llm-model goes with --llm/);
  await refused(
    ["--system", "mem0", "--replay", "f.jsonl", "--llm-model", "m", ...base],
    /a replay uses the recorded model/,
  );
  await refused(
    ["--system", "mem0", "--llm", "localhost:8000", ...base],
    /expects an http\(s\) URL/,
  );
  for (
    const [url, message] of [
      ["http://127.0.0.1:99999/v1", /expects an http\(s\) URL/],
      [
        "http://u:sk-secret@127.0.0.1:8000/v1",
        /without user:password@ \(the key goes in .*, got 'http:\/\/\*\*\*@127\.0\.0\.1:8000\/v1'/,
      ],
      ["http://127.0.0.1:8000/v1?api-version=1", /without \?query or #fragment/],
      ["http://127.0.0.1:8000/v1#x", /without \?query or #fragment/],
      ["http://127.0.0.1:8000/v1/chat/completions", /not its \/chat\/completions endpoint/],
    ] as const
  ) {
    await refused(["--system", "mem0", "--llm", url, ...base], message);
  }
});

/** `memaudit write --system mem0` of conv-tiny into a new folder, with extra flags. */
async function writeTiny(extra: string[]): Promise<{ out: string; code: number; stderr: string }> {
  const out = await Deno.makeTempDir({ prefix: "write_test_llm_" });
  const r = await memaudit([
    "write",
    "--system",
    "mem0",
    "--locomo",
    "conv-tiny",
    "--locomo-data",
    TINY,
    "--out",
    out,
    ...extra,
  ]);
  return { out, code: r.code, stderr: r.stderr };
}

Deno.test({
  name: "memaudit write --system mem0 (real mem0ai; skipped unless installed): the same " +
    "conversation twice gives the same store.json, byte for byte",
  ignore: !installed("mem0"),
  fn: async () => {
    const a = await writeTiny([]), b = await writeTiny([]);
    try {
      assert.equal(a.code, 0, a.stderr);
      const store = await Deno.readTextFile(join(a.out, "store.json"));
      assert.equal(await Deno.readTextFile(join(b.out, "store.json")), store);
      // createdAt is the turn's session date plus its position in milliseconds.
      const times = JSON.parse(store).results.map((m: { createdAt: string }) => m.createdAt);
      assert.deepEqual(times.toSorted(), [
        "2023-05-08T13:56:00.000Z",
        "2023-05-08T13:56:00.001Z",
        "2023-05-25T13:14:00.002Z",
        "2023-05-25T13:14:00.003Z",
      ]);
    } finally {
      for (const d of [a.out, b.out]) await Deno.remove(d, { recursive: true });
    }
  },
});

Deno.test({
  name: "memaudit write --system mem0 --llm (real mem0ai with a STAND-IN endpoint; skipped " +
    "unless installed): every exchange recorded, --replay rebuilds the store byte for byte " +
    "offline, a log that lacks a request is exit 2",
  ignore: !installed("mem0"),
  fn: async () => {
    const llm = startStandInLlm();
    const dirs: string[] = [];
    try {
      const rec = await writeTiny(["--llm", llm.url, "--llm-model", "stand-in"]);
      dirs.push(rec.out);
      assert.equal(rec.code, 0, rec.stderr);
      assert.equal(llm.calls(), 4); // one additive-extraction call per turn
      await llm.close(); // the replay has no endpoint to reach
      const log = await Deno.readTextFile(join(rec.out, "llm_exchanges.jsonl"));
      const lines = log.trim().split("\n").map((l) => JSON.parse(l));
      assert.equal(lines.length, 5);
      assert.equal(lines[0].model, "stand-in");
      assert.equal(lines[1].request.model, "stand-in");
      const p = JSON.parse(await Deno.readTextFile(join(rec.out, "provenance.json")));
      assert.equal(p.settings.infer, true);
      assert.equal(p.llm.calls, 4);
      const store = await Deno.readTextFile(join(rec.out, "store.json"));
      // The stand-in keeps each message's first sentence.
      assert.deepEqual(
        JSON.parse(store).results.map((m: { memory: string }) => m.memory).toSorted(),
        [
          "Caroline: I want to work in counseling and mental health.",
          "Caroline: I went to an LGBTQ support group yesterday and I love hiking.",
          "Melanie: I painted a lake sunrise last year.",
          "Melanie: That sounds great!",
        ],
      );
      const rep = await writeTiny(["--replay", join(rec.out, "llm_exchanges.jsonl")]);
      dirs.push(rep.out);
      assert.equal(rep.code, 0, rep.stderr);
      assert.equal(await Deno.readTextFile(join(rep.out, "store.json")), store);
      const q = JSON.parse(await Deno.readTextFile(join(rep.out, "provenance.json")));
      assert.equal(q.store_sha256, p.store_sha256);
      assert.equal(q.llm.replayed_sha256, p.llm.exchanges_sha256);
      assert.deepEqual([q.llm.calls, q.llm.unused], [4, 0]);
      // A log whose third exchange was of another request cannot answer the replay.
      const edited = join(rec.out, "edited.jsonl");
      lines[3].key = "0".repeat(64);
      await Deno.writeTextFile(edited, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
      const bad = await writeTiny(["--replay", edited]);
      dirs.push(bad.out);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /is not in the replay log .*edited\.jsonl \(4 exchanges recorded\)/);
      assert.equal(bad.stderr.trim().split("\n").length, 1, bad.stderr);
      assert.deepEqual([...Deno.readDirSync(bad.out)], []);
    } finally {
      await llm.close().catch(() => {});
      for (const d of dirs) await Deno.remove(d, { recursive: true });
    }
  },
});

Deno.test("memaudit write: an --out that cannot take the files is exit 2 before the system runs, the folder as it was", async () => {
  const dir = await Deno.makeTempDir({ prefix: "write_test_out_" });
  try {
    // Without node on PATH: a refusal naming --out shows the folder was checked first.
    const file = join(dir, "a_file");
    await Deno.writeTextFile(file, "kept\n");
    const cases: [string, string[], string][] = [
      [file, [], `Cannot write ${file}: expected a folder (it or a parent is a file)`],
      [
        join(file, "sub"),
        [],
        `Cannot write ${join(file, "sub")}: expected a folder (it or a parent is a file)`,
      ],
      [
        join(dir, "d"),
        ["--llm", "http://127.0.0.1:9/v1"],
        `Cannot write ${join(dir, "d", "llm_exchanges.jsonl")}: expected a file, found a folder`,
      ],
      [
        join(dir, "rec"),
        [],
        `Cannot write ${join(dir, "rec")}: expected a folder without llm_exchanges.jsonl (it ` +
        "holds an earlier --llm run's recording, which this store would not match): give " +
        "another folder, or move it",
      ],
    ];
    await Deno.mkdir(join(dir, "d", "llm_exchanges.jsonl"), { recursive: true });
    await Deno.mkdir(join(dir, "rec"));
    await Deno.writeTextFile(join(dir, "rec", "llm_exchanges.jsonl"), "recorded\n");
    await Deno.writeTextFile(join(dir, "rec", "store.json"), "earlier\n");
    for (const [out, extra, message] of cases) {
      const r = await withoutNode(out, extra);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stderr, `memaudit write: ${message}\n`);
    }
    assert.equal(await Deno.readTextFile(file), "kept\n");
    assert.deepEqual([...Deno.readDirSync(join(dir, "d"))].map((e) => e.name), [
      "llm_exchanges.jsonl",
    ]);
    assert.equal(await Deno.readTextFile(join(dir, "rec", "store.json")), "earlier\n");
    assert.equal(await Deno.readTextFile(join(dir, "rec", "llm_exchanges.jsonl")), "recorded\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A STAND-IN endpoint that repeats the Authorization header in its answers, or refuses it (401). */
function keyEchoingLlm(refuse: boolean): { url: string; close: () => Promise<void> } {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const auth = req.headers.get("authorization");
    if (refuse) {
      return Response.json({ error: { message: `Incorrect API key: ${auth}` } }, { status: 401 });
    }
    return Response.json({ ...standInAnswer(await req.json()), id: `for ${auth}` });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/v1`, close: () => server.shutdown() };
}

Deno.test({
  name: "memaudit write --llm (real mem0ai with a STAND-IN endpoint; skipped unless " +
    "installed): $MEMAUDIT_LLM_API_KEY is in no file and no message, even when the endpoint " +
    "repeats it",
  ignore: !installed("mem0"),
  fn: async () => {
    const key = "sk-memaudit-test-7f3a9c";
    const [echo, refuse] = [keyEchoingLlm(false), keyEchoingLlm(true)];
    const dir = await Deno.makeTempDir({ prefix: "write_test_key_" });
    try {
      const run = (url: string, out: string) =>
        writeTinyWith({ MEMAUDIT_LLM_API_KEY: key }, join(dir, out), ["--llm", url]);
      const ok = await run(echo.url, "ok");
      assert.equal(ok.code, 0, ok.stderr);
      const log = await Deno.readTextFile(join(dir, "ok", "llm_exchanges.jsonl"));
      assert.match(log, /"id":"for Bearer \[MEMAUDIT_LLM_API_KEY\]"/); // it was sent, and repeated
      for (const f of ["llm_exchanges.jsonl", "store.json", "provenance.json"]) {
        assert.equal((await Deno.readTextFile(join(dir, "ok", f))).includes(key), false, f);
      }
      assert.equal(ok.stdout.includes(key) || ok.stderr.includes(key), false);
      const bad = await run(refuse.url, "bad");
      assert.equal(bad.code, 2);
      assert.match(
        bad.stderr,
        /: the LLM endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered 401: Incorrect API key: Bearer \[MEMAUDIT_LLM_API_KEY\]\n$/,
      );
      assert.equal(bad.stderr.trim().split("\n").length, 1, bad.stderr);
      assert.equal(existsSync(join(dir, "bad")), false);
    } finally {
      await echo.close();
      await refuse.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "memaudit write --replay (real mem0ai; skipped unless installed): a log with CRLF and a " +
    "byte-order mark replays; one cut short, or edited, is named (exit 2, or a warning)",
  ignore: !installed("mem0"),
  fn: async () => {
    const llm = startStandInLlm();
    const dirs: string[] = [];
    try {
      const rec = await writeTiny(["--llm", llm.url]);
      dirs.push(rec.out);
      assert.equal(rec.code, 0, rec.stderr);
      await llm.close();
      const text = await Deno.readTextFile(join(rec.out, "llm_exchanges.jsonl"));
      const store = await Deno.readTextFile(join(rec.out, "store.json"));
      const lines = text.trim().split("\n");
      const variant = async (name: string, body: string) => {
        const file = join(rec.out, name);
        await Deno.writeTextFile(file, body);
        const r = await writeTiny(["--replay", file]);
        dirs.push(r.out);
        return r;
      };
      const crlf = await variant("crlf.jsonl", "\uFEFF" + lines.join("\r\n") + "\r\n");
      assert.equal(crlf.code, 0, crlf.stderr);
      assert.equal(await Deno.readTextFile(join(crlf.out, "store.json")), store);

      const cut = await variant("cut.jsonl", lines.slice(0, 3).join("\n") + "\n");
      assert.equal(cut.code, 2);
      assert.match(
        cut.stderr,
        /cut\.jsonl: line 1: expected the 4 exchanges the header counts, the file holds 2: a log cut short/,
      );
      assert.deepEqual([...Deno.readDirSync(cut.out)], []);

      // The last answer edited: the replay runs, with a warning; the store is not the recording's.
      const edit = (i: number) => {
        const e = lines.map((l) => JSON.parse(l));
        const c = JSON.parse(e[i].response.choices[0].message.content);
        c.memory[0].text = "EDITED";
        e[i].response.choices[0].message.content = JSON.stringify(c);
        return e.map((x) => JSON.stringify(x)).join("\n") + "\n";
      };
      const last = await variant("last.jsonl", edit(4));
      assert.equal(last.code, 0, last.stderr);
      assert.match(last.stderr, /warning: .*last\.jsonl was edited after it was recorded/);
      const p = JSON.parse(await Deno.readTextFile(join(last.out, "provenance.json")));
      assert.equal(p.llm.edited, true);
      assert.match(p.warnings[0], /was edited after it was recorded/);
      // An earlier answer edited: the next request differs, and the miss says why.
      const mid = await variant("mid.jsonl", edit(2));
      assert.equal(mid.code, 2);
      assert.match(
        mid.stderr,
        /is not in the replay log .*mid\.jsonl .*: the log was edited after/,
      );
      assert.deepEqual([...Deno.readDirSync(mid.out)], []);
    } finally {
      await llm.close().catch(() => {});
      for (const d of dirs) await Deno.remove(d, { recursive: true });
    }
  },
});

Deno.test({
  name: "memaudit write --llm (real mem0ai with a STAND-IN endpoint; skipped unless " +
    "installed): answers mem0 cannot parse leave an empty store, with a warning",
  ignore: !installed("mem0"),
  fn: async () => {
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      async (req) => {
        const a = standInAnswer(await req.json());
        a.choices[0].message.content = "Sure! Here are the memories.";
        return Response.json(a);
      },
    );
    const r = await writeTiny(["--llm", `http://127.0.0.1:${server.addr.port}/v1`]);
    try {
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stderr,
        /^memaudit write: warning: mem0 added no memory from its 4 LLM answers \(it drops an answer it cannot parse/,
      );
      const p = JSON.parse(await Deno.readTextFile(join(r.out, "provenance.json")));
      assert.equal(p.memories_exported, 0);
      assert.equal(p.warnings.length, 1);
    } finally {
      await server.shutdown();
      await Deno.remove(r.out, { recursive: true });
    }
  },
});

Deno.test({
  name: "memaudit write --system mem0 --llm (real mem0ai; skipped unless installed): Ctrl-C " +
    "while the driver waits on the endpoint stops it and leaves no temporary folder",
  ignore: !installed("mem0"),
  fn: async () => {
    // An endpoint that takes each request and never answers; the driver is then mid-write.
    let asked!: () => void;
    const firstRequest = new Promise<void>((ok) => asked = ok);
    const held = Promise.withResolvers<Response>();
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, () => {
      asked();
      return held.promise;
    });
    const tmp = await Deno.makeTempDir({ prefix: "write_test_sigint_" });
    const out = join(tmp, "out");
    try {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", ENTRY, "write", "--system", "mem0", "--locomo", "conv-tiny"]
          .concat(["--locomo-data", TINY, "--out", out])
          .concat(["--llm", `http://127.0.0.1:${server.addr.port}/v1`]),
        cwd: ROOT,
        env: { NO_COLOR: "1", TMPDIR: tmp },
        stdout: "null",
        stderr: "null",
      }).spawn();
      await firstRequest;
      const during = [...Deno.readDirSync(tmp)].map((e) => e.name);
      assert.ok(during.some((n) => n.startsWith("memaudit_write_mem0_")), during.join(","));
      child.kill("SIGINT");
      const status = await child.status;
      assert.equal(status.signal, "SIGINT");
      assert.deepEqual([...Deno.readDirSync(tmp)].map((e) => e.name), []);
    } finally {
      held.resolve(new Response("gone", { status: 503 }));
      await server.shutdown();
      await Deno.remove(tmp, { recursive: true });
    }
  },
});
