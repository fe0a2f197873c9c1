/**
 * The component-frontier step of the MILP path (lib/solve/frontier.ts; issue 29 item 2) against
 * the other solvers and an exact rational brute force, on random packages built from 2-4
 * independent blocks (ties, zero weights, zero coverage, k = 1 and 2, piecewise h), and its
 * answer unchanged by the order of the candidates in the file and by the weights' scale.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  checkFeasible,
  type CompiledPackage,
  evaluateStore,
  loadMilpSolver,
  type PackageInput,
  solveBnb,
  solveBrute,
  solveMilp,
} from "memaudit";
import { valueTol } from "../../lib/objective.ts";
import { frontierDraft } from "../../lib/solve/frontier.ts";
import type { CertificateDraft } from "../../lib/certificate/result.ts";
import { arbPackage, compileArb } from "../_arb.ts";
import { runs } from "../_tier.ts";

const RUNS = runs(300, 3000), SEED = 20261203;

/** 2-4 blocks of arbPackage merged into one package (disjoint units; one k and h: the first's). */
const arbBlocks = fc.record({
  blocks: fc.array(
    arbPackage({ maxGroups: 2, maxPerGroup: 3, maxUnits: 3, k2: true, piecewise: true }),
    { minLength: 2, maxLength: 4 },
  ),
  budget: fc.integer({ min: 1, max: 30 }),
}).map(({ blocks, budget }) => {
  const first = blocks[0].input;
  const input: PackageInput = {
    schema_version: 1,
    id: "blocks",
    weight_source: "explicit",
    group_cap: first.group_cap,
    ...(first.h ? { h: first.h } : {}),
    experiences: [],
    candidates: [],
    units: [],
    coverage: [],
    budgets: [budget],
  };
  blocks.forEach(({ input: b }, i) => {
    const p = (id: string) => `b${i}${id}`;
    let order = input.experiences.length;
    for (const e of b.experiences) input.experiences.push({ id: p(e.id), order: order++ });
    for (const c of b.candidates) {
      input.candidates.push({ ...c, id: p(c.id), experience: p(c.experience) });
    }
    for (const u of b.units) input.units.push({ ...u, id: p(u.id) });
    for (const v of b.coverage) {
      input.coverage.push({ ...v, candidate: p(v.candidate), unit: p(v.unit) });
    }
  });
  return { input, budget };
});

/** Fixed point: every double here is a multiple of 2^-SHIFT. */
const SHIFT = 1100n;

/** The double x as the exact integer x * 2^SHIFT. */
function exact(x: number): bigint {
  if (x === 0) return 0n;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const e = Number((bits >> 52n) & 0x7ffn);
  const m = (bits & ((1n << 52n) - 1n)) | (e === 0 ? 0n : 1n << 52n);
  return m << (BigInt(e === 0 ? 1 : e) - 1075n + SHIFT);
}

/** Exact h(z) * 2^(2 SHIFT) for z given at 2^SHIFT: min(1, z) or the package's pieces. */
function exactH(cp: CompiledPackage, r: number, z: bigint): bigint {
  const seg = cp.segments[r];
  const one = 1n << SHIFT;
  if (seg === null) return (z < one ? z : one) * one;
  let h = 0n, start = 0n;
  for (const s of seg) {
    if (z <= start) break;
    const width = exact(s.width), part = z - start < width ? z - start : width;
    h += exact(s.slope) * part;
    start += width;
  }
  return h;
}

/** Exact F * 2^(3 SHIFT) of a store (candidate indices). */
function exactF(cp: CompiledPackage, store: readonly number[]): bigint {
  const z = new Map<number, bigint>();
  for (const u of store) {
    cp.rowUnits[u].forEach((r, t) => z.set(r, (z.get(r) ?? 0n) + exact(cp.rowVals[u][t])));
  }
  let f = 0n;
  for (const [r, zr] of z) f += exact(cp.weights[r]) * exactH(cp, r, zr);
  return f;
}

