#!/usr/bin/env bash
# A memaudit sweep on a Slurm cluster: one array task per shard, then one merge job.
#
#   bash docs/deploy/slurm-array.sh     # on the login node: submits the shards and the merge
#
# Run on the login node without SLURM_ARRAY_TASK_ID, the script submits itself twice: as a job
# array of $SHARDS tasks (task I runs `memaudit sweep --shard I/$SHARDS`), and as the merge job
# that waits for every task to succeed (--dependency=afterok) and joins the shard folders into
# $OUT with `memaudit merge`: raw_results.jsonl, raw_results.csv and summary.json byte-identical
# to one machine's run. A failed task can be resubmitted alone (sbatch --array=I ...); a task
# that is rerun resumes from its journal.
#
# Settings (environment variables; defaults in brackets):
#   MEMAUDIT_REPO  the repository checkout on a shared file system [the folder above docs/]
#   SHARDS         number of shards [4]
#   OUT            output folder on a shared file system [$MEMAUDIT_REPO/out/runs/exact_500]
#   SWEEP_ARGS     the grid [--seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20]
#   DENO           the deno binary [deno]
#
#SBATCH --job-name=memaudit-sweep
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=01:00:00
#SBATCH --output=memaudit-%A_%a.log
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MEMAUDIT_REPO="${MEMAUDIT_REPO:-$(cd "$here/../.." && pwd)}"
SHARDS="${SHARDS:-4}"
OUT="${OUT:-$MEMAUDIT_REPO/out/runs/exact_500}"
SWEEP_ARGS="${SWEEP_ARGS:---seeds 500 --budgets 0.01,0.02,0.05,0.10,0.20}"
DENO="${DENO:-deno}"
memaudit=("$DENO" run -A --config "$MEMAUDIT_REPO/deno.json" "$MEMAUDIT_REPO/scripts/memaudit.ts")
shards_dir="$OUT.shards"

if [[ "${MEMAUDIT_STEP:-}" == "merge" ]]; then
  # The merge job: every shard folder, in index order.
  dirs=()
  for ((i = 0; i < SHARDS; i++)); do dirs+=("$shards_dir/$i"); done
  exec "${memaudit[@]}" merge "${dirs[@]}" --out "$OUT"
elif [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  # One array task: shard SLURM_ARRAY_TASK_ID of SHARDS. --workers: the cores Slurm gave us.
  # shellcheck disable=SC2086 # SWEEP_ARGS is a list of flags
  exec "${memaudit[@]}" sweep $SWEEP_ARGS --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" \
    --workers "${SLURM_CPUS_PER_TASK:-1}" --out "$shards_dir/$SLURM_ARRAY_TASK_ID" --quiet
else
  # On the login node: submit the array, then the merge after it.
  export MEMAUDIT_REPO SHARDS OUT SWEEP_ARGS DENO
  script="$here/$(basename "${BASH_SOURCE[0]}")"
  array_id=$(sbatch --parsable --export=ALL --array="0-$((SHARDS - 1))" "$script")
  merge_id=$(sbatch --parsable --export=ALL,MEMAUDIT_STEP=merge --job-name=memaudit-merge \
    --dependency="afterok:${array_id%%;*}" "$script")
  echo "submitted: shards ${array_id} (array 0-$((SHARDS - 1))), merge ${merge_id} -> $OUT"
fi
