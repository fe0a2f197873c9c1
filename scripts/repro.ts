/**
 * The main job: executes every notebook headless (Deno kernel, nbconvert)
 * into the output root: executed notebooks under `notebooks/`, figures and
 * tables written by the notebooks under `figures/` and `tables/`.
 *
 * Usage: `deno task repro [--out DIR] [NAME_PREFIX ...]`
 * e.g. `deno task repro 00 01` runs 00_quickstart and 01_package_formulation.
 *
 * @module
 */
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { outRoot } from "../lib/report/out.ts";

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

/** A Python interpreter that can import nbclient, or null. */
export async function findPython(): Promise<string | null> {
  for (const py of [Deno.env.get("MEMAUDIT_PYTHON"), "python3", "/usr/bin/python3"]) {
    if (!py) continue;
    const r = await run(py, ["-c", "import nbclient, nbformat"]).catch(() => null);
    if (r?.code === 0) return py;
  }
  return null;
}

/**
 * Registers the Deno kernel with Jupyter and finds a Python with nbclient.
 *
 * @returns the Python interpreter to execute notebooks with
 * @throws {Error} saying how to install nbclient, or why the kernel could not be registered
 */
export async function ensureKernel(): Promise<string> {
  const py = await findPython();
  if (!py) {
    throw new Error(
      "Cannot run notebooks: no Python with nbclient. Install it with " +
        "`apt-get install -y --no-install-recommends jupyter-nbconvert python3-nbclient` " +
        "(or `pip install nbclient nbformat`), or point MEMAUDIT_PYTHON at such a Python.",
    );
  }
  const k = await run(Deno.execPath(), ["jupyter", "--install", "--force"]);
  if (k.code !== 0) throw new Error(`Cannot register the Deno kernel: ${k.stderr}`);
  return py;
}

/** Result of one executed notebook. */
export interface NotebookRun {
  notebook: string;
  ok: boolean;
  seconds: number;
  output: string;
  log: string;
}

/**
 * Executes notebooks headless with nbclient into `<out>/notebooks/`.
 *
 * @param notebooks absolute paths of `.ipynb` files
 * @param out output root (figures and tables go under it too)
 * @returns one record per notebook, in order; stops at nothing
 */
export async function executeNotebooks(
  notebooks: string[],
  out = outRoot(),
): Promise<NotebookRun[]> {
  const python = await ensureKernel();
  const runs: NotebookRun[] = [];
  for (const nb of notebooks) {
    const t0 = performance.now();
    const r = await run(python, [
      join(ROOT, "scripts", "execute_notebook.py"),
      nb,
      join(out, "notebooks", basename(nb)),
    ], { MEMAUDIT_OUT: out, NO_COLOR: "1" });
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

if (import.meta.main) {
  const args = [...Deno.args];
  let out = outRoot();
  const i = args.indexOf("--out");
  if (i >= 0) {
    out = resolve(args[i + 1]);
    args.splice(i, 2);
  }
  const notebooks = listNotebooks(args);
  if (notebooks.length === 0) {
    console.error(`No notebook matches ${args.join(", ")}`);
    Deno.exit(2);
  }
  console.log(`Executing ${notebooks.length} notebook(s) into ${out}`);
  let failed = 0;
  for (const nb of notebooks) {
    const [r] = await executeNotebooks([nb], out);
    console.log(`${r.ok ? "ok  " : "FAIL"} ${r.notebook} (${r.seconds.toFixed(1)} s)`);
    if (!r.ok) {
      failed++;
      console.error(r.log.split("\n").slice(-40).join("\n"));
    }
  }
  if (failed > 0) {
    console.error(`${failed} notebook(s) failed`);
    Deno.exit(1);
  }
}
