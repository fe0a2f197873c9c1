/**
 * Text features of the local proxy writers (ARTIFACT-SPEC App. A.2): token sets, salience, graph
 * affinity, anchor overlap, novelty, duplicate penalty and recency. They read only type, text,
 * confidence and time — never coverage or weights.
 *
 * @module
 */
import type { CompiledPackage } from "../package/compile.ts";

const STOP = new Set("a about after and for in is of old or that the to user with".split(" "));

/** SALIENT terms of App. A.2. */
export const SALIENT: ReadonlySet<string> = new Set((
  "abstain actually changed closed conflict correction current evidence exception fact invalid " +
  "invalidate invalidated no not now outcome prefer preference scope superseded tombstone update"
).split(" "));

/** GRAPH anchor terms of App. A.2. */
export const GRAPH: ReadonlySet<string> = new Set((
  "bridge conference constraint current duration edge end exception historical invalid " +
  "invalidated link outcome scope scoped source start tool travel update"
).split(" "));

const VALIDITY_TYPES = new Set(["tombstone", "compound_update", "abstention", "uncertainty"]);
const GRAPH_TYPES = new Set([
  "graph_edge",
  "compound_update",
  "compound_evidence",
  "interval_fact",
]);

/** Per-candidate features that do not depend on the store. */
export class ProxyFeatures {
  readonly tokens: Set<string>[] = [];
  readonly signature: Set<string>[] = [];
  readonly anchors: Set<string>[] = [];
  readonly salience: Float64Array;
  readonly graph: Float64Array;
  readonly recency: Float64Array;
  readonly confidence: Float64Array;

  constructor(readonly cp: CompiledPackage) {
    const n = cp.candIds.length;
    this.salience = new Float64Array(n);
    this.graph = new Float64Array(n);
    this.recency = new Float64Array(n);
    this.confidence = new Float64Array(n);
    let lo = Infinity, hi = -Infinity;
    for (let c = 0; c < n; c++) lo = Math.min(lo, cp.time[c]), hi = Math.max(hi, cp.time[c]);
    for (let c = 0; c < n; c++) {
      const rep = cp.rep[c], src = cp.pkg.candidates[c];
      const text = `${rep} ${src.text ?? ""}`.toLowerCase();
      const toks = new Set(
        (text.match(/[a-z0-9_:-]+/g) ?? []).filter((t) => t.length > 1 && !STOP.has(t)),
      );
      this.tokens.push(toks);
      const list = [...toks];
      this.signature.push(new Set(list.filter((t) => t.includes(":") || SALIENT.has(t))));
      this.anchors.push(
        new Set(
          list.filter((t) =>
            t.includes(":") || GRAPH.has(t) || t.startsWith("invalid") || t.startsWith("scope") ||
            t.startsWith("update")
          ),
        ),
      );
      if (toks.size > 0) {
        const hits = list.filter((t) => SALIENT.has(t) || t.startsWith("invalid")).length;
        this.salience[c] = Math.min(1, (hits + (VALIDITY_TYPES.has(rep) ? 1 : 0)) / 5);
        const g = list.filter((t) => GRAPH.has(t)).length;
        const colon = Math.min(2, list.filter((t) => t.includes(":")).length);
        this.graph[c] = Math.min(1, (g + colon + (GRAPH_TYPES.has(rep) ? 1 : 0)) / 6);
      }
      this.recency[c] = hi === lo ? 0.5 : (cp.time[c] - lo) / (hi - lo);
      this.confidence[c] = Math.max(0, Math.min(1, src.confidence ?? 1));
    }
  }

  /** Share of c's tokens not in `selected` (1 if either set is empty). */
  novelty(c: number, selected: ReadonlySet<string>): number {
    const toks = this.tokens[c];
    if (toks.size === 0 || selected.size === 0) return 1;
    let fresh = 0;
    for (const t of toks) if (!selected.has(t)) fresh++;
    return fresh / toks.size;
  }

  /** Duplicate penalty: 0.45 if the max signature Jaccard is >= 0.80, 0.70 if >= 0.55, else 1. */
  duplicatePenalty(c: number, seen: readonly ReadonlySet<string>[]): number {
    const sig = this.signature[c];
    if (sig.size === 0) return 1;
    let best = 0;
    for (const other of seen) {
      if (other.size === 0) continue;
      let inter = 0;
      for (const t of sig) if (other.has(t)) inter++;
      best = Math.max(best, inter / (sig.size + other.size - inter));
    }
    return best >= 0.80 ? 0.45 : best >= 0.55 ? 0.70 : 1;
  }

  /** Anchor overlap: min(1, 0.55·seen/|A| + 0.45·Σ min(count, 3)/(3|A|)); 0 if A or the counts are empty. */
  anchorOverlap(c: number, counts: ReadonlyMap<string, number>): number {
    const a = this.anchors[c];
    if (a.size === 0 || counts.size === 0) return 0;
    let seen = 0, weighted = 0;
    for (const t of a) {
      const k = counts.get(t) ?? 0;
      if (k > 0) seen++;
      weighted += Math.min(k, 3);
    }
    return Math.min(1, 0.55 * seen / a.size + 0.45 * weighted / (3 * a.size));
  }
}
