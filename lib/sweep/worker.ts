/**
 * Worker entry of a parallel sweep: receives units, runs them with
 * {@linkcode runUnit}, posts the results back. Not a public API.
 *
 * Messages in: `{ id, distribution, seed, config }`. Messages out:
 * `{ id, ok: true, unit: { distribution, seed }, text }` (text: the unit
 * serialized for the output files plus its summary fields, see `unitText`)
 * or `{ id, ok: false, error }`.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { unitText } from "./row.ts";
import { runUnit, type UnitConfig } from "./run_unit.ts";

/** A unit task sent to a worker. */
export interface UnitTask {
  id: number;
  distribution: string;
  seed: number;
  config: UnitConfig;
}

self.onmessage = (e: MessageEvent<UnitTask>) => {
  const { id, distribution, seed, config } = e.data;
  try {
    // Only text and the summary fields cross threads: the main thread just concatenates.
    const result = runUnit(distribution, seed, config);
    self.postMessage({ id, ok: true, unit: { distribution, seed }, text: unitText(result) });
  } catch (err) {
    const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    self.postMessage({ id, ok: false, error });
  }
};
