/**
 * Opens the notebooks interactively: a Jupyter Notebook server (Debian's `jupyter-notebook`,
 * or pip's `notebook`) on localhost only, with the Deno kernel registered.
 *
 * Usage: `deno task notebook [--port N]` (or `./run notebook`, which installs what is missing).
 * The server prints its URL with a login token; open it, pick a notebook, kernel "Deno".
 *
 * @module
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { findPython, pythonCandidates } from "./repro.ts";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** Options of {@linkcode startNotebookServer}. */
export interface NotebookServerOptions {
  /** TCP port on 127.0.0.1 (default 8888; Jupyter tries the next ones when it is taken). */
  port?: number;
  /** Login token (default: Jupyter makes one and prints it). */
  token?: string;
  /** Folder the server serves (default: `notebooks/`). */
  notebookDir?: string;
  /** Passed through to the server's stdout and stderr (default `"inherit"`). */
  stdio?: "inherit" | "null";
  /** Extra environment for the server and its kernels. */
  env?: Record<string, string>;
}

/** A started server: its process and how to stop it. */
export interface NotebookServer {
  /** The server process. */
  process: Deno.ChildProcess;
  /** The Python that runs it. */
  python: string;
  /** True once the server process has exited. */
  readonly exited: boolean;
  /** Stops the server (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
  stop(graceMs?: number): Promise<void>;
}

/** The one line printed when no Python has the Jupyter Notebook server. */
export const NO_SERVER = "Cannot open the notebooks: no Python with the Jupyter Notebook server " +
  "(tried PYTHONS). `./run notebook` installs it; by hand: `sudo apt-get install -y " +
  "--no-install-recommends jupyter-notebook` (or `pip install --user notebook`).";

/** A Python that can run the Jupyter Notebook server, or null. */
export function findServerPython(): Promise<string | null> {
  return findPython(["notebook", "nbformat"]);
}

/**
 * Registers the Deno kernel (`deno jupyter --install --force`) for the current user.
 *
 * @throws {Error} when `deno jupyter --install` fails
 */
export async function registerDenoKernel(): Promise<void> {
  const out = await new Deno.Command("deno", {
    args: ["jupyter", "--install", "--force"],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(
      `Cannot register the Deno kernel (deno jupyter --install): ${
        new TextDecoder().decode(out.stderr).trim()
      }`,
    );
  }
}

/**
 * Starts a Jupyter Notebook server bound to 127.0.0.1 serving the notebooks, with the Deno
 * kernel registered. It does not open a browser.
 *
 * @param opts port, token, folder, output handling
 * @returns the running server
 * @throws {Error} with {@linkcode NO_SERVER} when no Python has the server package
 */
export async function startNotebookServer(
  opts: NotebookServerOptions = {},
): Promise<NotebookServer> {
  const python = await findServerPython();
  if (!python) throw new Error(NO_SERVER.replace("PYTHONS", pythonCandidates().join(", ")));
  await registerDenoKernel();
  const args = [
    "-m",
    "notebook",
    "--ip=127.0.0.1",
    `--port=${opts.port ?? 8888}`,
    "--no-browser",
    // Jupyter refuses root without it (CI and containers run as root); harmless otherwise.
    "--allow-root",
    `--notebook-dir=${opts.notebookDir ?? join(ROOT, "notebooks")}`,
  ];
  if (opts.token !== undefined) args.push(`--NotebookApp.token=${opts.token}`, "--port-retries=0");
  const stdio = opts.stdio ?? "inherit";
  const process = new Deno.Command(python, {
    args,
    env: opts.env,
    stdin: "null",
    stdout: stdio,
    stderr: stdio,
  }).spawn();
  let exited = false;
  const status = process.status.then((s) => {
    exited = true;
    return s;
  });
  return {
    process,
    python,
    get exited() {
      return exited;
    },
    async stop(graceMs = 5000) {
      if (exited) return;
      process.kill("SIGTERM");
      const timer = setTimeout(() => {
        if (!exited) process.kill("SIGKILL");
      }, graceMs);
      await status;
      clearTimeout(timer);
    },
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ args: Deno.args, options: { port: { type: "string" } } });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    console.error(`--port takes a TCP port (1-65535), got ${values.port}`);
    Deno.exit(2);
  }
  let server: NotebookServer;
  try {
    server = await startNotebookServer({ port });
  } catch (e) {
    console.error((e as Error).message.split("\n")[0]);
    Deno.exit(2);
  }
  console.log(
    "Jupyter Notebook on 127.0.0.1 with the Deno kernel: open the URL it prints (Ctrl+C stops it).",
  );
  Deno.addSignalListener("SIGINT", () => {
    server.stop().then(() => Deno.exit(0));
  });
  const s = await server.process.status;
  Deno.exit(s.code);
}
