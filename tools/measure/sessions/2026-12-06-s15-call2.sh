#!/usr/bin/env bash
# Device call 2 of the fifteenth session (2026-12-06), all run_all.sh (cycles, Nsight counters, buffer hashes):
# - traces/ubench_atomic_sector (call 1 got an H100) and the new traces/ubench_atomic_units (which 256-byte pieces
#   share an L2 atomic unit), with ubench_atomic_line's settings (--repeat 20 --warmup 3 there; 5 / 1 here for
#   atomic_units' 44 launches);
# - traces/ubench_branch_lat and traces/ubench_l2_bw, which have only H100 data, with their H100 runs' settings
#   (on an H100, only with ALL=1: their H100 data is committed).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
mkdir -p /tmp/o_as /tmp/o_au /tmp/o_bl /tmp/o_l2
OUT=/tmp/o_au REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh traces/ubench_atomic_units/ubench_atomic_units.json 2>&1 | tail -3
cp /tmp/o_au/measure.tgz $OUT/atomic_units.tgz
OUT=/tmp/o_as REPEAT=20 WARMUP=3 REPEAT_RUNS=1 timeout 120 tools/measure/run_all.sh traces/ubench_atomic_sector/ubench_atomic_sector.json 2>&1 | tail -3
cp /tmp/o_as/measure.tgz $OUT/atomic_sector.tgz
[ "$MEASURE_TAG" = h100 ] && [ "${ALL:-0}" != 1 ] && { ls -la $OUT; exit 0; }
OUT=/tmp/o_bl REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 120 tools/measure/run_all.sh traces/ubench_branch_lat/ubench_branch_lat.json 2>&1 | tail -3
cp /tmp/o_bl/measure.tgz $OUT/branch_lat.tgz
OUT=/tmp/o_l2 REPEAT=20 WARMUP=3 REPEAT_RUNS=1 timeout 120 tools/measure/run_all.sh traces/ubench_l2_bw/ubench_l2_bw.json 2>&1 | tail -3
cp /tmp/o_l2/measure.tgz $OUT/l2_bw.tgz
ls -la $OUT
