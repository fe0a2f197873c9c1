/**
 * Figures: Vega-Lite specs in the house style rendered to SVG and PNG.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./figure.ts";
export * from "./png.ts";
export * from "./style.ts";
