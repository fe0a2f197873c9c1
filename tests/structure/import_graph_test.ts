/**
 * The shape of lib/'s imports (issue 20, item 4): no file imports itself back through others, no
 * folder imports a folder that imports it (no import runs back up a floor), the ground floor of
 * utilities (errors, files, JSON text, canonical JSON, input validation, the npm packages)
 * imports only the ground floor, and a private `_name.ts` is imported only from its own folder or
 * below it.
 */
import assert from "node:assert/strict";
import { dirname } from "node:path";
import { localImportsOf, tsFiles } from "../_imports.ts";

/**
 * The utilities every part stands on: lib/base/ (errors, files, JSON text, canonical JSON, input
 * validation, runs' folders, the random streams, BM25, and lib/base/deps/ with one module per npm
 * package); they import nothing else of lib/.
 */
const GROUND = tsFiles("lib/base");

type Graph = Map<string, string[]>;

/** lib/'s files and, for each, the lib/ files it imports (relative imports inside lib/ only). */
function libGraph(): Graph {
  const g: Graph = new Map();
  for (const f of tsFiles("lib")) g.set(f, localImportsOf(f).filter((t) => t.startsWith("lib/")));
  return g;
}

/** The floor of a lib/ file: its top folder under lib/ (`lib/scale`), or the file itself. */
function floorOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : file;
}

/** The graph of floors: an edge for each import between files of two different floors. */
function floorGraph(g: Graph): Graph {
  const out = new Map<string, Set<string>>();
  for (const [f, ts] of g) {
    const a = floorOf(f);
    if (!out.has(a)) out.set(a, new Set());
    for (const t of ts) if (floorOf(t) !== a) out.get(a)!.add(floorOf(t));
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/**
 * The first cycle of a directed graph, as the path `[a, b, ..., a]`, or undefined when there is
 * none (depth-first search in sorted node order, so the answer is deterministic).
 */
export function cycleOf(g: Graph): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (v: string): string[] | undefined => {
    state.set(v, "open");
    path.push(v);
    for (const w of g.get(v) ?? []) {
      if (state.get(w) === "open") return [...path.slice(path.indexOf(w)), w];
      if (state.get(w) === undefined) {
        const found = visit(w);
        if (found) return found;
      }
    }
    path.pop();
    state.set(v, "done");
    return undefined;
  };
  for (const v of [...g.keys()].sort()) {
    if (state.get(v) !== undefined) continue;
    const found = visit(v);
    if (found) return found;
  }
  return undefined;
}

/** For a floor cycle, one file import behind each of its edges. */
function witnesses(g: Graph, cycle: string[]): string[] {
  return cycle.slice(1).map((to, i) => {
    const from = cycle[i];
    for (const [f, ts] of g) {
      const t = ts.find((t) => floorOf(f) === from && floorOf(t) === to);
      if (t) return `${f} -> ${t}`;
    }
    return `${from} -> ${to}`;
  });
}

Deno.test("cycleOf() finds a cycle and returns undefined on a DAG", () => {
  const dag: Graph = new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]);
  assert.equal(cycleOf(dag), undefined);
  const loop: Graph = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["b"]]]);
  assert.deepEqual(cycleOf(loop), ["b", "c", "b"]);
});

Deno.test("no lib/ file imports itself back through other files", () => {
  assert.deepEqual(cycleOf(libGraph()), undefined);
});

Deno.test("no lib/ folder imports a folder that imports it back (floors form a DAG)", () => {
  const g = libGraph();
  const floors = floorGraph(g);
  assert.ok(floors.size >= 20, `only ${floors.size} floors found: the scan is broken`);
  const cycle = cycleOf(floors);
  assert.deepEqual(cycle && witnesses(g, cycle), undefined);
});

Deno.test("the ground floor lib/base/ imports only itself", () => {
  const g = libGraph();
  assert.ok(GROUND.length >= 20, `only ${GROUND.length} files in lib/base/: the scan is broken`);
  const problems = GROUND.flatMap((f) => {
    assert.ok(g.has(f), `${f} is gone: update GROUND`);
    return g.get(f)!.filter((t) => !GROUND.includes(t)).map((t) => `${f} -> ${t}`);
  });
  assert.deepEqual(problems, []);
});

Deno.test("a private _name.ts is imported only from its own folder or below", () => {
  const problems: string[] = [];
  for (const [f, ts] of libGraph()) {
    for (const t of ts) {
      const name = t.split("/").pop()!;
      if (name.startsWith("_") && !(dirname(f) + "/").startsWith(dirname(t) + "/")) {
        problems.push(`${f} -> ${t}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

/**
 * The rank of each floor of docs/ARCHITECTURE.md's table ("Floors: who may import whom"): ground
 * 0, core 10 + its position in the arrow order, parts 20, output 30 (`repro/` 32), top 40.
 */
function floorRanks(): Map<string, number> {
  const text = Deno.readTextFileSync(new URL("../../docs/ARCHITECTURE.md", import.meta.url));
  const floors = ["ground", "core", "parts", "output", "top"];
  const rank = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = /^\| (ground|core|parts|output|top)\s*\|([^|]*)\|/.exec(line);
    if (m === null) continue;
    const base = 10 * floors.indexOf(m[1]);
    const names = [...m[2].matchAll(/`([^`]+)`/g)].map((x) => x[1].replace(/\/$/, ""));
    if (m[1] === "ground") rank.set("lib/base", base);
    else if (m[1] === "top") rank.set("lib/cli", base);
    else {
      names.forEach((n, i) =>
        rank.set(`lib/${n}`, base + (m[1] === "core" ? i : n === "repro" ? 2 : 0))
      );
    }
  }
  return rank;
}

Deno.test("no import runs up a floor of docs/ARCHITECTURE.md's table, and every lib/ folder has a floor", () => {
  const rank = floorRanks();
  assert.ok(rank.size >= 20, `only ${rank.size} floors read from docs/ARCHITECTURE.md`);
  const up: string[] = [];
  const unplaced = new Set<string>();
  for (const [f, ts] of libGraph()) {
    const a = floorOf(f);
    if (a === "lib/mod.ts") continue;
    if (!rank.has(a)) unplaced.add(a);
    for (const t of ts) {
      const b = floorOf(t);
      if (!rank.has(b)) unplaced.add(b);
      if (a !== b && (rank.get(b) ?? 0) > (rank.get(a) ?? 0)) up.push(`${f} -> ${t}`);
    }
  }
  assert.deepEqual([...unplaced].sort(), [], "folders missing from the floor table");
  assert.deepEqual(up, []);
});
