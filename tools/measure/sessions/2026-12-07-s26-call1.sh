#!/usr/bin/env bash
# Device call 1 of the twenty-sixth session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s26.tgz. Stops starting new steps after $LIMIT s (520).
# 1. traces/ubench_warp_lat (new): a warp's wait for 1, 2, 8 and 32 random sectors per load, from DRAM and from L2,
#    alone and with one warp per SM: run_all.sh, three --once runs (the per-step clock64 times inline), SASS.
# 2. traces/ubench_l2_partition: two --once runs, to see whether an (SM, line)'s latency repeats from run to run
#    (a fixed crossbar distance) or not (noise).
# 3. On an H200 only: tools/measure/cta_placement.cu, traces/ubench_l2_merge and ubench_l2_shared (run_all.sh), then
#    as far as time allows the rest of 2026-12-07-s25-call1.sh's H200 list.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s26; rm -rf $W; mkdir -p $W
START=$(date +%s)
LIMIT=${LIMIT:-520}
left() { echo $((LIMIT - ($(date +%s) - START))); }
pack() { (cd /tmp && tar czf $FINAL/s26.tgz s26); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
measure() {  # name, timeout for run_all, --once runs
  local name=$1 CFG=traces/$1/$1.json
  mkdir -p $W/$name
  local t=$(left); [ $t -lt 30 ] && { echo "$name: no time left"; return; }
  [ $t -gt $2 ] && t=$2
  SECONDS=0
  OUT=$W/$name/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 NCU_BUDGET_S=$((t - 40)) timeout $t bash tools/measure/run_all.sh $CFG > $W/$name/run_all.log 2>&1
  echo "$name run_all rc=$? after ${SECONDS}s"; tail -2 $W/$name/run_all.log
  for i in $(seq 1 $3); do
    timeout 60 "$BIN" $CFG --once --inline-limit 10000000 --out $W/$name/once_$i.json > $W/$name/once_$i.log 2>&1
    echo "$name once $i rc=$?"
  done
  ptxas -arch=sm_90a -O3 traces/$name/$name.sm_90a.ptx -o /tmp/$name.cubin && \
    cuobjdump --dump-sass /tmp/$name.cubin > $W/$name/$name.sm_90a.sass
  pack
}
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
