#!/usr/bin/env bash
# Device call 1 of the twenty-fifth session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/all.tgz (the device tool brings back at most 8 files). Stops starting new steps after $LIMIT s (520).
# 1. Nsight Compute's metric list for the chip (ncu --query-metrics): which units count L2 requests before the slices.
# 2. traces/ubench_l2_merge (new, issue 12): loads of one L2-resident line from SMs grouped by their %smid (TPC, GPC,
#    across GPCs): run_all.sh (times, hashes, Nsight counters: lts__t_sectors), one --once run with the stamps and
#    %smid inline, its SASS.
# 3. On an H200 only, as far as time allows: the twenty-fourth session's H100 microbenchmarks (ubench_ldg_trips,
#    ubench_l2_shared, ubench_issue_spacing), then traces/wgmma_gemm_probe, ubench_tma_dram, ws_gemm_probe (as
#    2026-12-07-s24-call1.sh) and traces/ubench_dram_random (2026-12-06-s21-call1.sh).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s25; rm -rf $W; mkdir -p $W
START=$(date +%s)
LIMIT=${LIMIT:-520}  # seconds after which no new step starts (pass less when the device budget is short)
left() { echo $((LIMIT - ($(date +%s) - START))); }
pack() { (cd /tmp && tar czf $FINAL/all.tgz s25); }  # after every step, so a run cut short still brings back its data
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
    timeout 60 "$BIN" $CFG --once --inline-limit 1000000 --out $W/$name/once_$i.json > $W/$name/once_$i.log 2>&1
    echo "$name once $i rc=$?"
  done
  ptxas -arch=sm_90a -O3 traces/$name/$name.sm_90a.ptx -o /tmp/$name.cubin && \
    cuobjdump --dump-sass /tmp/$name.cubin > $W/$name/$name.sm_90a.sass
  pack
}
CHIP=gh100; case "$GPUNAME" in *B200*|*B100*) CHIP=gb100;; esac
ncu --query-metrics --chip $CHIP > $W/metrics.$CHIP.txt 2>&1; echo "query-metrics rc=$?"
ncu --query-metrics-mode all --query-metrics --chip $CHIP > $W/metrics_all.$CHIP.txt 2>&1; echo "query-metrics all rc=$?"
grep -i -E "^(lrc|lts__t_(requests|sectors) |ltc|xbar)" $W/metrics.$CHIP.txt | head -40
measure ubench_l2_merge 240 1
if [ "$TAG" = h200 ]; then
  measure ubench_ldg_trips 150 1
  measure ubench_l2_shared 120 1
  measure ubench_issue_spacing 90 1
  measure wgmma_gemm_probe 150 1
  measure ubench_tma_dram 150 1
  measure ws_gemm_probe 150 1
  t=$(left)
  if [ $t -gt 60 ]; then
    mkdir -p $W/dram_random
    OUT=$W/dram_random timeout $t bash tools/measure/sessions/2026-12-06-s21-call1.sh > $W/dram_random.log 2>&1
    echo "dram_random rc=$?"
  fi
fi
cd /tmp && tar czf $FINAL/all.tgz s25 && ls -la $FINAL
