import assert from "node:assert/strict";
import { sharedDataPath } from "../../lib/natural/shared_data.ts";
import { ExportFormatError } from "../../lib/systems/export_error.ts";
import {
  contentMemoryId,
  LOCOMO10_ORDER,
  openAiMemoryConversation,
  readOpenAiMemory,
} from "../../lib/systems/openai_memory.ts";
import { readStoreFile, readStoreFileDetected } from "../../lib/systems/read_store.ts";
import { detectStoreFormat } from "../../lib/systems/detect_format.ts";

const dir = sharedDataPath("mem0-eval/openai_memories");
/** Paragraph counts of the shipped files 0.txt .. 7.txt (counted with `grep`-independent Python). */
const COUNTS = [47, 58, 81, 70, 115, 62, 89, 56];

function expectError(f: () => unknown): ExportFormatError {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof ExportFormatError, `expected ExportFormatError, got ${e}`);
    return e;
  }
  assert.fail("expected an error");
}

Deno.test("readOpenAiMemory() reads one memory per paragraph with content ids", () => {
  const s = readOpenAiMemory(
    "Caroline likes tea.\n\n\nMelanie paints\nlakes.\r\n\r\n  \nCaroline likes  tea.\n",
    {
      file: "x.txt",
    },
  );
  assert.deepEqual(s.memories.map((m) => m.text), [
    "Caroline likes tea.",
    "Melanie paints\nlakes.",
  ]);
  assert.deepEqual(s.memories.map((m) => m.order), [0, 1]);
  assert.deepEqual(s.memories.map((m) => m.raw), [{ paragraph: 1, line: 1 }, {
    paragraph: 2,
    line: 4,
  }]);
  assert.equal(s.memories[0].id, contentMemoryId("Caroline likes tea.", "oai"));
  assert.match(s.memories[0].id, /^oai-[0-9a-f]{16}$/);
  assert.deepEqual(s.problems.map((p) => [p.code, p.record]), [["dropped", "line 8"], [
    "coerced",
    "line 4",
  ]]);
  assert.equal(s.format, "openai_memory");
  assert.equal(s.instance, undefined);
});

Deno.test("readOpenAiMemory() drops a byte-order mark and reports it", () => {
  const s = readOpenAiMemory("\uFEFFa b c\n");
  assert.equal(s.memories[0].text, "a b c");
  assert.equal(s.problems[0].detail, "byte-order mark at the start of the file dropped");
});

Deno.test("readOpenAiMemory() rejects empty, binary and JSON text naming file and line", () => {
  const empty = expectError(() => readOpenAiMemory("\n  \n", { file: "e.txt" }));
  assert.equal(
    empty.message,
    "Cannot read e.txt: line 1: openai_memory: expected at least one memory paragraph, the file is empty",
  );
  const bin = expectError(() => readOpenAiMemory("ok\n\nbad\u0000byte\n", { file: "b.txt" }));
  assert.equal(bin.record.path, "line 3");
  assert.match(bin.message, /^Cannot read b\.txt: line 3: openai_memory: .*U\+0000 at column 4/);
  const json = expectError(() => readOpenAiMemory('\n{"results": []}\n', { file: "j.txt" }));
  assert.equal(json.record.path, "line 2");
  assert.match(json.message, /got JSON/);
  // A paragraph that merely starts with a bracket is text.
  assert.equal(readOpenAiMemory("[note] Tim reads.\n").memories.length, 1);
});

Deno.test("contentMemoryId() ignores whitespace differences and separates scopes", () => {
  assert.equal(contentMemoryId(" a\n b ", "x"), contentMemoryId("a b", "x"));
  assert.notEqual(contentMemoryId("a b", "x", "s1"), contentMemoryId("a b", "x", "s2"));
  assert.notEqual(contentMemoryId("a b", "x"), contentMemoryId("a c", "x"));
});

Deno.test("openAiMemoryConversation() maps N.txt to the N-th locomo10 conversation", () => {
  assert.equal(openAiMemoryConversation("a/openai_memories/0.txt"), "conv-26");
  assert.equal(openAiMemoryConversation("7.txt"), "conv-48");
  assert.equal(openAiMemoryConversation("memories.txt"), undefined);
  assert.equal(LOCOMO10_ORDER.length, 10);
});

Deno.test({
  name: "readStoreFile() reads every shipped OpenAI memory file, every paragraph a memory",
  ignore: dir === null,
  async fn() {
    for (const [n, count] of COUNTS.entries()) {
      const path = `${dir}/${n}.txt`;
      const r = await readStoreFileDetected(path, "auto");
      assert.equal(r.format, "openai_memory");
      assert.match(r.reason, new RegExp(`^plain text: ${count} paragraph`));
      const [s] = r.stores;
      // Every paragraph is read or reported (no duplicates in these files).
      const dropped = s.problems.filter((p) => p.code === "dropped").length;
      assert.equal(s.memories.length + dropped, count);
      assert.equal(s.memories.length, count);
      assert.equal(s.instance, LOCOMO10_ORDER[n]);
      assert.equal(new Set(s.memories.map((m) => m.id)).size, count);
      const text = await Deno.readTextFile(path);
      assert.equal(
        s.memories.map((m) => m.text).join(" ").replace(/\s+/g, " "),
        text.trim().replace(/\s+/g, " "),
      );
    }
    // Only conv-41 (2.txt) has bulleted paragraphs of several lines (24 of them).
    const [s2] = await readStoreFile(`${dir}/2.txt`, "openai_memory");
    assert.match(s2.problems[0].detail, /^24 paragraph\(s\) span several lines/);
  },
});

Deno.test("readOpenAiMemory() reads CR-only line breaks as line breaks: one memory per paragraph (it read one)", () => {
  const lf = "Caroline likes tea.\n\nMelanie paints\nlakes.\n\nJon runs.\n";
  const cr = lf.replaceAll("\n", "\r");
  const a = readOpenAiMemory(lf), b = readOpenAiMemory(cr);
  assert.deepEqual(b.memories.map((m) => m.text), [
    "Caroline likes tea.",
    "Melanie paints\nlakes.",
    "Jon runs.",
  ]);
  assert.deepEqual(b.memories, a.memories);
  assert.equal(
    detectStoreFormat(cr).reason,
    "plain text: 3 paragraph(s), one memory each (OpenAI memory)",
  );
});

Deno.test({
  name:
    "readOpenAiMemory() reads a shipped store with lone CRs as the same memories as the original",
  ignore: dir === null,
  fn: async () => {
    const text = await Deno.readTextFile(`${dir}/0.txt`);
    const asCr = readOpenAiMemory(text.replaceAll("\r\n", "\n").replaceAll("\n", "\r"));
    assert.equal(asCr.memories.length, COUNTS[0]);
    assert.deepEqual(
      asCr.memories.map((m) => m.text),
      readOpenAiMemory(text).memories.map((m) => m.text),
    );
  },
});
