#!/usr/bin/env python3
"""Pure-Python reference of the exact budget sweep and the stress suite.

Written for this project from ARTIFACT-SPEC sections 3, 4, 5.1 and 6 alone:
a straightforward single-process implementation, the yardstick of issue 3
("ours at least 20x faster as a whole process") and an independent
cross-check of our sweep's aggregate table (bench/compare_sweep.ts).

- Distributions (section 3): base (Random(s)) and the stress distributions
  update_chain, temporal_interval, density_trap, scope_shift,
  summary_tradeoff, redundancy_heavy, abstention_hard (Random((s + 1) *
  1,000,003 + salt)). Python's own `random` is the artifact's stream.
- Budgets (4.1): fractions of the mean total candidate cost of the run,
  round half to even, at least 1.
- Methods (4.4): opt and no_tombstone_opt (B&B of bench/reference/bnb.py),
  oracle_gvt, no_tombstone_gvt, density_only, greedy (also the reference
  value of every row), fact_only, summary_only, recency_raw, reservoir_raw.
- Scoring (6.1-6.3): safe ratios, invalidation/current/stale coverage;
  aggregates per (distribution, budget, method) with the bootstrap of 6.2
  (Random(0) per group, 1,000 resamples, sorted means [24] and [975]).

Writes OUT/raw_results.jsonl (one row per (instance, budget, method), keys
sorted) and OUT/summary.json (aggregate rows), prints the aggregate table.

Usage:
  python3 bench/reference/sweep.py --out DIR [--distributions base|stress|a,b]
      [--seeds 500] [--budgets 0.01,0.02,0.05,0.10,0.20] [--methods exact|stress|a,b]
      [--sum auto|loop|builtin]
"""

import argparse
import json
import os
import random
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bnb  # noqa: E402  (the reference B&B and F)

TOL = 1e-12

STRESS = ["base", "update_chain", "temporal_interval", "density_trap", "scope_shift",
          "summary_tradeoff", "redundancy_heavy", "abstention_hard"]
EXACT_METHODS = ["opt", "oracle_gvt", "density_only", "recency_raw", "summary_only",
                 "fact_only", "no_tombstone_gvt", "no_tombstone_opt"]
STRESS_METHODS = ["opt", "oracle_gvt", "density_only", "greedy", "recency_raw", "reservoir_raw",
                  "summary_only", "fact_only", "no_tombstone_gvt", "no_tombstone_opt"]
VALIDITY_TYPES = {"tombstone", "compound_update"}
SALTS = {"density_trap": 11, "scope_shift": 23, "summary_tradeoff": 37, "redundancy_heavy": 41,
         "abstention_hard": 53}


# --- instances ---------------------------------------------------------------------------------

class Instance:
    """Candidates (dicts), ordered weights and the unit lists of the update metrics."""

    def __init__(self, instance_id, seed, distribution):
        self.instance_id = instance_id
        self.seed = seed
        self.distribution = distribution
        self.candidates = []
        self.weights = {}
        self.current = []
        self.invalidation = []
        self.stale = []

    def add(self, experience, variant, rep, cost, coverage, time_index, cand_id=None):
        self.candidates.append({
            "id": cand_id if cand_id is not None else f"{experience}:{variant}",
            "experience": experience, "rep": rep, "cost": cost,
            "coverage": dict(coverage), "time": time_index,
        })

    def weight(self, unit, w):
        self.weights[unit] = w  # re-assigning keeps the first insertion position

    def weight_once(self, unit, w):
        if unit not in self.weights:
            self.weights[unit] = w


