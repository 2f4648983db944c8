#!/usr/bin/env bash
# Device call 2 of 2026-12-05: clock domains and L2 bandwidth (issue 12), ubench_l2_bw's cycle buffer, helpers' jobs.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s)
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) TAG=h200;; *) TAG=h100;; esac
export LD_LIBRARY_PATH=$PWD/.measure/lib WARPSIM_CONFIGS=$PWD/.measure/configs
mkdir -p /tmp/c2
# 1. ubench_l2_bw's cyc buffer (the per-pass cycles) and ubench_store_drain, timed, full buffers.
for c in traces/ubench_l2_bw/ubench_l2_bw.json; do
  .measure/bin/warpsim-measure $c --repeat 5 --warmup 2 --inline-limit 65536 --out /tmp/c2/$(basename $c .json).$TAG.full.json | tail -9
done
# 2. clock domains and L2 rates.
CM=gpc__cycles_elapsed.max,gpc__cycles_elapsed.avg.per_second,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,lts__t_sectors.sum,lts__t_sectors.sum.per_second,l1tex__m_xbar2l1tex_read_bytes.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,lts__t_sectors_srcunit_tex_op_read.sum,lts__d_sectors.sum,lts__t_requests.sum
OUT=/tmp/clk NCU_EXTRA_METRICS=$CM tools/measure/run_ncu_extra.sh tools/bench/ws_gemm_4096.json traces/ws_gemm/ws_gemm.json traces/ubench_l2_bw/ubench_l2_bw.json traces/ubench_store_drain/ubench_store_drain.json traces/ubench_tma/ubench_tma.json traces/wgmma_gemm/wgmma_gemm.json 2>&1 | tail -8
cp -r /tmp/clk/ncu_extra /tmp/c2/clk
echo "== part 1-2 t=$(( $(date +%s)-T0 ))"
# 3. helpers' jobs, each with its own OUT folder, tarred.
for j in tools/measure/flash_fwd.sh tools/measure/tc_numerics.sh; do
  [ -f $j ] || continue
  n=$(basename $j .sh); mkdir -p /tmp/j_$n
  echo "== $j t=$(( $(date +%s)-T0 ))"
  OUT=/tmp/j_$n timeout 240 bash $j 2>&1 | tail -25
  tar czf $OUT/$n.tgz -C /tmp j_$n
done
tar czf $OUT/c2.tgz -C /tmp c2
echo "== done t=$(( $(date +%s)-T0 ))"; ls -la $OUT
