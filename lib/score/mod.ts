/** Scorers: ratios, bootstrap, audits. @module */
export * from "./ratio.ts";
