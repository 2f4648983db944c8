#!/usr/bin/env bash
# Device call 3 of the twenty-fifth session (2026-12-07 UTC), call 2's script with other workloads. Any one-GPU machine; the GPU is recorded. Writes
# everything under $OUT/s25c.tgz (an H200 run of call 1 adds $OUT/all.tgz). Stops starting new steps after $LIMIT s (400).
# 1. traces/ubench_l2_merge again (modes 2 and 3 added: requests for part of a line): run_all.sh, one --once run, SASS.
# 2. On an H200 only: tools/measure/cta_placement.cu (as call 2).
# 3. The L2 Request Coalescer (LRC) counters next to lts__t_sectors (as call 2) on ubench_l2_merge and on kernels
#    whose SMs read the same sectors by chance or by design with warp loads of part of a line: j_latency_occupancy,
#    j_spmv_csr, j_gather, j_stencil2d, j_sgemm16_256, hgemm_mma_sync.
# 4. On an H200 only, as far as time allows: call 1's H200 list (2026-12-07-s25-call1.sh from its step 2).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/s25c; rm -rf $W; mkdir -p $W
START=$(date +%s)
LIMIT=${LIMIT:-400}
left() { echo $((LIMIT - ($(date +%s) - START))); }
pack() { (cd /tmp && tar czf $FINAL/s25c.tgz s25c); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
SECONDS=0
OUT=$W/l2_merge MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 NCU_BUDGET_S=100 timeout 140 bash tools/measure/run_all.sh traces/ubench_l2_merge/ubench_l2_merge.json > $W/l2_merge.log 2>&1
echo "ubench_l2_merge run_all rc=$? after ${SECONDS}s"
timeout 60 "$BIN" traces/ubench_l2_merge/ubench_l2_merge.json --once --inline-limit 1000000 --out $W/l2_merge.once_inline.json > /dev/null 2>&1
ptxas -arch=sm_90a -O3 traces/ubench_l2_merge/ubench_l2_merge.sm_90a.ptx -o /tmp/l2m.cubin && cuobjdump --dump-sass /tmp/l2m.cubin > $W/ubench_l2_merge.sm_90a.sass
pack
if [ "$TAG" = h200 ]; then
  SECONDS=0
  nvcc -O2 -arch=native -o /tmp/cta_placement tools/measure/cta_placement.cu && timeout 60 /tmp/cta_placement > $W/cta_placement.$TAG.json
  echo "cta_placement rc=$? after ${SECONDS}s"; pack
fi
M=gpc__cycles_elapsed.max,lts__t_sectors.sum,lts__t_requests.sum,lts__t_sectors_op_read.sum,lrc__cycles_elapsed.sum,lrc__cycles_elapsed.avg
M=$M,lrc__xbar2lrc_requests_op_read.sum,lrc__xbar2lrc_requests.sum,lrc__xbar2lrc_requests_cmd_bypassed.sum
M=$M,lrc__lrc2xbar_sectors_op_read.sum,lrc__lts2lrc_sectors_op_read.sum,lrc__xbar2gpc_sectors_op_read.sum
M=$M,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
M=$M,lrc__request_sectors_op_read_coalescing_achieved_type_programmatic.sum,lrc__lrc2xbar_sectors_op_read_coalescing_achieved.sum
M=$M,lrc__lrc2xbar_sectors_op_read_coalescing_none.sum,lrc__lrc2xbar_sectors_op_read_replayed.sum
M=$M,lrc__xbar2gpc_sectors_op_read_coalescing_achieved.sum,lrc__xbar2gpc_sectors_op_read_coalescing_achieved_type_hardware.sum
M=$M,lrc__xbar2gpc_sectors_op_read_coalescing_achieved_type_programmatic.sum,lrc__cycles_active.sum
for name in ubench_l2_merge j_latency_occupancy j_spmv_csr j_gather j_stencil2d j_sgemm16_256 hgemm_mma_sync; do
  t=$(left); [ $t -lt 40 ] && { echo "$name: no time left"; continue; }
  [ $t -gt 90 ] && t=90
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
