#!/usr/bin/env bash
# Device call 1 of the twenty-ninth session (2026-12-07 UTC): NOT RUN (five tries for an H200, 22:37-23:05 UTC, were
# all refused: no machine came); kept for the next session, ready as it is. Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s29c1.tgz. Stops starting new steps after $LIMIT s (540).
# 1. On an H200: traces/ubench_ldg_trips first (whether the h200 model's dependent DRAM round trips under 16-128
#    CTAs are too long: wgmma_gemm's 128-CTA launch is +22.6 % there, its epilogue 32 such trips a thread), then the
#    rest of common.sh's h200_pending list.
# 2. On any GPU: the SASS of every workload's sm_90a PTX as ptxas 13 compiles it (ptxas -O3, cuobjdump --dump-sass),
#    for checking the ptxas model's rules (traces/sass/sm_90a.sass.tar.xz is from 2026-12-02 and lacks the newer
#    workloads).
PACK=s29c1
source tools/measure/sessions/common.sh
if [ "$TAG" = h200 ]; then
  measure ubench_ldg_trips 150 1
  measure ubench_l2_shared 120 1
  measure ubench_warp_lat 120 1
fi
SECONDS=0
mkdir -p $W/sass
for p in traces/*/*.sm_90a.ptx; do
  w=$(basename "$p" .sm_90a.ptx)
  ptxas -arch=sm_90a -O3 "$p" -o /tmp/sass_$w.cubin 2>/dev/null && cuobjdump --dump-sass /tmp/sass_$w.cubin > $W/sass/$w.sm_90a.sass
done
(cd $W && tar cJf sass.tar.xz sass && rm -rf sass)
echo "sass rc=$? after ${SECONDS}s ($(ls traces/*/*.sm_90a.ptx | wc -l) PTX files)"
pack
echo "done after $(( $(date +%s) - START ))s"