def gen_base(seed):
    rng = random.Random(seed)
    inst = Instance(f"synthetic_seed_{seed}", seed, "base")
    for i in range(3):
        exp = f"s{seed}_fact_{i}"
        u, k = f"fact:{seed}:{i}", f"context:{seed}:{i // 2}"
        inst.weight(u, rng.choice([1.0, 1.2, 1.4]))
        inst.weight_once(k, 0.35)
        raw_cost = 5 + rng.randint(0, 1)
        inst.add(exp, "", "raw_span", raw_cost, {u: 1.0, k: 0.4}, i, f"{exp}_raw_span")
        inst.add(exp, "", "atomic_fact", 2, {u: 1.0}, i, f"{exp}_atomic_fact")
        inst.add(exp, "", "summary", 3, {u: 0.7, k: 0.5}, i, f"{exp}_summary")
    for j in range(2):
        s, c, v = (f"stale:pref:{seed}:{j}:old", f"current:pref:{seed}:{j}:new",
                   f"invalid:pref:{seed}:{j}:old_after_update")
        inst.weight(s, 0.15)
        inst.weight(c, 2.0 + 0.25 * rng.randint(0, 2))
        inst.weight(v, 2.0 + 0.25 * rng.randint(0, 2))
        inst.current.append(c)
        inst.invalidation.append(v)
        inst.stale.append(s)
        old, upd = f"s{seed}_pref_{j}_old", f"s{seed}_pref_{j}_update"
        for rep, cost, cov in (("raw_span", 4, {s: 1.0}), ("atomic_fact", 2, {s: 1.0}),
                               ("summary", 3, {s: 0.75})):
            inst.add(old, "", rep, cost, cov, 3 + 2 * j, f"{old}_{rep}")
        for rep, cost, cov in (("raw_span", 6, {c: 1.0, v: 0.45, s: 0.2}),
                               ("atomic_fact", 2, {c: 1.0}), ("tombstone", 1, {v: 1.0}),
                               ("compound_update", 3, {c: 1.0, v: 1.0}),
                               ("summary", 4, {c: 0.75, v: 0.75, s: 0.1})):
            inst.add(upd, "", rep, cost, cov, 4 + 2 * j, f"{upd}_{rep}")
    return inst


def _prefixed(name, seed):
    inst = Instance(f"{name}_s{seed}", seed, name)
    return inst, f"{name}_s{seed}"


def gen_update_chain(seed):
    inst, p = _prefixed("update_chain", seed)
    n_steps = 3
    ver = [f"{p}:version:{k}" for k in range(n_steps + 1)]
    inv = [f"{p}:invalidates:version:{k}" for k in range(n_steps)]
    inst.weight(ver[0], 0.1)
    for k in range(1, n_steps + 1):
        inst.weight(ver[k - 1], 0.1)
        inst.weight(ver[k], 2.3 if k == n_steps else 0.25)
        inst.weight(inv[k - 1], 1.85)
    e = f"{p}:version_0"
    inst.add(e, "raw_old", "raw_span", 4, {ver[0]: 1.0}, 0)
    inst.add(e, "fact_old", "atomic_fact", 2, {ver[0]: 1.0}, 0)
    inst.add(e, "summary_old", "summary", 3, {ver[0]: 0.7}, 0)
    for k in range(1, n_steps + 1):
        prev, cur, i = ver[k - 1], ver[k], inv[k - 1]
        e = f"{p}:update_{k}"
        inst.add(e, "raw_correction", "raw_span", 5, {cur: 1.0, i: 0.35, prev: 0.15}, k)
        inst.add(e, "current_only", "atomic_fact", 2, {cur: 1.0}, k)
        inst.add(e, "invalidate_only", "tombstone", 1, {i: 1.0}, k)
        inst.add(e, "compound", "compound_update", 3, {cur: 0.95, i: 1.0}, k)
        inst.add(e, "summary_update", "summary", 3, {cur: 0.65, i: 0.65}, k)
    inst.current = [ver[n_steps]]
    inst.invalidation = inv
    inst.stale = ver[:n_steps]
    return inst


