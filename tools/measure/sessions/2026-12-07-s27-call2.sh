#!/usr/bin/env bash
# Device call 2 of the twenty-seventh session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s27c2.tgz. Stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_store_rand (new): stores to random words, half sectors, sectors and lines of an 8 MiB buffer, and a
#    coalesced stream (run_all.sh, SASS); then traces/ubench_gather_store again (run_all.sh).
# 2. traces/ubench_warp_lat on an H200 (none had it yet).
# 3. On an H200 only: tools/measure/cta_placement.cu, then as far as time allows 2026-12-07-s26-call1.sh's H200 list.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s27; rm -rf $W; mkdir -p $W
START=$(date +%s)
LIMIT=${LIMIT:-540}
left() { echo $((LIMIT - ($(date +%s) - START))); }
pack() { (cd /tmp && tar czf $FINAL/s27c2.tgz s27); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
sass() {
  ptxas -arch=sm_90a -O3 traces/$1/$1.sm_90a.ptx -o /tmp/$1.cubin && cuobjdump --dump-sass /tmp/$1.cubin > $W/$1/$1.sm_90a.sass
}
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
  sass $name
  pack
}
measure ubench_store_rand 150 1
measure ubench_gather_store 150 0
if [ "$TAG" = h200 ]; then
  measure ubench_warp_lat 150 1
  SECONDS=0
  nvcc -O2 -arch=native -o /tmp/cta_placement tools/measure/cta_placement.cu && timeout 60 /tmp/cta_placement > $W/cta_placement.$TAG.json
  echo "cta_placement rc=$? after ${SECONDS}s"; pack
  measure ubench_l2_merge 200 1
  measure ubench_l2_shared 120 1
  measure ubench_ldg_trips 150 1
fi
pack
echo "done after $(( $(date +%s) - START ))s"
