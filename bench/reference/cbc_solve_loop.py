"""OPT_P(B) of every package of a folder with PuLP and CBC, in ONE Python process (the
yardstick of bench/solve_batch.ts, against `memaudit solve DIR`).

Reads DIR's *.json packages in sorted name order and solves each at each of its own `budgets`
with group cap K: the model of bench/reference/cbc_solve.py (solve_package), CBC at zero gap
(the cbc on PATH, Debian's, before PuLP's bundled one, as there).
PuLP writes each model to a file and runs the cbc binary on it, so every solve still starts a
cbc process; Python, PuLP and the model code start once.

Usage: python3 bench/reference/cbc_solve_loop.py DIR K
Prints one JSON line per (package, budget): file, package id, budget, status, objective,
seconds (CBC's solve call only), which CBC.
"""
import json
import os
import sys

from cbc_solve import cbc_solver, solve_package


def main() -> None:
    folder, k = sys.argv[1], int(sys.argv[2])
    solver, which = cbc_solver()
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as fh:
            pkg = json.load(fh)
        for budget in pkg.get("budgets", []):
            ans = solve_package(pkg, float(budget), k, solver)
            print(json.dumps({"file": path, "package": pkg["id"], "budget": budget, **ans,
                              "cbc": which}))


if __name__ == "__main__":
    main()
