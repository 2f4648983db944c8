#!/usr/bin/env bash
# Device call 1 of the twelfth session (2026-12-05, evening): traces/ubench_l1_assoc (L1's set mapping and
# replacement by strided cyclic walks: why ubench_carveout's curve past capacity is steeper than random replacement
# in warpsim's 4-way L1), and, if the machine is an H200, the H200 runs that so far exist only on the H100:
# ubench_mbar_lanes, ubench_tc_numerics and flash_fwd.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
mkdir -p /tmp/o_l1a
OUT=/tmp/o_l1a REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 240 tools/measure/run_all.sh traces/ubench_l1_assoc/ubench_l1_assoc.json 2>&1 | tail -3
cp /tmp/o_l1a/measure.tgz $OUT/l1_assoc.tgz
if [ "$MEASURE_TAG" = h200 ]; then
  mkdir -p /tmp/o_h200
  OUT=/tmp/o_h200 REPEAT=20 WARMUP=2 REPEAT_RUNS=1 timeout 300 tools/measure/run_all.sh \
    traces/ubench_mbar_lanes/ubench_mbar_lanes.json traces/flash_fwd/flash_fwd.json 2>&1 | tail -4
  cp /tmp/o_h200/measure.tgz $OUT/h200_runs.tgz
  mkdir -p /tmp/j_tcnum
  OUT=/tmp/j_tcnum timeout 150 bash tools/measure/tc_numerics.sh > /dev/null 2>&1; echo "tcnum rc=$?"
  tar czf $OUT/tcnum.tgz -C /tmp j_tcnum
fi
ls -la $OUT
