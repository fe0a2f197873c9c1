/**
 * Stores written here by real systems, scored (issue 30 item 1; paper 000 §5, Table 4, union rows):
 * each system of `memaudit write` writes a store per LoCoMo conversation, which
 * {@linkcode scoreStoreFile} scores on that conversation's support slices. Notebook 06's table.
 *
 * @module
 */
import type { LocatedLocomo } from "../natural/data_source.ts";
import type { LocomoSample } from "../natural/load_locomo.ts";
import type { StoreItemScore } from "./locomo_store.ts";
import { scoreStoreFile } from "./score_store_file.ts";
import { locomoWriteSource } from "./write_source.ts";
import { WRITE_SYSTEMS, writeStore } from "./write_store.ts";

/** One store written by a system on one conversation, and its means at each budget. */
export interface WrittenStoreRow {
  /** `mem0` or `memvid`. */
  system: "mem0" | "memvid";
  /** Package and version, e.g. `mem0ai@3.3.1`. */
  package: string;
  /** The settings in a few words (`infer: false, stand-in embedder`). */
  settings: string;
  /** LoCoMo sample id. */
  conversation: string;
  /** Turns fed. */
  turns: number;
  /** Memories the store holds, as `store` read it (after the reader's merges). */
  memories: number;
  /** Wall time of the system's write, seconds (not the install). */
  write_seconds: number;
  /** SHA-256 of the store file. */
  store_sha256: string;
  /** Per budget (words): the mean union ratios over the scored items. */
  budgets: { budget: number; recency: number | null; upper: number | null; scored: number }[];
  /** What `store` warned of. */
  warnings: string[];
  /** Every (package, budget) scored: pool them with `summarizeStoreRows`. */
  items: StoreItemScore[];
}

/** The settings of a system's run, in a few words. */
const SETTINGS: Readonly<Record<keyof typeof WRITE_SYSTEMS, string>> = {
  mem0: "add() per turn, infer: false (verbatim), stand-in embedder",
  memvid: "put() per session, enrich('rules'), no embeddings",
};

/**
 * Writes a store with each system on each conversation (into `out/<system>/<conversation>/`) and
 * scores it.
 *
 * @param o the systems; the conversations and the LoCoMo file they came from; the folder; the
 *   budgets (default 30, 60, 100 words); a note sink (installs, warnings)
 * @returns one row per (system, conversation), systems outer, conversations in the given order
 * @throws {InputError} when node or npm is missing, an install or a driver fails, or a store cannot
 *   be scored
 */
export async function writeLocomoStores(o: {
  systems: readonly ("mem0" | "memvid")[];
  samples: readonly LocomoSample[];
  found: LocatedLocomo;
  out: string;
  budgets?: readonly number[];
  onNote?: (line: string) => void;
}): Promise<WrittenStoreRow[]> {
  const rows: WrittenStoreRow[] = [];
  for (const system of o.systems) {
    for (const sample of o.samples) {
      const src = await locomoWriteSource(sample, o.found, o.samples.length);
      const w = await writeStore({
        system,
        ...src,
        out: `${o.out}/${system}/${sample.sample_id}`,
        ...(o.onNote ? { onNote: o.onNote } : {}),
      });
      const scored = await scoreStoreFile({
        store: w.store,
        target: { kind: "locomo", conversation: sample.sample_id, data: o.found.path },
        ...(o.budgets ? { budgets: o.budgets } : {}),
      });
      const r = scored.report;
      rows.push({
        system,
        package: `${WRITE_SYSTEMS[system].package}@${w.record.version}`,
        settings: SETTINGS[system],
        conversation: sample.sample_id,
        turns: src.turns.length,
        memories: r.memories,
        write_seconds: w.record.write_seconds,
        store_sha256: w.record.store_sha256,
        budgets: r.budgets.map((b) => ({
          budget: b.budget,
          recency: b.union_ratio.recency,
          upper: b.union_ratio.upper,
          scored: b.scored,
        })),
        warnings: r.warnings,
        items: scored.rows,
      });
    }
  }
  return rows;
}
