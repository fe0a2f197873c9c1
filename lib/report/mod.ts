/** Tables, checks and output paths. @module */
export * from "./out.ts";
export * from "./table.ts";
export * from "./checks.ts";
