#!/usr/bin/env bash
# Device call 1 of the twenty-seventh session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s27.tgz. Stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_gather_store (new): random loads with no store, one store a thread and one store a load
#    (run_all.sh, SASS), and j_gather's SASS (where its gather_f32's cycles go).
# 2. traces/ubench_warp_lat on this GPU (an H200 had none yet).
# 3. On an H200 only: tools/measure/cta_placement.cu, then as far as time allows 2026-12-07-s26-call1.sh's H200 list.
# The common steps: common.sh (the folder /tmp/s27 and its archive $OUT/s27.tgz; as run on 2026-12-07 all three calls
# wrote the folder /tmp/s27, refactored into common.sh afterwards).
PACK=s27
source tools/measure/sessions/common.sh
measure ubench_gather_store 200 1
mkdir -p $W/j_gather && sass j_gather; pack
[ "$TAG" = h200 ] && h200_pending
pack
echo "done after $(( $(date +%s) - START ))s"
