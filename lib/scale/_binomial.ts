/**
 * Exact binomial draws for the scale scorer's multinomial bootstrap, the same numbers from the
 * same uniform stream as d3-random 3.0.2's `randomBinomial.source(source)` (issue 29 item 7:
 * d3's sampler builds several closures per draw, a third of `scale score`'s bootstrap time).
 * The methods are d3's: while both n·p and n·(1 − p) exceed 16, split on the order statistic
 * of rank ⌊(n + 1)p⌋ (a beta variate from two gamma variates, Marsaglia and Tsang, whose
 * normals come from the polar method, two at a time); then count geometric waiting times.
 * Every floating-point operation is done in d3's order, and the uniforms are drawn in its
 * order; tests/scale/_binomial_test.ts checks draws and the stream against d3.
 *
 * @module
 */

/** Draws from one uniform stream on [0, 1), as d3-random's samplers bound to that source. */
export class BinomialSampler {
  /** The second normal of the last polar pair, and that pair's r (d3 keeps both). */
  #spare: number | null = null;
  #r = 0;

  /** @param source the uniform stream, e.g. `() => rng.random()` */
  constructor(readonly source: () => number) {}

  /**
   * One Binomial(n, p) draw.
   *
   * @param n trials (a non-negative integer)
   * @param p success probability (≥ 1: n, ≤ 0: 0, without a draw)
   * @returns the number of successes
   */
  binomial(n: number, p: number): number {
    if (p >= 1) return n;
    if (p <= 0) return 0;
    let acc = 0, nn = n, pp = p;
    while (nn * pp > 16 && nn * (1 - pp) > 16) {
      const i = Math.floor((nn + 1) * pp);
      const y = this.#beta(i, nn - i + 1);
      if (y <= pp) {
        acc += i;
        nn -= i;
        pp = (pp - y) / (1 - y);
      } else {
        nn = i - 1;
        pp /= y;
      }
    }
    const small = pp < 0.5, q = small ? pp : 1 - pp;
    let k = 0;
    if (q > 0) {
      // Geometric waiting times (q is at most 1/2, never 1): count those that fit in nn trials.
      const lq = Math.log1p(-q);
      let s = 1 + Math.floor(Math.log1p(-this.source()) / lq);
      while (s <= nn) {
        s += 1 + Math.floor(Math.log1p(-this.source()) / lq);
        k++;
      }
    }
    return acc + (small ? k : nn - k);
  }

  /** A Beta(a, b) draw: X / (X + Y) of gamma draws, Y drawn only when X is not 0. */
  #beta(a: number, b: number): number {
    const x = this.#gamma(a);
    return x === 0 ? 0 : x / (x + this.#gamma(b));
  }

  /**
   * A Gamma(k, 1) draw for k > 1, Marsaglia and Tsang (the binomial's beta shapes are above 15:
   * d3's branches for k ≤ 1 are never taken).
   */
  #gamma(k: number): number {
    const d = k - 1 / 3, c = 1 / (3 * Math.sqrt(d));
    let x: number, v: number, u: number;
    do {
      do {
        x = this.#normal();
        v = 1 + c * x;
      } while (v <= 0);
      v *= v * v;
      u = 1 - this.source();
    } while (
      u >= 1 - 0.0331 * x * x * x * x && Math.log(u) >= 0.5 * x * x + d * (1 - v + Math.log(v))
    );
    return d * v;
  }

  /** A standard normal draw (polar method: a pair per accepted point, the second kept). */
  #normal(): number {
    let y: number;
    if (this.#spare !== null) {
      y = this.#spare;
      this.#spare = null;
    } else {
      let x: number, r: number;
      do {
        x = this.source() * 2 - 1;
        y = this.source() * 2 - 1;
        r = x * x + y * y;
      } while (!r || r > 1);
      this.#spare = x;
      this.#r = r;
    }
    return y * Math.sqrt(-2 * Math.log(this.#r) / this.#r);
  }
}
