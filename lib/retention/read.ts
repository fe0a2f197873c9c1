/**
 * Readers of PerMem-Bench folders and memaudit's plain CSV forms (paper 003;
 * COMPANIONS §2(b)). Every problem is an {@linkcode InputError} naming the
 * file and the JSON path, or the CSV row (1-based data row, header excluded)
 * and column.
 *
 * - {@linkcode readSessionFolder}: an unzipped PerMem-Bench data folder,
 *   `<dir>/<uuid>/session_NNNN.json`;
 * - {@linkcode readSnapshotFolder}: one system's snapshots,
 *   `<dir>/<uuid>/session_NNNN.json`;
 * - {@linkcode readGatingFolder}: a gating method's `per_uuid/<uuid>.json`;
 * - {@linkcode readPerFactFolder}: the evaluator's `per_fact/<uuid>.json`;
 * - {@linkcode parseFactsCsv} / {@linkcode parsePresenceCsv}: the facts table
 *   `user,fact,type,t_start,t_target` and the presence table
 *   `user,fact,session,present` (one row per checked (fact, session); a
 *   session of a lifespan without a row counts as absent).
 *
 * @module
 */
import { join } from "node:path";
import { InputError } from "../base/errors.ts";
import { readTextInput, statOrNull } from "../base/fs.ts";
import { parseJsonText } from "../base/json_text.ts";
import { validateInput } from "../base/validate_input.ts";
import { forEachCsvRow, parseCsvRows } from "./_csv.ts";
import { readDirSorted } from "./_dir.ts";
import {
  FACTS_CSV_COLUMNS,
  type GatingOutput,
  GatingOutputSchema,
  type PerFact,
  PerFactFileSchema,
  PRESENCE_CSV_COLUMNS,
  type Schema,
  type SessionFile,
  SessionFileSchema,
  type Snapshot,
  SnapshotSchema,
} from "./formats.ts";
import {
  type FactTrack,
  lifespanOf,
  type ReferenceFact,
  type ReferenceType,
  trackFromSessions,
} from "./retention_rate.ts";

const SESSION_FILE = /^session_(\d+)\.json$/;

/**
 * Validates parsed JSON with a schema, or throws the first issue as an InputError.
 *
 * @param schema the zod schema
 * @param data the parsed value
 * @param file the file name for errors
 * @returns the validated value
 * @throws {InputError} naming the JSON path of the first problem
 */
export function validateJson<T>(schema: Schema<T>, data: unknown, file: string): T {
  return validateInput(schema, data, file);
}

async function readJson<T>(schema: Schema<T>, path: string): Promise<T> {
  const data = parseJsonText(await readTextInput(path), path, { uniqueKeys: true });
  return validateJson(schema, data, path);
}

async function listDir(dir: string): Promise<Deno.DirEntry[]> {
  const st = await statOrNull(dir);
  if (st === null) throw InputError.atRoot(dir, "expected an existing folder");
  if (!st.isDirectory) throw InputError.atRoot(dir, "expected a folder, found a file");
  return await readDirSorted(dir);
}

/** Reads `<dir>/<uuid>/session_NNNN.json` files of one kind, checking names against contents. */
async function readPerSessionFolder<T extends { uuid: string; session_id: number }>(
  dir: string,
  schema: Schema<T>,
  what: string,
): Promise<Map<string, T[]>> {
  const out = new Map<string, T[]>();
  for (const user of await listDir(dir)) {
    if (!user.isDirectory || user.name.startsWith(".")) continue;
    const list: T[] = [];
    const seen = new Map<number, string>();
    for (const f of await listDir(join(dir, user.name))) {
      const m = SESSION_FILE.exec(f.name);
      if (!f.isFile || m === null) continue;
      const path = join(dir, user.name, f.name);
      const item = await readJson(schema, path);
      if (item.uuid !== user.name) {
        throw new InputError(path, { path: "uuid" }, `expected the folder's uuid '${user.name}'`);
      }
      const n = Number(m[1]);
      if (item.session_id !== n) {
        const expected = `expected the session id of the file name (${n}), got ${item.session_id}`;
        throw new InputError(path, { path: "session_id" }, expected);
      }
      if (seen.has(n)) {
        const expected = `expected one ${what} per session; ${seen.get(n)} has ${n} too`;
        throw new InputError(path, { path: "session_id" }, expected);
      }
      seen.set(n, f.name);
      list.push(item);
    }
    if (list.length === 0) continue;
    list.sort((a, b) => a.session_id - b.session_id);
    out.set(user.name, list);
  }
  if (out.size === 0) {
    throw InputError.atRoot(dir, `expected <uuid>/session_NNNN.json ${what} files`);
  }
  return out;
}

