#!/usr/bin/env bash
# Compares the speed of two warpsim binaries on the tools/bench configs: for each benchmark and mode (timing; and
# functional for vecadd and sgemm), runs BEFORE and AFTER alternately ROUNDS times and prints the best wall time
# each reports ("simulated in X s"). Run it on an otherwise idle machine.
# Usage: bash tools/bench/compare_builds.sh BEFORE AFTER [ROUNDS=3]
set -euo pipefail
cd "$(dirname "$0")/../.."
before=$1 after=$2 rounds=${3:-3}
best() { python3 -c "import sys; print(min(float(x) for x in sys.argv[1:]))" "$@"; }
for b in vecadd_16m sgemm_512 transpose_naive_2048 transpose_padded_2048; do
  for mode in timing functional; do
    [ "$mode" = functional ] && [[ $b == transpose* ]] && continue
    flag=(); [ "$mode" = functional ] && flag=(--functional)
    tb=() ta=()
    for _ in $(seq "$rounds"); do
      tb+=("$("$before" run "tools/bench/$b.json" "${flag[@]}" 2>&1 | sed -n 's/.*simulated in \([0-9.]*\) s.*/\1/p')")
      ta+=("$("$after" run "tools/bench/$b.json" "${flag[@]}" 2>&1 | sed -n 's/.*simulated in \([0-9.]*\) s.*/\1/p')")
    done
    echo "$b $mode: before $(best "${tb[@]}") s, after $(best "${ta[@]}") s"
  done
done
