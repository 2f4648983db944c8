#!/usr/bin/env bash
# Device call 3 of the twenty-seventh session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s27c3.tgz. Stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_launch and traces/ubench_exit_drain on this GPU (the H100 model's launch latency: none measured on an
#    H100 yet).
# 2. traces/ubench_warp_lat on an H200 (none had it yet).
# 3. On an H200 only: tools/measure/cta_placement.cu, then as far as time allows 2026-12-07-s26-call1.sh's H200 list.
# The common steps: common.sh (the folder /tmp/s27c3 and its archive $OUT/s27c3.tgz; as run on 2026-12-07 all three calls
# wrote the folder /tmp/s27, refactored into common.sh afterwards).
PACK=s27c3
source tools/measure/sessions/common.sh
measure ubench_launch 90 0
measure ubench_exit_drain 150 0
[ "$TAG" = h200 ] && h200_pending
pack
echo "done after $(( $(date +%s) - START ))s"
