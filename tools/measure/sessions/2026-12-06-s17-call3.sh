#!/usr/bin/env bash
# Device call 3 of the seventeenth session (2026-12-06): traces/ubench_smem_wide again with its final PTX (the kernels
# now add what they read instead of XOR-ing it, so that the buffers say which elements each lane read), run_all.sh
# only (cycles, Nsight counters, buffer hashes). Calls 1 and 2 measured the XOR version (same loads, same patterns).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
mkdir -p /tmp/o_sw
OUT=/tmp/o_sw REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh traces/ubench_smem_wide/ubench_smem_wide.json 2>&1 | tail -3
cp /tmp/o_sw/measure.tgz $OUT/smem_wide.tgz
ptxas -arch=sm_90a -O3 traces/ubench_smem_wide/ubench_smem_wide.sm_90a.ptx -o /tmp/sw.cubin && cuobjdump --dump-sass /tmp/sw.cubin > $OUT/ubench_smem_wide.sm_90a.sass
ls -la $OUT
