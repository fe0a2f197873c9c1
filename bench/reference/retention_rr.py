"""pandas reference for `memaudit retention rr` (bench/vs_pandas.ts, issue 22 item 5).

Reads the facts table (user,fact,type,t_start,t_target) and the presence table
(user,fact,session,present), checks what memaudit checks (known facts, sessions in
the lifespan, present 0/1, each (fact, session) once), and computes per user the
pooled exact retention (held / lifespan over all facts), the per-fact macro average
and the K-checkpoint estimate with the benchmark's artifact reweighting (checkpoints
round(i (n-1)/(K-1)) half to even, replicas round(n / samples) half to even); the
benchmark value is the mean over users. Prints the benchmark values as JSON.

Usage: python3 retention_rr.py FACTS.csv PRESENCE.csv [K]
"""
import json
import sys

import numpy as np
import pandas as pd


def main(facts_path: str, presence_path: str, k: int = 20) -> None:
    facts = pd.read_csv(facts_path, dtype={"user": str, "fact": str})
    pres = pd.read_csv(presence_path, dtype={"user": str, "fact": str})
    if facts.duplicated(["user", "fact"]).any():
        raise SystemExit("facts: a (user, fact) repeats")
    facts["n"] = facts["t_target"] - facts["t_start"] + 1
    rows = pres.merge(facts[["user", "fact", "t_start", "t_target", "n"]],
                      on=["user", "fact"], how="left", indicator=True)
    if (rows["_merge"] != "both").any():
        raise SystemExit("presence: a fact not in the facts table")
    if ((rows["session"] < rows["t_start"]) | (rows["session"] > rows["t_target"])).any():
        raise SystemExit("presence: a session outside the lifespan")
    if not rows["present"].isin([0, 1]).all():
        raise SystemExit("presence: present other than 0 / 1")
    if rows.duplicated(["user", "fact", "session"]).any():
        raise SystemExit("presence: a (fact, session) repeats")

    off = (rows["session"] - rows["t_start"]).to_numpy()
    n = rows["n"].to_numpy()
    # A row is a checkpoint when n <= K, or when rint(i (n-1)/(K-1)) = offset for an i.
    step = np.where(n > k, (n - 1) / (k - 1), 1.0)
    i0 = np.floor(off / step)
    hit = (np.rint(i0 * step) == off) | (np.rint((i0 + 1) * step) == off)
    rows["sampled_held"] = np.where((n <= k) | hit, rows["present"], 0)
    per_fact = rows.groupby(["user", "fact"], sort=False)[["present", "sampled_held"]].sum()
    f = facts.set_index(["user", "fact"]).join(per_fact).fillna({"present": 0, "sampled_held": 0})
    f["samples"] = np.minimum(f["n"], k)
    f["replicas"] = np.rint(f["n"] / f["samples"])
    f["exact"] = f["present"] / f["n"]
    f["rep_held"] = f["sampled_held"] * f["replicas"]
    f["rep_total"] = f["samples"] * f["replicas"]
    users = f.groupby(level="user").agg(held=("present", "sum"), life=("n", "sum"),
                                        per_fact=("exact", "mean"),
                                        rep_held=("rep_held", "sum"),
                                        rep_total=("rep_total", "sum"))
    print(json.dumps({
        "users": len(users),
        "pooled_exact": float((users["held"] / users["life"]).mean()),
        f"pooled_k{k}": float((users["rep_held"] / users["rep_total"]).mean()),
        "per_fact_exact": float(users["per_fact"].mean()),
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 20)
