/**
 * Worker entry of {@linkcode scoreNaturalParallel}: scores one chunk of
 * packages with `scoreNatural` and posts the rows back.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { scoreNatural } from "./score_natural.ts";
import { loadMilpSolver } from "../solve/highs.ts";

self.onmessage = async (e: MessageEvent) => {
  try {
    await loadMilpSolver();
    self.postMessage({ rows: scoreNatural(e.data.packages, e.data.opts) });
  } catch (err) {
    self.postMessage({ error: (err as Error).message });
  }
};