/**
 * Reads an unzipped PerMem-Bench data folder (`<dir>/<uuid>/session_NNNN.json`).
 *
 * @param dir the folder holding one subfolder per user
 * @returns session files by user id (code-unit order), each list in session order
 * @throws {InputError} for a missing folder, no session files, a file that fails the schema,
 *   a uuid other than its folder's, or a session id other than its file name's
 */
export function readSessionFolder(dir: string): Promise<Map<string, SessionFile[]>> {
  return readPerSessionFolder(dir, SessionFileSchema, "session");
}

/**
 * Reads one system's snapshot folder (`<dir>/<uuid>/session_NNNN.json`).
 *
 * @param dir the folder holding one subfolder per user
 * @returns snapshots by user id, each list in session order
 * @throws {InputError} as {@linkcode readSessionFolder} (e.g. "expected a list of memory
 *   entries" at `memories`)
 */
export function readSnapshotFolder(dir: string): Promise<Map<string, Snapshot[]>> {
  return readPerSessionFolder(dir, SnapshotSchema, "snapshot");
}

async function jsonFiles(dir: string): Promise<string[]> {
  const sub = join(dir, "per_uuid");
  const base = (await statOrNull(sub))?.isDirectory ? sub : dir;
  const files = (await listDir(base)).filter((e) => e.isFile && e.name.endsWith(".json"));
  if (files.length === 0) throw InputError.atRoot(base, "expected <uuid>.json files");
  return files.map((e) => join(base, e.name));
}

/**
 * Reads a gating method's outputs (`<dir>/per_uuid/<uuid>.json`, or `<dir>/<uuid>.json`).
 *
 * @param dir the method's folder (or its per_uuid folder)
 * @returns one output per user, in file-name order
 * @throws {InputError} for a missing folder, no files or a file that fails the schema
 */
export async function readGatingFolder(dir: string): Promise<GatingOutput[]> {
  const out: GatingOutput[] = [];
  for (const path of await jsonFiles(dir)) out.push(await readJson(GatingOutputSchema, path));
  return out;
}

/**
 * Reads the evaluator's per-fact outputs (`<dir>/<uuid>.json` lists) into
 * tracks: presence is the judge's verdict `write` (0/1) at the scored sessions
 * (`retrieved` is the list of texts it judged), and a session it did not score
 * counts as absent in the track. The evaluator scores only the K checkpoints,
 * so from these files only the checkpoint value is the benchmark's
 * ({@linkcode perFactRetention} computes it from `checkpoints`); an "exact"
 * value over the tracks would count the unscored sessions as absent.
 *
 * @param dir the per_fact folder
 * @returns the tracks, the number of checked sessions per fact and the scored checkpoints per
 *   fact (same order)
 * @throws {InputError} for a missing folder, a file that fails the schema, a scored session
 *   outside the lifespan, a fact without scored sessions, a fact twice, or no fact of a scored
 *   type in the whole folder
 */
