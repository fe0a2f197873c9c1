/** Package I/O: JSON file, CSV tables, JSON Schema, artifact JSONL export reader. @module */
export * from "./json_io.ts";
export * from "./csv_io.ts";
export * from "./json_schema.ts";
export * from "./artifact_jsonl.ts";
