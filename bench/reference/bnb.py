#!/usr/bin/env python3
"""Pure-Python reference branch-and-bound (ARTIFACT-SPEC section 5.1).

Written for this project from the spec text: a deliberately straightforward
implementation, the yardstick of the "at least 50x faster" target of issue 2.

- Groups ordered by (min time index, experience id); candidates in a group
  by (cost, id); children of a node: "discard the group" first, then the
  group's candidates by (-F({c}), cost, id), skipping those that do not fit.
- Suffix bound: val(totals + S_i) with S_i[r] the sum over groups j >= i of
  the largest coverage of r in group j (weighted units only); budget-blind.
- Totals are dicts copied at every child; F is fully recomputed over the
  weight map in insertion order: F = sum_r w_r * min(1, z_r). The artifact
  sums with the built-in sum(), which CPython 3.12+ compensates (Neumaier):
  run with 3.12+ for bit-identical F; on 3.11 the same plain loop is used.
- Prune if optimistic + 1e-12 < best; a leaf replaces the incumbent if
  v > best + 1e-12, or |v - best| <= 1e-12 at a lower cost.

Usage:
  python3 bench/reference/bnb.py PACKAGES.json [--reps 3] [--out TIMES.json]
      [--sum auto|loop|builtin]

PACKAGES.json is written by bench/export_packages.ts: {"sets": [{"name",
"packages": [{"id", "budgets", "weights": [[unit, w], ...], "candidates":
[{"id", "experience", "time", "cost", "rep", "coverage": [[unit, a], ...]}]}]}]}.
The output has, per set, one record per (package, budget): objective, store,
nodes and the median wall time in milliseconds over the repetitions.
"""

import argparse
import json
import statistics
import sys
import time

TOL = 1e-12


def value_loop(weights, totals):
    """F for coverage totals: w * min(1, z) over the weight map, in its order, added left to right."""
    s = 0.0
    for r, w in weights.items():
        s += w * min(1.0, totals.get(r, 0.0))
    return s


def value_builtin(weights, totals):
    """F with the built-in sum(), as the artifact: compensated (Neumaier) from CPython 3.12 on."""
    return sum([w * min(1.0, totals.get(r, 0.0)) for r, w in weights.items()])


# The artifact sums F with sum(); on CPython <= 3.11 that is the plain
# left-to-right loop (the loop is faster), on 3.12+ it is compensated and only
# sum() reproduces the artifact's last bits. Override with use_summation().
value = value_builtin if sys.version_info >= (3, 12) else value_loop


def use_summation(mode):
    """Selects F's summation: "auto" (the default above), "loop" or "builtin"."""
    global value
    if mode == "loop":
        value = value_loop
    elif mode == "builtin":
        value = value_builtin
    else:
        value = value_builtin if sys.version_info >= (3, 12) else value_loop


def ordered_groups(candidates):
    """Groups by (min time, experience id); candidates inside by (cost, id)."""
    groups = {}
    for c in candidates:
        groups.setdefault(c["experience"], []).append(c)
    keys = sorted(groups, key=lambda e: (min(c["time"] for c in groups[e]), e))
    return [sorted(groups[e], key=lambda c: (c["cost"], c["id"])) for e in keys]


def solve_bnb(candidates, weights, budget):
    """Exact OPT by depth-first B&B with the suffix bound.

    Returns (best value, selected ids in DFS path order, their cost, nodes).
    """
    groups = ordered_groups(candidates)
    n_groups = len(groups)

    suffix = [None] * (n_groups + 1)
    suffix[n_groups] = {}
    for i in range(n_groups - 1, -1, -1):
        best_cov = {}
        for c in groups[i]:
            for r, a in c["coverage"].items():
                if r in weights and a > best_cov.get(r, 0.0):
                    best_cov[r] = a
        s = dict(suffix[i + 1])
        for r, a in best_cov.items():
            s[r] = s.get(r, 0.0) + a
        suffix[i] = s

    children = []
    for g in groups:
        children.append(sorted(g, key=lambda c: (-value(weights, c["coverage"]), c["cost"], c["id"])))

    best = {"value": 0.0, "ids": (), "cost": 0, "nodes": 0}

    def dfs(i, used, ids, totals):
        best["nodes"] += 1
        optimistic_totals = dict(totals)
        for r, a in suffix[i].items():
            optimistic_totals[r] = optimistic_totals.get(r, 0.0) + a
        if value(weights, optimistic_totals) + TOL < best["value"]:
            return
        if i == n_groups:
            v = value(weights, totals)
            if v > best["value"] + TOL or (abs(v - best["value"]) <= TOL and used < best["cost"]):
                best["value"] = v
                best["ids"] = ids
                best["cost"] = used
            return
        dfs(i + 1, used, ids, totals)
        for c in children[i]:
            if used + c["cost"] > budget:
                continue
            new_totals = dict(totals)
            for r, a in c["coverage"].items():
                new_totals[r] = new_totals.get(r, 0.0) + a
            dfs(i + 1, used + c["cost"], ids + (c["id"],), new_totals)

    dfs(0, 0, (), {})
    return best["value"], list(best["ids"]), best["cost"], best["nodes"]


def load_package(p):
    """A package of the exported JSON as (candidates with dict coverage, ordered weights)."""
    weights = {}
    for r, w in p["weights"]:
        weights[r] = w
    candidates = []
    for c in p["candidates"]:
        c = dict(c)
        c["coverage"] = dict((r, a) for r, a in c["coverage"])
        candidates.append(c)
    return candidates, weights


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("packages")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out")
    ap.add_argument("--sum", choices=["auto", "loop", "builtin"], default="auto")
    args = ap.parse_args(argv)
    use_summation(args.sum)
    with open(args.packages) as f:
        data = json.load(f)
    out = {"python": sys.version.split()[0], "reps": args.reps, "sum": value.__name__, "sets": {}}
    t_all = time.perf_counter()
    for s in data["sets"]:
        records = []
        for p in s["packages"]:
            candidates, weights = load_package(p)
            for budget in p["budgets"]:
                times = []
                for _ in range(args.reps):
                    t0 = time.perf_counter()
                    v, ids, cost, nodes = solve_bnb(candidates, weights, budget)
                    times.append((time.perf_counter() - t0) * 1000)
                records.append({
                    "id": p["id"], "budget": budget, "objective": v, "store": ids,
                    "cost": cost, "nodes": nodes, "ms": statistics.median(times),
                })
        out["sets"][s["name"]] = records
        ms = [r["ms"] for r in records]
        print(f"{s['name']}: {len(records)} solves, median {statistics.median(ms):.3f} ms, "
              f"max {max(ms):.1f} ms", file=sys.stderr)
    out["total_sec"] = time.perf_counter() - t_all
    text = json.dumps(out)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    main(sys.argv[1:])
