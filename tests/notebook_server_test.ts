/**
 * The interactive path: a real Jupyter Notebook server (scripts/notebook.ts) on a free loopback
 * port, a Deno kernel made through its REST API, a cell executed over its websocket channels
 * API as a browser does, and the display bundle checked (Vega-Lite plus SVG).
 */
import assert from "node:assert/strict";
import { findServerPython, type NotebookServer, startNotebookServer } from "../scripts/notebook.ts";
import { VEGALITE_MIME } from "../lib/plot/mod.ts";

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

/** Executes `code` on the kernel's channels websocket; returns the iopub/shell replies to it. */
function executeCell(url: string, code: string, ms: number): Promise<JupyterMessage[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const msgId = crypto.randomUUID();
    const got: JupyterMessage[] = [];
    let replied = false, idle = false;
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`no execute_reply and idle within ${ms} ms; got ${JSON.stringify(got)}`));
    }, ms);
    const finish = () => {
      if (!replied || !idle) return;
      clearTimeout(timer);
      ws.close();
      resolve(got);
    };
    ws.onerror = (e) => {
      clearTimeout(timer);
      reject(new Error(`websocket error: ${(e as ErrorEvent).message ?? e.type}`));
    };
    ws.onopen = () => {
      ws.send(JSON.stringify({
        channel: "shell",
        header: {
          msg_id: msgId,
          msg_type: "execute_request",
          username: "test",
          session: crypto.randomUUID(),
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
    };
    ws.onmessage = (ev) => {
      if (typeof ev.data !== "string") return;
      const m = JSON.parse(ev.data) as JupyterMessage;
      if (m.parent_header?.msg_id !== msgId) return;
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
    };
  });
}

Deno.test({
  name: "startNotebookServer() serves a Deno kernel that displays a Vega-Lite figure with SVG",
  ignore: !python && !inCi,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const port = freePort();
    const token = crypto.randomUUID().replaceAll("-", "");
    const base = `http://127.0.0.1:${port}`;
    const auth = { Authorization: `token ${token}` };
    let server: NotebookServer | undefined;
    let kernelId: string | undefined;
    try {
      server = await startNotebookServer({ port, token, stdio: "null" });
      await waitUntilUp(server, base, token, 60_000);

      const created = await fetch(`${base}/api/kernels`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "deno" }),
      });
      assert.deepEqual(created.status, 201);
      const kernel = await created.json() as { id: string; name: string };
      kernelId = kernel.id;
      assert.deepEqual(kernel.name, "deno");

      const ws =
        `ws://127.0.0.1:${port}/api/kernels/${kernel.id}/channels?session_id=${crypto.randomUUID()}&token=${token}`;
      const code = [
        'import { makeFigure } from "memaudit";',
        'await makeFigure("server_test", {',
        "  data: { values: [{ b: 1, r: 0.5 }, { b: 2, r: 0.75 }] },",
        '  mark: "line",',
        '  encoding: { x: { field: "b", type: "quantitative" }, y: { field: "r", type: "quantitative" } },',
        "});",
      ].join("\n");
      const msgs = await executeCell(ws, code, 120_000);

      const reply = msgs.find((m) => m.header.msg_type === "execute_reply");
      assert.deepEqual(reply?.content.status, "ok", JSON.stringify(msgs));
      const shown = msgs.filter((m) =>
        m.header.msg_type === "execute_result" || m.header.msg_type === "display_data"
      );
      assert.deepEqual(shown.length, 1, JSON.stringify(msgs));
      const data = shown[0].content.data as Record<string, unknown>;
      assert.deepEqual(
        Object.keys(data).sort(),
        ["image/svg+xml", "text/plain", VEGALITE_MIME].sort(),
      );
      const spec = data[VEGALITE_MIME] as { mark: string; $schema: string };
      assert.deepEqual(spec.mark, "line");
      assert.match(spec.$schema, /vega-lite\/v5/);
      const svg = data["image/svg+xml"] as string;
      assert.ok(svg.startsWith("<svg"), svg.slice(0, 80));
      assert.match(svg, /<path/);
      assert.deepEqual(data["text/plain"], "Figure server_test");

      const del = await fetch(`${base}/api/kernels/${kernel.id}`, {
        method: "DELETE",
        headers: auth,
      });
      await del.body?.cancel();
      assert.deepEqual(del.status, 204);
      kernelId = undefined;
    } finally {
      if (kernelId) {
        await fetch(`${base}/api/kernels/${kernelId}`, { method: "DELETE", headers: auth })
          .then((r) => r.body?.cancel()).catch(() => {});
      }
      await server?.stop();
    }
  },
});
