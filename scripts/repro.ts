/**
 * The main job: executes every notebook headless (Deno kernel, nbclient)
 * into the output root: executed notebooks under `notebooks/` (with an HTML
 * copy made by nbconvert), figures and tables written by the notebooks under
 * `figures/` and `tables/`, and `index.html`, the report of the run. Ends with
 * the counts of checks passed, failed and skipped, naming what the skipped
 * ones need. Exits 2 when a notebook stopped on bad input the user gave (an
 * `InputError`, e.g. notebook 10's MEMAUDIT_PACKAGE: one line naming the
 * file and field, not the traceback); else 1 when a check failed, a notebook
 * raised an error or a notebook ran no checks (nothing in it could fail);
 * else 0.
 *
 * Usage: `deno task repro [--out DIR] [NAME_PREFIX ...]`
 * e.g. `deno task repro 00 01` runs 00_quickstart and 01_package_formulation.
 *
 * @module
 */
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeTextAtomic } from "../lib/base/fs.ts";
import { userCwd } from "../lib/base/user_cwd.ts";
import { checksSummariesOf } from "../lib/report/checks.ts";
import { figuresOf, headingOf } from "../lib/report/executed.ts";
import { reportHtml, type ReportSection } from "../lib/repro/page.ts";
import { outRoot } from "../lib/report/out.ts";
import { referencePanels } from "../lib/repro/reference.ts";
import { summaryLines, tally } from "../lib/report/tally.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** Notebooks in `notebooks/`, sorted, optionally filtered by name prefixes. */
export function listNotebooks(prefixes: string[] = []): string[] {
  return [...Deno.readDirSync(join(ROOT, "notebooks"))]
    .map((e) => e.name)
    .filter((n) => n.endsWith(".ipynb"))
    .filter((n) => prefixes.length === 0 || prefixes.some((p) => n.startsWith(p)))
    .sort()
    .map((n) => join(ROOT, "notebooks", n));
}

