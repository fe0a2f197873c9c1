/** lib/base/hash.ts: the one SHA-256 of text, bytes and files. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { sha256File, sha256Hex } from "../../lib/base/hash.ts";
import { withTempDir } from "../_tmp.ts";

const ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

Deno.test("sha256Hex() of text is the digest of its UTF-8 bytes (FIPS 180-2 'abc')", () => {
  assert.equal(sha256Hex("abc"), ABC);
  assert.equal(sha256Hex(new TextEncoder().encode("abc")), ABC);
  assert.equal(sha256Hex("é"), sha256Hex(new Uint8Array([0xc3, 0xa9])));
});

Deno.test("sha256File() reads in chunks: a 3 MiB file equals the digest of its bytes; a missing one names the file", async () => {
  await withTempDir(async (dir) => {
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const path = join(dir, "big.bin");
    await Deno.writeFile(path, bytes);
    assert.equal(await sha256File(path), sha256Hex(bytes));
    await Deno.writeTextFile(join(dir, "abc.txt"), "abc");
    assert.equal(await sha256File(join(dir, "abc.txt")), ABC);
    await assert.rejects(
      sha256File(join(dir, "nope")),
      (e: unknown) => e instanceof InputError && e.file === join(dir, "nope"),
    );
  });
});