def gen_temporal_interval(seed):
    inst, p = _prefixed("temporal_interval", seed)
    n_int, n_close = 5, 2
    for i in range(n_int):
        la, st, en, du = (f"{p}:interval:{i}:{x}" for x in ("label", "start", "end", "duration"))
        for u, w in ((la, 0.9), (st, 0.75), (en, 0.85), (du, 0.55)):
            inst.weight(u, w)
        inst.current += [la, st, en]
        e = f"{p}:interval_{i}"
        inst.add(e, "label_fact", "atomic_fact", 2, {la: 1.0}, i)
        inst.add(e, "endpoint_fact", "interval_fact", 3, {st: 1.0, en: 1.0, du: 0.7}, i)
        inst.add(e, "coarse_summary", "summary", 2, {la: 0.85, st: 0.35, en: 0.35}, i)
        inst.add(e, "raw_interval", "raw_span", 5, {la: 1.0, st: 1.0, en: 1.0, du: 1.0}, i)
    for i in range(n_close):
        o, cl, v = (f"{p}:open_interval:{i}:old", f"{p}:closed_interval:{i}:new_end",
                    f"{p}:invalid_open_interval:{i}")
        for u, w in ((o, 0.1), (cl, 1.4), (v, 1.6)):
            inst.weight(u, w)
        inst.current.append(cl)
        inst.invalidation.append(v)
        inst.stale.append(o)
        e, t = f"{p}:closure_{i}", n_int + i
        inst.add(e, "raw_closure", "raw_span", 5, {cl: 1.0, v: 0.45, o: 0.15}, t)
        inst.add(e, "closed_fact", "atomic_fact", 2, {cl: 1.0}, t)
        inst.add(e, "invalidate_open", "tombstone", 1, {v: 1.0}, t)
        inst.add(e, "compound_closure", "compound_update", 3, {cl: 1.0, v: 1.0}, t)
        inst.add(e, "closure_summary", "summary", 3, {cl: 0.7, v: 0.7}, t)
    return inst


def _salted(name, seed):
    return random.Random((seed + 1) * 1000003 + SALTS[name])


def gen_density_trap(seed):
    rng = _salted("density_trap", seed)
    inst, p = _prefixed("density_trap", seed)
    lure = f"{p}:shared_lure"
    inst.weight(lure, 2.2)
    for i in range(5):
        s, x = f"{p}:specific:{i}", f"{p}:context:{i // 2}"
        inst.weight(s, 1.45 + 0.15 * rng.randrange(3))
        inst.weight_once(x, 0.3)
        e = f"{p}:memory_{i}"
        inst.add(e, "cheap_lure", "atomic_fact", 1, {lure: 0.55, s: 0.05}, i)
        inst.add(e, "specific_fact", "atomic_fact", 2, {s: 1.0}, i)
        inst.add(e, "context_summary", "summary", 3, {s: 0.7, lure: 0.25, x: 0.35}, i)
        inst.add(e, "raw_detail", "raw_span", 4, {s: 1.0, x: 0.6, lure: 0.15}, i)
    return inst


def gen_scope_shift(seed):
    rng = _salted("scope_shift", seed)
    inst, p = _prefixed("scope_shift", seed)
    scopes = ["home", "work", "travel", "medical"]
    g = f"{p}:pref:generic"
    prefs, ctxs = [], []
    for t, x in enumerate(scopes):
        px, cx = f"{p}:pref:{x}", f"{p}:context:{x}"
        inst.weight(px, 1.6 + 0.2 * rng.randrange(3))
        inst.weight(cx, 0.55)
        inst.weight(g, 0.35)
        prefs.append(px)
        ctxs.append(cx)
        e = f"{p}:scope_{x}"
        inst.add(e, "scoped_fact", "atomic_fact", 2, {px: 1.0}, t)
        inst.add(e, "generic_summary", "summary", 2, {g: 0.8, px: 0.35}, t)
        inst.add(e, "scoped_summary", "summary", 3, {px: 0.75, cx: 0.8}, t)
        inst.add(e, "raw_scope", "raw_span", 5, {px: 1.0, cx: 1.0, g: 0.2}, t)
    cov = {}
    for px in prefs:
        cov[px] = 0.42
    for cx in ctxs:
        cov[cx] = 0.35
    inst.add(f"{p}:cross_scope_review", "broad_review", "summary", 4, cov, len(scopes))
    inst.current = prefs
    return inst


