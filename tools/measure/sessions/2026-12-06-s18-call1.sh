#!/usr/bin/env bash
# Device call 1 of the eighteenth session (2026-12-06). Asks for an H200; an H100 is recorded as such.
# j_sgemm16_256's sgemm_tiled16 (issue 9): with ptxas's schedule (the next tiles' LDG.E.CONSTANT above BAR.SYNC)
# warpsim runs it 23.5 % fast, with the PTX order 12.8 % slow; warpsim's cycles follow mem.dram_latency closely.
# 1. The launch twice on the same buffers (tools/measure/sessions/2026-12-06-s18/sgemm16_twice.json) under
#    ncu --cache-control none: the first launch reads A and B from DRAM, the second finds them in L2. And once more
#    with --cache-control all (both cold), to check that the two launches are otherwise equal.
# 2. Nsight's per-SASS stall samples (source page) of the cold and of the warm launch.
# 3. Only on an H200: tools/measure/atomic_unit_map.cu over 1 MiB (the H200's own L2 atomic-unit map; every earlier
#    run was on an H100).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
CFG=tools/measure/sessions/2026-12-06-s18/sgemm16_twice.json
M=gpc__cycles_elapsed.max,sm__cycles_active.avg,dram__bytes_read.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,lts__t_sectors_srcunit_tex_lookup_hit.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio
for cc in none all; do
  for rep in 1 2 3; do
    timeout 60 ncu --clock-control none --cache-control $cc --metrics $M --csv "$BIN" $CFG --once \
      > $OUT/twice_${cc}_$rep.csv 2> $OUT/twice_${cc}_$rep.err; echo "twice $cc $rep rc=$?"
  done
done
for skip in 0 1; do
  timeout 100 ncu --clock-control none --cache-control none --section SourceCounters --section WarpStateStats \
    --warp-sampling-interval 0 --launch-skip $skip --launch-count 1 --page source --print-source sass --csv \
    "$BIN" $CFG --once > $OUT/sg_src_$skip.csv 2> $OUT/sg_src_$skip.err; echo "source $skip rc=$?"
done
case "$GPUNAME" in
  *H200*)
    nvcc -O3 -arch=native -o /tmp/aum tools/measure/atomic_unit_map.cu || exit 1
    time timeout 280 /tmp/aum 1 > $OUT/atomic_unit_map_h200.json 2> $OUT/aum_log.txt; echo "aum rc $?"
    tail -3 $OUT/aum_log.txt;;
esac
ls -la $OUT
