/**
 * Raw-span baselines that ignore F: recency and a hash-ordered
 * "reservoir" (ARTIFACT-SPEC §4.4 `recency_raw`, `reservoir_raw`, §8 item 5).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { checkBudget, finish, Recorder } from "./_common.ts";
import { stableHash } from "./stable_hash.ts";
import type { WriterResult } from "./types.ts";

/** Representation types the raw baselines keep. */
export const RAW_TYPES: ReadonlySet<string> = new Set(["raw", "raw_span"]);

// Scan orders depend only on the package, not on the budget: computed once per package.
const recencyOrders = new WeakMap<CompiledPackage, readonly number[]>();
const reservoirOrders = new WeakMap<CompiledPackage, readonly number[]>();

function scanRaw(
  cp: CompiledPackage,
  budget: number,
  order: readonly number[],
  writer: string,
  label: string,
): WriterResult {
  const rec = new Recorder(cp);
  for (const c of order) if (rec.state.fits(c, budget)) rec.add(c);
  return finish(writer, label, budget, rec);
}

function rawPool(cp: CompiledPackage): number[] {
  const pool: number[] = [];
  for (let c = 0; c < cp.candIds.length; c++) if (RAW_TYPES.has(cp.rep[c])) pool.push(c);
  return pool;
}

/**
 * Recency raw (`recency_raw`): the `raw` / `raw_span` candidates sorted by
 * (−time, cost, id), scanned once; a candidate is skipped when its group is
 * full or it does not fit, and the scan goes on (no early stop). Ignores F.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in pick order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function recencyRaw(cp: CompiledPackage, budget: number): WriterResult {
  checkBudget("recency_raw", budget);
  let order = recencyOrders.get(cp);
  if (order === undefined) {
    order = rawPool(cp).sort((a, b) =>
      cp.time[b] - cp.time[a] || cp.cost[a] - cp.cost[b] ||
      compareIds(cp.candIds[a], cp.candIds[b])
    );
    recencyOrders.set(cp, order);
  }
  return scanRaw(cp, budget, order, "recency_raw", "Recency raw");
}

/**
 * Reservoir raw (`reservoir_raw`): as {@linkcode recencyRaw} but sorted by
 * ({@linkcode stableHash}(id), cost); remaining ties keep package order
 * (the artifact's stable sort over its candidate list).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in pick order
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function reservoirRaw(cp: CompiledPackage, budget: number): WriterResult {
  checkBudget("reservoir_raw", budget);
  let order = reservoirOrders.get(cp);
  if (order === undefined) {
    const pool = rawPool(cp);
    const h = new Map(pool.map((c) => [c, stableHash(cp.candIds[c])]));
    order = pool.sort((a, b) => h.get(a)! - h.get(b)! || cp.cost[a] - cp.cost[b]);
    reservoirOrders.set(cp, order);
  }
  return scanRaw(cp, budget, order, "reservoir_raw", "Reservoir raw");
}
