/**
 * Worker entry of a parallel sweep: answers {@linkcode WorkerRequest}s with
 * a {@linkcode SweepLane}, transferring the reply's buffers. Not a public API.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { SweepLane, type WorkerReply, type WorkerRequest } from "./lane.ts";

const lane = new SweepLane();

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  try {
    const [reply, transfer] = lane.handle(e.data);
    self.postMessage(reply, transfer);
  } catch (err) {
    const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    self.postMessage({ type: "error", error } satisfies WorkerReply);
  }
};
