/**
 * zod 4: schemas of every input format, their validation and the JSON Schema files. Pinned here
 * only (README.md). Private to lib/.
 *
 * @module
 */
export { z } from "npm:zod@4.6.7";