def gen_summary_tradeoff(seed):
    rng = _salted("summary_tradeoff", seed)
    inst, p = _prefixed("summary_tradeoff", seed)
    for i in range(5):
        pr, se, cx = f"{p}:primary:{i}", f"{p}:secondary:{i}", f"{p}:context:{i}"
        inst.weight(pr, 1.35 + 0.15 * rng.randrange(3))
        inst.weight(se, 1.0 + 0.1 * rng.randrange(2))
        inst.weight(cx, 0.35)
        e = f"{p}:episode_{i}"
        inst.add(e, "primary_fact", "atomic_fact", 2, {pr: 1.0}, i)
        inst.add(e, "secondary_fact", "atomic_fact", 2, {se: 1.0}, i)
        inst.add(e, "compressed_summary", "summary", 2, {pr: 0.45, se: 0.45, cx: 0.25}, i)
        inst.add(e, "balanced_summary", "summary", 3, {pr: 0.72, se: 0.72, cx: 0.45}, i)
        inst.add(e, "raw_episode", "raw_span", 5, {pr: 1.0, se: 1.0, cx: 0.85}, i)
    return inst


def gen_redundancy_heavy(seed):
    rng = _salted("redundancy_heavy", seed)
    inst, p = _prefixed("redundancy_heavy", seed)
    core = f"{p}:core"
    inst.weight(core, 2.4)
    for i in range(5):
        t, lo = f"{p}:tail:{i}", f"{p}:local:{i // 2}"
        inst.weight(t, 1.0 + 0.15 * rng.randrange(3))
        inst.weight_once(lo, 0.3)
        e = f"{p}:redundant_{i}"
        inst.add(e, "core_fact", "atomic_fact", 2, {core: 0.85}, i)
        inst.add(e, "tail_fact", "atomic_fact", 2, {t: 1.0}, i)
        inst.add(e, "core_tail_summary", "summary", 3, {core: 0.6, t: 0.8, lo: 0.25}, i)
        inst.add(e, "raw_redundant", "raw_span", 4, {core: 1.0, t: 1.0, lo: 0.4}, i)
    return inst


def gen_abstention_hard(seed):
    rng = _salted("abstention_hard", seed)
    inst, p = _prefixed("abstention_hard", seed)
    for i in range(5):
        e = f"{p}:question_{i}"
        if i % 2 == 0:
            ab, cf, un = f"{p}:abstain:{i}", f"{p}:conflict:{i}", f"{p}:unsupported_answer:{i}"
            inst.weight(ab, 2.0 + 0.15 * rng.randrange(3))
            inst.weight(cf, 0.9)
            inst.weight(un, 0.05)
            inst.current += [ab, cf]
            inst.stale.append(un)
            inst.add(e, "overconfident_fact", "atomic_fact", 2, {un: 1.0}, i)
            inst.add(e, "abstain_marker", "abstention", 1, {ab: 1.0}, i)
            inst.add(e, "conflict_marker", "uncertainty", 2, {ab: 0.8, cf: 1.0}, i)
            inst.add(e, "raw_conflict", "raw_span", 4, {ab: 0.9, cf: 1.0, un: 0.1}, i)
            inst.add(e, "ambiguous_summary", "summary", 3, {ab: 0.65, cf: 0.7}, i)
        else:
            an, ev, na = f"{p}:answer:{i}", f"{p}:evidence:{i}", f"{p}:unneeded_abstain:{i}"
            inst.weight(an, 1.75 + 0.15 * rng.randrange(2))
            inst.weight(ev, 0.55)
            inst.weight(na, 0.2)
            inst.current.append(an)
            inst.add(e, "answer_fact", "atomic_fact", 2, {an: 1.0}, i)
            inst.add(e, "unneeded_abstain", "abstention", 1, {na: 1.0}, i)
            inst.add(e, "evidence_summary", "summary", 3, {an: 0.75, ev: 0.8}, i)
            inst.add(e, "raw_answer", "raw_span", 4, {an: 1.0, ev: 1.0}, i)
    return inst


