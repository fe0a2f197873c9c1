/**
 * Writes a memory store with a REAL memory system from npm: the turns of a conversation go, in
 * order and with their session dates, to the system's driver (`systems/<system>/write.mjs`, run
 * with the machine's Node from `.cache/systems/<system>/`, where the pinned
 * `systems/<system>/package-lock.json` is installed with `npm ci` (Memvid: `npm install`) on first
 * use), and the system's whole store comes back in its own export format, which `memaudit store`
 * reads.
 *
 * @module
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalJson } from "../base/canonical_json.ts";
import { InputError } from "../base/errors.ts";
import { isUnwritable, makeFolder, readTextInputIfExists, statOrNull } from "../base/fs.ts";
import { sha256Hex } from "../base/hash.ts";
import { writeFileSet } from "../base/write_files.ts";
import {
  type DriverLlm,
  driverLlm,
  inferSettings,
  llmProvenance,
  type WriteLlm,
} from "./write_llm.ts";
import { WRITE_REPORT, type WrittenStore } from "./write_report.ts";
import type { WriteTurn } from "./write_turns.ts";

export type { DriverLlm, WriteLlm } from "./write_llm.ts";
export type { WrittenStore } from "./write_report.ts";

/** A system `memaudit write` can drive. */
export interface WriteSystem {
  /** The npm package (pinned in `systems/<name>/package.json`). */
  package: string;
  /** Its pinned version. */
  version: string;
  /** The store format `memaudit store` reads the export as. */
  format: "mem0_get_all" | "memvid_cards";
  /**
   * The npm command that installs the pinned lock: `npm ci`, or `npm install` when the lock cannot
   * be complete (Memvid names native addons for other platforms that are not published).
   */
  npm: string[];
  /** The settings the driver uses, for provenance.json. */
  settings: Record<string, unknown>;
  /** Environment for the driver (telemetry off, state under the work folder). */
  env: (work: string) => Record<string, string>;
  /** The driver's input for a conversation's turns and the run's options. */
  input: (user: string, turns: readonly WriteTurn[], o: DriverOptions) => unknown;
}

/**
 * How the driver runs: Memvid's frame per turn or per session; Mem0's LLM calls, none (`infer:
 * false`) or through memaudit's local record / replay server (`systems/mem0/llm_exchange.mjs`).
 */
export interface DriverOptions {
  /** Memvid: one `put()` frame per turn or per session. */
  frames: MemvidFrames;
  /** Mem0: its LLM through memaudit's server, or null for `infer: false`. */
  llm: DriverLlm | null;
}

/** Mem0's default chat model (`mem0ai/oss` OpenAILLM), used when `--llm-model` is not given. */
export const MEM0_DEFAULT_MODEL = "gpt-5-mini";

/**
 * The time a turn is added at, in milliseconds since the epoch: its session's date plus its
 * position in the conversation in milliseconds (0 for the session date when not recognised), so
 * stamps follow the feed order and the same conversation gives the same stamps.
 */
export const turnClockMs = (t: WriteTurn, position: number): number =>
  (t.session_time ?? 0) * 1000 + position;

/**
 * What one Memvid `put()` frame holds: a turn, or a whole session (its turns' lines joined by
 * newlines, the session's date as the timestamp). Each `put()` rewrites the `.mv2` file and adds
 * about 0.1 MB to it: a frame per turn on conv-26 (419 turns) ran 262 s and stopped at the SDK's 50
 * MB free-tier limit; a frame per session takes seconds.
 */
export type MemvidFrames = "turn" | "session";

/** The turns grouped by session, in order. */
function bySession(turns: readonly WriteTurn[]): WriteTurn[][] {
  const out: WriteTurn[][] = [];
  for (const t of turns) {
    const last = out.at(-1);
    if (last !== undefined && last[0].session === t.session) last.push(t);
    else out.push([t]);
  }
  return out;
}

