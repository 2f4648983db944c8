#!/usr/bin/env bash
# Device call 4 of the thirteenth session (2026-12-05, evening): traces/ubench_branch_lat timed on an H200 (calls 1-3
# got H100s), so that it joins `warpsim validate --gpu h200`'s calibration set: run_all.sh only.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
mkdir -p /tmp/o_bl
OUT=/tmp/o_bl REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 240 tools/measure/run_all.sh traces/ubench_branch_lat/ubench_branch_lat.json 2>&1 | tail -3
cp /tmp/o_bl/measure.tgz $OUT/branch_lat.tgz
ls -la $OUT
