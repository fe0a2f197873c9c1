/**
 * The plotting packages, at their pinned versions (the one place these versions are written):
 * vega renders SVG, vega-lite compiles figure specs, resvg renders the PNG with pdfmake's Roboto. Apart from `deps/` because loading them
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
/** resvg's WebAssembly build (module inline, no file to locate): renders an SVG to PNG. */
export { Resvg } from "npm:@cf-wasm/resvg@0.3.5/node";
/** pdfmake's font data: the Roboto TTF files as base64, the fonts resvg draws text with. */
export { default as robotoFontFiles } from "npm:pdfmake@0.3.11/build/vfs_fonts.js";
