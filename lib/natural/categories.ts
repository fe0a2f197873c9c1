/**
 * The LoCoMo QA category map, kept as data in `data/locomo/categories.json`
 * (code → name, label, unit family, answerable), validated on load.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { UNIT_FAMILIES } from "../package/schema.ts";
import raw from "../../data/locomo/categories.json" with { type: "json" };
import { formatPath, InputError } from "../base/errors.ts";

/** One category of the map. */
export const LocomoCategorySchema = z.object({
  name: z.string().regex(/^[a-z_]+$/),
  label: z.string(),
  family: z.enum(UNIT_FAMILIES),
  answerable: z.boolean(),
}).strict();

/** The category file: `{source, categories: {"<code>": category}}`. */
export const LocomoCategoryFileSchema = z.object({
  source: z.string(),
  categories: z.record(z.string().regex(/^[1-9][0-9]*$/), LocomoCategorySchema),
}).strict();

/**
 * One LoCoMo QA category: its code (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,
 * 5 adversarial), its snake-case name (the query category), label, the unit family of its items'
 * evidence, and whether it is answerable (adversarial items are not: the audit flags them).
 */
export type LocomoCategory = { code: number } & z.output<typeof LocomoCategorySchema>;

/**
 * Validates a category file's parsed JSON.
 *
 * @param data parsed JSON
 * @param file file name for errors
 * @returns categories by code
 * @throws {InputError} naming the JSON path of the first problem
 */
export function parseLocomoCategories(
  data: unknown,
  file = "data/locomo/categories.json",
): ReadonlyMap<number, LocomoCategory> {
  const r = LocomoCategoryFileSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new InputError(file, { path: formatPath(i.path) }, i.message);
  }
  const out = new Map<number, LocomoCategory>();
  for (const [code, c] of Object.entries(r.data.categories)) {
    out.set(Number(code), { code: Number(code), ...c });
  }
  return out;
}

/** The shipped category map (`data/locomo/categories.json`), by code. */
export const LOCOMO_CATEGORIES: ReadonlyMap<number, LocomoCategory> = parseLocomoCategories(raw);

/**
 * The category of a code.
 *
 * @param code LoCoMo category code
 * @returns the category
 * @throws {RangeError} for a code the map does not list
 */
export function locomoCategory(code: number): LocomoCategory {
  const c = LOCOMO_CATEGORIES.get(code);
  if (!c) {
    throw new RangeError(
      `Cannot map LoCoMo category ${code}: data/locomo/categories.json lists ${
        [...LOCOMO_CATEGORIES.keys()].join(", ")
      }`,
    );
  }
  return c;
}
