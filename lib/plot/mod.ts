/**
 * Figures: Vega-Lite specs rendered to SVG.
 *
 * In-repository barrel (tests, scripts, workers): the toolkit's public API is the root
 * `mod.ts`, which re-exports by name; what it leaves out is internal.
 *
 * @module
 */
export * from "./figure.ts";
