/**
 * Readers of PerMem-Bench folders and memaudit's plain CSV forms (paper 003;
 * COMPANIONS §2(b)). Every problem is an {@linkcode InputError} naming the
 * file and the JSON path, or the CSV row (1-based data row, header excluded)
 * and column. Each reader's doc names the files it reads.
 *
 * @module
 */
import { join } from "node:path";
import { InputError } from "../base/errors.ts";
import { readJsonInput, readTextInput, statOrNull } from "../base/fs.ts";
import { type SafeParser, validateInput } from "../base/validate_input.ts";
import { forEachCsvRow, parseCsvRows } from "./_csv.ts";
import {
  FACTS_CSV_COLUMNS,
  type GatingOutput,
  GatingOutputSchema,
  type PerFact,
  PerFactFileSchema,
  PRESENCE_CSV_COLUMNS,
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

async function readJson<T>(schema: SafeParser<T>, path: string): Promise<T> {
  return validateInput(schema, await readJsonInput(path), path);
}

/**
 * A folder's entries sorted by name, a link counting as what it points to (a folder of links, as
 * `cp -s` makes, is read, not skipped) and a dangling link as neither file nor folder.
 */
async function listDir(dir: string): Promise<Deno.DirEntry[]> {
  const st = await statOrNull(dir);
  if (st === null) throw InputError.atRoot(dir, "expected an existing folder");
  if (!st.isDirectory) throw InputError.atRoot(dir, "expected a folder, found a file");
  const out: Deno.DirEntry[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (!e.isSymlink) {
      out.push(e);
      continue;
    }
    const target = await statOrNull(join(dir, e.name));
    out.push({ ...e, isFile: target?.isFile ?? false, isDirectory: target?.isDirectory ?? false });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Reads `<dir>/<uuid>/session_NNNN.json` files of one kind, checking names against contents. */
async function readPerSessionFolder<T extends { uuid: string; session_id: number }>(
  dir: string,
  schema: SafeParser<T>,
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
  const files = (await listDir(dir)).filter((e) => e.isFile && e.name.endsWith(".json"));
  if (files.length === 0) throw InputError.atRoot(dir, "expected <uuid>.json files");
  return files.map((e) => join(dir, e.name));
}

/**
 * Reads a gating method's outputs (`<dir>/per_uuid/<uuid>.json`, or `<dir>/<uuid>.json`).
 *
 * @param dir the method's folder (or its per_uuid folder)
 * @returns one output per user, in file-name order
 * @throws {InputError} for a missing folder, no files or a file that fails the schema
 */
export async function readGatingFolder(dir: string): Promise<GatingOutput[]> {
  const sub = join(dir, "per_uuid");
  const out: GatingOutput[] = [];
  for (const path of await jsonFiles((await statOrNull(sub))?.isDirectory ? sub : dir)) {
    out.push(await readJson(GatingOutputSchema, path));
  }
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
  const tracks: FactTrack[] = [], checked: number[] = [], checkpoints: Checkpoint[][] = [];
  const seen = new Set<string>();
  for (const path of await jsonFiles(dir)) {
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
        const expected = `expected a session >= source_session_id ${fact.tStart}`;
        throw bad("valid_through_session", expected);
      }
      const key = JSON.stringify([fact.user, fact.fact]);
      if (seen.has(key)) {
        throw bad("gt_idx", "expected each (source_session_id, gt_idx) once per user");
      }
      seen.add(key);
      if (it.session_scores.length === 0) {
        const expected =
          "expected at least one scored checkpoint (the evaluator scores K per fact)";
        throw bad("session_scores", expected);
      }
      const scores = it.session_scores.map((s, j): Checkpoint => {
        if (s.session_id < fact.tStart || s.session_id > fact.tTarget) {
          const expected = `expected a session in ${fact.tStart}..${fact.tTarget}`;
          throw bad(`session_scores[${j}].session_id`, expected);
        }
        return { session: s.session_id, present: s.write === true || s.write === 1 };
      });
      tracks.push(trackFromSessions(fact, scores.filter((s) => s.present).map((s) => s.session)));
      checked.push(new Set(scores.map((s) => s.session)).size);
      checkpoints.push(scores);
    });
  }
  if (tracks.length === 0) {
    const types = "user_profile or ongoing_state (the types the evaluator scores)";
    throw InputError.atRoot(dir, `expected at least one fact of type ${types}`);
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
      const got = JSON.stringify(cells.type);
      throw bad("type", `expected a type user_profile or ongoing_state, got ${got}`);
    }
    const tStart = sessionCell(file, at("t_start"), cells.t_start);
    const tTarget = sessionCell(file, at("t_target"), cells.t_target);
    if (tTarget < tStart) {
      throw bad("t_target", `expected t_target >= t_start (${tStart}), got ${tTarget}`);
    }
    let supersededAt: number | undefined;
    const sup = cells.superseded_at;
    if (sup !== undefined && sup.trim() !== "") {
      supersededAt = sessionCell(file, at("superseded_at"), sup);
      if (supersededAt <= tStart) {
        const expected = `expected a session after t_start (${tStart}), got ${supersededAt}`;
        throw bad("superseded_at", expected);
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

/** Where a CSV cell is: its data row (1-based) and column. */
type Cell = { row: number; column: string };

/** A cell's text, trimmed; an {@linkcode InputError} when it is blank. */
export function nonEmpty(file: string, where: Cell, v: string, what: string): string {
  if (v.trim() === "") throw new InputError(file, where, `expected ${what}, got an empty cell`);
  return v.trim();
}

/** A 0 / 1 cell (spaces around it allowed); an {@linkcode InputError} for anything else. */
export function bitCell(file: string, where: Cell, v: string): boolean {
  const t = v === "0" || v === "1" ? v : v.trim();
  if (t !== "0" && t !== "1") {
    throw new InputError(file, where, `expected 0 or 1, got ${JSON.stringify(v)}`);
  }
  return t === "1";
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

/** A session id cell, an integer >= 1 (spaces around it allowed), else an InputError. */
export function sessionCell(file: string, where: Cell, v: string): number {
  const n = digits(v) || INT.test(v) ? Number(v) : NaN;
  if (!(Number.isSafeInteger(n) && n >= 1)) {
    const expected = `expected an integer session id >= 1, got ${JSON.stringify(v)}`;
    throw new InputError(file, where, expected);
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
    const t = sessionCell(file, at("session"), cell("session"));
    if (t < f.tStart || t > f.tTarget) {
      const expected =
        `expected a session in the fact's lifespan ${f.tStart}..${f.tTarget}, got ${t}`;
      throw new InputError(file, at("session"), expected);
    }
    const present = bitCell(file, at("present"), cell("present"));
    if (seen[i].length === 0) seen[i] = new Uint8Array(bits[i].length);
    if (seen[i][t - f.tStart]) {
      const expected = `expected each (fact, session) once; session ${t} of '${fact}' repeats`;
      throw new InputError(file, at("session"), expected);
    }
    seen[i][t - f.tStart] = 1;
    checked[i]++;
    if (present) bits[i][t - f.tStart] = 1;
  });
  return { tracks: facts.map((f, i) => ({ ...f, present: bits[i] })), checked };
}

/** The index of a presence row's fact in the facts table, or the error naming its cell. */
function presenceFactIndex(
  byUser: ReadonlyMap<string, ReadonlyMap<string, number>>,
  user: string,
  fact: string,
  file: string,
  at: (name: string) => Cell,
  cell: (name: string) => string,
): number {
  const facts = byUser.get(user);
  if (facts === undefined) {
    const expected = `expected a user of the facts table, got ${JSON.stringify(cell("user"))}`;
    throw new InputError(file, at("user"), expected);
  }
  const i = facts.get(fact);
  if (i === undefined) {
    const expected = `expected a fact of user '${user}' in the facts table, got ` +
      JSON.stringify(cell("fact"));
    throw new InputError(file, at("fact"), expected);
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
