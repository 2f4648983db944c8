#!/usr/bin/env bash
# Device call 1 of the thirtieth session (2026-12-08 UTC). Any one-GPU machine; the GPU is recorded (asked for an
# H200). Writes everything under $OUT/s30c1.tgz; stops starting new steps after $LIMIT s (540).
# 1. On an H200 only: what 2026-12-07-s29-call1.sh could not run (no H200 came): traces/ubench_ldg_trips (whether
#    the h200 model's dependent DRAM round trips under 16-128 CTAs are right: wgmma_gemm's 128-CTA launch is +22.6 %,
#    its epilogue 32 such trips a thread), then ubench_l2_shared and ubench_warp_lat.
# 2. On any GPU: where j_transpose_2048's cycles go (judgement; warpsim -10.1 % on the H200): Nsight's per-SASS stall
#    samples (source page) and the warp-state, scheduler and memory sections of its one launch, for the mechanism
#    only (no parameter is fitted to a judgement workload).
PACK=s30c1
source tools/measure/sessions/common.sh
if [ "$TAG" = h200 ]; then
  measure ubench_ldg_trips 150 1
  measure ubench_l2_shared 110 1
  measure ubench_warp_lat 110 1
fi
mkdir -p $W/src
CFG=traces/j_transpose_2048/j_transpose_2048.json
t=$(left); if [ $t -gt 40 ]; then
  SECONDS=0
  timeout $((t - 10)) ncu --clock-control none --section SourceCounters --section WarpStateStats \
    --warp-sampling-interval 0 --launch-count 1 --page source --print-source sass --csv \
    "$BIN" $CFG --once > $W/src/j_transpose_2048.source.csv 2> $W/src/j_transpose_2048.err
  echo "transpose source rc=$? after ${SECONDS}s"; pack
fi
t=$(left); if [ $t -gt 40 ]; then
  SECONDS=0
  timeout $((t - 10)) ncu --clock-control none --section WarpStateStats --section SchedulerStats --section LaunchStats \
    --section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis --page raw --csv \
    "$BIN" $CFG --once > $W/src/j_transpose_2048.raw.csv 2> $W/src/j_transpose_2048.raw.err
  echo "transpose raw rc=$? after ${SECONDS}s"
fi
pack
echo "done after $(( $(date +%s) - START ))s"
