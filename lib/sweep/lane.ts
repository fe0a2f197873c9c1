/**
 * The work of a parallel sweep's lanes (see `pool.ts`): requests and
 * replies, and the handler that both the workers (`worker.ts`) and the main
 * thread run. Not a public API.
 *
 * Requests, each answered by one reply:
 * - `generate`: generate the listed units' packages, keep them for `run`,
 *   answer their total candidate costs (the budget basis, ARTIFACT-SPEC §4.1);
 * - `run`: run one unit ({@linkcode runUnit}) and answer its share of the
 *   output files as UTF-8 bytes plus the summary fields of its rows, packed;
 * - `bootstrap`: the artifact bootstrap interval of each listed sample
 *   (ARTIFACT-SPEC §6.2).
 *
 * @module
 */
import { generate } from "../generate/distributions.ts";
import { packageCostTotal } from "../generate/budgets.ts";
import type { Package } from "../package/schema.ts";
import { artifactBootstrap } from "../score/bootstrap.ts";
import type { Summation } from "../score/summation.ts";
import { unitKey, unitText } from "./row.ts";
import { type LiteBlock, liteBlock } from "./summary.ts";
import { runUnit, type UnitConfig } from "./run_unit.ts";

/** A (distribution, seed) unit with its position in the run's output order. */
export interface UnitRef {
  /** Position in the output order (of the shard, when sharded); -1 for a unit run elsewhere. */
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

const encoder = new TextEncoder();

/**
 * A sweep lane's state: the packages it generated for the basis, kept until
 * their unit runs. One per worker, and one on the main thread.
 */
export class SweepLane {
  readonly #packages = new Map<string, Package>();

  /**
   * Answers one request.
   *
   * @returns the reply and the buffers it owns (to transfer, not copy, to another thread)
   * @throws what generating or running a unit throws
   */
  handle(req: WorkerRequest): [WorkerReply, ArrayBuffer[]] {
    const packages = this.#packages;
    switch (req.type) {
      case "generate": {
        const totals = new Float64Array(req.units.length);
        req.units.forEach((u, i) => {
          const pkg = generate(u.distribution, u.seed);
          // id -1: a unit of another shard, generated only for the budget basis.
          if (u.id >= 0) packages.set(unitKey(u.distribution, u.seed), pkg);
          totals[i] = packageCostTotal(pkg);
        });
        return [{ type: "totals", totals }, [totals.buffer as ArrayBuffer]];
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
          artifactBootstrap(s, { summation: req.summation })
        );
        return [{ type: "intervals", intervals }, []];
      }
    }
  }
}
