import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { openByteStream, streamTextLines } from "../../lib/base/gzip_stream.ts";
import { withTempDir } from "../_tmp.ts";

async function gzip(text: string): Promise<Uint8Array> {
  const s = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

const lines = async (path: string) => await Array.fromAsync(streamTextLines(path));

Deno.test("streamTextLines() reads plain and gzip text alike (by magic bytes), numbering every line", async () => {
  await withTempDir(async (dir) => {
    const text = '{"a":1}\n\n  \n{"b":"é"}\n{"c":3}';
    await Deno.writeTextFile(join(dir, "plain.jsonl"), text);
    await Deno.writeFile(join(dir, "packed.txt"), await gzip(text));
    const want = [
      { text: '{"a":1}', line: 1 },
      { text: '{"b":"é"}', line: 4 },
      { text: '{"c":3}', line: 5 },
    ];
    assert.deepEqual(await lines(join(dir, "plain.jsonl")), want);
    assert.deepEqual(await lines(join(dir, "packed.txt")), want);
    // One byte: not gzip, read as it is.
    await Deno.writeTextFile(join(dir, "one.txt"), "x");
    assert.deepEqual(await lines(join(dir, "one.txt")), [{ text: "x", line: 1 }]);
  });
});

Deno.test("streamTextLines() names a missing file, a folder, bad UTF-8 and a cut gzip stream", async () => {
  await withTempDir(async (dir) => {
    const refused = async (path: string, message: RegExp) =>
      await assert.rejects(() => lines(path), (e: unknown) => {
        assert.ok(e instanceof InputError, String(e));
        assert.match(e.message, message);
        return true;
      });
    await refused(join(dir, "absent.jsonl"), /absent\.jsonl: \(root\): expected an existing file$/);
    await refused(dir, /: \(root\): expected a readable file \(/);
    await Deno.writeFile(join(dir, "latin1.jsonl"), new Uint8Array([0x7b, 0x7d, 0x0a, 0xe9, 0x0a]));
    await refused(join(dir, "latin1.jsonl"), /latin1\.jsonl: line \d: expected UTF-8 JSONL/);
    const packed = await gzip('{"a":1}\n'.repeat(1000));
    await Deno.writeFile(join(dir, "cut.gz"), packed.subarray(0, packed.length >> 1));
    await refused(join(dir, "cut.gz"), /cut\.gz: line \d+: expected UTF-8 JSONL/);
  });
});

Deno.test("openByteStream() gunzips by magic bytes and words its error as the caller says", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "data.bin");
    await Deno.writeFile(path, await gzip("hello"));
    const got = await new Response(await openByteStream(path, () => "unused")).text();
    assert.equal(got, "hello");
    await assert.rejects(
      () => openByteStream(join(dir, "none"), (e) => `expected a list (${e.name})`),
      (e: unknown) =>
        e instanceof InputError && /\(root\): expected a list \(NotFound\)$/.test(e.message),
    );
  });
});
