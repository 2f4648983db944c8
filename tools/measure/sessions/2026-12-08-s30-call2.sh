#!/usr/bin/env bash
# Device call 2 of the thirtieth session (2026-12-08 UTC). Any one-GPU machine (asked for an H200); the GPU is
# recorded. Writes everything under $OUT/s30c2.tgz; stops starting new steps after $LIMIT s (540).
# 1. traces/ubench_data_pipe (new calibration microbenchmark, issue 9): run_all.sh (times, buffer hashes, the standard
#    Nsight counters), one --once run, its SASS; then one Nsight pass per launch with the data pipe's wavefronts in
#    all (l1tex__data_pipe_lsu_wavefronts.sum) and shared only: how many wavefronts each global request takes.
# 2. The same data-pipe counters for the judgement workloads j_transpose_2048 and j_sgemm16_256 (mechanism only:
#    nothing is fitted to them).
PACK=s30c2
source tools/measure/sessions/common.sh
measure ubench_data_pipe 150 1
DP=l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__lsu_writeback_active.sum,sm__cycles_active.avg,gpc__cycles_elapsed.max,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_global_ld.sum,smsp__inst_executed_op_global_st.sum
for w in ubench_data_pipe j_transpose_2048 j_sgemm16_256; do
  t=$(left); [ $t -lt 40 ] && { echo "$w: no time left"; continue; }
  SECONDS=0
  timeout $((t - 10)) ncu --clock-control none --metrics $DP --csv "$BIN" traces/$w/$w.json --once \
    > $W/$w.datapipe.csv 2> $W/$w.datapipe.err
  echo "$w data pipe rc=$? after ${SECONDS}s"; pack
done
pack
echo "done after $(( $(date +%s) - START ))s"
