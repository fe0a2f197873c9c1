/** Figures: Vega-Lite specs rendered to SVG. @module */
export * from "./figure.ts";
