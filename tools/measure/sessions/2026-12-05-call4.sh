#!/usr/bin/env bash
# Device call 4 of 2026-12-05: the tensor-core numerics probe (traces/ubench_tc_numerics, tools/measure/tc_numerics.sh)
# and the clocks of flash_fwd under Nsight.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
mkdir -p /tmp/j_tcnum
OUT=/tmp/j_tcnum timeout 300 bash tools/measure/tc_numerics.sh 2>&1 | tail -20
tar czf $OUT/tcnum.tgz -C /tmp j_tcnum
CM=gpc__cycles_elapsed.max,gpc__cycles_elapsed.avg.per_second,sm__cycles_elapsed.avg.per_second,sm__cycles_active.avg,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second
OUT=/tmp/clk4 NCU_EXTRA_METRICS=$CM timeout 100 tools/measure/run_ncu_extra.sh traces/flash_fwd/flash_fwd.json 2>&1 | tail -3
tar czf $OUT/clk4.tgz -C /tmp clk4
ls -la $OUT
