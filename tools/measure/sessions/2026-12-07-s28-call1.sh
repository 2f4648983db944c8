#!/usr/bin/env bash
# Device call 1 of the twenty-eighth session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s28c1.tgz. Stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_partial_hold: partly written sectors by count and by delay (run_all.sh, one --once run, SASS).
# 2. traces/j_scatter (run_all.sh; measured on the H200 only so far: its scatter_perm read no DRAM for its output).
# 3. On an H200, the runs still pending (common.sh's h200_pending).
PACK=s28c1
source tools/measure/sessions/common.sh
measure ubench_partial_hold 300 1
measure j_scatter 90 0
[ "$TAG" = h200 ] && h200_pending
pack
echo "done after $(( $(date +%s) - START ))s"
