/**
 * Canonical JSON text (sorted keys, no whitespace), the form package hashes and sweep rows are
 * written in. A module of its own so that writing rows does not load a hash implementation.
 *
 * @module
 */

/**
 * Canonical JSON: object keys sorted by UTF-16 code unit, arrays in order, no whitespace;
 * `undefined` members are dropped and `undefined` array entries become null, as in JSON.stringify.
 * Numbers use JavaScript's shortest round-trip form.
 *
 * @param value any JSON-compatible value
 * @returns its canonical JSON text
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const parts = Object.keys(obj).sort().filter((k) => obj[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * Pretty JSON with object keys sorted at every level (two-space indent, a final newline): the form
 * of the summary files (sweep, natural scoring), stable for any key insertion order.
 *
 * @param value any JSON-compatible value
 * @returns its text
 */
export function sortedPrettyJson(value: unknown): string {
  // The canonical text read back: keys sorted at every level, then indented.
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2) + "\n";
}
