#!/usr/bin/env bash
# Device call 1 of the twenty-sixth session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s26.tgz. Stops starting new steps after $LIMIT s (520).
# 1. traces/ubench_warp_lat (new): a warp's wait for 1, 2, 8 and 32 random sectors per load, from DRAM and from L2,
#    alone and with one warp per SM: run_all.sh, three --once runs (the per-step clock64 times inline), SASS.
# 2. traces/ubench_l2_partition: two --once runs, to see whether an (SM, line)'s latency repeats from run to run
#    (a fixed crossbar distance) or not (noise).
# 3. On an H200 only: tools/measure/cta_placement.cu, traces/ubench_l2_merge and ubench_l2_shared (run_all.sh), then
#    as far as time allows the rest of 2026-12-07-s25-call1.sh's H200 list.
# The common steps: common.sh (written in the twenty-seventh session from this script's own; LIMIT 520 here).
PACK=s26
LIMIT=${LIMIT:-520}
source tools/measure/sessions/common.sh
measure ubench_warp_lat 150 3
mkdir -p $W/ubench_l2_partition
for i in 1 2; do
  SECONDS=0
  timeout 60 "$BIN" traces/ubench_l2_partition/ubench_l2_partition.json --once --inline-limit 10000000 \
    --out $W/ubench_l2_partition/once_$i.json > $W/ubench_l2_partition/once_$i.log 2>&1
  echo "ubench_l2_partition once $i rc=$? after ${SECONDS}s"
done
pack
if [ "$TAG" = h200 ]; then
  SECONDS=0
  nvcc -O2 -arch=native -o /tmp/cta_placement tools/measure/cta_placement.cu && timeout 60 /tmp/cta_placement > $W/cta_placement.$TAG.json
  echo "cta_placement rc=$? after ${SECONDS}s"; pack
  measure ubench_l2_merge 200 1
  measure ubench_l2_shared 120 1
  measure ubench_ldg_trips 150 1
  measure ubench_issue_spacing 90 1
  measure wgmma_gemm_probe 150 1
  measure ubench_tma_dram 150 1
  measure ws_gemm_probe 150 1
fi
pack; ls -la $FINAL
