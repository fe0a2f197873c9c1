/** Package format: schema, validation, compiled form, I/O. @module */
export * from "./schema.ts";
export * from "./parse.ts";
export * from "./compile.ts";
export * from "./union.ts";
export * from "./io.ts";
