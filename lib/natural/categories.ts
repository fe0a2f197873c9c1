/**
 * The LoCoMo QA category map, kept as data in `data/locomo/categories.json`
 * (code → name, label, unit family, answerable), validated on load.
 *
 * @module
 */
import { z } from "../base/deps/zod.ts";
import { UNIT_FAMILIES, type UnitFamily } from "../package/schema.ts";
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

/** One LoCoMo QA category. */
export interface LocomoCategory {
  /** LoCoMo category code (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial). */
  code: number;
  /** Snake-case name used as the query category (e.g. `multi_hop`). */
  name: string;
  /** Human-readable label (e.g. `multi-hop`). */
  label: string;
  /** Family of the evidence units of the category's items. */
  family: UnitFamily;
  /** False for adversarial (unanswerable) items: flagged `unanswerable` by the audit. */
  answerable: boolean;
}

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