GENERATORS = {
    "base": gen_base, "update_chain": gen_update_chain, "temporal_interval": gen_temporal_interval,
    "density_trap": gen_density_trap, "scope_shift": gen_scope_shift,
    "summary_tradeoff": gen_summary_tradeoff, "redundancy_heavy": gen_redundancy_heavy,
    "abstention_hard": gen_abstention_hard,
}


# --- objective helpers -------------------------------------------------------------------------

def added(totals, coverage):
    t = dict(totals)
    for r, a in coverage.items():
        t[r] = t.get(r, 0.0) + a
    return t


def totals_of(selection):
    t = {}
    for c in selection:
        t = added(t, c["coverage"])
    return t


# --- writers (section 4.4) ---------------------------------------------------------------------

def gvt(candidates, weights, budget):
    groups = bnb.ordered_groups(candidates)
    grid = {0.0}
    for c in candidates:
        if c["cost"] <= budget:
            grid.add(bnb.value(weights, c["coverage"]) / max(c["cost"], 1e-12))
    best_f, best_sel, best_cost = -1.0, [], 0
    for lam in sorted(grid, reverse=True):
        totals, used, sel, cur = {}, 0, [], 0.0
        for g in groups:
            pick = None
            for c in g:
                if used + c["cost"] > budget:
                    continue
                d = bnb.value(weights, added(totals, c["coverage"])) - cur
                if d > TOL and d / c["cost"] + TOL >= lam:
                    key = (d, -c["cost"], c["id"])
                    if pick is None or key > pick[0]:
                        pick = (key, c)
            if pick is not None:
                c = pick[1]
                totals = added(totals, c["coverage"])
                used += c["cost"]
                sel.append(c)
                cur = bnb.value(weights, totals)
        f = bnb.value(weights, totals)
        if f > best_f + TOL or (abs(f - best_f) <= TOL and used < best_cost):
            best_f, best_sel, best_cost = f, sel, used
    return best_sel


def density_only(candidates, weights, budget):
    totals, used, sel, cur = {}, 0, [], 0.0
    for g in bnb.ordered_groups(candidates):
        pick = None
        for c in g:
            if used + c["cost"] > budget:
                continue
            d = bnb.value(weights, added(totals, c["coverage"])) - cur
            if d > TOL:
                key = (d / c["cost"], d, -c["cost"], c["id"])
                if pick is None or key > pick[0]:
                    pick = (key, c)
        if pick is not None:
            c = pick[1]
            totals = added(totals, c["coverage"])
            used += c["cost"]
            sel.append(c)
            cur = bnb.value(weights, totals)
    return sel


def greedy(candidates, weights, budget):
    totals, used, sel, cur, groups = {}, 0, [], 0.0, set()
    while True:
        pick = None
        for c in candidates:
            if c["experience"] in groups or used + c["cost"] > budget:
                continue
            d = bnb.value(weights, added(totals, c["coverage"])) - cur
            if d > TOL:
                key = (d / c["cost"], d, -c["cost"], c["id"])
                if pick is None or key > pick[0]:
                    pick = (key, c)
        if pick is None:
            return sel
        c = pick[1]
        totals = added(totals, c["coverage"])
        used += c["cost"]
        groups.add(c["experience"])
        sel.append(c)
        cur = bnb.value(weights, totals)


def poly_hash(text):
    h = 0
    for b in text.encode("utf-8"):
        h = (h * 131 + b) % 1000000007
    return h


def raw_scan(ordered, budget):
    used, sel, groups = 0, [], set()
    for c in ordered:
        if c["experience"] in groups or used + c["cost"] > budget:
            continue
        used += c["cost"]
        groups.add(c["experience"])
        sel.append(c)
    return sel


def recency_raw(candidates, weights, budget):
    raws = [c for c in candidates if c["rep"] in ("raw", "raw_span")]
    return raw_scan(sorted(raws, key=lambda c: (-c["time"], c["cost"], c["id"])), budget)


