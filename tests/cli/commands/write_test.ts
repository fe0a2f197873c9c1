/**
 * lib/cli/commands/write.ts: the flags' checks (exit 2, one line), and real writes of a
 * four-turn conversation by each system, scored by `memaudit store` (these run only where the
 * system is installed in .cache/systems/<system>/: `memaudit write` installs it on first use).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { deno, ENTRY, memaudit, ROOT } from "../_run.ts";

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

Deno.test("memaudit write without node and npm on PATH is exit 2 with one line saying how to install", async () => {
  const out = await Deno.makeTempDir({ prefix: "write_test_no_node_" });
  try {
    // Deno stands in for a node missing from PATH; memaudit refuses it (it cannot load Mem0's
    // better-sqlite3), before any install.
    const r = await deno(
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
      ],
      { env: { PATH: "/nonexistent" } },
    );
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

/** Writes conv-tiny with a system, checks the provenance and that `store` scores the export. */
async function realWrite(
  system: string,
  memories: number,
  scored: number,
  format: string,
  extra: string[] = [],
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
  fn: () => realWrite("mem0", 4, 4, "mem0_get_all"),
});

Deno.test({
  name: "memaudit write --system memvid (real @memvid/sdk; skipped unless installed): 4 turns " +
    "in 2 session frames -> 8 cards, 3 distinct, that store reads",
  ignore: !installed("memvid"),
  // 8 cards, as @memvid/sdk@2.0.159 writes them (put() extracts cards at ingest, some twice or
  // on a shifted sourceFrameId; enrich("rules") adds more); run twice, the same 8. store keeps 3
  // (hiking, crowds, the support group): it drops a card repeating an earlier card's text.
  fn: () => realWrite("memvid", 8, 3, "memvid_cards"),
});

Deno.test({
  name: "memaudit write --system memvid --frames turn (real @memvid/sdk; skipped unless " +
    "installed): 4 turn frames -> 9 cards, 3 distinct, that store reads",
  ignore: !installed("memvid"),
  fn: () => realWrite("memvid", 9, 3, "memvid_cards", ["--frames", "turn"]),
});