export async function readPerFactFolder(
  dir: string,
): Promise<{ tracks: FactTrack[]; checked: number[]; checkpoints: Checkpoint[][] }> {
  const files = (await listDir(dir)).filter((e) => e.isFile && e.name.endsWith(".json"));
  if (files.length === 0) throw InputError.atRoot(dir, "expected <uuid>.json files");
  const tracks: FactTrack[] = [], checked: number[] = [], checkpoints: Checkpoint[][] = [];
  const seen = new Set<string>();
  for (const e of files) {
    const path = join(dir, e.name);
    const items: PerFact[] = await readJson(PerFactFileSchema, path);
    items.forEach((it, i) => {
      const bad = (field: string, expected: string) =>
        new InputError(path, { path: `[${i}].${field}` }, expected);
      const type = referenceType(it.gt_type);
      if (type === null) return; // the evaluator skips other types
      const fact: ReferenceFact = {
        user: it.uuid,
        fact: factId(it.source_session_id, it.gt_idx),
        type,
        tStart: it.source_session_id,
        tTarget: it.valid_through_session,
        ...(it.fact !== undefined ? { text: it.fact } : {}),
      };
      if (fact.tTarget < fact.tStart) {
        throw bad(
          "valid_through_session",
          `expected a session >= source_session_id ${fact.tStart}`,
        );
      }
      const key = JSON.stringify([fact.user, fact.fact]);
      if (seen.has(key)) {
        throw bad("gt_idx", "expected each (source_session_id, gt_idx) once per user");
      }
      seen.add(key);
      if (it.session_scores.length === 0) {
        throw bad(
          "session_scores",
          "expected at least one scored checkpoint (the evaluator scores K per fact)",
        );
      }
      const present: number[] = [];
      it.session_scores.forEach((s, j) => {
        if (s.session_id < fact.tStart || s.session_id > fact.tTarget) {
          const expected = `expected a session in ${fact.tStart}..${fact.tTarget}`;
          throw bad(`session_scores[${j}].session_id`, expected);
        }
        if (s.write === true || s.write === 1) present.push(s.session_id);
      });
      tracks.push(trackFromSessions(fact, present));
      checked.push(new Set(it.session_scores.map((s) => s.session_id)).size);
      checkpoints.push(
        it.session_scores.map((s) => ({
          session: s.session_id,
          present: s.write === true || s.write === 1,
        })),
      );
    });
  }
  if (tracks.length === 0) {
    throw InputError.atRoot(
      dir,
      "expected at least one fact of type user_profile or ongoing_state (the types the " +
        "evaluator scores)",
    );
  }
  return { tracks, checked, checkpoints };
}

/** One scored checkpoint of a per-fact output: the session and the judge's verdict. */
export interface Checkpoint {
  /** The snapshot session. */
  session: number;
  /** `write` = 1. */
  present: boolean;
}

/** The id memaudit gives a benchmark fact: `<source_session_id>:<gt_idx>`. */
export function factId(sessionId: number, gtIdx: number): string {
  return `${sessionId}:${gtIdx}`;
}

function referenceType(t: string): ReferenceType | null {
  return t === "user_profile" || t === "ongoing_state" ? t : null;
}

/**
 * The reference facts of one user's timeline (COMPANIONS §2(a)): t_start is
 * the session whose `gt_memory` holds the fact; T_target is the user's last
 * session for `user_profile`, and the last session of the same (domain,
 * project_id) for `ongoing_state` (the user's last session when the project
 * is null). Other types are skipped, as in the evaluator.
 *
 * @param sessions the user's session files (any order)
 * @returns the facts, in session then gt_idx order, with id `<session_id>:<gt_idx>` and text
 */
export function referenceFacts(sessions: readonly SessionFile[]): ReferenceFact[] {
  const sorted = [...sessions].sort((a, b) => a.session_id - b.session_id);
  if (sorted.length === 0) return [];
  const last = sorted[sorted.length - 1].session_id;
  const projectEnd = new Map<string, number>();
  for (const s of sorted) {
    if (s.project_id === null || s.project_id === undefined) continue;
    projectEnd.set(JSON.stringify([s.domain, s.project_id]), s.session_id);
  }
  const out: ReferenceFact[] = [];
  for (const s of sorted) {
    s.gt_memory.forEach((g, i) => {
      const type = referenceType(g.type);
      if (type === null) return;
      const end = type === "user_profile" || s.project_id === null || s.project_id === undefined
        ? last
        : projectEnd.get(JSON.stringify([s.domain, s.project_id])) ?? last;
      out.push({
        user: s.uuid,
        fact: factId(s.session_id, i),
        type,
        tStart: s.session_id,
        tTarget: end,
        text: g.fact,
      });
    });
  }
  return out;
}

