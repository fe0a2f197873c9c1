/**
 * An input too large for one string says so, with its size and the limit
 * (issue 22 item 3: it said "expected UTF-8 text").
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputError } from "../../lib/base/errors.ts";
import { decodeUtf8Input, MAX_TEXT_UNITS, readTextInput } from "../../lib/base/fs.ts";
import { withTempDir } from "../_tmp.ts";

Deno.test("decodeUtf8Input() names the size and the limit for text past V8's largest string", () => {
  const bytes = new Uint8Array(MAX_TEXT_UNITS + 1024 * 1024); // valid UTF-8 (NUL bytes), 513 MiB
  assert.throws(
    () => decodeUtf8Input(bytes, "big.jsonl"),
    (e: unknown) =>
      e instanceof InputError &&
      e.message ===
        "Cannot read big.jsonl: (root): too large (513 MiB; the limit is 512 MiB of text): " +
          "split it or pass a smaller file",
  );
  // Just under the limit still decodes; bad bytes in a small input still say UTF-8.
  assert.equal(decodeUtf8Input(new Uint8Array([104, 105]), "x"), "hi");
  assert.throws(() => decodeUtf8Input(new Uint8Array([0xff]), "x"), /expected UTF-8 text/);
});

Deno.test("readTextInput() refuses a file far past the limit before reading it", async () => {
  await withTempDir(async (dir) => {
    const path = join(dir, "huge.jsonl");
    const f = await Deno.open(path, { create: true, write: true });
    await f.truncate(2 * 1024 ** 3); // sparse: 2 GiB of size, no data written
    f.close();
    await assert.rejects(
      () => readTextInput(path),
      (e: unknown) =>
        e instanceof InputError &&
        e.message.endsWith(
          ": (root): too large (2048 MiB; the limit is 512 MiB of text): " +
            "split it or pass a smaller file",
        ),
    );
  });
});
