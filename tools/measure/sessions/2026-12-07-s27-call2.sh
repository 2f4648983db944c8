#!/usr/bin/env bash
# Device call 2 of the twenty-seventh session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s27c2.tgz. Stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_store_rand (new): stores to random words, half sectors, sectors and lines of an 8 MiB buffer, and a
#    coalesced stream (run_all.sh, SASS); then traces/ubench_gather_store again (run_all.sh).
# 2. traces/ubench_warp_lat on an H200 (none had it yet).
# 3. On an H200 only: tools/measure/cta_placement.cu, then as far as time allows 2026-12-07-s26-call1.sh's H200 list.
# The common steps: common.sh (the folder /tmp/s27c2 and its archive $OUT/s27c2.tgz; as run on 2026-12-07 all three calls
# wrote the folder /tmp/s27, refactored into common.sh afterwards).
PACK=s27c2
source tools/measure/sessions/common.sh
measure ubench_store_rand 150 1
measure ubench_gather_store 150 0
[ "$TAG" = h200 ] && h200_pending
pack
echo "done after $(( $(date +%s) - START ))s"
