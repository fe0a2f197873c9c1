/**
 * The worker pool of a parallel sweep: generates the run's packages for the
 * budget basis, runs units, and computes bootstrap intervals, spreading each
 * phase over module workers (`worker.ts`). Not a public API.
 *
 * @module
 */
import type { Summation } from "../score/_py_sum.ts";
import type { UnitConfig } from "./run_unit.ts";
import type { UnitRef, WorkerReply, WorkerRequest } from "./worker.ts";

/** A unit's reply from a worker. */
export type UnitReply = Extract<WorkerReply, { type: "unit" }>;

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (err: Error) => void;
  describe: string;
}

/** Requests kept in flight per worker while running units (hides the message round trip). */
const LANES = 2;

/** A fixed set of sweep workers. Call {@linkcode SweepPool.close} when done. */
export class SweepPool {
  readonly #workers: Worker[] = [];
  readonly #pending: Pending[][] = [];
  /** The worker that generated (and keeps) each unit's package, by unit id. */
  readonly #owner = new Map<number, number>();
  #closed = false;

  /** Starts `size` workers (>= 1). */
  constructor(size: number) {
    for (let w = 0; w < size; w++) {
      const worker = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
      const queue: Pending[] = [];
      worker.onmessage = (e: MessageEvent<WorkerReply>) => {
        const p = queue.shift();
        if (p === undefined) return;
        if (e.data.type === "error") p.reject(new Error(`${p.describe}: ${e.data.error}`));
        else p.resolve(e.data);
      };
      worker.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        const err = new Error(`Cannot run sweep: a worker failed: ${e.message}`);
        for (const p of queue.splice(0)) p.reject(err);
      };
      this.#workers.push(worker);
      this.#pending.push(queue);
    }
  }

  /** Number of workers. */
  get size(): number {
    return this.#workers.length;
  }

  #request(w: number, req: WorkerRequest, describe: string): Promise<WorkerReply> {
    if (this.#closed) return Promise.reject(new Error(`${describe}: the pool is closed`));
    return new Promise((resolve, reject) => {
      this.#pending[w].push({ resolve, reject, describe });
      this.#workers[w].postMessage(req);
    });
  }

  /**
   * Generates the units' packages, unit i on worker i mod size (which keeps
   * the package for {@linkcode SweepPool.run}).
   *
   * @returns the total candidate cost of each unit's package, in `units` order
   */
  async generate(units: readonly UnitRef[]): Promise<Float64Array> {
    const n = this.size;
    const parts = this.#workers.map((_, w) => units.filter((_, i) => i % n === w));
    const replies = await Promise.all(
      parts.map((part, w) =>
        this.#request(w, { type: "generate", units: part }, "Cannot generate sweep packages")
      ),
    );
    const totals = new Float64Array(units.length);
    replies.forEach((r, w) => {
      const t = (r as Extract<WorkerReply, { type: "totals" }>).totals;
      // Worker w holds units w, w + n, w + 2n, ...
      for (let j = 0; j < t.length; j++) {
        totals[w + j * n] = t[j];
        this.#owner.set(parts[w][j].id, w);
      }
    });
    return totals;
  }

  /**
   * Runs the units (in ascending id order as far as the workers allow: each
   * worker takes the lowest pending unit whose package it holds, else the
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
    const own: UnitRef[][] = this.#workers.map(() => []);
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
    const lane = async (w: number) => {
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
        this.#workers.flatMap((_, w) => Array.from({ length: LANES }, () => lane(w))),
      );
    } catch (err) {
      stopped = true;
      throw err;
    }
  }

  /**
   * The artifact bootstrap interval of each sample (ARTIFACT-SPEC §6.2),
   * the samples spread over the workers in contiguous shares of about equal size.
   *
   * @returns one [low, high] per sample, in order
   */
  async bootstrap(samples: readonly number[][], summation: Summation): Promise<[number, number][]> {
    const n = this.size;
    const total = samples.reduce((s, x) => s + x.length, 0);
    const shares: Float64Array[][] = this.#workers.map(() => []);
    let acc = 0;
    for (const s of samples) {
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
    return replies.flatMap((r) => (r as Extract<WorkerReply, { type: "intervals" }>).intervals);
  }

  /** Terminates the workers; pending requests never settle. */
  close(): void {
    this.#closed = true;
    for (const w of this.#workers) w.terminate();
  }
}
