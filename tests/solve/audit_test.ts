import assert from "node:assert/strict";
import { auditSolvers, compilePackage, summarizeAudit } from "memaudit";
import { budgetsFromTokens, generate } from "memaudit/generate";
import { paperExpected } from "memaudit/paper";

Deno.test("auditSolvers() reproduces the 1,200-row B&B vs MILP audit: 1,200/1,200, max diff 0", async () => {
  const a = (await paperExpected()).milp_audit;
  const pkgs = a.distributions.flatMap((d) =>
    Array.from({ length: a.seeds }, (_, s) => ({ name: `${d}/${s}`, pkg: generate(d, s) }))
  );
  const budgets = budgetsFromTokens(a.budget_tokens, pkgs.map((p) => p.pkg));
  assert.deepEqual(budgets, a.budgets);
  const rows = await auditSolvers(
    pkgs.map((p) => ({ name: p.name, cp: compilePackage(p.pkg) })),
    budgets,
  );
  const sum = summarizeAudit(rows);
  assert.equal(sum.rows, a.rows);
  assert.equal(sum.matches, a.matches);
  assert.equal(sum.maxDiff, a.max_diff);
});