/** The systems, by the name `--system` takes. */
export const WRITE_SYSTEMS: Readonly<Record<"mem0" | "memvid", WriteSystem>> = {
  mem0: {
    package: "mem0ai",
    version: "3.3.1",
    format: "mem0_get_all",
    npm: ["ci", "--no-audit", "--no-fund"],
    settings: {
      api: "mem0ai/oss Memory: add([{role, content}], {userId, infer: false, metadata}) per turn",
      infer: false,
      llm: "none called (infer: false stores each turn verbatim)",
      embedder: "STAND-IN: a deterministic 64-dimension word-hash vector written by memaudit " +
        "(not a real embedding model; with infer: false it changes no stored text)",
      vector_store: "memory (mem0's default, a SQLite file in a fresh temporary folder)",
      history_store: "sqlite (mem0's default, in the same temporary folder)",
      export: "getAll({filters: {user_id}, topK: added + 1}), checked not to be cut at a page",
      created_at: "the driver's clock, which mem0 reads: the turn's session date plus its " +
        "position in the conversation in milliseconds (the session date is also in metadata)",
      ids: "randomUUID() replaced by a v4-shaped id from SHA-256 of the user id and a counter " +
        "(so the same input gives the same store, byte for byte)",
      telemetry: "off (MEM0_TELEMETRY=false)",
    },
    env: (work) => ({ MEM0_TELEMETRY: "false", MEM0_DIR: work }),
    input: (user, turns, o) => ({
      user_id: user,
      infer: o.llm !== null,
      llm: o.llm,
      turns: turns.map((t, i) => ({
        role: t.role,
        content: t.text,
        time_ms: turnClockMs(t, i),
        metadata: { session: t.session, session_date_time: t.session_date, turn_id: t.turn_id },
      })),
    }),
  },
  memvid: {
    package: "@memvid/sdk",
    version: "2.0.159",
    format: "memvid_cards",
    npm: ["install", "--no-audit", "--no-fund", "--no-save"],
    settings: {
      api: "@memvid/sdk create(file, 'basic', {enableVec: false}); put({title, label, text, " +
        "timestamp, metadata}) per frame; enrich('rules'); memories()",
      enrich: "rules (the offline rule engine; no LLM)",
      embeddings: "none (lexical index only)",
      timestamp: "the session date, seconds since the epoch (UTC)",
      native_addon: "@memvid/sdk-linux-x64-gnu@2.0.159",
      telemetry: "off (MEMVID_TELEMETRY=0)",
    },
    env: () => ({ MEMVID_TELEMETRY: "0" }),
    input: (user, turns, { frames }) => ({
      user_id: user,
      turns: (frames === "turn" ? turns.map((t) => [t]) : bySession(turns)).map((g) => ({
        title: frames === "turn" ? g[0].turn_id : `session_${g[0].session}`,
        text: g.map((t) => t.text).join("\n"),
        ...(g[0].session_time !== null ? { timestamp: g[0].session_time } : {}),
        metadata: {
          session: g[0].session,
          session_date_time: g[0].session_date,
          turn_ids: g.map((t) => t.turn_id),
        },
      })),
    }),
  },
};

/** Where the drivers and their package files are committed. */
const SOURCE_ROOT = fileURLToPath(new URL("../../systems/", import.meta.url));
/** Where they are installed. */
export const SYSTEMS_CACHE: string = fileURLToPath(
  new URL("../../.cache/systems/", import.meta.url),
);

const INSTALL_FILES = ["package.json", "package-lock.json", ".npmrc"];

const HOW_TO = "install Node.js 20 or later with npm (e.g. `apt-get install nodejs npm`), " +
  "with access to registry.npmjs.org, then rerun";

/** The InputError of `file` as a whole: what was expected, and what could not be done (`verb`). */
const refused = (file: string, expected: string, verb: string) =>
  new InputError(file, { path: "" }, expected, [], verb);