/** Exact OPT * 2^(3 SHIFT) over every store within B (integer costs) and k per group. */
function exactOpt(cp: CompiledPackage, budget: number): bigint {
  const n = cp.candIds.length;
  let best = 0n;
  for (let mask = 0; mask < 2 ** n; mask++) {
    const per = new Map<number, number>(), store: number[] = [];
    let cost = 0, ok = true;
    for (let u = 0; u < n && ok; u++) {
      if (Math.floor(mask / 2 ** u) % 2 === 0) continue;
      store.push(u);
      cost += cp.cost[u];
      const g = cp.groupOf[u];
      per.set(g, (per.get(g) ?? 0) + 1);
      ok = cost <= budget && per.get(g)! <= cp.k;
    }
    if (!ok) continue;
    const f = exactF(cp, store);
    if (f > best) best = f;
  }
  return best;
}

/** x (a double, weight units) at OPT's exact scale 2^(3 SHIFT). */
const atScale = (x: number) => exact(x) * 2n ** (2n * SHIFT);

/** The frontier step's draft on the whole package (the size gate of the MILP path bypassed). */
function frontier(cp: CompiledPackage, budget: number): CertificateDraft | string {
  const out = frontierDraft(cp, budget, cp.k, performance.now());
  return "draft" in out ? out.draft : out.decline;
}

