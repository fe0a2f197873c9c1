/**
 * Report sections shaped like a full `./run repro` without LoCoMo (issue 30 item 5): a section
 * with a paper panel and float noise, one whose ~30 skipped claims each need the same data at
 * machine paths, one with JSON details (an object and an array of rows), a long detail, and
 * sections the paper gives no numbers for.
 */
import type { ReportSection } from "../../lib/repro/page.ts";

const MISSING = [
  "/work/someone/memaudit/.cache/data/locomo10.json",
  "/work/someone/shared/data/locomo/locomo8.json",
];

/** The sections. */
export function fixtureSections(): ReportSection[] {
  const links = (n: string) => ({ html: `notebooks/${n}.html`, ipynb: `notebooks/${n}.ipynb` });
  const skipped = Array.from({ length: 30 }, (_, i) => ({
    claim: `natural ratio claim ${i + 1} holds on LoCoMo`,
    reason: `no data: run \`./run data\` (looked in ${MISSING.join(" and ")})`,
    missing: MISSING,
  }));
  const rows = Array.from({ length: 40 }, (_, i) => ({ cell: `c${i}`, ratio: i / 7, n: 100 + i }));
  return [
    {
      notebook: "02_solvers.ipynb",
      title: "02 · Solvers",
      claim: "Every exact solver certifies the same optimum.",
      ok: true,
      figures: [],
      reference: [{
        caption: "Paper Table 1 (REFERENCE data)",
        html: "<table><tr><td>1</td></tr></table>",
      }],
      summaries: [{
        passed: 3,
        failed: 0,
        skipped: [],
        checks: [
          {
            claim: "OPT matches brute force",
            status: "passed",
            detail: "0.6999999999999998 vs 0.7 (tol 1e-9)",
          },
          {
            claim: "ratio near the paper's",
            status: "passed",
            detail: "0.30000000000000004 vs 0.3 (tol 0.005)",
          },
          {
            claim: "mean time",
            status: "passed",
            detail: "mean 12.345678901234567 ms over 3 runs",
          },
        ],
      }],
      links: links("02"),
    },
    {
      notebook: "05_natural_packages.ipynb",
      title: "05 · Natural packages",
      claim: "Writers on LoCoMo packages.",
      ok: true,
      figures: [],
      reference: [],
      summaries: [{
        passed: 0,
        failed: 0,
        skipped,
        checks: skipped.map((k) => ({
          claim: k.claim,
          status: "skipped" as const,
          detail: k.reason,
        })),
      }],
      links: links("05"),
    },
    {
      notebook: "07_failure_audit.ipynb",
      title: "07 · Failure audit",
      claim: "Conditional failure audit.",
      ok: true,
      figures: [],
      reference: [],
      summaries: [{
        passed: 3,
        failed: 0,
        skipped: [],
        checks: [
          {
            claim: "every cell matches",
            status: "passed",
            detail: JSON.stringify(
              Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`cell_${i}`, i / 7])),
            ),
          },
          { claim: "rows match", status: "passed", detail: JSON.stringify(rows) },
          { claim: "long detail", status: "passed", detail: "word ".repeat(200) },
        ],
      }],
      links: links("07"),
    },
  ];
}
