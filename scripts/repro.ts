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

/** Registers the Deno kernel with Jupyter and checks that nbconvert is there. */
export async function ensureKernel(): Promise<void> {
  const nb = await run("jupyter", ["nbconvert", "--version"]).catch(() => null);
  if (!nb || nb.code !== 0) {
    throw new Error(
      "Cannot run notebooks: `jupyter nbconvert` is missing. Install it with " +
        "`apt-get install -y --no-install-recommends jupyter-nbconvert python3-nbclient` " +
        "(or `pip install nbconvert nbclient`).",
    );
  }
  const k = await run(Deno.execPath(), ["jupyter", "--install", "--force"]);
  if (k.code !== 0) throw new Error(`Cannot register the Deno kernel: ${k.stderr}`);
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
 * Executes notebooks headless with nbconvert into `<out>/notebooks/`.
 *
 * @param notebooks absolute paths of `.ipynb` files
 * @param out output root (figures and tables go under it too)
 * @returns one record per notebook, in order; stops at nothing
 */
export async function executeNotebooks(
  notebooks: string[],
  out = outRoot(),
): Promise<NotebookRun[]> {
  await ensureKernel();
  const runs: NotebookRun[] = [];
  for (const nb of notebooks) {
    const t0 = performance.now();
    const r = await run("jupyter", [
      "nbconvert",
      "--to",
      "notebook",
      "--execute",
      "--ExecutePreprocessor.timeout=3600",
      "--ExecutePreprocessor.kernel_name=deno",
      "--output-dir",
      join(out, "notebooks"),
      nb,
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
