/**
 * The version of the package format, in a module of its own so that code that only stamps it
 * (generators, result rows) does not load the schema library.
 *
 * @module
 */

/** Version of the package format written by this module. */
export const PACKAGE_SCHEMA_VERSION = 1;
