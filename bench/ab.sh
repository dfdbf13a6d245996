#!/usr/bin/env bash
# One contender, one direction, one dataset, in N separate processes: prints the median ops/s.
# For A/B of a runtime change: run it, rebuild (`npm run build`), run it again. Needs the worker
# and codecs of a previous `npm run bench` (any mode) in bench/.generated; after an emitter change,
# run `npm run bench -- --quick --datasets=<dataset> --contenders=typed-msgpack` again first.
# usage: bench/ab.sh <encode|decode> <dataset> [runs=5] [seconds=2] [contender=typed-msgpack]
set -euo pipefail
cd "$(dirname "$0")/.."
direction=$1 dataset=$2 runs=${3:-5} seconds=${4:-2} contender=${5:-typed-msgpack}
for _ in $(seq "$runs"); do
  node bench/.generated/worker.js "$direction" "$contender" "$dataset" "$seconds" 2>&1 >/dev/null | grep -o "[0-9.]* ops/s"
done | sort -n | awk -v label="$contender $direction $dataset" \
  '{ v[NR] = $1 } END { printf "%s: median %s ops/s (min %s, max %s, %d runs)\n", label, v[int((NR + 1) / 2)], v[1], v[NR], NR }'
