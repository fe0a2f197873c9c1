"""Execute one notebook headless with nbclient and save the executed copy.

Usage: python3 execute_notebook.py IN.ipynb OUT.ipynb [--timeout SEC] [--kernel NAME]

Why not `jupyter nbconvert --execute`: the Deno kernel sometimes reports
"idle" before a cell's last outputs (execute_result, display_data) reach the
IOPub channel, and nbclient stops listening at "idle", so those outputs are
dropped from the saved notebook. This client keeps reading the cell's IOPub
messages until the channel has been quiet for a short grace period after
"idle". Exit status 1 if a cell raised (the executed copy is still written,
with the error output, so it can be inspected).
"""
import argparse
import asyncio
import os
import queue
import sys
import tempfile

try:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionComplete, CellExecutionError
    from nbclient.util import ensure_async
except ImportError as missing:
    sys.stderr.write(
        f"execute_notebook.py: {sys.executable} cannot import {missing.name}: install Jupyter's "
        "nbclient (`apt-get install -y --no-install-recommends jupyter-nbconvert "
        "python3-nbclient`, or `pip install --user nbclient nbformat`), or run `./run repro`.\n"
    )
    sys.exit(3)

GRACE_SEC = 0.25


class LateOutputClient(NotebookClient):
    """NotebookClient that also records outputs arriving just after 'idle'."""

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        assert self.kc is not None
        idle = False
        while True:
            try:
                msg = await ensure_async(
                    self.kc.iopub_channel.get_msg(timeout=GRACE_SEC if idle else None)
                )
            except queue.Empty:
                return
            if msg["parent_header"].get("msg_id") != parent_msg_id:
                continue
            try:
                self.process_message(msg, cell, cell_index)
            except CellExecutionComplete:
                idle = True


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("target")
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--kernel", default="deno")
    args = ap.parse_args()
    nb = nbformat.read(args.source, as_version=4)
    client = LateOutputClient(
        nb,
        timeout=args.timeout,
        kernel_name=args.kernel,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(args.source))}},
    )
    status = 0
    try:
        client.execute()
    except CellExecutionError as e:
        print(str(e), file=sys.stderr)
        status = 1
    os.makedirs(os.path.dirname(os.path.abspath(args.target)), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(args.target)), suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        nbformat.write(nb, f)
    os.replace(tmp, args.target)
    return status


if __name__ == "__main__":
    sys.exit(main())
