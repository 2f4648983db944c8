#!/usr/bin/env bash
# Device call 2 of the twenty-fifth session (2026-12-07 UTC). Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s25b.tgz (an H200 run of call 1 adds $OUT/all.tgz). Stops starting new steps after $LIMIT s (400).
# 1. tools/measure/cta_placement.cu: the %smid of every CTA for 1, 2 and 4 CTAs per SM, grids of 8 CTAs to two waves.
# 2. Nsight Compute's L2 Request Coalescer (LRC) counters (found by call 1's ncu --query-metrics) next to
#    lts__t_sectors on one run of each of traces/ubench_l2_merge, ubench_l2_shared, sgemm_cp_async, wgmma_gemm and
#    ubench_tma: where loads of one line from several SMs are combined, and how many.
# 3. On an H200 only, as far as time allows: call 1's H200 list (2026-12-07-s25-call1.sh from its step 2).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s25b; rm -rf $W; mkdir -p $W
START=$(date +%s)
LIMIT=${LIMIT:-400}
left() { echo $((LIMIT - ($(date +%s) - START))); }
pack() { (cd /tmp && tar czf $FINAL/s25b.tgz s25b); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
SECONDS=0
nvcc -O2 -arch=native -o /tmp/cta_placement tools/measure/cta_placement.cu && timeout 60 /tmp/cta_placement > $W/cta_placement.$TAG.json
echo "cta_placement rc=$? after ${SECONDS}s"; pack
M=gpc__cycles_elapsed.max,lts__t_sectors.sum,lts__t_requests.sum,lts__t_sectors_op_read.sum,lrc__cycles_elapsed.sum,lrc__cycles_elapsed.avg
M=$M,lrc__xbar2lrc_requests_op_read.sum,lrc__xbar2lrc_requests.sum,lrc__xbar2lrc_requests_cmd_bypassed.sum
M=$M,lrc__lrc2xbar_sectors_op_read.sum,lrc__lts2lrc_sectors_op_read.sum,lrc__xbar2gpc_sectors_op_read.sum
M=$M,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
M=$M,lrc__request_sectors_op_read_coalescing_achieved_type_programmatic.sum,lrc__lrc2xbar_sectors_op_read_coalescing_achieved.sum
M=$M,lrc__lrc2xbar_sectors_op_read_coalescing_none.sum,lrc__lrc2xbar_sectors_op_read_replayed.sum
M=$M,lrc__xbar2gpc_sectors_op_read_coalescing_achieved.sum,lrc__xbar2gpc_sectors_op_read_coalescing_achieved_type_hardware.sum
M=$M,lrc__xbar2gpc_sectors_op_read_coalescing_achieved_type_programmatic.sum,lrc__cycles_active.sum
for name in ubench_l2_merge ubench_l2_shared sgemm_cp_async wgmma_gemm ubench_tma; do
  t=$(left); [ $t -lt 40 ] && { echo "$name: no time left"; continue; }
  [ $t -gt 120 ] && t=120
  SECONDS=0
  timeout $t ncu --clock-control none --metrics "$M" --csv --log-file $W/$name.lrc.csv \
    "$BIN" traces/$name/$name.json --once --out $W/$name.once.json > $W/$name.lrc.log 2>&1
  echo "$name lrc rc=$? after ${SECONDS}s"; pack
done
if [ "$TAG" = h200 ] && [ $(left) -gt 60 ]; then
  echo "H200: call 1's H200 list"
  OUT=$FINAL LIMIT=$(left) bash tools/measure/sessions/2026-12-07-s25-call1.sh > $W/call1.log 2>&1
  echo "call1 rc=$?"; tail -5 $W/call1.log
fi
pack; ls -la $FINAL
