#!/usr/bin/env bash
# Device call 5 of the seventeenth session (2026-12-06), for an H200 (call 4 got one): the H200's own atomic-unit map
# (tools/measure/atomic_unit_map.cu over 4 MiB, as 2026-12-06-s16-call1.sh; configs/gpus/h200.json's 96 units are an
# inference from the H100's 80) and traces/ubench_smem_wide timed by run_all.sh (calls 1-3 got H100s).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
nvcc -O3 -arch=native -o /tmp/aum tools/measure/atomic_unit_map.cu || exit 1
time timeout 250 /tmp/aum 4 > $OUT/atomic_unit_map.json 2> $OUT/aum_log1.txt; echo "rc $?"
tail -3 $OUT/aum_log1.txt
mkdir -p /tmp/o_sw
OUT=/tmp/o_sw REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh traces/ubench_smem_wide/ubench_smem_wide.json 2>&1 | tail -3
cp /tmp/o_sw/measure.tgz $OUT/smem_wide.tgz
ls -la $OUT
