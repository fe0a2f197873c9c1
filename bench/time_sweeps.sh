#!/usr/bin/env bash
# Whole-process wall times of the sweeps (issue 3, "Must show"), with hyperfine:
#   bench/time_sweeps.sh [exact|stress|linear|all] [RUNS]
# - exact:  the 500-seed exact sweep (ARTIFACT-SPEC §4.2, 20,000 rows): ours with 1 lane (the main
#           thread) and 2 workers, vs the pure-Python reference (bench/reference/sweep.py) on
#           python3 (3.11, on PATH) and, if pyenv has it, 3.12.1 (the artifact's float semantics).
# - stress: the 160,000-row stress run (§4.3): ours with 1 lane and 2 workers; Python 3.11 once.
# - linear: our exact sweep at 100, 200, 500 and 1,000 seeds, 1 lane.
# Results: markdown and JSON in ${BENCH_OUT:-/tmp/bench_sweeps}; load before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
runs="${2:-10}"
out="${BENCH_OUT:-/tmp/bench_sweeps}"
mkdir -p "$out"
ours="deno run -A scripts/sweep.ts --quiet --out $out/run"
exact="--seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20"
stress="--distributions stress --methods stress --seeds 500 --budgets 0.02,0.05,0.10,0.20"
py312=()
if PYENV_VERSION=3.12.1 python3 -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null; then
  py312=(-n "python 3.12 reference" "PYENV_VERSION=3.12.1 python3 bench/reference/sweep.py $exact --out $out/run --quiet")
fi
deno cache scripts/sweep.ts >/dev/null 2>&1 || true
echo "start: $(nproc) cores, $(uptime)"
case "$what" in
exact | all)
  hyperfine --runs "$runs" --warmup 1 --prepare "rm -rf $out/run" \
    --export-markdown "$out/exact.md" --export-json "$out/exact.json" \
    -n "ours, 1 lane" "$ours $exact --workers 1" \
    -n "ours, 2 workers" "$ours $exact --workers 2"
  hyperfine --runs 3 --prepare "rm -rf $out/run" \
    --export-markdown "$out/exact_python.md" --export-json "$out/exact_python.json" \
    -n "python 3.11 reference" "python3 bench/reference/sweep.py $exact --out $out/run --quiet" \
    "${py312[@]}"
  ;;&
stress | all)
  hyperfine --runs "$(((runs + 1) / 2))" --prepare "rm -rf $out/run" \
    --export-markdown "$out/stress.md" --export-json "$out/stress.json" \
    -n "ours, 1 lane" "$ours $stress --workers 1" \
    -n "ours, 2 workers" "$ours $stress --workers 2"
  hyperfine --runs 1 --prepare "rm -rf $out/run" \
    --export-markdown "$out/stress_python.md" --export-json "$out/stress_python.json" \
    -n "python 3.11 reference" "python3 bench/reference/sweep.py $stress --out $out/run --quiet"
  ;;&
linear | all)
  hyperfine --runs "$runs" --warmup 1 --prepare "rm -rf $out/run" \
    --export-markdown "$out/linear.md" --export-json "$out/linear.json" \
    -L seeds 100,200,500,1000 -n "ours, {seeds} seeds, 1 lane" \
    "$ours --seeds {seeds} --budgets 0.01,0.02,0.05,0.10,0.20 --workers 1"
  ;;
esac
echo "end: $(uptime)"
