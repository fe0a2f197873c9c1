/**
 * Worker entry of a parallel sweep (see `pool.ts`). Not a public API.
 *
 * Messages in, each answered by one message out (or `{ type: "error", error }`):
 * - `generate`: generate the listed units' packages, keep them for `run`,
 *   answer their total candidate costs (the budget basis, ARTIFACT-SPEC §4.1);
 * - `run`: run one unit ({@linkcode runUnit}) and answer its share of the
 *   output files as UTF-8 bytes (transferred, not copied) plus the summary
 *   fields of its rows;
 * - `bootstrap`: the artifact bootstrap interval of each listed sample
 *   (ARTIFACT-SPEC §6.2).
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { generate } from "../generate/distributions.ts";
import { packageCostTotal } from "../generate/budgets.ts";
import type { Package } from "../package/schema.ts";
import { artifactBootstrap } from "../score/bootstrap.ts";
import type { Summation } from "../score/_py_sum.ts";
import { unitKey, unitText } from "./row.ts";
import { type LiteBlock, liteBlock } from "./summary.ts";
import { runUnit, type UnitConfig } from "./run_unit.ts";

/** A (distribution, seed) unit with its position in the run's output order. */
export interface UnitRef {
  id: number;
  distribution: string;
  seed: number;
}

/** Messages a worker accepts. */
export type WorkerRequest =
  | { type: "generate"; units: UnitRef[] }
  | { type: "run"; unit: UnitRef; config: UnitConfig }
  | { type: "bootstrap"; samples: Float64Array[]; summation: Summation };

/** Messages a worker sends. */
export type WorkerReply =
  | { type: "totals"; totals: Float64Array }
  | {
    type: "unit";
    id: number;
    /** The unit's rows as results JSONL, results CSV lines and timings JSONL (UTF-8). */
    bytes: [Uint8Array, Uint8Array, Uint8Array];
    lite: LiteBlock;
  }
  | { type: "intervals"; intervals: [number, number][] }
  | { type: "error"; error: string };

/** Packages generated for the basis, kept until their unit runs. */
const packages = new Map<string, Package>();
const encoder = new TextEncoder();

function handle(req: WorkerRequest): [WorkerReply, Transferable[]] {
  switch (req.type) {
    case "generate": {
      const totals = new Float64Array(req.units.length);
      req.units.forEach((u, i) => {
        const pkg = generate(u.distribution, u.seed);
        packages.set(unitKey(u.distribution, u.seed), pkg);
        totals[i] = packageCostTotal(pkg);
      });
      return [{ type: "totals", totals }, [totals.buffer]];
    }
    case "run": {
      const { unit, config } = req;
      const key = unitKey(unit.distribution, unit.seed);
      const pkg = packages.get(key);
      packages.delete(key);
      const text = unitText(runUnit(unit.distribution, unit.seed, config, pkg));
      const bytes: [Uint8Array, Uint8Array, Uint8Array] = [
        encoder.encode(text.jsonl),
        encoder.encode(text.csv),
        encoder.encode(text.timings),
      ];
      const lite = liteBlock(text.rows);
      const transfer = [...bytes.map((b) => b.buffer), lite.numbers.buffer, lite.flags.buffer];
      return [{ type: "unit", id: unit.id, bytes, lite }, transfer as ArrayBuffer[]];
    }
    case "bootstrap": {
      const intervals = req.samples.map((s) =>
        artifactBootstrap(Array.from(s), { summation: req.summation })
      );
      return [{ type: "intervals", intervals }, []];
    }
  }
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  try {
    const [reply, transfer] = handle(e.data);
    self.postMessage(reply, transfer);
  } catch (err) {
    const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    self.postMessage({ type: "error", error } satisfies WorkerReply);
  }
};
