#!/usr/bin/env bash
# Device call 1 of the fifteenth session (2026-12-06), all run_all.sh (cycles, Nsight counters, buffer hashes):
# - traces/ubench_atomic_sector (new: what the L2 atomic unit spends on a sector few lanes of a RED touch), with the
#   settings ubench_atomic_line was measured with (--repeat 20 --warmup 3);
# - the two calibration microbenchmarks that so far have only H100 data, so that they join `warpsim validate --gpu
#   h200`'s calibration set: traces/ubench_branch_lat with the settings of its H100 run (2026-12-05-s13-call1.sh),
#   traces/ubench_l2_bw with those of its H100 run (--repeat 20 --warmup 3).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
mkdir -p /tmp/o_as /tmp/o_bl /tmp/o_l2
OUT=/tmp/o_as REPEAT=20 WARMUP=3 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh traces/ubench_atomic_sector/ubench_atomic_sector.json 2>&1 | tail -3
cp /tmp/o_as/measure.tgz $OUT/atomic_sector.tgz
OUT=/tmp/o_bl REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 180 tools/measure/run_all.sh traces/ubench_branch_lat/ubench_branch_lat.json 2>&1 | tail -3
cp /tmp/o_bl/measure.tgz $OUT/branch_lat.tgz
OUT=/tmp/o_l2 REPEAT=20 WARMUP=3 REPEAT_RUNS=1 timeout 180 tools/measure/run_all.sh traces/ubench_l2_bw/ubench_l2_bw.json 2>&1 | tail -3
cp /tmp/o_l2/measure.tgz $OUT/l2_bw.tgz
ls -la $OUT
