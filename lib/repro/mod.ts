/** The paper's reported numbers and comparisons against them. @module */
export * from "./expected.ts";
