/**
 * Local text-feature proxies of deployed memory systems (ARTIFACT-SPEC App. A.2): `mem0_extract`
 * (Mem0-style extraction and consolidation) and `amem_graph` (A-Mem-style graph memory with online
 * admission and eviction). Heuristic baselines for diagnostics; they read only type, text,
 * confidence and time, never coverage or weights. Not the real systems (see lib/systems/ for
 * exported stores).
 *
 * @module
 */
import { compareIds, type CompiledPackage } from "../package/compile.ts";
import { fitsAlone, fitsBudget } from "../objective.ts";
import { checkBudget, densityKeyAbove, finish, Recorder } from "./_common.ts";
import { ProxyFeatures } from "./_proxy_features.ts";
import type { WriterResult } from "./types.ts";

const MEM0_PRIOR: Readonly<Record<string, number>> = {
  atomic_fact: 1.28,
  fact: 1.28,
  graph_edge: 1.18,
  skill: 1.16,
  tombstone: 1.18,
  compound_update: 1.14,
  abstention: 1.12,
  uncertainty: 1.12,
  interval_fact: 1.10,
  summary: 1.00,
  compound_evidence: 1.00,
  raw: 0.72,
  raw_span: 0.72,
};

const AMEM_PRIOR: Readonly<Record<string, number>> = {
  graph_edge: 1.34,
  compound_update: 1.30,
  compound_evidence: 1.26,
  summary: 1.22,
  interval_fact: 1.18,
  skill: 1.16,
  tombstone: 1.14,
  atomic_fact: 1.08,
  fact: 1.08,
  abstention: 1.05,
  uncertainty: 1.05,
  raw: 0.76,
  raw_span: 0.76,
};

const MEM0_EXTRACT = new Set(["atomic_fact", "fact", "graph_edge", "skill"]);
const MEM0_VALIDITY = new Set(["tombstone", "compound_update", "abstention", "uncertainty"]);
const AMEM_GRAPH = new Set(["graph_edge", "summary", "compound_update", "compound_evidence"]);
const AMEM_TEMPORAL = new Set(["interval_fact", "tombstone"]);

interface Proposal {
  c: number;
  score: number;
  density: number;
}

/** Whether `a` beats `b`: the larger (density, score, −cost, id). */
function better(cp: CompiledPackage, a: Proposal, b: Proposal): boolean {
  return densityKeyAbove(cp, a.c, a.score, a.density, b.c, b.score, b.density);
}

/** Replays `chosen` in chronological order (time, experience id, candidate id) into a result. */
function chronological(
  cp: CompiledPackage,
  budget: number,
  chosen: number[],
  writer: string,
  label: string,
  details: Record<string, unknown>,
): WriterResult {
  const order = [...chosen].sort((a, b) =>
    cp.time[a] - cp.time[b] ||
    compareIds(cp.groupIds[cp.groupOf[a]], cp.groupIds[cp.groupOf[b]]) ||
    compareIds(cp.candIds[a], cp.candIds[b])
  );
  const rec = new Recorder(cp);
  for (const c of order) rec.add(c);
  return finish(writer, label, budget, rec, details);
}

