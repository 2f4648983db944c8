#!/usr/bin/env bash
# Device call 3 of 2026-12-05: clock domains under tensor load (issue 9/12), helpers' jobs (flash, tcnum).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s)
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
mkdir -p /tmp/c3
nvidia-smi -q -d CLOCK > /tmp/c3/clocks.txt 2>&1
CM=gpc__cycles_elapsed.max,gpc__cycles_elapsed.avg.per_second,sm__cycles_elapsed.avg.per_second,sm__cycles_active.avg,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,sys__cycles_elapsed.avg.per_second,lts__t_sectors.sum,l1tex__m_xbar2l1tex_read_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
OUT=/tmp/clk NCU_EXTRA_METRICS=$CM timeout 200 tools/measure/run_ncu_extra.sh traces/ubench_wgmma/ubench_wgmma.json traces/ubench_mma/ubench_mma.json traces/ws_gemm/ws_gemm.json tools/bench/ws_gemm_4096.json traces/hgemm_mma_sync/hgemm_mma_sync.json traces/ubench_ffma_chain/ubench_ffma_chain.json 2>&1 | tail -8
cp -r /tmp/clk /tmp/c3/clk
tar czf $OUT/c3.tgz -C /tmp c3
echo "== clocks done t=$(( $(date +%s)-T0 ))"
for j in tools/measure/flash_fwd.sh tools/measure/tc_numerics.sh; do
  [ -f $j ] || continue
  n=$(basename $j .sh); mkdir -p /tmp/j_$n
  echo "== $j t=$(( $(date +%s)-T0 ))"
  OUT=/tmp/j_$n timeout 200 bash $j 2>&1 | tail -25
  tar czf $OUT/$n.tgz -C /tmp j_$n
done
echo "== done t=$(( $(date +%s)-T0 ))"; ls -la $OUT
