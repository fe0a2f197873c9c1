/**
 * `deno run -A bench/bnb_compare.ts [--sets base,random11,locomo] [--py-reps 3]`:
 * our branch-and-bound against the pure-Python reference of the same
 * algorithm (bench/reference/bnb.py, ARTIFACT-SPEC §5.1) on the same packages
 * (issue 2 target: ours at least 50x faster per package).
 *
 * Steps: export the sets (bench/export_packages.ts) to a temporary file; run
 * `python3 bench/reference/bnb.py` on it (median of `--py-reps` runs per
 * solve); time `solveBnb` with the artifact's suffix bound and with our
 * default knapsack bound on the same (package, budget) pairs (median of 5
 * batches, each batch long enough, >= 2 ms, for the timer); compare
 * objectives (equal within 1e-9; bit-identical with `--python` on CPython
 * >= 3.12, whose sum() is compensated like our F) and stores (ids in DFS
 * path order). Markdown on stdout.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { solveBnb } from "../lib/solve/bnb.ts";
import { packageSets, referenceJson, SET_NAMES } from "./_package_sets.ts";
import { fmtMs, machineLine, median, spread } from "./_stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    sets: { type: "string", default: SET_NAMES.join(",") },
    "py-reps": { type: "string", default: "3" },
    python: { type: "string", default: "python3" },
  },
});

interface PyRecord {
  id: string;
  budget: number;
  objective: number;
  store: string[];
  nodes: number;
  ms: number;
}

/** Median time per call of `f` in ms: 5 batches of n calls, n such that a batch takes >= 2 ms. */
function timePerCall(f: () => void): number {
  let t = performance.now();
  f();
  const first = Math.max(1e-4, performance.now() - t);
  const n = Math.max(1, Math.ceil(2 / first));
  const per: number[] = [];
  for (let b = 0; b < 5; b++) {
    t = performance.now();
    for (let i = 0; i < n; i++) f();
    per.push((performance.now() - t) / n);
  }
  return median(per);
}

const sets = await packageSets(values.sets.split(","));
const tmp = await Deno.makeTempDir({ prefix: "bnb_compare_" });
const pkgFile = `${tmp}/packages.json`, pyFile = `${tmp}/python.json`;
await Deno.writeTextFile(
  pkgFile,
  JSON.stringify({
    sets: sets.map((s) => ({
      name: s.name,
      packages: s.packages.map(({ cp, budgets }) => referenceJson(cp, budgets)),
    })),
  }),
);
const script = new URL("./reference/bnb.py", import.meta.url).pathname;
const py = await new Deno.Command(values.python, {
  args: [script, pkgFile, "--reps", values["py-reps"], "--out", pyFile],
  stderr: "inherit",
}).output();
if (!py.success) throw new Error(`Cannot compare: ${values.python} ${script} failed`);
const pyOut = JSON.parse(await Deno.readTextFile(pyFile)) as {
  python: string;
  sets: Record<string, PyRecord[]>;
};
await Deno.remove(tmp, { recursive: true });

// Warm-up of our solver (JIT), not reported.
for (const s of sets) {
  for (const { cp, budgets } of s.packages.slice(0, 20)) {
    for (const b of budgets) {
      solveBnb(cp, b, { bound: "suffix" });
      solveBnb(cp, b);
    }
  }
}

console.log(`# Branch-and-bound: ours vs pure Python (${machineLine()})\n`);
console.log(
  `Python ${pyOut.python}, median of ${values["py-reps"]} runs per solve; ours median of 5 ` +
    `timed batches per solve. Speedup = Python ms / our ms for the same (package, budget).\n`,
);
console.log(
  "| set | B | solves | Python median ms | ours suffix median ms | ours knapsack median ms | " +
    "speedup suffix median (min) | speedup knapsack median (min) | same objective (max diff) | " +
    "same store |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
const perPackage: Record<string, { py: number[]; suffix: number[]; knap: number[] }> = {};
for (const s of sets) {
  const recs = pyOut.sets[s.name];
  const byBudget = new Map<
    string,
    {
      py: number[];
      suf: number[];
      kn: number[];
      rs: number[];
      rk: number[];
      obj: number;
      maxDiff: number;
      store: number;
      n: number;
    }
  >();
  const pp =
    (perPackage[s.name] = { py: [] as number[], suffix: [] as number[], knap: [] as number[] });
  let i = 0;
  for (const { cp, budgets } of s.packages) {
    let sp = 0, ss = 0, sk = 0;
    for (const b of budgets) {
      const r = recs[i++];
      if (r.id !== cp.pkg.id || r.budget !== b) {
        throw new Error(`record mismatch at ${cp.pkg.id}@${b}`);
      }
      const cert = solveBnb(cp, b, { bound: "suffix" });
      const certK = solveBnb(cp, b);
      const suf = timePerCall(() => solveBnb(cp, b, { bound: "suffix" }));
      const kn = timePerCall(() => solveBnb(cp, b));
      for (const key of [String(b), "all"]) {
        if (!byBudget.has(key)) {
          byBudget.set(key, {
            py: [],
            suf: [],
            kn: [],
            rs: [],
            rk: [],
            obj: 0,
            maxDiff: 0,
            store: 0,
            n: 0,
          });
        }
        const g = byBudget.get(key)!;
        g.n++;
        g.py.push(r.ms);
        g.suf.push(suf);
        g.kn.push(kn);
        g.rs.push(r.ms / suf);
        g.rk.push(r.ms / kn);
        const diff = Math.max(
          Math.abs(cert.objective! - r.objective),
          Math.abs(certK.objective! - r.objective),
        );
        g.maxDiff = Math.max(g.maxDiff, diff);
        if (diff <= 1e-9) g.obj++;
        if (
          cert.store.join("\n") === r.store.join("\n") &&
          certK.store.join("\n") === r.store.join("\n")
        ) {
          g.store++;
        }
      }
      sp += r.ms;
      ss += suf;
      sk += kn;
    }
    pp.py.push(sp);
    pp.suffix.push(ss);
    pp.knap.push(sk);
  }
  for (
    const [b, g] of [...byBudget].sort((x, y) => Number(x[0] === "all") - Number(y[0] === "all"))
  ) {
    console.log(
      `| ${s.name} | ${b} | ${g.n} | ${fmtMs(median(g.py))} | ${fmtMs(median(g.suf))} | ` +
        `${fmtMs(median(g.kn))} | ${median(g.rs).toFixed(0)}x (${
          Math.min(...g.rs).toFixed(1)
        }x) | ` +
        `${median(g.rk).toFixed(0)}x (${Math.min(...g.rk).toFixed(1)}x) | ` +
        `${g.obj}/${g.n} (${g.maxDiff.toExponential(1)}) | ` +
        `${g.store}/${g.n} |`,
    );
  }
}
console.log("\nPer package (sum over its budgets), ms: median / p90 / max.\n");
console.log(
  "| set | packages | Python | ours suffix | ours knapsack | speedup of medians suffix / knapsack |",
);
console.log("|---|---|---|---|---|---|");
for (const [name, p] of Object.entries(perPackage)) {
  const a = spread(p.py), b = spread(p.suffix), c = spread(p.knap);
  const f = (x: { median: number; p90: number; max: number }) =>
    `${fmtMs(x.median)} / ${fmtMs(x.p90)} / ${fmtMs(x.max)}`;
  console.log(
    `| ${name} | ${a.n} | ${f(a)} | ${f(b)} | ${f(c)} | ` +
      `${(a.median / b.median).toFixed(0)}x / ${(a.median / c.median).toFixed(0)}x |`,
  );
}
