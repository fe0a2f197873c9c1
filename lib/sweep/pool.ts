/**
 * The lanes of a sweep: the main thread, or module workers (`worker.ts`),
 * each answering the requests of `lane.ts`. The pool generates the run's
 * packages for the budget basis, runs units and computes bootstrap
 * intervals, spreading each phase over every lane. Not a public API.
 *
 * @module
 */
import type { Summation } from "../score/summation.ts";
import { SweepLane, type UnitRef, type WorkerReply, type WorkerRequest } from "./lane.ts";
import type { UnitConfig } from "./run_unit.ts";

/** Whether two samples hold the same numbers in the same order (`Object.is`: 0 and -0 differ). */
function sameValues(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** A unit's reply. */
export type UnitReply = Extract<WorkerReply, { type: "unit" }>;

/** One lane: answers requests in order. */
interface Lane {
  request(req: WorkerRequest, describe: string): Promise<WorkerReply>;
  /** Requests kept in flight while running units (hides a worker's message round trip). */
  readonly depth: number;
  close(): void;
}

/** A module worker. */
class WorkerLane implements Lane {
  readonly depth = 2;
  readonly #worker: Worker;
  readonly #pending: {
    resolve: (r: WorkerReply) => void;
    reject: (e: Error) => void;
    describe: string;
  }[] = [];

  constructor() {
    this.#worker = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
    this.#worker.onmessage = (e: MessageEvent<WorkerReply>) => {
      const p = this.#pending.shift();
      if (p === undefined) return;
      if (e.data.type === "error") p.reject(new Error(`${p.describe}: ${e.data.error}`));
      else p.resolve(e.data);
    };
    this.#worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      const err = new Error(`Cannot run sweep: a worker failed: ${e.message}`);
      for (const p of this.#pending.splice(0)) p.reject(err);
    };
  }

  request(req: WorkerRequest, describe: string): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ resolve, reject, describe });
      this.#worker.postMessage(req);
    });
  }

  close(): void {
    this.#worker.terminate();
  }
}

/** The main thread as the only lane (a one-lane sweep runs in-process). */
class MainLane implements Lane {
  readonly depth = 1;
  readonly #lane = new SweepLane();

  request(req: WorkerRequest, describe: string): Promise<WorkerReply> {
    try {
      return Promise.resolve(this.#lane.handle(req)[0]);
    } catch (err) {
      const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return Promise.reject(new Error(`${describe}: ${error}`));
    }
  }

  close(): void {}
}

/**
 * The lanes of a sweep: the main thread alone (size 1), or `size` workers
 * while the main thread writes their results. (The main thread computing
 * beside the workers was tried: between its units it could not take the
 * workers' replies fast enough to keep them busy.) Call
 * {@linkcode SweepPool.close} when done.
 */
export class SweepPool {
  readonly #lanes: Lane[];
  /** The lane that generated (and keeps) each unit's package, by unit id. */
  readonly #owner = new Map<number, number>();
  #closed = false;

  /** One lane on the main thread (`size` 1), or `size` worker lanes. */
  constructor(size: number) {
    this.#lanes = size <= 1
      ? [new MainLane()]
      : Array.from({ length: size }, () => new WorkerLane());
  }

  /** Number of lanes. */
  get size(): number {
    return this.#lanes.length;
  }

  #request(w: number, req: WorkerRequest, describe: string): Promise<WorkerReply> {
    if (this.#closed) return Promise.reject(new Error(`${describe}: the pool is closed`));
    return this.#lanes[w].request(req, describe);
  }

  /**
   * Generates the units' packages, unit i on lane i mod size (which keeps
   * the package for {@linkcode SweepPool.run}).
   *
   * @returns the total candidate cost of each unit's package, in `units` order
   */
  async generate(units: readonly UnitRef[]): Promise<Float64Array> {
    const n = this.size;
    const parts = this.#lanes.map((_, w) => units.filter((_, i) => i % n === w));
    const replies = await Promise.all(
      parts.map((part, w) =>
        this.#request(w, { type: "generate", units: part }, "Cannot generate sweep packages")
      ),
    );
    const totals = new Float64Array(units.length);
    replies.forEach((r, w) => {
      const t = (r as Extract<WorkerReply, { type: "totals" }>).totals;
      // Lane w holds units w, w + n, w + 2n, ...
      for (let j = 0; j < t.length; j++) {
        totals[w + j * n] = t[j];
        if (parts[w][j].id >= 0) this.#owner.set(parts[w][j].id, w);
      }
    });
    return totals;
  }

