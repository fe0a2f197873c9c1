import assert from "node:assert/strict";
import fc from "fast-check";
import { readOpenAiMemory } from "../../lib/systems/openai_memory.ts";
import {
  type Mem0SearchMemoryRaw,
  readMem0SearchResults,
} from "../../lib/systems/mem0_search_results.ts";
import { detectStoreFormat } from "../../lib/systems/detect_format.ts";

// Words without brackets at the start, so a paragraph never looks like JSON.
const word = fc.constantFrom("Tim", "reads", "John", "plays", "tea", "likes", "a", "b", "c", "—");
const paragraph = fc.array(fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(" ")), {
  minLength: 1,
  maxLength: 3,
}).map((lines) => lines.join("\n"));

Deno.test("readOpenAiMemory() reads back any list of paragraphs, repeats dropped and reported", () => {
  fc.assert(
    fc.property(
      fc.array(paragraph, { minLength: 1, maxLength: 12 }),
      fc.constantFrom("\n\n", "\n\n\n", "\r\n\r\n", "\n  \n"),
      (paras, sep) => {
        const s = readOpenAiMemory(paras.join(sep) + "\n");
        const distinct = [...new Set(paras.map((p) => p.replace(/\s+/g, " ")))];
        assert.deepEqual(s.memories.map((m) => m.text.replace(/\s+/g, " ")), distinct);
        const dropped = s.problems.filter((p) => p.code === "dropped").length;
        assert.equal(s.memories.length + dropped, paras.length);
        assert.equal(new Set(s.memories.map((m) => m.id)).size, s.memories.length);
        assert.equal(detectStoreFormat(paras.join(sep)).format, "openai_memory");
      },
    ),
    { numRuns: 300, seed: 1401 },
  );
});

const hit = fc.record({
  memory: fc.constantFrom("A likes tea", "B plays chess", "A reads", "B  plays chess", "C"),
  timestamp: fc.constantFrom("1:56 pm on 8 May, 2023", "12:09 am on 13 September, 2023"),
  score: fc.double({ min: 0, max: 1, noNaN: true }),
});
const item = fc.record({
  question: fc.constant("q?"),
  speaker_1_memories: fc.uniqueArray(hit, {
    maxLength: 4,
    selector: (h) => h.memory.replace(/\s+/g, " "),
  }),
  speaker_2_memories: fc.uniqueArray(hit, {
    maxLength: 4,
    selector: (h) => h.memory.replace(/\s+/g, " "),
  }),
});

Deno.test("readMem0SearchResults() counts every hit once and does not depend on hit order within a list", () => {
  fc.assert(
    fc.property(fc.array(item, { minLength: 1, maxLength: 8 }), (items) => {
      const s = readMem0SearchResults({ "0": items });
      const raw = s.memories.map((m) => m.raw as Mem0SearchMemoryRaw);
      const hits = items.reduce(
        (a, x) => a + x.speaker_1_memories.length + x.speaker_2_memories.length,
        0,
      );
      assert.equal(raw.reduce((a, r) => a + r.retrievals, 0), hits);
      assert.equal(new Set(s.memories.map((m) => m.id)).size, s.memories.length);
      for (const r of raw) assert.ok(r.maxScore >= r.meanScore - 1e-12);
      const reversed = items.map((x) => ({
        ...x,
        speaker_1_memories: [...x.speaker_1_memories].reverse(),
        speaker_2_memories: [...x.speaker_2_memories].reverse(),
      }));
      const t = readMem0SearchResults({ "0": reversed });
      const key = (st: typeof s) =>
        st.memories.map((m) => `${m.id}:${(m.raw as Mem0SearchMemoryRaw).retrievals}`).sort();
      assert.deepEqual(key(t), key(s));
    }),
    { numRuns: 300, seed: 1402 },
  );
});