const INT = /^\s*-?\d+\s*$/;

/**
 * Parses the facts CSV `user,fact,type,t_start,t_target`, with an optional
 * `superseded_at` column (an update's session, for `endOnUpdate`; empty =
 * none). Other columns are ignored.
 *
 * @param text the CSV text
 * @param file the file name for errors
 * @param opts `superseded`: the `superseded_at` column is required (for `endOnUpdate`: without
 *   it, a misspelt column would leave every lifespan whole without a word)
 * @returns the facts in row order
 * @throws {InputError} at `header` for a missing column; at row N, column C for an empty user
 *   or fact, a type other than user_profile / ongoing_state (or none), a session that is not an
 *   integer >= 1, t_target < t_start, or a (user, fact) twice
 */
export function parseFactsCsv(
  text: string,
  file = "<memory>",
  opts: { superseded?: boolean } = {},
): ReferenceFact[] {
  const columns = opts.superseded ? [...FACTS_CSV_COLUMNS, "superseded_at"] : FACTS_CSV_COLUMNS;
  const rows = parseCsvRows(text, file, columns);
  const seen = new Set<string>();
  return rows.map(({ row, cells }) => {
    const at = (column: string) => ({ row, column });
    const bad = (column: string, expected: string) => new InputError(file, at(column), expected);
    const user = nonEmpty(file, at("user"), cells.user, "a user id");
    const fact = nonEmpty(file, at("fact"), cells.fact, "a fact id");
    const type = referenceType(cells.type.trim());
    if (type === null) {
      throw bad(
        "type",
        `expected a type user_profile or ongoing_state, got ${JSON.stringify(cells.type)}`,
      );
    }
    const tStart = session(file, at("t_start"), cells.t_start);
    const tTarget = session(file, at("t_target"), cells.t_target);
    if (tTarget < tStart) {
      throw bad("t_target", `expected t_target >= t_start (${tStart}), got ${tTarget}`);
    }
    let supersededAt: number | undefined;
    const sup = cells.superseded_at;
    if (sup !== undefined && sup.trim() !== "") {
      supersededAt = session(file, at("superseded_at"), sup);
      if (supersededAt <= tStart) {
        throw bad(
          "superseded_at",
          `expected a session after t_start (${tStart}), got ${supersededAt}`,
        );
      }
    }
    const key = JSON.stringify([user, fact]);
    if (seen.has(key)) {
      throw bad("fact", `expected each fact once per user; '${fact}' of '${user}' repeats`);
    }
    seen.add(key);
    const superseded = supersededAt !== undefined ? { supersededAt } : {};
    return { user, fact, type, tStart, tTarget, ...superseded };
  });
}

function nonEmpty(file: string, where: { row: number; column: string }, v: string, what: string) {
  if (v.trim() === "") throw new InputError(file, where, `expected ${what}, got an empty cell`);
  return v.trim();
}

/** Plain digits (the common case, checked without the regular expression). */
function digits(v: string): boolean {
  if (v.length === 0 || v.length > 15) return false;
  for (let i = 0; i < v.length; i++) {
    const ch = v.charCodeAt(i);
    if (ch < 48 || ch > 57) return false;
  }
  return true;
}

function session(file: string, where: { row: number; column: string }, v: string): number {
  const n = digits(v) || INT.test(v) ? Number(v) : NaN;
  if (!(Number.isSafeInteger(n) && n >= 1)) {
    throw new InputError(
      file,
      where,
      `expected an integer session id >= 1, got ${JSON.stringify(v)}`,
    );
  }
  return n;
}

/**
 * Parses the presence CSV `user,fact,session,present` against the facts:
 * one row per checked (fact, session), present 0 or 1; a session of a
 * lifespan without a row counts as absent.
 *
 * @param text the CSV text
 * @param facts the facts (from {@linkcode parseFactsCsv})
 * @param file the file name for errors
 * @returns one track per fact (in the facts' order) and the number of checked sessions of each
 * @throws {InputError} at row N, column C for a (user, fact) not in the facts table, a session
 *   that is not an integer or lies outside the lifespan, present other than 0 / 1, or a
 *   (fact, session) twice
 */
