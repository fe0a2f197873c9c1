/**
 * The interactive path: a real Jupyter Notebook server (scripts/notebook.ts) on a free loopback
 * port with a token; notebook 01 read and a Deno kernel session opened through its REST API;
 * its cells executed over the kernel's websocket channels as the notebook page does, up to the
 * first figure; the display bundle checked (Vega-Lite plus SVG); session and server shut down.
 */
import assert from "node:assert/strict";
import {
  findServerPython,
  type NotebookServer,
  startNotebookServer,
} from "../../scripts/notebook.ts";
import { VEGALITE_MIME } from "../../lib/plot/figure.ts";

const python = await findServerPython();
const inCi = Deno.env.get("CI") === "true";
if (!python && !inCi) {
  console.warn(
    "notebook_server_test ignored: no Python with the Jupyter Notebook server " +
      "(`apt-get install -y --no-install-recommends jupyter-notebook`, or `./run test`)",
  );
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function waitUntilUp(
  server: NotebookServer,
  base: string,
  token: string,
  ms: number,
): Promise<void> {
  const until = Date.now() + ms;
  let last = "";
  while (Date.now() < until) {
    if (server.exited) throw new Error("the Jupyter server exited before answering");
    try {
      const r = await fetch(`${base}/api/status`, { headers: { Authorization: `token ${token}` } });
      await r.body?.cancel();
      if (r.ok) return;
      last = `HTTP ${r.status}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`Jupyter server did not answer within ${ms} ms (${last})`);
}

interface JupyterMessage {
  channel?: string;
  header: { msg_type: string; msg_id: string };
  parent_header: { msg_id?: string };
  content: Record<string, unknown>;
}

/**
 * A kernel's channels websocket, used as the notebook page uses it: one socket, one
 * `execute_request` per cell on the shell channel, replies matched by `parent_header.msg_id`.
 */
class KernelChannels {
  #ws: WebSocket;
  #session = crypto.randomUUID();
  #waiting = new Map<string, (m: JupyterMessage) => void>();
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.#ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.#ws.onopen = () => resolve();
      this.#ws.onerror = (e) => reject(new Error(`websocket error: ${(e as ErrorEvent).message}`));
    });
    this.#ws.onmessage = (ev) => {
      if (typeof ev.data !== "string") return;
      const m = JSON.parse(ev.data) as JupyterMessage;
      const id = m.parent_header?.msg_id;
      if (id) this.#waiting.get(id)?.(m);
    };
  }

  /** Executes `code`; resolves with the messages replying to it once it is done (or rejects). */
  execute(code: string, ms: number): Promise<JupyterMessage[]> {
    const msgId = crypto.randomUUID();
    const got: JupyterMessage[] = [];
    return new Promise((resolve, reject) => {
      let replied = false, idle = false;
      const timer = setTimeout(() => {
        this.#waiting.delete(msgId);
        reject(new Error(`no execute_reply and idle within ${ms} ms; got ${JSON.stringify(got)}`));
      }, ms);
      const finish = () => {
        if (!replied || !idle) return;
        clearTimeout(timer);
        this.#waiting.delete(msgId);
        resolve(got);
      };
      this.#waiting.set(msgId, (m) => {
        got.push(m);
        if (m.header.msg_type === "execute_reply") replied = true;
        if (m.header.msg_type === "status" && m.content.execution_state === "idle") {
          // The Deno kernel may send the last display_data just after idle: give it a moment.
          setTimeout(() => {
            idle = true;
            finish();
          }, 300);
        }
        finish();
      });
      this.#ws.send(JSON.stringify({
        channel: "shell",
        header: {
          msg_id: msgId,
          msg_type: "execute_request",
          username: "test",
          session: this.#session,
          date: new Date().toISOString(),
          version: "5.3",
        },
        parent_header: {},
        metadata: {},
        content: {
          code,
          silent: false,
          store_history: true,
          user_expressions: {},
          allow_stdin: false,
          stop_on_error: true,
        },
        buffers: [],
      }));
    });
  }

  close(): void {
    this.#ws.close();
  }
}

const NOTEBOOK = "01_package_formulation.ipynb";

Deno.test({
  name: "startNotebookServer() runs notebook 01 on a Deno kernel up to its Vega-Lite + PNG figure",
  ignore: !python && !inCi,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const port = freePort();
    const token = crypto.randomUUID().replaceAll("-", "");
    const base = `http://127.0.0.1:${port}`;
    const auth = { Authorization: `token ${token}` };
    const json = { ...auth, "Content-Type": "application/json" };
    const out = await Deno.makeTempDir({ prefix: "memaudit_nbserver_" });
    let server: NotebookServer | undefined;
    let sessionId: string | undefined;
    let channels: KernelChannels | undefined;
    try {
      server = await startNotebookServer({
        port,
        token,
        stdio: "null",
        env: { MEMAUDIT_OUT: out, NO_COLOR: "1" },
      });
      await waitUntilUp(server, base, token, 60_000);

      // The notebook page: read the notebook, then open a session (which starts its kernel).
      const contents = await fetch(`${base}/api/contents/${NOTEBOOK}?type=notebook&content=1`, {
        headers: auth,
      });
      assert.equal(contents.status, 200);
      const nb = (await contents.json()).content as {
        cells: { cell_type: string; source: string }[];
      };
      const created = await fetch(`${base}/api/sessions`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ path: NOTEBOOK, type: "notebook", kernel: { name: "deno" } }),
      });
      assert.equal(created.status, 201);
      const session = await created.json() as { id: string; kernel: { id: string; name: string } };
      sessionId = session.id;
      assert.equal(session.kernel.name, "deno");

      const ch = new KernelChannels(
        `ws://127.0.0.1:${port}/api/kernels/${session.kernel.id}/channels?session_id=${crypto.randomUUID()}&token=${token}`,
      );
      channels = ch;
      await ch.opened;

      // Run the code cells in order until one displays a figure.
      let data: Record<string, unknown> | undefined;
      let ran = 0;
      for (const cell of nb.cells.filter((c) => c.cell_type === "code")) {
        const msgs: JupyterMessage[] = await ch.execute(cell.source, 120_000);
        ran++;
        const reply = msgs.find((m) => m.header.msg_type === "execute_reply");
        assert.equal(reply?.content.status, "ok", `cell ${ran}: ${JSON.stringify(msgs)}`);
        const shown = msgs.find((m) =>
          (m.header.msg_type === "execute_result" || m.header.msg_type === "display_data") &&
          VEGALITE_MIME in (m.content.data as Record<string, unknown>)
        );
        if (shown) {
          data = shown.content.data as Record<string, unknown>;
          break;
        }
      }
      assert.ok(data, `no cell of ${NOTEBOOK} displayed a Vega-Lite figure (${ran} cells run)`);
      // the import, the package, F, feasibility, OPT, the budget steps, then the figure
      assert.equal(ran, 7);
      assert.deepEqual(Object.keys(data).sort(), [VEGALITE_MIME, "image/png", "text/plain"]);
      const spec = data[VEGALITE_MIME] as { $schema: string; title: unknown };
      assert.equal(spec.$schema, "https://vega.github.io/schema/vega-lite/v5.json");
      assert.match(JSON.stringify(spec.title), /OPT_P\(B\) at every integer budget/);
      const png = data["image/png"] as string;
      assert.ok(png.startsWith("iVBORw0KGgo"), png.slice(0, 20)); // base64 of "\x89PNG\r\n\x1a\n"
      assert.equal(data["text/plain"], "Figure 01_opt_by_budget");
      // The cells wrote where the server's environment said, not into the repository.
      assert.ok((await Deno.stat(`${out}/figures/01_opt_by_budget.svg`)).isFile);
      assert.ok((await Deno.stat(`${out}/figures/01_opt_by_budget.png`)).isFile);

      ch.close();
      channels = undefined;
      const del = await fetch(`${base}/api/sessions/${session.id}`, {
        method: "DELETE",
        headers: auth,
      });
      await del.body?.cancel();
      assert.equal(del.status, 204);
      sessionId = undefined;
    } finally {
      channels?.close();
      if (sessionId) {
        await fetch(`${base}/api/sessions/${sessionId}`, { method: "DELETE", headers: auth })
          .then((r) => r.body?.cancel()).catch(() => {});
      }
      await server?.stop();
      await Deno.remove(out, { recursive: true }).catch(() => {});
    }
  },
});