def reservoir_raw(candidates, weights, budget):
    raws = [c for c in candidates if c["rep"] in ("raw", "raw_span")]
    return raw_scan(sorted(raws, key=lambda c: (poly_hash(c["id"]), c["cost"])), budget)


def opt(candidates, weights, budget):
    by_id = {c["id"]: c for c in candidates}
    _, ids, _, _ = bnb.solve_bnb(candidates, weights, budget)
    return [by_id[i] for i in ids]


def no_tombstone(candidates):
    return [c for c in candidates if c["rep"] not in VALIDITY_TYPES]


METHODS = {
    "opt": lambda cs, w, b: opt(cs, w, b),
    "oracle_gvt": lambda cs, w, b: gvt(cs, w, b),
    "density_only": lambda cs, w, b: density_only(cs, w, b),
    "greedy": lambda cs, w, b: greedy(cs, w, b),
    "fact_only": lambda cs, w, b: greedy([c for c in cs if c["rep"] == "atomic_fact"], w, b),
    "summary_only": lambda cs, w, b: greedy([c for c in cs if c["rep"] == "summary"], w, b),
    "recency_raw": lambda cs, w, b: recency_raw(cs, w, b),
    "reservoir_raw": lambda cs, w, b: reservoir_raw(cs, w, b),
    "no_tombstone_gvt": lambda cs, w, b: gvt(no_tombstone(cs), w, b),
    "no_tombstone_opt": lambda cs, w, b: opt(no_tombstone(cs), w, b),
}


# --- scoring (section 6) -----------------------------------------------------------------------

def safe_ratio(v, d):
    if d is None:
        return None
    if abs(d) <= TOL:
        return 1.0 if abs(v) <= TOL else None
    return v / d


def covered(units, totals):
    return sum([min(1.0, totals.get(r, 0.0)) for r in units])


def mean(values):
    return sum(values) / len(values) if values else 0.0


def bootstrap(values):
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    if n == 1:
        return values[0], values[0]
    rng = random.Random(0)
    means = []
    for _ in range(1000):
        sample = [values[rng.randrange(n)] for _ in range(n)]
        means.append(sum(sample) / n)
    means.sort()
    return means[24], means[975]


def aggregate(rows):
    groups = {}
    for r in rows:
        groups.setdefault((r["distribution"], r["budget"], r["method"]), []).append(r)
    out = []
    for (dist, budget, method) in sorted(groups):
        g = groups[(dist, budget, method)]
        ratios = [r["ratio_to_opt"] for r in g if r["ratio_to_opt"] is not None]
        refs = [r["ratio_to_reference"] for r in g if r["ratio_to_reference"] is not None]
        low, high = bootstrap(ratios)
        out.append({
            "distribution": dist, "budget": budget, "method": method, "n": len(g),
            "mean_objective": mean([r["objective_value"] for r in g]),
            "mean_ratio_to_opt": mean(ratios),
            "bootstrap95_ratio_to_opt_low": low, "bootstrap95_ratio_to_opt_high": high,
            "mean_ratio_to_upper_bound": mean(ratios),
            "mean_ratio_to_reference": mean(refs),
            "mean_selected_cost": mean([r["selected_cost"] for r in g]),
            "mean_invalidation_covered": mean(
                [r["update_metrics"]["invalidation_units_covered"] for r in g]),
            "all_budget_feasible": all(r["budget_feasible"] for r in g),
            "all_group_feasible": all(r["group_feasible"] for r in g),
        })
    return out


# --- run ---------------------------------------------------------------------------------------

def parse_budgets(tokens, instances):
    basis = sum([sum([c["cost"] for c in i.candidates]) for i in instances]) / len(instances)
    out = set()
    for t in tokens:
        x = float(t)
        if 0 < x <= 1 and ("." in t or "e" in t.lower()):
            out.add(max(1, round(x * basis)))
        else:
            out.add(int(t))
    return sorted(out), basis


