#!/usr/bin/env bash
# Whole-process wall times of the sweeps (issue 3, "Must show"), with hyperfine:
#   bench/time_sweeps.sh [exact|stress|linear|all] [RUNS]
# - exact:  the 500-seed exact sweep (ARTIFACT-SPEC §4.2, 20,000 rows): ours with 1 and 2
#           workers (B&B knapsack bound, the default, and the artifact's suffix bound) vs the pure-Python reference (bench/reference/sweep.py) on python3 (3.11,
#           on PATH) and, if pyenv has it, 3.12.1 (the artifact's float semantics).
# - stress: the 160,000-row stress run (§4.3): ours with 1 and 2 workers (both bounds),
#           Python 3.11 once.
# - linear: our exact sweep at 100, 200 and 500 seeds, 1 and 2 workers.
# Results: markdown and JSON in ${BENCH_OUT:-/tmp/bench_sweeps}; load before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
runs="${2:-5}"
out="${BENCH_OUT:-/tmp/bench_sweeps}"
mkdir -p "$out"
exact="--seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20"
stress="--distributions stress --methods stress --seeds 500 --budgets 0.02,0.05,0.10,0.20"
py312=()
if PYENV_VERSION=3.12.1 python3 -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null; then
  py312=(-n "python 3.12 reference" --prepare "rm -rf $out/run" \
    "PYENV_VERSION=3.12.1 python3 bench/reference/sweep.py $exact --out $out/run --quiet")
fi
deno cache scripts/sweep.ts >/dev/null 2>&1 || true
echo "start: $(nproc) cores, $(uptime)"
case "$what" in
exact | all)
  hyperfine --runs "$runs" --warmup 1 --export-markdown "$out/exact.md" --export-json "$out/exact.json" \
    -n "ours 1 worker" --prepare "rm -rf $out/run" "deno task sweep $exact --workers 1 --quiet --out $out/run" \
    -n "ours 2 workers" --prepare "rm -rf $out/run" "deno task sweep $exact --workers 2 --quiet --out $out/run" \
    -n "ours 1 worker, suffix bound" --prepare "rm -rf $out/run" "deno task sweep $exact --workers 1 --bound suffix --quiet --out $out/run" \
    -n "ours 2 workers, suffix bound" --prepare "rm -rf $out/run" "deno task sweep $exact --workers 2 --bound suffix --quiet --out $out/run" \
    -n "python 3.11 reference" --prepare "rm -rf $out/run" "python3 bench/reference/sweep.py $exact --out $out/run --quiet" \
    "${py312[@]}"
  ;;&
stress | all)
  hyperfine --runs "$runs" --export-markdown "$out/stress.md" --export-json "$out/stress.json" \
    -n "ours 1 worker" --prepare "rm -rf $out/run" "deno task sweep $stress --workers 1 --quiet --out $out/run" \
    -n "ours 2 workers" --prepare "rm -rf $out/run" "deno task sweep $stress --workers 2 --quiet --out $out/run" \
    -n "ours 1 worker, suffix bound" --prepare "rm -rf $out/run" "deno task sweep $stress --workers 1 --bound suffix --quiet --out $out/run" \
    -n "ours 2 workers, suffix bound" --prepare "rm -rf $out/run" "deno task sweep $stress --workers 2 --bound suffix --quiet --out $out/run"
  hyperfine --runs 1 --export-markdown "$out/stress_python.md" --export-json "$out/stress_python.json" \
    -n "python 3.11 reference" --prepare "rm -rf $out/run" "python3 bench/reference/sweep.py $stress --out $out/run --quiet"
  ;;&
linear | all)
  hyperfine --runs "$runs" --warmup 1 --export-markdown "$out/linear.md" --export-json "$out/linear.json" \
    -L workers 1,2 -L seeds 100,200,500 -n "ours {seeds} seeds, {workers} workers" --prepare "rm -rf $out/run" \
    "deno task sweep --seeds {seeds} --workers {workers} --budgets 0.01,0.02,0.05,0.10,0.20 --quiet --out $out/run"
  ;;
esac
echo "end: $(uptime)"
