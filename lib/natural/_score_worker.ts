/**
 * Worker entry of {@linkcode scoreNaturalParallel}: scores one chunk of
 * packages with `scoreNatural` and posts the rows back.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { scoreNatural } from "./score_natural.ts";

self.onmessage = (e: MessageEvent) => {
  try {
    self.postMessage({ rows: scoreNatural(e.data.packages, e.data.opts) });
  } catch (err) {
    self.postMessage({ error: (err as Error).message });
  }
};