Deno.test("frontierDraft() = brute force = B&B, and holds against exact OPT, on random block packages", () => {
  let certified = 0, declined = 0, k2 = 0, tied = 0, worst = 0;
  fc.assert(
    fc.property(arbBlocks, ({ input, budget }) => {
      const cp = compileArb(input);
      fc.pre(cp.candIds.length <= 14);
      const d = frontier(cp, budget);
      if (typeof d === "string") {
        // Blocks whose units all weigh 0 (or cover nothing) leave fewer components.
        assert.match(d, /component\(s\): nothing to split/);
        declined++;
        return;
      }
      certified++;
      if (cp.k === 2) k2++;
      const where = `budget ${budget}, k ${cp.k}`;
      assert.equal(d.status, "optimal", where);
      assert.equal(d.method, "frontier", where);
      const brute = solveBrute(cp, budget), bnb = solveBnb(cp, budget);
      const tol = valueTol(cp);
      for (const other of [brute, bnb]) {
        assert.ok(Math.abs(d.objective! - other.objective!) <= tol, `${where}: ${other.solver}`);
      }
      assert.ok(checkFeasible(cp, d.store, budget).feasible, where);
      assert.equal(evaluateStore(cp, d.store.map((id) => cp.candIndex.get(id)!)), d.objective);
      // Exact: OPT <= bound (1 + tolerance) and F(store) >= OPT - tolerance x bound, the
      // tolerance being the tie tolerance relative to the bound (as the registry issues it).
      const opt = exactOpt(cp, budget);
      const relTol = d.bound! > 0 ? tol / d.bound! : 0;
      assert.ok(opt <= atScale(d.bound! + tol), `${where}: OPT above the bound ${d.bound}`);
      const fStore = exactF(cp, d.store.map((id) => cp.candIndex.get(id)!));
      assert.ok(fStore + atScale(tol) >= opt, `${where}: F below OPT by more than the tolerance`);
      assert.ok(d.bound! - d.objective! <= tol, where);
      assert.ok(d.gap! >= 0 && d.gap! <= relTol, where);
      if (fStore !== opt) {
        tied++;
        worst = Math.max(worst, Number((opt - fStore) * 10n ** 6n / atScale(tol)) / 1e6);
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );
  console.log(
    `frontier: ${certified} certified (${k2} at k = 2), ${declined} declined, ` +
      `${tied} within the tolerance but not exactly OPT (largest shortfall ${worst} x the tie ` +
      `tolerance)`,
  );
  assert.ok(certified >= RUNS / 2 && k2 >= RUNS / 10, `${certified} certified, ${k2} at k = 2`);
});

Deno.test("frontierDraft(): the same OPT with the candidates in another order and weights scaled", () => {
  fc.assert(
    fc.property(arbBlocks, fc.constantFrom(3, 0.125, 1000), ({ input, budget }, c) => {
      const cp = compileArb(input);
      const d = frontier(cp, budget);
      fc.pre(typeof d !== "string");
      const a = d as CertificateDraft;
      const reordered = compileArb({
        ...input,
        candidates: [...input.candidates].reverse(),
        coverage: [...input.coverage].reverse(),
        experiences: [...input.experiences].reverse(),
      });
      const r = frontier(reordered, budget) as CertificateDraft;
      assert.equal(r.status, "optimal");
      assert.ok(Math.abs(r.objective! - a.objective!) <= valueTol(cp), "candidate order");
      const scaled = compileArb({
        ...input,
        units: input.units.map((u) => ({ ...u, weight: (u.weight ?? 0) * c })),
      });
      const s = frontier(scaled, budget) as CertificateDraft;
      assert.equal(s.status, "optimal");
      assert.ok(Math.abs(s.objective! - c * a.objective!) <= valueTol(scaled), `weights x ${c}`);
      assert.ok(s.bound! >= c * a.objective! - valueTol(scaled), `weights x ${c}`);
    }),
    { numRuns: runs(150, 1500), seed: SEED + 1 },
  );
});

/** A package of `blocks` independent 2-experience chains (60+ experiences: the MILP path's gate). */
function chains(seed: number, blocks: number, costOf: (j: number) => number): PackageInput {
  let x = seed;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const input: PackageInput = {
    schema_version: 1,
    id: `chains${seed}`,
    weight_source: "explicit",
    experiences: [],
    candidates: [],
    units: [],
    coverage: [],
  };
  for (let b = 0; b < blocks; b++) {
    const shared = `s${b}`;
    input.units.push({ id: shared, family: "fact", weight: [0.5, 1, 2][Math.floor(rnd() * 3)] });
    for (let e = 0; e < 2; e++) {
      const eid = `x${b}_${e}`, own = `u${b}_${e}`;
      input.experiences.push({ id: eid, order: 2 * b + e });
      input.units.push({ id: own, family: "fact", weight: [0, 1, 2][Math.floor(rnd() * 3)] });
      for (let j = 0; j < 3; j++) {
        const cid = `${eid}c${j}`;
        input.candidates.push({
          id: cid,
          experience: eid,
          kind: "fact",
          cost: costOf(1 + Math.floor(rnd() * 9)),
        });
        const v = [0.5, 1, 0.3][j];
        if (j !== 2) input.coverage.push({ candidate: cid, unit: own, value: v });
        if (j !== 1) input.coverage.push({ candidate: cid, unit: shared, value: v });
      }
    }
  }
  return input;
}

Deno.test("solveMilp() above 40 experiences: method frontier, the OPT HiGHS' model certifies", async () => {
  await loadMilpSolver();
  for (const seed of [1, 2, 3]) {
    const cp = compileArb(chains(seed, 30, (j) => j));
    const total = cp.cost.reduce((a, b) => a + b, 0);
    for (const k of [1, 2]) {
      for (const budget of [Math.round(total / 10), Math.round(total / 3)]) {
        const f = await solveMilp(cp, budget, { k });
        const h = await solveMilp(cp, budget, { k, frontiers: false });
        const where = `seed ${seed}, k ${k}, B ${budget}`;
        assert.equal(f.method, "frontier", `${where}: ${f.message}`);
        assert.equal(f.status, "optimal", where);
        assert.equal(h.status, "optimal", `${where}: ${h.message}`);
        assert.notEqual(h.method, "frontier", where);
        // HiGHS' answer is certified within its stated (wider) tolerance.
        assert.ok(Math.abs(f.objective! - h.objective!) <= h.tolerance * h.bound!, where);
        assert.ok(f.bound! <= h.bound! * (1 + h.tolerance), where);
        assert.ok(f.gap! <= f.tolerance, where);
      }
    }
  }
});

Deno.test("solveMilp(): costs whose sums are not exact in doubles go to HiGHS' model, saying why", async () => {
  await loadMilpSolver();
  const cp = compileArb(chains(4, 30, (j) => j / 10));
  const c = await solveMilp(cp, 5, { k: 1 });
  assert.notEqual(c.method, "frontier");
  assert.match(c.message ?? "", /component frontiers not used: the costs' sums are not exact/);
  const dyadic = compileArb(chains(4, 30, (j) => j / 8));
  assert.equal((await solveMilp(dyadic, 5, { k: 1 })).method, "frontier");
});
