import { randomPackage } from "../../bench/_random_package.ts";
import { loadMilpSolver, solveBnb, solveMilpSync } from "../../mod.ts";
await loadMilpSolver();
for (const E of [10, 25, 50, 100, 200, 400]) {
  const cp = randomPackage("s1", E, Math.min(1000, 5 * E));
  let tc = 0;
  for (const c of cp.cost) tc += c;
  for (const B of [Math.round(tc * 0.05), Math.round(tc * 0.2)]) {
    const k = solveBnb(cp, B, { timeLimitMs: 5000 });
    const s = solveBnb(cp, B, { bound: "suffix", timeLimitMs: 5000 });
    const m = solveMilpSync(cp, B);
    console.log(
      E,
      cp.unitIds.length,
      cp.candIds.length,
      tc,
      B,
      k.status,
      k.timeMs.toFixed(1),
      k.nodes,
      s.status,
      s.timeMs.toFixed(1),
      s.nodes,
      m.status,
      m.timeMs.toFixed(1),
      k.objective,
      m.objective,
    );
  }
}
