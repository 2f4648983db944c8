#!/usr/bin/env bash
# Device call 1 of the twenty-second session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded.
# 1. traces/ws_gemm_probe (new, issue 12): ws_gemm's f16 kernel with %clock64 stamps per K tile (TMA issue, full
#    barrier passed), K loop end, epilogue. warpsim's ws_gemm 1024^3 is +25 % (its tensor pipe idles between K tiles:
#    the TMA loads of every K tile come from DRAM, all CTAs in step); the stamps say whether the GPU's does.
#    run_all.sh (times, buffer hashes, Nsight counters), one --once run with the stamps inline, the SASS.
# 2. On an H200 only: the twenty-first session's call (tools/measure/sessions/2026-12-06-s21-call1.sh,
#    traces/ubench_dram_random), whose refresh fit was made on an H100.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
OUT0=$OUT
CFG=traces/ws_gemm_probe/ws_gemm_probe.json
mkdir -p $OUT0/probe
OUT=$OUT0/probe/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 bash tools/measure/run_all.sh $CFG > $OUT0/probe/run_all.log 2>&1
echo "probe run_all rc=$?"; tail -3 $OUT0/probe/run_all.log
for i in 1 2; do
  "$BIN" $CFG --once --inline-limit 1000000 --out $OUT0/probe/once_$i.json > $OUT0/probe/once_$i.log 2>&1
  echo "probe once $i rc=$?"
done
ptxas -arch=sm_90a -O3 traces/ws_gemm_probe/ws_gemm_probe.sm_90a.ptx -o /tmp/p.cubin && \
  cuobjdump --dump-sass /tmp/p.cubin > $OUT0/probe/ws_gemm_probe.sass
if [ "$TAG" = h200 ]; then
  mkdir -p $OUT0/dram_random
  OUT=$OUT0/dram_random timeout 330 bash tools/measure/sessions/2026-12-06-s21-call1.sh > $OUT0/dram_random.log 2>&1
  echo "dram_random rc=$?"
fi
ls -la $OUT0 $OUT0/probe
