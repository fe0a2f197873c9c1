#!/usr/bin/env bash
# Wall time, CPU time and machine load of one `./run test` (docs/testing.md):
#   bench/time_tests.sh quick|full [LOG]
# quick: the default tier; full: MEMAUDIT_TEST_FULL=1 (what .ci/run runs). The test output goes
# to LOG (default /tmp/memaudit_test_TIER.log); the summary lines, to stdout:
#   wall and CPU (user + sys of every process of the run, from /usr/bin/time), the 1-minute load
#   average before, after, and its mean over samples every 10 s, and the number of cores.
# CPU / wall above 1 means the run kept more than one core busy; a load above the core count means
# other work competed for them.
set -euo pipefail
cd "$(dirname "$0")/.."
tier="${1:-quick}"
log="${2:-/tmp/memaudit_test_$tier.log}"
case "$tier" in
quick) unset MEMAUDIT_TEST_FULL ;;
full) export MEMAUDIT_TEST_FULL=1 ;;
*)
  echo "time_tests: expected quick or full, got '$tier'" >&2
  exit 2
  ;;
esac
load1() { cut -d' ' -f1 /proc/loadavg; }
samples="$(mktemp)"
(while sleep 10; do load1 >>"$samples"; done) &
sampler=$!
trap 'kill "$sampler" 2>/dev/null || true; rm -f "$samples"' EXIT
before="$(load1)"
times="$(mktemp)"
set +e
NO_COLOR=1 /usr/bin/time -f '%e %U %S' -o "$times" ./run test >"$log" 2>&1
code=$?
set -e
after="$(load1)"
read -r wall user sys < <(tail -n 1 "$times")
rm -f "$times"
mean="$(awk '{ s += $1; n++ } END { if (n) printf "%.1f", s / n; else print "n/a" }' "$samples")"
echo "tier: $tier (exit $code; log $log)"
echo "last line: $(grep -E '(passed|failed)' "$log" | tail -1)"
awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {
  printf "wall: %.0f s (%.1f min); CPU: %.0f s (user %.0f + sys %.0f), CPU/wall %.2f\n",
    w, w / 60, u + s, u, s, (u + s) / w }'
echo "load (1 min avg): before $before, after $after, mean $mean over the run; cores: $(nproc)"
exit "$code"
