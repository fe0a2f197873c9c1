"""OPT_P(B) of a memaudit package with scipy's HiGHS (scipy.optimize.milp), a second yardstick of
bench/cert_vs_cbc.ts beside CBC: the same MILP as bench/reference/cbc_solve.py (binary x_u, y_r in
[0, 1], maximise sum_r w_r y_r subject to the budget row, y_r <= sum_u a_ur x_u, at most k
candidates per experience), solved by HiGHS compiled natively (scipy's build) at zero gap.

Usage: python3 bench/reference/highs_solve.py PACKAGE.json BUDGET K
Prints one JSON line: status, objective, solve seconds (HiGHS only), scipy's version.
"""
import json
import os
import sys
import time

import numpy as np
import scipy
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix


def main() -> None:
    path, budget, k = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    with open(path, encoding="utf-8") as fh:
        pkg = json.load(fh)
    cands = pkg["candidates"]
    col = {c["id"]: i for i, c in enumerate(cands)}
    weight = {u["id"]: float(u.get("weight", 0)) for u in pkg["units"]}
    cover: dict[str, list] = {}
    for cell in pkg["coverage"]:
        if cell["value"] > 0 and weight.get(cell["unit"], 0) > 0:
            cover.setdefault(cell["unit"], []).append((col[cell["candidate"]], cell["value"]))
    units = list(cover)
    n, m = len(cands), len(units)
    c = np.concatenate([np.zeros(n), -np.array([weight[u] for u in units])])
    rows, cols, vals, lo, hi = [], [], [], [], []
    r = 0
    for j, u in enumerate(units):  # y_j - sum a x <= 0
        rows.append(r); cols.append(n + j); vals.append(1.0)
        for i, a in cover[u]:
            rows.append(r); cols.append(i); vals.append(-a)
        lo.append(-np.inf); hi.append(0.0); r += 1
    for i, cd in enumerate(cands):  # budget
        rows.append(r); cols.append(i); vals.append(float(cd["cost"]))
    lo.append(-np.inf); hi.append(budget); r += 1
    groups: dict[str, list] = {}
    for i, cd in enumerate(cands):
        groups.setdefault(cd["experience"], []).append(i)
    for members in groups.values():
        if len(members) > k:
            for i in members:
                rows.append(r); cols.append(i); vals.append(1.0)
            lo.append(-np.inf); hi.append(float(k)); r += 1
    a = coo_matrix((vals, (rows, cols)), shape=(r, n + m)).tocsr()
    integrality = np.concatenate([np.ones(n), np.zeros(m)])
    t0 = time.perf_counter()
    res = milp(c, constraints=LinearConstraint(a, lo, hi), integrality=integrality,
               bounds=Bounds(0, 1), options={"mip_rel_gap": 0, **({"time_limit": float(os.environ["BENCH_TIME_LIMIT"])}
                                             if os.environ.get("BENCH_TIME_LIMIT") else {})})
    seconds = time.perf_counter() - t0
    print(json.dumps({
        "status": "Optimal" if res.status == 0 else f"status {res.status}",
        "objective": None if res.fun is None else -res.fun,
        "seconds": seconds,
        "scipy": scipy.__version__,
    }))


if __name__ == "__main__":
    main()
