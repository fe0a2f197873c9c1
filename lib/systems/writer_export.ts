/**
 * Stores written by this project's writers, exported in the generic format (a store that needs no
 * API): scored back through the generic adapter they give the writer's own ratio.
 *
 * @module
 */
import type { Package } from "../package/schema.ts";
import { compareIds } from "../package/compile.ts";
import type { WriterResult } from "../writers/types.ts";
import type { GenericMemory, GenericStoreRow } from "./generic_jsonl.ts";

/** Options of {@linkcode exportCandidates} and {@linkcode exportWriterStore}. */
export interface CandidateExportOptions {
  /** System label of the row (default `writer`, or the writer id). */
  system?: string;
  /** Write each candidate's declared cost as `cost` (default true). */
  declareCost?: boolean;
  /** Write each candidate's experience as `experience` (default true). */
  tieExperience?: boolean;
  /** Extra row fields (e.g. budget). */
  extra?: Record<string, unknown>;
}

/**
 * Exports package candidates as one generic row: memory id = candidate id, text = candidate text,
 * created_at = its experience's timestamp, memories in (experience order, experience id, candidate
 * id) order with that rank as `memory_index`; optionally the declared cost and the experience.
 *
 * @param ids candidate ids to export
 * @param opts system label, cost and experience fields, extra row fields
 * @returns the row (instance_id = package id)
 * @throws {RangeError} when an id is not a candidate of `pkg` or the candidate has no text
 */
export function exportCandidates(
  pkg: Package,
  ids: readonly string[],
  opts: CandidateExportOptions = {},
): GenericStoreRow {
  const byId = new Map(pkg.candidates.map((c) => [c.id, c]));
  const exp = new Map(pkg.experiences.map((e) => [e.id, e]));
  const cands = ids.map((id) => {
    const c = byId.get(id);
    if (c === undefined) {
      throw new RangeError(`Cannot export '${id}': not a candidate of package '${pkg.id}'`);
    }
    if (c.text === undefined || c.text.trim() === "") {
      throw new RangeError(`Cannot export '${id}': the candidate has no text`);
    }
    return c;
  });
  cands.sort((a, b) => {
    const ea = exp.get(a.experience)!, eb = exp.get(b.experience)!;
    return ea.order - eb.order || compareIds(ea.id, eb.id) || compareIds(a.id, b.id);
  });
  const memories: GenericMemory[] = cands.map((c, i) => {
    const m: GenericMemory = { id: c.id, text: c.text!, memory_index: i };
    const ts = exp.get(c.experience)!.timestamp;
    if (ts !== undefined) m.created_at = ts;
    if (opts.declareCost ?? true) m.cost = c.cost;
    if (opts.tieExperience ?? true) m.experience = c.experience;
    return m;
  });
  return { instance_id: pkg.id, system: opts.system ?? "writer", ...opts.extra, memories };
}

/**
 * Exports a writer's store (see {@linkcode exportCandidates}); the row also carries `writer`,
 * `budget` and the writer's `value`.
 *
 * @param pkg the package the writer ran on
 * @param result the writer's result
 * @param opts as {@linkcode exportCandidates} (system default: the writer id)
 * @throws {RangeError} as {@linkcode exportCandidates}
 */
export function exportWriterStore(
  pkg: Package,
  result: WriterResult,
  opts: CandidateExportOptions = {},
): GenericStoreRow {
  return exportCandidates(pkg, result.store, {
    ...opts,
    system: opts.system ?? result.writer,
    extra: { writer: result.writer, budget: result.budget, value: result.value, ...opts.extra },
  });
}