/** Runs a program; a program not on PATH is an InputError saying how to install it. */
async function run(
  program: string,
  args: string[],
  opts: { cwd?: string; env?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Deno.CommandOutput> {
  try {
    const io = { stdin: "null", stdout: "piped", stderr: "piped" } as const;
    return await new Deno.Command(program, { args, ...opts, ...io }).output();
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw refused(program, `expected it on PATH: ${HOW_TO}`, "run");
    }
    throw err;
  }
}

/**
 * The driver's own error line (`<system> driver: ...`, which comes before its stack), else the
 * first line with content (what the system printed before it failed).
 */
function driverError(bytes: Uint8Array, name: string): string {
  const lines = new TextDecoder().decode(bytes).split("\n").map((l) => l.trim());
  const own = lines.find((l) => l.startsWith(`${name} driver: `));
  return redactKey(own?.slice(`${name} driver: `.length) ?? lines.find((l) => l !== "") ?? "");
}

/** The API key the driver sends (`$MEMAUDIT_LLM_API_KEY`), when this process may read it. */
function apiKey(): string | undefined {
  const name = "MEMAUDIT_LLM_API_KEY";
  const may = Deno.permissions.querySync({ name: "env", variable: name }).state === "granted";
  return (may ? Deno.env.get(name) : undefined) || undefined;
}

/** `text` with the API key replaced by `[MEMAUDIT_LLM_API_KEY]`: no message or file shows it. */
export function redactKey(text: string, key: string | undefined = apiKey()): string {
  return key ? text.split(key).join("[MEMAUDIT_LLM_API_KEY]") : text;
}

const lastLine = (bytes: Uint8Array) =>
  new TextDecoder().decode(bytes).trim().split("\n").filter((l) => l.trim() !== "").at(-1) ?? "";

const NODE_PROBE =
  "process.stdout.write(typeof Deno === 'undefined' ? process.versions.node : 'deno')";

/**
 * The version of the machine's `node` (the systems' native addons need the real one: Deno, which
 * stands in for a `node` missing from PATH, cannot load Mem0's better-sqlite3).
 *
 * @returns the version, e.g. `20.20.2`
 * @throws {InputError} when there is no node on PATH, or it is older than 20
 */
export async function nodeVersion(): Promise<string> {
  const r = await run("node", ["-e", NODE_PROBE]);
  const v = new TextDecoder().decode(r.stdout).trim();
  const major = Number(/^(\d+)\./.exec(v)?.[1] ?? NaN);
  if (!r.success || v === "deno" || !(major >= 20)) {
    const found = v === "deno" ? "none (Deno stood in for it)" : v === "" ? "none" : `node ${v}`;
    throw refused("node", `expected it on PATH, found ${found}: ${HOW_TO}`, "run");
  }
  return v;
}

/** npm's first error line with content (not its `code` line or the log's path). */
function npmError(bytes: Uint8Array): string {
  const skip = /^(code |errno |A complete log|syscall )/;
  const lines = new TextDecoder().decode(bytes).split("\n").map((l) =>
    l.replace(/^npm error\s*/, "")
  );
  return lines.find((l) => l.trim() !== "" && !skip.test(l.trim()))?.trim() ?? "no message";
}

/**
 * Installs a system's pinned packages into `.cache/systems/<name>/` with `npm ci` (Memvid: `npm
 * install --no-save`) unless the same package files are installed there already (a stamp holds
 * their SHA-256), and copies its driver there.
 *
 * @param onNote told when an install starts (it takes a minute or two)
 * @returns the folder holding `write.mjs` and `node_modules/`
 * @throws {InputError} when npm is missing or the install fails, saying how to install
 */
export async function installSystem(
  name: keyof typeof WRITE_SYSTEMS,
  onNote: (line: string) => void = () => {},
): Promise<string> {
  const src = `${SOURCE_ROOT}${name}/`, dir = `${SYSTEMS_CACHE}${name}`, sys = WRITE_SYSTEMS[name];
  const texts = await Promise.all(INSTALL_FILES.map((f) => readTextInputIfExists(src + f)));
  const stamp = sha256Hex(canonicalJson(texts.map((t) => t ?? null)));
  const installed = await readTextInputIfExists(`${dir}/.memaudit-installed`);
  if (installed?.trim() !== stamp) {
    onNote(`installing ${sys.package}@${sys.version} from npm into ${dir} (once; a minute or two)`);
    await makeFolder(dir);
    await Promise.all(
      INSTALL_FILES.map((f, i) =>
        texts[i] === undefined
          ? Deno.remove(`${dir}/${f}`).catch(() => {})
          : Deno.writeTextFile(`${dir}/${f}`, texts[i]!)
      ),
    );
    const r = await run("npm", sys.npm, { cwd: dir });
    if (!r.success) {
      const msg = `npm ${sys.npm[0]} failed (${npmError(r.stderr)}): ${HOW_TO} ` +
        `(or run \`npm ${sys.npm.join(" ")}\` in that folder)`;
      throw refused(dir, msg, "install into");
    }
    await Deno.writeTextFile(`${dir}/.memaudit-installed`, stamp + "\n");
  }
  for await (const e of Deno.readDir(src)) {
    if (e.isFile && e.name.endsWith(".mjs")) await Deno.copyFile(src + e.name, `${dir}/${e.name}`);
  }
  return dir;
}

/** What the driver reports on its last stdout line. */
interface DriverSummary {
  package: string;
  version: string;
  added: number;
  exported: number;
  [key: string]: unknown;
}

/**
 * Runs a system's driver on turns in a fresh temporary folder (removed afterwards, and on Ctrl-C,
 * which also stops the driver).
 *
 * @param dir the installed folder ({@linkcode installSystem})
 * @param user the user / conversation id the store is written for
 * @param o Memvid's frames (default session; Mem0 adds per turn) and Mem0's LLM (default none); a
 *   record's `log` is replaced by a file in the temporary folder
 * @returns the export's text, the driver's summary and, when recording, the exchange log's text
 * @throws {InputError} when node is missing, or the driver fails or reports nonsense
 */
export async function runDriver(
  name: keyof typeof WRITE_SYSTEMS,
  dir: string,
  user: string,
  turns: readonly WriteTurn[],
  o: Partial<DriverOptions> = {},
): Promise<{ text: string; summary: DriverSummary; exchanges?: string }> {
  const sys = WRITE_SYSTEMS[name];
  const work = await Deno.makeTempDir({ prefix: `memaudit_write_${name}_` });
  // Ctrl-C: stop the driver, remove the temporary folder, then end as the signal would.
  const driver = new AbortController();
  const onSigint = () => {
    Deno.removeSignalListener("SIGINT", onSigint);
    driver.abort();
    for (let tries = 0; tries < 3; tries++) {
      try {
        Deno.removeSync(work, { recursive: true });
        break;
      } catch (err) {
        if (err instanceof Deno.errors.NotFound) break;
      }
    }
    Deno.kill(Deno.pid, "SIGINT");
  };
  Deno.addSignalListener("SIGINT", onSigint);
  try {
    const input = `${work}/input.json`, output = `${work}/export.json`;
    const log = `${work}/llm_exchanges.jsonl`;
    const llm = o.llm?.mode === "record" ? { ...o.llm, log } : o.llm ?? null;
    const payload = sys.input(user, turns, { frames: o.frames ?? "session", llm });
    await Deno.writeTextFile(input, JSON.stringify(payload));
    const how = { cwd: work, env: sys.env(work), signal: driver.signal };
    const r = await run("node", [`${dir}/write.mjs`, input, output, work], how);
    const fail = (what: string): never => {
      throw refused(`${dir}/write.mjs`, what, "run");
    };
    if (!r.success) fail(`expected the driver to succeed: ${driverError(r.stderr, name)}`);
    let summary: DriverSummary;
    try {
      summary = JSON.parse(lastLine(r.stdout));
    } catch {
      return fail(`expected a JSON summary line on stdout, got '${lastLine(r.stdout)}'`);
    }
    if (summary.version !== sys.version || summary.package !== sys.package) {
      fail(
        `expected ${sys.package}@${sys.version}, the driver ran ${summary.package}@${summary.version}`,
      );
    }
    const text = await Deno.readTextFile(output);
    return llm?.mode === "record"
      ? { text, summary, exchanges: await Deno.readTextFile(log) }
      : { text, summary };
  } finally {
    Deno.removeSignalListener("SIGINT", onSigint);
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/**
 * Checks, before the system runs (minutes, and paid LLM calls), that `out` can take the files:
 * `out` or its nearest existing parent is a folder that can be written in, no target is a folder,
 * and (unless recording) no exchange log of an earlier `--llm` run sits there, which would not be
 * this store's (a replay of that very log is its own). Nothing is created.
 *
 * @throws {InputError} naming `out` or the target, as {@linkcode writeFileSet} would
 */
async function checkOut(out: string, recording: boolean, replayed?: string): Promise<void> {
  let dir = resolve(out);
  for (let st = await statOrNull(dir); st === null; st = await statOrNull(dir)) dir = dirname(dir);
  if (!(await Deno.stat(dir)).isDirectory) {
    throw refused(out, "expected a folder (it or a parent is a file)", "write");
  }
  try {
    await Deno.remove(await Deno.makeTempFile({ dir, prefix: ".memaudit_write_probe_" }));
  } catch (err) {
    if (!isUnwritable(err)) throw err;
    const msg = `expected a writable folder (${(err as Error).message})`;
    throw refused(dir === resolve(out) ? out : dir, msg, "write");
  }
  for (const name of ["store.json", "provenance.json", "llm_exchanges.jsonl"]) {
    if ((await statOrNull(join(out, name)))?.isDirectory) {
      throw refused(join(out, name), "expected a file, found a folder", "write");
    }
  }
  const log = join(out, "llm_exchanges.jsonl");
  if (!recording && (await statOrNull(log)) !== null) {
    const same = replayed !== undefined &&
      (await Deno.realPath(log)) === (await Deno.realPath(replayed).catch(() => ""));
    if (!same) {
      const msg =
        "expected a folder without llm_exchanges.jsonl (it holds an earlier --llm run's " +
        "recording, which this store would not match): give another folder, or move it";
      throw refused(out, msg, "write");
    }
  }
}

/**
 * The warnings {@linkcode writeStore} gives for sessions whose date memaudit does not read: their
 * turns carry no time (Mem0's `createdAt` then counts from 1970-01-01T00:00:00Z, Memvid's frame has
 * no timestamp), so recency pruning takes them as the oldest.
 *
 * @returns one warning per such session, in order
 */
export function undatedSessions(
  turns: readonly WriteTurn[],
  system: keyof typeof WRITE_SYSTEMS,
): string[] {
  const seen = new Map<number, string>();
  for (const t of turns) if (t.session_time === null) seen.set(t.session, t.session_date);
  return [...seen].map(([n, date]) =>
    `session ${n}'s date '${date}' is not a date memaudit reads: ` +
    (system === "mem0"
      ? "its turns are stamped from 1970-01-01T00:00:00Z"
      : "its frames carry no timestamp")
  );
}

/**
 * Writes a store: installs the system if needed, feeds the turns, writes `out/store.json` (the
 * export, as the system wrote it), `out/provenance.json` (system, package version, settings, the
 * source and its SHA-256, turn count, memories exported, wall time in seconds, warnings) and, with
 * `llm.mode = "record"`, `out/llm_exchanges.jsonl` (lib/systems/write_llm.ts).
 *
 * @param o the system, the turns and their source, the output folder; Memvid's frames; Mem0's LLM
 *   (none: `infer: false`)
 * @returns the paths written and the provenance record (`memaudit write --json`,
 *   {@linkcode WRITE_REPORT})
 * @throws {TypeError} when the record breaks its schema (a defect of memaudit or its driver)
 * @throws {InputError} when node (20 or later) or npm is missing, the install or the driver fails
 *   (a replayed request the log lacks, an unreachable endpoint), a replay log does not fit the run,
 *   or the folder cannot be written
 */
export async function writeStore(o: {
  system: keyof typeof WRITE_SYSTEMS;
  user: string;
  turns: readonly WriteTurn[];
  source: Record<string, unknown>;
  out: string;
  frames?: MemvidFrames;
  llm?: WriteLlm;
  onNote?: (line: string) => void;
}): Promise<WrittenStore> {
  const sys = WRITE_SYSTEMS[o.system];
  const turnsSha256 = sha256Hex(canonicalJson(o.turns));
  const llm = o.llm === undefined
    ? undefined
    : await driverLlm(o.llm, { system: o.system, sys, turnsSha256 });
  const replayed = o.llm?.mode === "replay" ? o.llm.file : undefined;
  await checkOut(o.out, o.llm?.mode === "record", replayed);
  const t0 = performance.now();
  const node = await nodeVersion();
  const dir = await installSystem(o.system, o.onNote);
  const t1 = performance.now();
  const frames = o.frames ?? "session";
  const driverOpts = { frames, llm: llm?.driver ?? null };
  const { text, summary, exchanges } = await runDriver(o.system, dir, o.user, o.turns, driverOpts);
  const t2 = performance.now();
  const model = llm?.driver.model ?? "";
  const files = { exchanges, replayed: llm?.replayed?.text, edited: llm?.replayed?.edited };
  const llmRun = o.llm === undefined ? undefined : llmProvenance(o.llm, model, summary, files);
  const warnings = [...undatedSessions(o.turns, o.system), ...(llmRun?.warnings ?? [])];
  for (const w of warnings) o.onNote?.(`warning: ${w}`);
  const record = {
    system: o.system,
    package: sys.package,
    version: summary.version,
    format: sys.format,
    settings: o.system === "memvid"
      ? { ...sys.settings, frames: `one put() per ${frames}` }
      : o.llm !== undefined
      ? inferSettings(sys.settings, o.llm, model)
      : sys.settings,
    driver: `systems/${o.system}/write.mjs`,
    node,
    source: o.source,
    user_id: o.user,
    turns_sha256: turnsSha256,
    turns: o.turns.length,
    sessions: new Set(o.turns.map((t) => t.session)).size,
    driver_summary: summary,
    memories_exported: summary.exported,
    ...(llmRun !== undefined ? { llm: llmRun.record } : {}),
    store_sha256: sha256Hex(text),
    warnings,
    install_seconds: Number(((t1 - t0) / 1000).toFixed(3)),
    write_seconds: Number(((t2 - t1) / 1000).toFixed(3)),
    written_at: new Date().toISOString(),
  };
  const store = `${o.out}/store.json`, provenance = `${o.out}/provenance.json`;
  // The loose records (settings, source, the driver's line) are checked here, by the schema.
  const report = WRITE_REPORT.json({ store, provenance, record: record as never });
  // One set: a target in the way leaves none of them written.
  await writeFileSet([
    ...(exchanges !== undefined ? [[`${o.out}/llm_exchanges.jsonl`, exchanges] as const] : []),
    [store, text],
    [provenance, JSON.stringify(report.record, null, 2) + "\n"],
  ]);
  return report;
}