/**
 * Mem0 proxy (`mem0_extract`). Per arriving group, propose the candidate maximising
 * (score/max(cost, 1)^0.70, score, −cost, id), where score = (prior + 0.20·[extractable type] +
 * 0.18·[validity type] + 0.60·salience + 0.35·novelty + 0.15·recency + 0.30·confidence) × duplicate
 * penalty against earlier proposals; drop proposals with score <= 0.35. Then sort the proposals by
 * (density, score, recency) descending (ties keep arrival order) and pack them, skipping a used
 * group or a misfit.
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the store in chronological order; details: proposals
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function mem0Extract(cp: CompiledPackage, budget: number): WriterResult {
  checkBudget("mem0_extract", budget);
  const f = new ProxyFeatures(cp);
  const accepted = new Set<string>();
  const seen: Set<string>[] = [];
  const proposals: Proposal[] = [];
  for (const group of cp.groups) {
    let best: Proposal | null = null;
    for (const c of group) {
      const rep = cp.rep[c];
      const raw = (MEM0_PRIOR[rep] ?? 0.85) + (MEM0_EXTRACT.has(rep) ? 0.20 : 0) +
        (MEM0_VALIDITY.has(rep) ? 0.18 : 0) + 0.60 * f.salience[c] + 0.35 * f.novelty(c, accepted) +
        0.15 * f.recency[c] + 0.30 * f.confidence[c];
      const score = raw * f.duplicatePenalty(c, seen);
      const p = { c, score, density: score / Math.pow(Math.max(cp.cost[c], 1), 0.70) };
      if (best === null || better(cp, p, best)) best = p;
    }
    if (best === null || best.score <= 0.35) continue;
    proposals.push(best);
    for (const t of f.tokens[best.c]) accepted.add(t);
    seen.push(f.signature[best.c]);
  }
  const ranked = proposals.map((p, i) => ({ p, i })).sort((a, b) =>
    b.p.density - a.p.density || b.p.score - a.p.score || f.recency[b.p.c] - f.recency[a.p.c] ||
    a.i - b.i
  );
  const groupCount = new Int32Array(cp.groupIds.length);
  const chosen: number[] = [];
  for (const { p } of ranked) {
    const g = cp.groupOf[p.c];
    if (groupCount[g] >= cp.k || !fitsBudget(cp.cost, chosen, budget, p.c)) continue;
    chosen.push(p.c);
    groupCount[g]++;
  }
  return chronological(cp, budget, chosen, "mem0_extract", "Mem0 proxy", {
    proposals: proposals.length,
  });
}

/**
 * A-Mem proxy (`amem_graph`). Online over the ordered groups: propose the candidate maximising
 * (score/max(cost, 1)^0.60, score, −cost, id), score = prior + 0.28·[graph type] + 0.16·[temporal
 * type] + 0.48·graph affinity + 0.42·anchor overlap with the store + 0.34·novelty + 0.22·recency +
 * 0.26·confidence + 0.24·salience; skip it if score <= 0.38 or cost > B. Priority =
 * score/max(cost^0.55, 1). Admit if it fits; otherwise evict stored items in ascending (priority,
 * anchor overlap, recency, −cost) while their priority is below the new one, and admit only if it
 * then fits and its priority exceeds every evicted priority (else nothing changes).
 *
 * @param cp compiled package
 * @param budget B in cost units
 * @returns the final store in chronological order (the trace replays it in that order);
 *   details: evictions
 * @throws {RangeError} if the budget is not a finite number >= 0
 */
export function amemGraph(cp: CompiledPackage, budget: number): WriterResult {
  checkBudget("amem_graph", budget);
  const f = new ProxyFeatures(cp);
  let selected: number[] = [];
  const priority = new Map<number, number>();
  let tokens = new Set<string>();
  let anchors = new Map<string, number>();
  let evictions = 0;
  const rebuild = () => {
    tokens = new Set();
    anchors = new Map();
    for (const c of selected) {
      for (const t of f.tokens[c]) tokens.add(t);
      for (const t of f.anchors[c]) anchors.set(t, (anchors.get(t) ?? 0) + 1);
    }
  };
  for (const group of cp.groups) {
    let best: Proposal | null = null;
    for (const c of group) {
      const rep = cp.rep[c];
      const score = (AMEM_PRIOR[rep] ?? 0.90) + (AMEM_GRAPH.has(rep) ? 0.28 : 0) +
        (AMEM_TEMPORAL.has(rep) ? 0.16 : 0) + 0.48 * f.graph[c] +
        0.42 * f.anchorOverlap(c, anchors) +
        0.34 * f.novelty(c, tokens) + 0.22 * f.recency[c] + 0.26 * f.confidence[c] +
        0.24 * f.salience[c];
      const p = { c, score, density: score / Math.pow(Math.max(cp.cost[c], 1), 0.60) };
      if (best === null || better(cp, p, best)) best = p;
    }
    if (best === null || best.score <= 0.38) continue;
    const c = best.c, cost = cp.cost[c];
    if (!fitsAlone(cost, budget)) continue;
    const prio = best.score / Math.max(Math.pow(cost, 0.55), 1);
    if (fitsBudget(cp.cost, selected, budget, c)) {
      selected.push(c);
      priority.set(c, prio);
      rebuild();
      continue;
    }
    const working = [...selected];
    const removed: number[] = [];
    while (working.length > 0 && !fitsBudget(cp.cost, working, budget, c)) {
      let wi = 0;
      for (let i = 1; i < working.length; i++) {
        const a = working[i], b = working[wi];
        const d = (priority.get(a) ?? 0) - (priority.get(b) ?? 0) ||
          f.anchorOverlap(a, anchors) - f.anchorOverlap(b, anchors) ||
          f.recency[a] - f.recency[b] ||
          cp.cost[b] - cp.cost[a];
        if (d < 0) wi = i;
      }
      const worst = working[wi];
      if ((priority.get(worst) ?? 0) >= prio) break;
      working.splice(wi, 1);
      removed.push(worst);
    }
    const maxRemoved = Math.max(-Infinity, ...removed.map((r) => priority.get(r) ?? 0));
    if (
      fitsBudget(cp.cost, working, budget, c) && (removed.length === 0 || prio > maxRemoved)
    ) {
      selected = [...working, c];
      for (const r of removed) priority.delete(r);
      evictions += removed.length;
      priority.set(c, prio);
      rebuild();
    }
  }
  return chronological(cp, budget, selected, "amem_graph", "A-Mem proxy", { evictions });
}
