/**
 * What `memaudit write` feeds a memory system: the turns of a LoCoMo conversation or of a
 * LongMemEval question's haystack, found and read, with the record of their source that
 * provenance.json keeps.
 *
 * @module
 */
import { canonicalJson } from "../base/canonical_json.ts";
import { InputError } from "../base/errors.ts";
import { sha256File, sha256Hex } from "../base/hash.ts";
import { readLongMemEval } from "../longmemeval/read.ts";
import { describeLocomo, type LocatedLocomo, locomoConversation } from "../natural/data_source.ts";
import type { LocomoSample } from "../natural/load_locomo.ts";
import { locomoTurns, longMemEvalTurns, type WriteTurn } from "./write_turns.ts";

/** A source: a LoCoMo conversation (`data`: `locomo8`, `locomo10` or a path) or a question. */
export type WriteSourceSpec =
  | { kind: "locomo"; conversation: string; data?: string }
  | { kind: "longmemeval"; file: string; question: string };

/** The turns to feed, the user id, and the source's record. */
export interface WriteSource {
  /** The user id the store is written for: the sample or question id. */
  user: string;
  /** The turns, in order. */
  turns: WriteTurn[];
  /** What provenance.json's `source` says. */
  source: Record<string, unknown>;
}

/**
 * The turns of a source, the user id the system writes them for, and what provenance.json says of
 * the source (its file, the file's SHA-256, the conversation's or question's SHA-256).
 *
 * @param s a LoCoMo conversation (data as `--locomo-data` takes it) or a LongMemEval question
 * @throws {InputError} when the data is not found, or holds no such conversation or question
 */
export async function writeSource(s: WriteSourceSpec): Promise<WriteSource> {
  if (s.kind === "longmemeval") {
    const ids: string[] = [];
    for await (const q of readLongMemEval(s.file)) {
      if (q.question_id !== s.question) {
        ids.push(q.question_id);
        continue;
      }
      return {
        user: q.question_id,
        turns: longMemEvalTurns(q, s.file),
        source: {
          kind: "longmemeval",
          file: s.file,
          file_sha256: await sha256File(s.file),
          question_id: q.question_id,
          question_sha256: sha256Hex(canonicalJson(q)),
        },
      };
    }
    const msg = `expected a question '${s.question}', the file holds ${heldIds(ids, s.question)}`;
    throw InputError.atRoot(s.file, msg);
  }
  const { found, samples, sample } = await locomoConversation(s.conversation, s.data);
  return await locomoWriteSource(sample, found, samples.length);
}

/** What a file holds instead of `question`: none, the id it meant with other spaces, or the first three. */
function heldIds(ids: readonly string[], question: string): string {
  if (ids.length === 0) return "none";
  const near = ids.find((id) => id.trim() === question.trim());
  if (near !== undefined) return `${ids.length} (one is '${near}')`;
  return `${ids.length} (${ids.slice(0, 3).join(", ")}${ids.length > 3 ? ", ..." : ""})`;
}

/**
 * {@linkcode writeSource} of one conversation of a LoCoMo file already read.
 *
 * @param found where the file was found ({@linkcode locateLocomo})
 * @param count how many conversations the file holds (for its description)
 */
export async function locomoWriteSource(
  sample: LocomoSample,
  found: LocatedLocomo,
  count: number,
): Promise<WriteSource> {
  return {
    user: sample.sample_id,
    turns: locomoTurns(sample, found.path),
    source: {
      kind: "locomo",
      file: found.path,
      described: describeLocomo(found, count),
      file_sha256: await sha256File(found.path),
      conversation: sample.sample_id,
      conversation_sha256: sha256Hex(canonicalJson(sample.conversation)),
    },
  };
}
