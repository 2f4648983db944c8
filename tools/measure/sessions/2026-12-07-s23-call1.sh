#!/usr/bin/env bash
# Device call 1 of the twenty-third session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded (an H200 is
# asked for). Writes everything under $OUT/all.tgz (the device tool brings back at most 8 files).
# 1. traces/ubench_tma_dram (new, issue 12): 2-D TMA loads of cold lines, 1 to 128 rows a copy, alone and with every
#    SM streaming: run_all.sh (times, buffer hashes, Nsight counters) and two --once runs with the stamps inline
#    (cold lines in every launch on both), and its SASS.
# 2. traces/ws_gemm_probe (the twenty-second session's, measured on an H100 only): run_all.sh, one --once run with
#    the stamps, its SASS.
# The twenty-first session's ubench_dram_random call (2026-12-06-s21-call1.sh) is call 2.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s23; rm -rf $W; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
for name in ubench_tma_dram ws_gemm_probe; do
  CFG=traces/$name/$name.json
  mkdir -p $W/$name
  SECONDS=0
  OUT=$W/$name/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 timeout 240 bash tools/measure/run_all.sh $CFG > $W/$name/run_all.log 2>&1
  echo "$name run_all rc=$? after ${SECONDS}s"; tail -2 $W/$name/run_all.log
  for i in 1 2; do
    [ $name = ws_gemm_probe ] && [ $i = 2 ] && continue
    timeout 60 "$BIN" $CFG --once --inline-limit 1000000 --out $W/$name/once_$i.json > $W/$name/once_$i.log 2>&1
    echo "$name once $i rc=$?"
  done
  ptxas -arch=sm_90a -O3 traces/$name/$name.sm_90a.ptx -o /tmp/$name.cubin && \
    cuobjdump --dump-sass /tmp/$name.cubin > $W/$name/$name.sm_90a.sass
done
cd /tmp && tar czf $FINAL/all.tgz s23 && ls -la $FINAL
