/**
 * zod 4: schemas of every input format, their validation and the JSON Schema files.
 *
 * The one place its npm version is written (see lib/base/deps/README.md). Private to lib/.
 *
 * @module
 */
export { z } from "npm:zod@4.6.7";