export function parsePresenceCsv(
  text: string,
  facts: readonly ReferenceFact[],
  file = "<memory>",
): { tracks: FactTrack[]; checked: number[] } {
  const byUser = new Map<string, Map<string, number>>();
  facts.forEach((f, i) => {
    let m = byUser.get(f.user);
    if (m === undefined) byUser.set(f.user, m = new Map());
    m.set(f.fact, i);
  });
  const bits = facts.map((f) => new Uint8Array(lifespanOf(f)));
  const seen = facts.map(() => new Uint8Array(0));
  const checked = facts.map(() => 0);
  // Rows come grouped by fact in practice: the last (user, fact) is looked up once.
  let lastUser = "", lastFact = "", last = -1;
  forEachCsvRow(text, file, PRESENCE_CSV_COLUMNS, (cells, row, column) => {
    const at = (name: string) => ({ row, column: name });
    const cell = (name: string) => cells[column.get(name)!];
    const user = cell("user").trim(), fact = cell("fact").trim();
    let i = last;
    if (user !== lastUser || fact !== lastFact || last < 0) {
      i = presenceFactIndex(byUser, user, fact, file, at, cell);
      [lastUser, lastFact, last] = [user, fact, i];
    }
    const f = facts[i];
    const t = session(file, at("session"), cell("session"));
    if (t < f.tStart || t > f.tTarget) {
      const expected =
        `expected a session in the fact's lifespan ${f.tStart}..${f.tTarget}, got ${t}`;
      throw new InputError(file, at("session"), expected);
    }
    const raw = cell("present");
    const p = raw === "0" || raw === "1" ? raw : raw.trim();
    if (p !== "0" && p !== "1") {
      throw new InputError(file, at("present"), `expected 0 or 1, got ${JSON.stringify(raw)}`);
    }
    if (seen[i].length === 0) seen[i] = new Uint8Array(bits[i].length);
    if (seen[i][t - f.tStart]) {
      const expected = `expected each (fact, session) once; session ${t} of '${fact}' repeats`;
      throw new InputError(file, at("session"), expected);
    }
    seen[i][t - f.tStart] = 1;
    checked[i]++;
    if (p === "1") bits[i][t - f.tStart] = 1;
  });
  return { tracks: facts.map((f, i) => ({ ...f, present: bits[i] })), checked };
}

/** The index of a presence row's fact in the facts table, or the error naming its cell. */
function presenceFactIndex(
  byUser: ReadonlyMap<string, ReadonlyMap<string, number>>,
  user: string,
  fact: string,
  file: string,
  at: (name: string) => { row: number; column: string },
  cell: (name: string) => string,
): number {
  const facts = byUser.get(user);
  if (facts === undefined) {
    const expected = `expected a user of the facts table, got ${JSON.stringify(cell("user"))}`;
    throw new InputError(file, at("user"), expected);
  }
  const i = facts.get(fact);
  if (i === undefined) {
    throw new InputError(
      file,
      at("fact"),
      `expected a fact of user '${user}' in the facts table, got ${JSON.stringify(cell("fact"))}`,
    );
  }
  return i;
}

/**
 * Reads the facts CSV and the presence CSV from files.
 *
 * @param factsPath the facts CSV
 * @param presencePath the presence CSV
 * @param opts `superseded`: the facts need a `superseded_at` column (see {@linkcode parseFactsCsv})
 * @returns one track per fact and the checked sessions per fact
 * @throws {InputError} as {@linkcode parseFactsCsv} and {@linkcode parsePresenceCsv}, or for a
 *   missing or non-UTF-8 file
 */
export async function readFactsAndPresence(
  factsPath: string,
  presencePath: string,
  opts: { superseded?: boolean } = {},
): Promise<{ tracks: FactTrack[]; checked: number[] }> {
  const facts = parseFactsCsv(await readTextInput(factsPath), factsPath, opts);
  return parsePresenceCsv(await readTextInput(presencePath), facts, presencePath);
}