  /**
   * Runs the units (in ascending id order as far as the lanes allow: each
   * lane takes the lowest pending unit whose package it holds, else the
   * lowest pending unit), calling `onUnit` for each reply as it arrives.
   *
   * @param units the units, ascending by id
   * @param config budgets, methods, bound, summation
   * @param onUnit called once per unit, in arrival order; a throw stops the run
   * @throws {Error} naming the unit if a unit fails, or what `onUnit` threw
   */
  async run(
    units: readonly UnitRef[],
    config: UnitConfig,
    onUnit: (reply: UnitReply) => void,
  ): Promise<void> {
    const n = this.size;
    const own: UnitRef[][] = this.#lanes.map(() => []);
    for (const u of units) own[this.#owner.get(u.id) ?? u.id % n].push(u);
    const at = own.map(() => 0);
    const taken = new Set<number>();
    let lowest = 0, stopped = false;
    const next = (w: number): UnitRef | null => {
      const q = own[w];
      while (at[w] < q.length && taken.has(q[at[w]].id)) at[w]++;
      let u: UnitRef | undefined = q[at[w]];
      if (u === undefined) {
        while (lowest < units.length && taken.has(units[lowest].id)) lowest++;
        u = units[lowest];
      }
      if (u === undefined) return null;
      taken.add(u.id);
      return u;
    };
    const loop = async (w: number) => {
      for (let u = next(w); u !== null && !stopped; u = next(w)) {
        const describe = `Cannot run sweep unit (${u.distribution}, seed ${u.seed})`;
        const reply = await this.#request(w, { type: "run", unit: u, config }, describe);
        if (stopped) return;
        try {
          onUnit(reply as UnitReply);
        } catch (err) {
          stopped = true;
          throw err;
        }
      }
    };
    try {
      await Promise.all(
        this.#lanes.flatMap((lane, w) => Array.from({ length: lane.depth }, () => loop(w))),
      );
    } catch (err) {
      stopped = true;
      throw err;
    }
  }

  /**
   * The artifact bootstrap interval of each sample (ARTIFACT-SPEC §6.2),
   * the samples spread over the lanes in contiguous shares of about equal size.
   *
   * @returns one [low, high] per sample, in order
   */
  async bootstrap(samples: readonly number[][], summation: Summation): Promise<[number, number][]> {
    // Equal samples (e.g. methods that agree on every package) have equal intervals: one each.
    const distinct: number[][] = [];
    const slot = samples.map((s) => {
      const j = distinct.findIndex((d) => sameValues(d, s));
      return j >= 0 ? j : distinct.push(s) - 1;
    });
    const n = this.size;
    const total = distinct.reduce((s, x) => s + x.length, 0);
    const shares: Float64Array[][] = this.#lanes.map(() => []);
    let acc = 0;
    for (const s of distinct) {
      shares[Math.min(n - 1, Math.floor((acc * n) / Math.max(1, total)))].push(
        Float64Array.from(s),
      );
      acc += s.length;
    }
    const replies = await Promise.all(
      shares.map((share, w) =>
        share.length === 0
          ? Promise.resolve({ type: "intervals", intervals: [] } as WorkerReply)
          : this.#request(w, { type: "bootstrap", samples: share, summation }, "Cannot bootstrap")
      ),
    );
    const intervals = replies.flatMap((r) =>
      (r as Extract<WorkerReply, { type: "intervals" }>).intervals
    );
    return slot.map((j) => intervals[j]);
  }

  /** Stops the workers; pending requests never settle. */
  close(): void {
    this.#closed = true;
    for (const lane of this.#lanes) lane.close();
  }
}
