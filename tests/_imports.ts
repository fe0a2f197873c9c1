/**
 * The import statements of the repository's TypeScript files, read from their text (no type
 * checker): what tests/structure/import_anywhere_test.ts and tests/structure/import_graph_test.ts inspect.
 */
import { dirname, join, relative, resolve } from "node:path";

/** The repository's root folder (absolute, with a final slash). */
export const ROOT: string = new URL("..", import.meta.url).pathname;

/** The `.ts` files under `dir` (relative to the root), sorted, as root-relative paths. */
export function tsFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of Deno.readDirSync(join(ROOT, d))) {
      const p = join(d, e.name);
      if (e.isDirectory) walk(p);
      else if (e.name.endsWith(".ts")) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * The specifiers a module's text imports or re-exports: static `import`/`export ... from`
 * (also when the braces span lines), side-effect `import "x"` and dynamic `import("x")` with a
 * string literal. Lines of comments (doc examples start with ` * `) are skipped.
 */
export function specifiersOf(text: string): string[] {
  const code = text.split("\n").filter((l) => !/^\s*(\*|\/\/|\/\*)/.test(l)).join("\n");
  const out: string[] = [];
  const re = /(?:^|[\s}])from\s+"([^"]+)"|^\s*import\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm;
  for (const m of code.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** A root-relative file's relative imports, resolved to root-relative paths. */
export function localImportsOf(file: string): string[] {
  const text = Deno.readTextFileSync(join(ROOT, file));
  return specifiersOf(text).filter((s) => s.startsWith("."))
    .map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}
