/** Shared fixtures of the systems tests: a conv-26-style package and a keyword stub adjudicator. */
import type { AdjudicationRequest, Adjudicator, CoverageEdge } from "../../lib/adjudicate/types.ts";
import { parsePackage } from "../../lib/package/parse.ts";
import type { Package } from "../../lib/package/schema.ts";
import { fileURLToPath } from "node:url";

/** Fixture folder path (relative to the repo root, the test cwd). */
export const FIX = "tests/systems/fixtures/";

/** Reads and parses a JSON fixture. */
export async function fixtureJson(name: string): Promise<unknown> {
  return JSON.parse(await Deno.readTextFile(FIX + name));
}

/**
 * A format example of `../shared/formats/` beside the checkout, if present.
 *
 * @param name file name, e.g. `mem0_v1.1_search_example.json`
 * @returns its path, or null in a clone without the shared folder
 */
export function sharedFormat(name: string): string | null {
  const path = fileURLToPath(new URL(`../../../shared/formats/${name}`, import.meta.url));
  try {
    return Deno.statSync(path).isFile ? path : null;
  } catch {
    return null;
  }
}

/**
 * Two sessions of conv-26. The package's facts cover the support group only
 * partially (no date) and nothing short covers the career plan, so a store
 * holding m1 and m2 covers more at small budgets than any package store.
 */
export function fixturePackage(): Package {
  return parsePackage({
    schema_version: 1,
    id: "fixture",
    weight_source: "explicit",
    experiences: [
      { id: "s1", order: 1, timestamp: "1:56 pm on 8 May, 2023" },
      { id: "s2", order: 2, timestamp: "1:14 pm on 25 May, 2023" },
    ],
    candidates: [
      {
        id: "s1::raw",
        experience: "s1",
        kind: "raw",
        representation: "raw_span",
        cost: 60,
        text:
          "Caroline: I went to a LGBTQ support group yesterday (7 May 2023). I'm keen on counseling. Melanie: I painted that lake sunrise last year!",
      },
      {
        id: "s1::obs_0",
        experience: "s1",
        kind: "fact",
        representation: "atomic_fact",
        cost: 7,
        text: "Caroline went to an LGBTQ support group.",
      },
      {
        id: "s1::obs_1",
        experience: "s1",
        kind: "fact",
        representation: "atomic_fact",
        cost: 7,
        text: "Melanie painted a lake sunrise last year.",
      },
      {
        id: "s2::raw",
        experience: "s2",
        kind: "raw",
        representation: "raw_span",
        cost: 40,
        text: "Melanie: The kids keep me busy, and work too.",
      },
      {
        id: "s2::obs_0",
        experience: "s2",
        kind: "fact",
        representation: "atomic_fact",
        cost: 5,
        text: "Melanie is busy with kids.",
      },
    ],
    units: [
      {
        id: "u_group",
        family: "temporal",
        text: "Caroline went to an LGBTQ support group on 7 May 2023",
        weight: 1,
      },
      { id: "u_career", family: "fact", text: "Caroline wants to work in counseling", weight: 1 },
      { id: "u_paint", family: "fact", text: "Melanie painted a lake sunrise", weight: 0.5 },
      { id: "u_kids", family: "fact", text: "Melanie has kids", weight: 0 },
    ],
    queries: [{
      id: "q0",
      required_units: ["u_group", "u_career"],
      text: "What did Caroline do on 7 May and what career does she plan?",
    }],
    coverage: [
      { candidate: "s1::raw", unit: "u_group", value: 1 },
      { candidate: "s1::raw", unit: "u_career", value: 1 },
      { candidate: "s1::raw", unit: "u_paint", value: 1 },
      { candidate: "s1::obs_0", unit: "u_group", value: 0.5 },
      { candidate: "s1::obs_1", unit: "u_paint", value: 1 },
      { candidate: "s2::raw", unit: "u_kids", value: 1 },
      { candidate: "s2::obs_0", unit: "u_kids", value: 1 },
    ],
    budgets: [10, 20, 30, 60],
  });
}

/** Keyword rules of {@linkcode stubAdjudicator}: text -> (unit, value). */
const RULES: [(t: string) => boolean, string, (t: string) => number][] = [
  [(t) => t.includes("support group"), "u_group", (t) => (t.includes("7 May") ? 1 : 0.5)],
  [(t) => t.includes("counseling"), "u_career", () => 1],
  [(t) => t.includes("lake sunrise"), "u_paint", () => 1],
  [(t) => t.includes("kids"), "u_kids", () => 1],
];

/** A deterministic keyword adjudicator for the fixture package. Counts its calls. */
export function stubAdjudicator(): Adjudicator & { calls: AdjudicationRequest[] } {
  const calls: AdjudicationRequest[] = [];
  return {
    name: "stub",
    calls,
    adjudicate(req: AdjudicationRequest): Promise<CoverageEdge[]> {
      calls.push(req);
      const known = new Set(req.units.map((u) => u.id));
      const t = req.memory.text;
      return Promise.resolve(
        RULES.filter(([hit, unit]) => hit(t) && known.has(unit)).map(([, unit, v]) => ({
          unit,
          value: v(t),
          provenance: "stub",
        })),
      );
    },
  };
}

/** The four memory texts every adapter fixture holds (in order). */
export const TEXTS = [
  "Caroline attended an LGBTQ support group on 7 May 2023.",
  "Caroline plans a career in counseling and mental health.",
  "Melanie painted a lake sunrise in 2022.",
  "Melanie is busy with her kids and her work.",
];

/** The core atoms of the Letta core-block fixture. */
export const ATOMS = ["Mother of two; paints landscapes; ran a charity race in May 2023."];
