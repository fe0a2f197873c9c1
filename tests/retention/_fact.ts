/** Shared test helper: a reference fact of user "u" (an ongoing state) with its lifespan. */
import type { ReferenceFact } from "../../lib/retention/retention_rate.ts";

/** Fact `f` of user "u", present from session tStart through tTarget. */
export const fact = (f: string, tStart: number, tTarget: number): ReferenceFact => ({
  user: "u",
  fact: f,
  type: "ongoing_state",
  tStart,
  tTarget,
});
