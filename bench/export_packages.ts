/**
 * `deno run -A bench/export_packages.ts OUT.json [--sets base,random11,locomo]`:
 * writes the benchmark package sets (bench/_package_sets.ts) in the JSON form
 * read by the pure-Python reference, bench/reference/bnb.py.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { packageSets, referenceJson, SET_NAMES } from "./_package_sets.ts";

/**
 * Writes the sets to a file.
 *
 * @param path output JSON file
 * @param names which sets (default all)
 * @returns the number of packages and of (package, budget) solves written
 */
export async function exportPackages(
  path: string,
  names: readonly string[] = SET_NAMES,
): Promise<{ packages: number; solves: number }> {
  const sets = await packageSets(names);
  let packages = 0, solves = 0;
  const json = {
    sets: sets.map((s) => ({
      name: s.name,
      description: s.description,
      packages: s.packages.map(({ cp, budgets }) => {
        packages++;
        solves += budgets.length;
        return referenceJson(cp, budgets);
      }),
    })),
  };
  await Deno.writeTextFile(path, JSON.stringify(json) + "\n");
  return { packages, solves };
}

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    options: { sets: { type: "string", default: SET_NAMES.join(",") } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error(
      "Usage: deno run -A bench/export_packages.ts OUT.json [--sets base,random11,locomo]",
    );
    Deno.exit(2);
  }
  const n = await exportPackages(positionals[0], values.sets.split(","));
  console.error(`wrote ${positionals[0]}: ${n.packages} packages, ${n.solves} solves`);
}
