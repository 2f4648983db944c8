#!/usr/bin/env bash
# Device call 1 of 2026-12-05: SASS of every sm_90a PTX, ubench_l2_bw measured, L2 counters, pipe counters.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s)
mkdir -p /tmp/sass
( ls traces/*/*.sm_90a.ptx tools/bench/*.ptx 2>/dev/null | xargs -P 8 -I{} sh -c 'n=$(basename {} .ptx); ptxas -arch=sm_90a -O3 {} -o /tmp/sass/$n.cubin 2>/tmp/sass/$n.err && cuobjdump --dump-sass /tmp/sass/$n.cubin > /tmp/sass/$n.sass; rm -f /tmp/sass/$n.cubin' ; tar czf $OUT/sass.tgz -C /tmp sass ) &
SASSPID=$!
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) TAG=h200; BASE="";; *) TAG=h100; BASE="traces/ubench_store_drain/ubench_store_drain.json tools/bench/ws_gemm_4096.json";; esac
echo "== l2_bw run_all tag=$TAG $(date -u)"
OUT=$OUT MEASURE_TAG=$TAG REPEAT=20 WARMUP=3 REPEAT_RUNS=1 tools/measure/run_all.sh traces/ubench_l2_bw/ubench_l2_bw.json $BASE 2>&1 | tail -15
echo "== l2 extra $(date -u) t=$(( $(date +%s)-T0 ))"
L2M=lts__t_sectors.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_bytes.sum.per_second,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__m_xbar2l1tex_read_bytes.sum,lts__t_sectors_op_read.sum,lts__t_sectors_srcunit_tex.sum
OUT=/tmp/l2 NCU_EXTRA_METRICS=$L2M tools/measure/run_ncu_extra.sh traces/ubench_l2_bw/ubench_l2_bw.json tools/bench/ws_gemm_4096.json traces/ubench_store_drain/ubench_store_drain.json 2>&1 | tail -5
tar czf $OUT/l2extra.tgz -C /tmp/l2 ncu_extra
echo "== pipe probe $(date -u) t=$(( $(date +%s)-T0 ))"
PM=smsp__inst_executed.sum,sm__inst_executed_pipe_fma.sum,sm__inst_executed_pipe_fmaheavy.sum,sm__inst_executed_pipe_fp64.sum,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_lsu.sum,sm__inst_executed_pipe_xu.sum,sm__inst_executed_pipe_fp16.sum,sm__pipe_fma_cycles_active.sum,sm__pipe_fp64_cycles_active.sum,sm__pipe_alu_cycles_active.sum
OUT=/tmp/probe NCU_EXTRA_METRICS=$PM tools/measure/run_ncu_extra.sh traces/vecadd/vecadd.json 2>&1 | tail -3
if ! grep -q "sm__inst_executed_pipe_fma" /tmp/probe/ncu_extra/vecadd.csv 2>/dev/null; then
  echo "pipe list refused; falling back"; cat /tmp/probe/ncu_extra/vecadd.log | tail -5
  PM=smsp__inst_executed.sum,sm__inst_executed_pipe_fma.sum,sm__inst_executed_pipe_fp64.sum
fi
CONFIGS=()
for d in traces/*/; do w=$(basename $d); case $w in barrier_deadlock) continue;; esac; [ -f $d$w.json ] && CONFIGS+=($d$w.json); done
echo "== pipes over ${#CONFIGS[@]} configs $(date -u) t=$(( $(date +%s)-T0 ))"
OUT=/tmp/pipes NCU_EXTRA_METRICS=$PM timeout $(( 540 - ($(date +%s)-T0) )) tools/measure/run_ncu_extra.sh "${CONFIGS[@]}" 2>&1 | grep -v "^===" | tail -20
ls /tmp/pipes/ncu_extra/*.csv | wc -l
tar czf $OUT/pipes.tgz -C /tmp/pipes ncu_extra
wait $SASSPID
echo "== done t=$(( $(date +%s)-T0 ))"; ls -la $OUT
