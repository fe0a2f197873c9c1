/**
 * The plotting packages, at their pinned versions (the one place these versions are written):
 * vega renders SVG, vega-lite compiles figure specs. Apart from `deps.ts` because loading them
 * takes the better part of a second, which only the figure code should pay (`memaudit` commands
 * and the core entry point do not load them).
 *
 * Private to lib/: these names are not part of memaudit's API.
 *
 * @module
 */

/** vega: renders a compiled spec to SVG, headless. */
export * as vega from "npm:vega@6.4.0";
/** vega-lite: compiles a Vega-Lite spec to a vega spec. */
export * as vegaLite from "npm:vega-lite@6.5.0";
