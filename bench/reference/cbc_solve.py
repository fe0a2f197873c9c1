"""OPT_P(B) of a memaudit package with PuLP and CBC (the yardstick of bench/cert_vs_cbc.ts).

The model is memaudit's MILP (lib/solve/lp_text.ts) written with PuLP: binary x_u, y_r in
[0, 1], maximise sum_r w_r y_r subject to the budget row, y_r <= sum_u a_ur x_u, and at most k
candidates per experience. Explicit unit weights and the default h = min(1, z) only (the
bench's packages). CBC runs with a zero relative gap. `cbc_solver` and `solve_package` are also
the body of the one-process loop bench/reference/cbc_solve_loop.py.

Usage: python3 bench/reference/cbc_solve.py PACKAGE.json BUDGET K
Prints one JSON line: status, objective, solve seconds (CBC only), which CBC.
"""
import json
import os
import shutil
import sys
import time

import pulp


def cbc_solver() -> tuple[pulp.LpSolver, str]:
    """CBC at zero gap, and which one.

    The `cbc` on PATH (Debian's coinor-cbc) first: PuLP's bundled CBC 2.10.3 labels a wrong
    value "Optimal" on some packages; it is used only when no cbc is on PATH, and said so.
    """
    # BENCH_TIME_LIMIT (seconds): CBC's own limit, so a cut run leaves no cbc process behind.
    limit = float(os.environ["BENCH_TIME_LIMIT"]) if os.environ.get("BENCH_TIME_LIMIT") else None
    on_path = shutil.which("cbc")
    if on_path:
        return pulp.COIN_CMD(path=on_path, msg=False, gapRel=0, gapAbs=0), on_path
    return pulp.PULP_CBC_CMD(msg=False, gapRel=0, gapAbs=0), "PuLP's bundled CBC"


def solve_package(pkg: dict, budget: float, k: int, solver: pulp.LpSolver) -> dict:
    """Builds the package's MILP at `budget` and `k` and solves it with `solver`.

    Returns {"status", "objective", "seconds"} (seconds: the solve call only).
    """
    weight = {u["id"]: float(u.get("weight", 0)) for u in pkg["units"]}
    prob = pulp.LpProblem("opt", pulp.LpMaximize)
    x = {c["id"]: pulp.LpVariable(f"x{i}", cat="Binary") for i, c in enumerate(pkg["candidates"])}
    cover: dict[str, list] = {}
    for cell in pkg["coverage"]:
        if cell["value"] > 0:
            cover.setdefault(cell["unit"], []).append((cell["value"], x[cell["candidate"]]))
    y = {}
    for r, (uid, cells) in enumerate(cover.items()):
        if weight[uid] > 0:
            y[uid] = pulp.LpVariable(f"y{r}", lowBound=0, upBound=1)
            prob += y[uid] - pulp.lpSum(a * xv for a, xv in cells) <= 0
    prob += pulp.lpSum(weight[u] * v for u, v in y.items())
    prob += pulp.lpSum(c["cost"] * x[c["id"]] for c in pkg["candidates"]) <= budget
    groups: dict[str, list] = {}
    for c in pkg["candidates"]:
        groups.setdefault(c["experience"], []).append(x[c["id"]])
    for members in groups.values():
        if len(members) > k:
            prob += pulp.lpSum(members) <= k
    t0 = time.perf_counter()
    prob.solve(solver)
    return {
        "status": pulp.LpStatus[prob.status],
        "objective": pulp.value(prob.objective),
        "seconds": time.perf_counter() - t0,
    }


def main() -> None:
    path, budget, k = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    with open(path, encoding="utf-8") as fh:
        pkg = json.load(fh)
    solver, which = cbc_solver()
    print(json.dumps({**solve_package(pkg, budget, k, solver), "cbc": which}))


if __name__ == "__main__":
    main()