def row_for(inst, budget, method, sel, seconds, opt_value, ref_value):
    totals = totals_of(sel)
    f = bnb.value(inst.weights, totals)
    cost = sum([c["cost"] for c in sel])
    mix = {}
    for c in sel:
        mix[c["rep"]] = mix.get(c["rep"], 0) + 1
    exps = [c["experience"] for c in sel]
    return {
        "schema_version": 1, "instance_id": inst.instance_id, "seed": inst.seed,
        "distribution": inst.distribution, "budget": budget, "method": method,
        "selected_candidate_ids": [c["id"] for c in sel], "selected_cost": cost,
        "objective_value": f, "denominator_label": "exact_opt",
        "ratio_to_opt": safe_ratio(f, opt_value), "ratio_to_upper_bound": safe_ratio(f, opt_value),
        "ratio_to_reference": safe_ratio(f, ref_value), "optimum_value": opt_value,
        "upper_bound": opt_value, "upper_bound_source": "exact_opt", "reference_value": ref_value,
        "runtime_sec": seconds, "budget_feasible": cost <= budget,
        "group_feasible": len(set(exps)) == len(exps), "representation_mix": mix,
        "update_metrics": {
            "current_units_total": len(inst.current),
            "current_units_covered": covered(inst.current, totals),
            "invalidation_units_total": len(inst.invalidation),
            "invalidation_units_covered": covered(inst.invalidation, totals),
            "stale_units_total": len(inst.stale),
            "stale_positive_units_covered": covered(inst.stale, totals),
            "selected_tombstone_like": sum(1 for c in sel if c["rep"] in VALIDITY_TYPES),
        },
        "policy_metadata": {"reference": "bench/reference/sweep.py"},
    }


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--distributions", default="base")
    ap.add_argument("--seeds", type=int, default=500)
    ap.add_argument("--budgets", default="0.01,0.02,0.05,0.10,0.20")
    ap.add_argument("--methods", default="exact")
    ap.add_argument("--sum", choices=["auto", "loop", "builtin"], default="auto")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    bnb.use_summation(args.sum)
    t_start = time.perf_counter()
    dists = STRESS if args.distributions == "stress" else args.distributions.split(",")
    methods = {"exact": EXACT_METHODS, "stress": STRESS_METHODS}.get(
        args.methods, args.methods.split(","))
    instances = [GENERATORS[d](s) for d in dists for s in range(args.seeds)]
    budgets, basis = parse_budgets(args.budgets.split(","), instances)
    rows = []
    for inst in instances:
        cands, w = inst.candidates, inst.weights
        for budget in budgets:
            t0 = time.perf_counter()
            opt_sel = opt(cands, w, budget)
            opt_sec = time.perf_counter() - t0
            opt_value = bnb.value(w, totals_of(opt_sel))
            ref_value = bnb.value(w, totals_of(greedy(cands, w, budget)))
            for m in methods:
                if m == "opt":
                    sel, sec = opt_sel, opt_sec
                else:
                    t0 = time.perf_counter()
                    sel = METHODS[m](cands, w, budget)
                    sec = time.perf_counter() - t0
                rows.append(row_for(inst, budget, m, sel, sec, opt_value, ref_value))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "raw_results.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps(r, sort_keys=True) + "\n")
    summary = {
        "schema_version": 1, "python": sys.version.split()[0], "sum": bnb.value.__name__,
        "distributions": dists, "budgets": budgets, "budget_basis": basis, "methods": methods,
        "num_rows": len(rows), "by_distribution_budget_method": aggregate(rows),
    }
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        f.write(json.dumps(summary, indent=2, sort_keys=True) + "\n")
    if not args.quiet:
        print(f"sweep.py: {len(rows)} rows, budgets {budgets} (basis {basis}), "
              f"{time.perf_counter() - t_start:.2f} s", file=sys.stderr)
        for a in summary["by_distribution_budget_method"]:
            print(f"{a['distribution']}\t{a['budget']}\t{a['method']}\t{a['mean_ratio_to_opt']:.4f} "
                  f"[{a['bootstrap95_ratio_to_opt_low']:.4f}, "
                  f"{a['bootstrap95_ratio_to_opt_high']:.4f}]")


if __name__ == "__main__":
    main(sys.argv[1:])
