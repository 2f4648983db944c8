#!/usr/bin/env bash
# Device call 3 of the twenty-third session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded (an H200 is
# asked for). Writes everything under $OUT/all.tgz.
# 1. traces/wgmma_gemm_probe (new, issue 12): wgmma_gemm's gemm_sw128 with %clock64 stamps per K tile and around the
#    epilogue, at 512^3, 1024^3 and 2048 x 1024 x 512: run_all.sh, one --once run with the stamps inline, the SASS.
# 2. traces/wgmma_gemm itself (measured on the H200 on 2026-12-03): run_all.sh, so that the probe's cost is known on
#    the GPU this call gets.
# 3. On an H200 only, call 2's runs (2026-12-07-s23-call2.sh: ubench_tma_dram, ws_gemm_probe, ubench_dram_random).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s23c3; rm -rf $W; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
for name in wgmma_gemm_probe wgmma_gemm; do
  CFG=traces/$name/$name.json
  mkdir -p $W/$name
  SECONDS=0
  OUT=$W/$name/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 timeout 200 bash tools/measure/run_all.sh $CFG > $W/$name/run_all.log 2>&1
  echo "$name run_all rc=$? after ${SECONDS}s"; tail -4 $W/$name/run_all.log
done
timeout 60 "$BIN" traces/wgmma_gemm_probe/wgmma_gemm_probe.json --once --inline-limit 1000000 \
  --out $W/wgmma_gemm_probe/once_1.json > $W/wgmma_gemm_probe/once_1.log 2>&1
echo "probe once rc=$?"
ptxas -arch=sm_90a -O3 traces/wgmma_gemm_probe/wgmma_gemm_probe.sm_90a.ptx -o /tmp/wgp.cubin && \
  cuobjdump --dump-sass /tmp/wgp.cubin > $W/wgmma_gemm_probe/wgmma_gemm_probe.sm_90a.sass
if [ "$TAG" = h200 ]; then
  mkdir -p $W/c2
  OUT=$W/c2 timeout 330 bash tools/measure/sessions/2026-12-07-s23-call2.sh > $W/c2.log 2>&1
  echo "call2 rc=$?"
fi
cd /tmp && tar czf $FINAL/all.tgz s23c3 && ls -la $FINAL
