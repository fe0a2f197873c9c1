/**
 * Lists the functions longer than N lines, longest first, with the TypeScript compiler's own
 * parser (so a brace in a string, a template or a regular expression never miscounts).
 *
 *   deno run --allow-read --allow-env tests/_long_functions.ts [--over N] [--counts 80,180] [PATH ...]
 *
 * PATH is a file or a folder (default: lib); folders are walked for `.ts` files. A function is a
 * declaration, a method, an accessor, a constructor, a function expression or an arrow function
 * whose body is a block; its length is the lines from its first to its last line, signature
 * and doc-free (leading comments are not counted). Nested functions are counted on their own
 * too, and their lines also count towards the function around them. Prints one line per function
 * (`lines  path:line  name`) over N (default 80) and, last, one line per threshold of
 * `--counts`: how many functions are over it. Exits 2 with one line on a bad flag or path.
 *
 * @module
 */
import ts from "typescript";
import { join, relative } from "node:path";

/** One function: where it starts, its name as a reader says it, and its length in lines. */
export interface FunctionSpan {
  /** The file, relative to the folder the paths were given from. */
  path: string;
  /** 1-based line of the function's first token. */
  line: number;
  /** `name`, `Class.method`, or `<arrow>` / `<function>` with the variable or key it is bound to. */
  name: string;
  /** Lines from the first to the last line of the function, both counted. */
  lines: number;
}

function boundName(node: ts.Node): string | undefined {
  const p = node.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) {
    return p.name.getText();
  }
  if (ts.isCallExpression(p)) {
    const callee = p.expression.getText();
    return `${callee.length > 40 ? callee.slice(0, 40) + "…" : callee}(callback)`;
  }
  return undefined;
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  const own = node.name?.getText();
  const cls = node.parent && ts.isClassLike(node.parent) ? node.parent.name?.getText() : undefined;
  if (ts.isConstructorDeclaration(node)) return `${cls ?? "<class>"}.constructor`;
  if (own) return cls ? `${cls}.${own}` : own;
  return boundName(node) ?? (ts.isArrowFunction(node) ? "<arrow>" : "<function>");
}

function isCounted(node: ts.Node): node is ts.FunctionLikeDeclaration {
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body);
  return ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) ||
    ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node);
}

/** Every function of one source text with a body, in source order. */
export function functionSpans(path: string, text: string): FunctionSpan[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node): void => {
    if (isCounted(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      spans.push({ path, line: first + 1, name: functionName(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

async function* tsFiles(path: string): AsyncGenerator<string> {
  const info = await Deno.stat(path);
  if (info.isFile) {
    if (path.endsWith(".ts")) yield path;
    return;
  }
  const names: string[] = [];
  for await (const entry of Deno.readDir(path)) names.push(entry.name);
  for (const name of names.sort()) yield* tsFiles(join(path, name));
}

/**
 * The functions over `over` lines of every `.ts` file under `paths`, longest first (then by path
 * and line); paths relative to `base` (default: the working directory).
 */
export async function longFunctions(
  paths: string[],
  over: number,
  base = Deno.cwd(),
): Promise<FunctionSpan[]> {
  const all: FunctionSpan[] = [];
  for (const root of paths) {
    for await (const file of tsFiles(root)) {
      all.push(...functionSpans(relative(base, file), await Deno.readTextFile(file)));
    }
  }
  return all.filter((f) => f.lines > over).sort((a, b) =>
    b.lines - a.lines || a.path.localeCompare(b.path) || a.line - b.line
  );
}

function parseArgs(args: string[]): { over: number; counts: number[]; paths: string[] } {
  let over = 80;
  let counts = [80, 180];
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--over" || a === "--counts") {
      const v = args[++i] ?? "";
      const ns = v.split(",").map(Number);
      if (v === "" || ns.some((n) => !Number.isInteger(n) || n < 0)) {
        throw new Error(`Cannot read ${a} ${v}: expected a whole number of lines (or a list)`);
      }
      if (a === "--over") over = ns[0];
      else counts = ns;
    } else if (a.startsWith("-")) {
      throw new Error(`Cannot read flag ${a}: expected --over N, --counts N,M or a path`);
    } else paths.push(a);
  }
  return { over, counts, paths: paths.length ? paths : ["lib"] };
}

if (import.meta.main) {
  try {
    const { over, counts, paths } = parseArgs(Deno.args);
    const floor = Math.min(over, ...counts);
    const spans = await longFunctions(paths, floor);
    for (const f of spans.filter((s) => s.lines > over)) {
      console.log(`${String(f.lines).padStart(5)}  ${f.path}:${f.line}  ${f.name}`);
    }
    for (const n of counts) {
      console.log(`functions over ${n} lines: ${spans.filter((s) => s.lines > n).length}`);
    }
  } catch (e) {
    console.error(`long_functions: ${e instanceof Error ? e.message : String(e)}`);
    Deno.exit(2);
  }
}
