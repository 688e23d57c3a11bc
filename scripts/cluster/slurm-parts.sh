#!/bin/bash
# A Slurm job array: each array task solves one part with fairysolve, a last
# job (after all of them) joins the parts.  Submit from the directory holding
# the inputs (a file system the nodes share):
#   sbatch --array=1-8 scripts/cluster/slurm-parts.sh shards 8 OUTDIR FILE...
#   sbatch --array=1-8 scripts/cluster/slurm-parts.sh moves STEP 8 OUTDIR FILE...
# shards N: task K runs --shard K/N; moves STEP N: task K runs first moves
# (K-1)*STEP+1 to K*STEP, task N to the end.  N is given, not taken from the
# array, so that a task submitted again alone (--array=K) solves the same part.
# Then, once the array is done:
#   sbatch --dependency=afterany:JOBID scripts/cluster/slurm-parts.sh merge OUTDIR
# writes OUTDIR/answer.txt (exit status 3: parts missing, named in OUTDIR/merge.err;
# resubmit those tasks with --array=K, the same arguments, and merge again).
# FAIRYSOLVE names the program, FAIRYSOLVE_ARGS adds options (e.g. "--check --hash 4096").
# scripts/check-slurm runs it on a Slurm cluster of one machine.
#SBATCH --job-name=fairysolve
#SBATCH --cpus-per-task=1
#SBATCH --output=slurm-%A_%a.out
set -eu
fs=${FAIRYSOLVE:-fairysolve}
mode=$1; shift
case "$mode" in
merge)
    out=$1
    # shellcheck disable=SC2086  # FAIRYSOLVE_ARGS is split into words on purpose
    exec "$fs" ${FAIRYSOLVE_ARGS:-} --merge "$out"/part-*.json >"$out/answer.txt" 2>"$out/merge.err" ;;
shards)
    n=$1; out=$2; shift 2
    k=$SLURM_ARRAY_TASK_ID
    part="--shard $k/$n" ;;
moves)
    step=$1; n=$2; out=$3; shift 3
    k=$SLURM_ARRAY_TASK_ID
    to=$((k * step)); [ "$k" -eq "$n" ] && to=100000
    part="--first-moves $(((k - 1) * step + 1))-$to" ;;
*) echo "usage: $0 shards N OUTDIR FILE... | moves STEP N OUTDIR FILE... | merge OUTDIR" >&2; exit 2 ;;
esac
if [ "$k" -lt 1 ] || [ "$k" -gt "$n" ]; then
    echo "$0: array task $k is not one of the parts 1-$n" >&2
    exit 2
fi
mkdir -p "$out"
# written under another name first: a task killed half-way leaves no part that looks whole
# shellcheck disable=SC2086
"$fs" --json ${FAIRYSOLVE_ARGS:-} $part "$@" >"$out/.part-$SLURM_ARRAY_TASK_ID.tmp" || [ $? -eq 1 ]
mv "$out/.part-$SLURM_ARRAY_TASK_ID.tmp" "$out/part-$SLURM_ARRAY_TASK_ID.json"
