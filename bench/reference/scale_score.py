"""pandas reference for `memaudit scale score` (bench/vs_pandas.ts, issue 22 item 5).

Reads short-form trajectory lines {query_id, scale: {label, n_irr}, agent, system, R,
correct}, and per (agent, system, N_irr) computes n, Pass@B = #{C and R <= B} / n,
p_exh = #{R > B} / n, p_wrong, P90R (nearest rank: numpy's inverted_cdf), mean R, and
95 % percentile-bootstrap intervals over query ids with the given resamples (numpy's
multinomial over id types, as memaudit draws them; linear quantiles); per (agent,
system) the first N_irr with Pass@B < alpha. Prints a JSON summary.

Usage: python3 scale_score.py FILE.jsonl [RESAMPLES] [B] [ALPHA]
"""
import json
import sys

import numpy as np
import pandas as pd


def bootstrap(g: pd.DataFrame, budget: int, resamples: int, rng: np.random.Generator):
    q = g.assign(p=(g["correct"] & (g["R"] <= budget)).astype(int),
                 e=(g["R"] > budget).astype(int), c=1).groupby("query_id")[["c", "p", "e"]].sum()
    types = q.value_counts().reset_index(name="ids")
    draws = rng.multinomial(len(q), types["ids"] / len(q), size=resamples)
    c, p, e = (draws @ types[[k]].to_numpy() for k in ("c", "p", "e"))
    lo, hi = np.quantile(p / c, [0.025, 0.975]), np.quantile(e / c, [0.025, 0.975])
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def main(path: str, resamples: int = 2000, budget: int = 2, alpha: float = 0.7) -> None:
    df = pd.read_json(path, lines=True, dtype={"query_id": str})
    df["n_irr"] = df["scale"].map(lambda s: s["n_irr"])
    if df.duplicated(["agent", "system", "n_irr", "query_id"]).any():
        raise SystemExit("a (query, scale) repeats")
    df["pass"] = df["correct"] & (df["R"] <= budget)
    df["exh"] = df["R"] > budget
    keys = ["agent", "system", "n_irr"]
    groups = df.groupby(keys).agg(n=("R", "size"), pass_at_b=("pass", "mean"),
                                  p_exh=("exh", "mean"), mean_r=("R", "mean"))
    groups["p90r"] = df.groupby(keys)["R"].quantile(0.9, interpolation="lower")
    rng = np.random.default_rng(0)
    if resamples > 0:
        ci = {k: bootstrap(g, budget, resamples, rng) for k, g in df.groupby(keys)}
        groups["pass_low"] = [ci[k][0] for k in groups.index]
        groups["pass_high"] = [ci[k][1] for k in groups.index]
    below = groups[groups["pass_at_b"] < alpha].reset_index()
    first = below.groupby(["agent", "system"])["n_irr"].min()
    print(json.dumps({
        "n": int(len(df)),
        "groups": len(groups),
        "first_group": {k: float(v) for k, v in groups.iloc[0].items()},
        "s_star": {f"{a}/{s}": int(v) for (a, s), v in first.items()},
    }))


if __name__ == "__main__":
    a = sys.argv
    main(a[1], int(a[2]) if len(a) > 2 else 2000, int(a[3]) if len(a) > 3 else 2,
         float(a[4]) if len(a) > 4 else 0.7)
