/**
 * A user's own filler corpus: a JSONL file of sessions, one per line,
 * `{"session_id": "…", "turns": [{"role": "user" | "assistant", "content": "…"}]}`
 * (COMPANIONS §6.3: it lets any source reach the paper's 0-400 ladder).
 *
 * @module
 */
import { forEachJsonlLine, parseJsonlLine } from "../../base/jsonl.ts";
import { z } from "../../base/deps/zod.ts";
import { formatPath, InputError } from "../../base/errors.ts";
import { readTextInput } from "../../base/fs.ts";
import type { LadderSession, LadderSource } from "./types.ts";

/** One line of a filler corpus: a session, its id unique in the corpus, its turns in order. */
const FillerLineSchema = z.looseObject({
  session_id: z.string().min(1),
  turns: z.array(z.object({
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    has_answer: z.boolean().optional(),
  })).min(1),
});

/**
 * Parses a filler corpus. Filler sessions are cross-instance: the ladder
 * gives them seeded dates, so a date in the file is ignored.
 *
 * @param text JSONL text (blank lines are skipped)
 * @param file file name for errors
 * @returns the sessions, `origin` = `filler:<file>`
 * @throws {InputError} for a line that is not JSON, not of the shape above,
 *   repeats a session id, or holds a `has_answer: true` turn (evidence is
 *   never filler); the error names the line and field
 */
export function parseFillerCorpus(text: string, file = "<memory>"): LadderSession[] {
  const out: LadderSession[] = [];
  const ids = new Set<string>();
  forEachJsonlLine(text, (n, line) => {
    const at = (p: string) => ({ path: `line ${n}${p === "" ? "" : ": " + p}` });
    const data = parseJsonlLine(line, file, n);
    const r = FillerLineSchema.safeParse(data);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new InputError(file, at(formatPath(issue.path)), issue.message);
    }
    const s = r.data;
    if (ids.has(s.session_id)) {
      throw new InputError(
        file,
        at("session_id"),
        `a new session id, got repeated '${s.session_id}'`,
      );
    }
    const k = s.turns.findIndex((t) => t.has_answer === true);
    if (k >= 0) {
      throw new InputError(
        file,
        at(`turns[${k}].has_answer`),
        "no has_answer mark (a filler session must hold nobody's evidence)",
      );
    }
    ids.add(s.session_id);
    out.push({
      id: s.session_id,
      date: 0,
      origin: `filler:${file}`,
      turns: s.turns.map((t) => ({ role: t.role, content: t.content })),
    });
  });
  return out;
}

/**
 * Reads a filler corpus file (see {@linkcode parseFillerCorpus}).
 *
 * @param path JSONL file
 * @returns the sessions
 * @throws {InputError} as {@linkcode parseFillerCorpus}, or when the file cannot be read
 */
export async function loadFillerCorpus(path: string): Promise<LadderSession[]> {
  return parseFillerCorpus(await readTextInput(path), path);
}

/**
 * Adds filler sessions to a source's pool. A filler id that is already a
 * session id of the source is reported (`filler_id_taken`) and skipped.
 *
 * @param source a converted source
 * @param filler sessions of a filler corpus
 * @param file the corpus file name, recorded in `files`
 * @returns a new source whose pool ends with the filler sessions
 */
export function withFiller(
  source: LadderSource,
  filler: readonly LadderSession[],
  file = "<memory>",
): LadderSource {
  const taken = new Set(source.pool.map((s) => s.id));
  for (const q of source.queries) for (const s of [...q.evidence, ...q.own]) taken.add(s.id);
  const issues = [...source.issues];
  const pool = [...source.pool];
  for (const s of filler) {
    if (taken.has(s.id)) {
      issues.push({ code: "filler_id_taken", ref: s.id, detail: "the source already has this id" });
      continue;
    }
    taken.add(s.id);
    pool.push(s);
  }
  return {
    kind: `${source.kind}+filler`,
    files: [...source.files, file],
    queries: source.queries,
    pool,
    issues,
  };
}
