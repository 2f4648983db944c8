#!/usr/bin/env bash
# Device call 4 of the twenty-seventh session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s27c4.tgz. Stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_store_rand/sizes.json: partial-sector stores over 0.5 to 8 MiB (run_all.sh on that config).
PACK=s27c4
source tools/measure/sessions/common.sh
mkdir -p $W/sizes
SECONDS=0
OUT=$W/sizes/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 NCU_BUDGET_S=150 timeout 200 bash tools/measure/run_all.sh \
  traces/ubench_store_rand/sizes.json > $W/sizes/run_all.log 2>&1
echo "sizes run_all rc=$? after ${SECONDS}s"; tail -9 $W/sizes/run_all.log
pack
[ "$TAG" = h200 ] && h200_pending
pack
echo "done after $(( $(date +%s) - START ))s"