async function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(cmd, { args, env, stdout: "piped", stderr: "piped" }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/**
 * The Pythons tried for nbclient, in order: `$MEMAUDIT_PYTHON` alone when it is set, else
 * `python3` and Debian's `/usr/bin/python3`.
 */
export function pythonCandidates(): string[] {
  const chosen = Deno.env.get("MEMAUDIT_PYTHON");
  return chosen ? [chosen] : ["python3", "/usr/bin/python3"];
}

/**
 * A Python interpreter that can import every module named, or null.
 *
 * @param modules Python modules it must import (default: nbclient and nbformat)
 */
export async function findPython(modules = ["nbclient", "nbformat"]): Promise<string | null> {
  for (const py of pythonCandidates()) {
    const r = await run(py, ["-c", `import ${modules.join(", ")}`]).catch(() => null);
    if (r?.code === 0) return py;
  }
  return null;
}

/** The one line printed when no Python has nbclient: what to install, or what to set. */
export const NO_NBCLIENT: string =
  "Cannot run notebooks: no Python with Jupyter's nbclient (tried " +
  "PYTHONS). `./run repro` installs it; by hand: `sudo apt-get install -y " +
  "--no-install-recommends jupyter-nbconvert python3-nbclient` (or `pip install --user nbclient " +
  "nbformat`), or set MEMAUDIT_PYTHON to a Python that has it (the task runs only python3 and " +
  "/usr/bin/python3: for another, run `deno run --allow-run=PYTHON,deno ... scripts/repro.ts`).";

/**
 * Registers the Deno kernel with Jupyter and finds a Python with nbclient.
 *
 * @returns the Python interpreter to execute notebooks with
 * @throws {Error} saying how to install nbclient, or why the kernel could not be registered
 */
export function ensureKernel(): Promise<string> {
  kernelReady ??= registerKernel().catch((e) => {
    kernelReady = undefined;
    throw e;
  });
  return kernelReady;
}

let kernelReady: Promise<string> | undefined;

async function registerKernel(): Promise<string> {
  const py = await findPython();
  if (!py) throw new Error(NO_NBCLIENT.replace("PYTHONS", pythonCandidates().join(", ")));
  // "deno" by name (first on PATH), so that `--allow-run=deno` covers it.
  const k = await run("deno", ["jupyter", "--install", "--force"]).catch((e: Error) => ({
    code: 1,
    stderr: e.message,
  }));
  if (k.code !== 0) {
    throw new Error(`Cannot register the Deno kernel (deno jupyter --install): ${k.stderr.trim()}`);
  }
  return py;
}

/** Result of one executed notebook. */
export interface NotebookRun {
  /** File name of the notebook. */
  notebook: string;
  /** Whether every cell ran without an error. */
  ok: boolean;
  /** Wall time of the execution, in seconds. */
  seconds: number;
  /** Path of the executed copy. */
  output: string;
  /** The runner's standard error (the failing cell's traceback, if any). */
  log: string;
}

/**
 * Executes notebooks headless with nbclient into `<out>/notebooks/`.
 *
 * @param notebooks absolute paths of `.ipynb` files
 * @param out output root (figures and tables go under it too)
 * @param env variables added to the kernel's environment (e.g. `MEMAUDIT_QUICK=1`)
 * @returns one record per notebook, in order; stops at nothing
 */
export async function executeNotebooks(
  notebooks: string[],
  out = outRoot(),
  env: Record<string, string> = {},
): Promise<NotebookRun[]> {
  const python = await ensureKernel();
  const runs: NotebookRun[] = [];
  for (const nb of notebooks) {
    const t0 = performance.now();
    const r = await run(python, [
      join(ROOT, "scripts", "execute_notebook.py"),
      nb,
      join(out, "notebooks", basename(nb)),
    ], { ...env, MEMAUDIT_OUT: out, NO_COLOR: "1" });
    runs.push({
      notebook: basename(nb),
      ok: r.code === 0,
      seconds: (performance.now() - t0) / 1000,
      output: join(out, "notebooks", basename(nb)),
      log: r.stderr,
    });
  }
  return runs;
}

/**
 * Converts an executed notebook to HTML beside it with nbconvert (`<name>.html`).
 *
 * @param python a Python with nbconvert
 * @param executed the executed `.ipynb`
 * @returns the HTML file's path, or null (with nbconvert's last line) when it failed
 */
export async function notebookToHtml(
  python: string,
  executed: string,
): Promise<{ html: string | null; log: string }> {
  const r = await run(python, [
    "-m",
    "nbconvert",
    "--to",
    "html",
    "--log-level=ERROR",
    "--output-dir",
    dirname(executed),
    executed,
  ]);
  const html = executed.replace(/\.ipynb$/, ".html");
  return { html: r.code === 0 ? html : null, log: r.stderr.trim().split("\n").pop() ?? "" };
}

/**
 * The report's section for one executed notebook (heading, claim, figures, the paper's
 * reference panels, checks, links relative to `out`), from `read` when the caller parsed it.
 */
async function sectionFor(
  r: NotebookRun,
  html: string | null,
  out: string,
  read?: ExecutedNotebook,
) {
  const executed = read ?? await Deno.readTextFile(r.output).then(JSON.parse).catch(() => ({}));
  const { title, claim } = headingOf(executed, r.notebook);
  const rel = (p: string) => relative(out, p).replaceAll("\\", "/");
  return {
    notebook: r.notebook,
    title,
    claim,
    ok: r.ok,
    figures: figuresOf(executed),
    reference: await referencePanels(r.notebook),
    summaries: checksSummariesOf(executed),
    links: { html: html ? rel(html) : undefined, ipynb: rel(r.output) },
  };
}

/** The parts of an executed notebook the report reads. */
interface ExecutedNotebook {
  cells: {
    source?: string | string[];
    outputs?: {
      output_type?: string;
      text?: string | string[];
      data?: object;
      ename?: string;
      evalue?: string;
    }[];
  }[];
}

/**
 * True when `x` has the shape of an executed notebook as far as the report reads it: `cells` an
 * array of objects, each `source` a string or strings, each `outputs` an array of objects whose
 * `text` is a string or strings and `data` an object. Anything else in out/notebooks (an edited or
 * truncated file) is not one.
 */
function isExecutedNotebook(x: unknown): x is ExecutedNotebook {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  const isText = (v: unknown) =>
    v === undefined || typeof v === "string" ||
    (Array.isArray(v) && v.every((t) => typeof t === "string"));
  const isOutput = (o: unknown) =>
    isObject(o) && isText(o.text) && (o.data === undefined || isObject(o.data));
  return isObject(x) && Array.isArray(x.cells) &&
    x.cells.every((c) =>
      isObject(c) && isText(c.source) &&
      (c.outputs === undefined || (Array.isArray(c.outputs) && c.outputs.every(isOutput)))
    );
}

/** The error outputs of an executed notebook, in cell order. */
function errorsOf(nb: ExecutedNotebook) {
  return nb.cells.flatMap((c) => (c.outputs ?? []).filter((o) => o.output_type === "error"));
}

/**
 * The report's sections of notebooks executed into `out` by an earlier run and not by this one
 * (a partial `./run repro 03` keeps them on the page), each titled "(earlier run)"; a notebook
 * whose executed copy holds an error output counts as failed. A file there that is not an
 * executed notebook (not JSON, another shape, a checks line that is not JSON) is left out.
 *
 * @param out the output root
 * @param ran the notebooks (file names) this run executed
 * @returns the sections, in notebook order
 */
export async function earlierSections(
  out: string,
  ran: ReadonlySet<string>,
): Promise<ReportSection[]> {
  const found: ReportSection[] = [];
  for (const nb of listNotebooks()) {
    const name = basename(nb), output = join(out, "notebooks", name);
    if (ran.has(name)) continue;
    const executed = await Deno.readTextFile(output).then(JSON.parse).catch(() => null);
    if (!isExecutedNotebook(executed)) continue;
    const failed = errorsOf(executed).length > 0;
    const html = output.replace(/\.ipynb$/, ".html");
    const hasHtml = (await Deno.stat(html).catch(() => null)) !== null;
    const run = { notebook: name, ok: !failed, seconds: 0, output, log: "" };
    // A checks line that is not a summary's JSON (an edited file) leaves the section out.
    const s = await sectionFor(run, hasHtml ? html : null, out, executed).catch(() => null);
    if (s !== null) found.push({ ...s, title: `${s.title} (earlier run)` });
  }
  return found;
}

/**
 * The bad input an executed notebook stopped on: the message of its first error output whose
 * name is `InputError` (a file that cannot be read, is not valid JSON or does not match its
 * format; a malformed MEMAUDIT_* value), as one line; null when it raised no such error or the
 * file is not an executed notebook.
 *
 * @param executed the executed `.ipynb`
 * @returns the message's first line, or null
 */
export async function inputErrorOf(executed: string): Promise<string | null> {
  const nb = await Deno.readTextFile(executed).then(JSON.parse).catch(() => null);
  if (!isExecutedNotebook(nb)) return null;
  const bad = errorsOf(nb).find((o) => o.ename === "InputError");
  return bad === undefined ? null : String(bad.evalue ?? "").split("\n")[0];
}

async function main(args: string[]): Promise<number> {
  // A relative --out (or MEMAUDIT_OUT) is the user's: the folder `./run` or `deno task` was
  // called from.
  const from = userCwd() ?? Deno.cwd();
  let out = resolve(from, outRoot());
  const i = args.indexOf("--out");
  if (i >= 0) {
    out = resolve(from, args[i + 1]);
    args.splice(i, 2);
  }
  const notebooks = listNotebooks(args);
  if (notebooks.length === 0) {
    console.error(`No notebook matches ${args.join(", ")}`);
    return 2;
  }
  let python: string;
  try {
    python = await ensureKernel();
  } catch (e) {
    console.error((e as Error).message.split("\n")[0]);
    return 2;
  }
  console.log(`Executing ${notebooks.length} notebook(s) into ${out}`);
  const sections: ReportSection[] = [];
  let badInput = false;
  for (const nb of notebooks) {
    const [r] = await executeNotebooks([nb], out);
    const { html, log } = await notebookToHtml(python, r.output);
    const s = await sectionFor(r, html, out);
    sections.push(s);
    const t = tally([s]);
    console.log(
      `${r.ok ? "ok  " : "FAIL"} ${r.notebook} (${r.seconds.toFixed(1)} s; checks: ${t.passed} ` +
        `passed, ${t.failed} failed, ${t.skipped} skipped)`,
    );
    const bad = r.ok ? null : await inputErrorOf(r.output);
    if (bad !== null) {
      badInput = true;
      console.error(`${r.notebook}: bad input: ${bad}`);
    } else if (!r.ok) console.error(r.log.split("\n").slice(-40).join("\n"));
    if (!html) console.error(`could not convert ${r.notebook} to HTML: ${log}`);
  }
  const t = tally(sections);
  const index = join(out, "index.html");
  // A partial run keeps the sections of notebooks executed into this folder before (marked).
  const earlier = await earlierSections(out, new Set(sections.map((s) => s.notebook)));
  const page = [...sections, ...earlier].sort((a, b) => a.notebook.localeCompare(b.notebook));
  const ran = `${sections.length} notebook${sections.length === 1 ? "" : "s"}`;
  const note = `Made by \`./run repro\` (${ran}) into ${out}.` +
    (earlier.length === 0 ? "" : ` ${earlier.length} section(s) marked "earlier run" are ` +
      "notebooks this run did not execute, as an earlier run in this folder left them.");
  try {
    await writeTextAtomic(index, reportHtml(page, tally(page), note));
    console.log(`Report: ${index}`);
  } catch (e) {
    console.error(`Cannot write ${index}: ${(e as Error).message.split("\n")[0]}`);
  }
  for (const line of summaryLines(t)) console.log(line);
  if (badInput) return 2;
  // A notebook that checked nothing cannot fail: as much a failure as a failed check.
  return t.failed > 0 || t.failedNotebooks.length > 0 || t.uncheckedNotebooks.length > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main([...Deno.args]));
