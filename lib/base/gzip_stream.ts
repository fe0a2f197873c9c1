/**
 * The one way lib/ streams a file that may be gzip-compressed: the first bytes decide (the gzip
 * magic 1f 8b, whatever the file is called), and the rest is read a chunk at a time, so a file of
 * several GB never sits in memory. {@linkcode openByteStream} gives the bytes (the LongMemEval list
 * splitter reads them); {@linkcode streamTextLines} gives UTF-8 lines (the JSONL log readers).
 *
 * @module
 */
import { InputError } from "./errors.ts";

/** The gzip magic bytes: 1f 8b. */
function isGzipHead(head: Uint8Array | undefined): boolean {
  return head !== undefined && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Opens a file as a byte stream, gunzipped when its first two bytes are the gzip magic. The file is
 * opened and its first chunk read before this returns, so a missing file, a folder (which opens on
 * Linux and fails at the first read) or an unreadable one is an InputError here, not later.
 *
 * @param path the file
 * @param expected what the error says was expected, from the system's error: e.g.
 *   `(e) => \`expected a readable file (${e.message})\``
 * @returns the (decompressed) bytes; cancelling the stream closes the file
 * @throws {InputError} at the file's root, with the text of `expected`, when the file cannot be
 *   opened or its first chunk read
 */
export async function openByteStream(
  path: string,
  expected: (err: Error) => string,
): Promise<ReadableStream<Uint8Array>> {
  let file: Deno.FsFile | undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  let head: Uint8Array | undefined;
  try {
    file = await Deno.open(path, { read: true });
    reader = file.readable.getReader();
    // The first chunk decides; a file of fewer than two bytes is not gzip.
    while (head === undefined || head.length < 2) {
      const r = await reader.read();
      if (r.done) break;
      head = head === undefined ? r.value : concat(head, r.value);
    }
  } catch (err) {
    try {
      file?.close();
    } catch { /* already closed */ }
    throw InputError.atRoot(path, expected(err as Error));
  }
  const first = head;
  const plain = new ReadableStream<Uint8Array>({
    start(c) {
      if (first !== undefined && first.length > 0) c.enqueue(first);
    },
    async pull(c) {
      const r = await reader.read();
      if (r.done) c.close();
      else c.enqueue(r.value);
    },
    cancel() {
      reader.releaseLock();
      file.close();
    },
  });
  return isGzipHead(first)
    ? (plain as ReadableStream<Uint8Array<ArrayBuffer>>).pipeThrough(
      new DecompressionStream("gzip"),
    )
    : plain;
}

/**
 * The non-blank lines of a text file, plain or gzip (see {@linkcode openByteStream}), decoded as
 * strict UTF-8 and split at `\n`, one at a time. Line numbers count every physical line from 1;
 * a last line without `\n` is given too.
 *
 * @param path the file
 * @returns each non-blank line's text (without its `\n`) and 1-based number, in file order
 * @throws {InputError} "expected an existing file" (missing) or "expected a readable file (...)"
 *   at the root; "expected UTF-8 JSONL (...)" at `line N` for bytes that are not UTF-8 or a gzip
 *   stream that breaks off
 */
export async function* streamTextLines(
  path: string,
): AsyncGenerator<{ text: string; line: number }> {
  const bytes = await openByteStream(
    path,
    (e) =>
      e instanceof Deno.errors.NotFound
        ? "expected an existing file"
        : `expected a readable file (${e.message})`,
  );
  const text = bytes.pipeThrough(new TextDecoderStream("utf-8", { fatal: true }));
  let rest = "", line = 0;
  try {
    for await (const chunk of text) {
      rest += chunk;
      let nl: number;
      while ((nl = rest.indexOf("\n")) >= 0) {
        line++;
        const t = rest.slice(0, nl);
        rest = rest.slice(nl + 1);
        if (t.trim() !== "") yield { text: t, line };
      }
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(path, { path: `line ${line + 1}` }, `expected UTF-8 JSONL (${e})`);
  }
  if (rest.trim() !== "") yield { text: rest, line: line + 1 };
}
