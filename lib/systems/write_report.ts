/**
 * What `memaudit write --json` prints, declared once as a zod schema ({@linkcode WRITE_REPORT}):
 * the two files written and the provenance record `DIR/provenance.json` holds (paper 000 §5, Table
 * 4), which `writeStore` (lib/systems/write_store.ts) builds through it; it gives the JSON Schema
 * `data/schema/write_report.schema.json`.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { type ReportShape, reportShape } from "../base/report_shape.ts";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/).describe("SHA-256, hex");
const count = z.number().int().min(0);

/** Where the turns came from (lib/systems/write_source.ts). */
const SourceSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("locomo"),
    file: z.string().describe("the LoCoMo file read"),
    described: z.string().describe("which file, and how it was chosen"),
    file_sha256: sha256,
    conversation: z.string().describe("the sample id fed"),
    conversation_sha256: sha256.describe("SHA-256 of the conversation's canonical JSON"),
  }),
  z.strictObject({
    kind: z.literal("longmemeval"),
    file: z.string().describe("the LongMemEval file as given"),
    file_sha256: sha256,
    question_id: z.string().describe("the question whose haystack was fed"),
    question_sha256: sha256.describe("SHA-256 of the question's canonical JSON"),
  }),
]);

/** Mem0's LLM run (`--llm` records, `--replay` answers from a recording; lib/systems/write_llm.ts). */
const LlmSchema = z.discriminatedUnion("mode", [
  z.strictObject({
    mode: z.literal("record"),
    url: z.string().describe("the endpoint's base URL"),
    model: z.string(),
    calls: count.describe("LLM calls mem0 made"),
    exchanges: z.string().describe("the recording, beside store.json"),
    exchanges_sha256: sha256,
  }),
  z.strictObject({
    mode: z.literal("replay"),
    replayed: z.string().describe("the recording answered from, as given"),
    replayed_sha256: sha256,
    model: z.string().describe("the recorded model"),
    calls: count.describe("LLM calls answered from it"),
    unused: count.describe("recorded exchanges no call asked for"),
    edited: z.literal(true).optional().describe("the recording was edited after it was made"),
  }),
]);

/** `DIR/provenance.json`: what wrote the store, from what, how long it took. */
const ProvenanceSchema = z.strictObject({
  system: z.enum(["mem0", "memvid"]),
  package: z.string().describe("the npm package"),
  version: z.string().describe("its version, as the driver ran it"),
  format: z.enum(["mem0_get_all", "memvid_cards"]).describe("the format `memaudit store` reads"),
  settings: z.record(z.string(), z.union([z.string(), z.boolean()]))
    .describe("the driver's settings, each in words (the embedder named as a stand-in)"),
  driver: z.string().describe("memaudit's driver, repository-relative"),
  node: z.string().describe("the version of node that ran it"),
  source: SourceSchema,
  user_id: z.string().describe("the user id the store is written for"),
  turns_sha256: sha256.describe("SHA-256 of the fed turns' canonical JSON"),
  turns: count.describe("turns fed"),
  sessions: count.describe("sessions they belong to"),
  driver_summary: z.strictObject({
    package: z.string(),
    version: z.string(),
    native: z.string().optional().describe("memvid: its native addon's version"),
    added: count.describe("turns (mem0) or frames (memvid) added"),
    exported: count,
    frames: count.nullable().optional().describe("memvid: frames in its file"),
    llm_calls: count.optional().describe("mem0 with --llm or --replay: LLM calls"),
    replay_unused: count.optional().describe("mem0 with --replay: exchanges not asked for"),
  }).describe("the driver's own summary line"),
  memories_exported: count.describe("memories in store.json"),
  llm: LlmSchema.optional().describe("mem0 with --llm or --replay"),
  store_sha256: sha256.describe("SHA-256 of store.json"),
  warnings: z.array(z.string()).describe("what was assumed (undated sessions, ...), on stderr too"),
  install_seconds: z.number().describe("wall time of the node check and install, seconds"),
  write_seconds: z.number().describe("wall time of the system's write, seconds"),
  written_at: z.string().describe("when, ISO 8601 (UTC)"),
});

/** The zod schema of `memaudit write --json`. */
const WriteReportSchema = z.strictObject({
  store: z.string().describe("DIR/store.json: the system's own export"),
  provenance: z.string().describe("DIR/provenance.json"),
  record: ProvenanceSchema.describe("what DIR/provenance.json holds"),
});

/** The shape of `memaudit write --json` (what `writeStore` returns): its JSON and JSON Schema. */
export const WRITE_REPORT: ReportShape<typeof WriteReportSchema> = reportShape(
  "write_report",
  WriteReportSchema,
  "Generated from lib/systems/write_report.ts by `deno task schema`; do not edit. " +
    "`memaudit write --json` prints one object of this shape; its record is DIR/provenance.json.",
);

/** What `writeStore` wrote: the two paths and the provenance record. */
export type WrittenStore = z.output<typeof WriteReportSchema>;
