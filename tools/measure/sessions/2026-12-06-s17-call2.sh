#!/usr/bin/env bash
# Device call 2 of the seventeenth session (2026-12-06): what a 64- or 128-bit shared-memory load costs beyond its
# wavefronts. traces/ubench_smem_wide (35 launches: 27 lane patterns with 8 warps, four of them again with 1 and with
# 4 warps) timed by run_all.sh; its SASS; Nsight's warp states, MIO and register write-back counters for every
# launch; and the per-instruction stall samples of launches 0 (v4, 2 wavefronts), 6 (v4, 4) and 16 (v2, 1).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
C=traces/ubench_smem_wide/ubench_smem_wide.json
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
mkdir -p /tmp/o_sw /tmp/s17b
OUT=/tmp/o_sw REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh $C 2>&1 | tail -3
cp /tmp/o_sw/measure.tgz $OUT/smem_wide.tgz
W=/tmp/s17b
ptxas -arch=sm_90a -O3 traces/ubench_smem_wide/ubench_smem_wide.sm_90a.ptx -o $W/sw.cubin && cuobjdump --dump-sass $W/sw.cubin > $W/ubench_smem_wide.sm_90a.sass
M=gpc__cycles_elapsed.max,smsp__inst_executed.sum,sm__mio2rf_writeback_active.sum,l1tex__lsu_writeback_active.sum
M=$M,l1tex__lsu_writeback_active_mem_lgds.sum,sm__mio_inst_issued.sum,sm__mio_pq_read_cycles_active.sum,sm__mio_pq_write_cycles_active.sum
M=$M,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_reads.sum,l1tex__data_bank_writes.sum
M=$M,smsp__average_warp_latency_per_inst_issued.ratio,l1tex__data_pipe_lsu_wavefronts.sum
time timeout 240 ncu --clock-control none --section WarpStateStats --metrics $M --page raw --csv \
  "$BIN" $C --once --out $W/raw.once.json > $W/ubench_smem_wide.raw.csv 2> $W/raw.err; echo "raw rc=$?"
for L in 0 6 16; do
  timeout 60 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
    --launch-skip $L --launch-count 1 --page source --print-source sass --csv "$BIN" $C --once --out $W/s$L.once.json \
    > $W/smem_wide_$L.source.csv 2>$W/s$L.err; echo "source $L rc=$?"
done
rm -f $W/*.once.json $W/sw.cubin
{ echo "$GPUNAME"; ncu --version | tail -1; ptxas --version | tail -1; date -u; } > $W/VERSION
tar cJf $OUT/s17b.txz -C /tmp s17b; ls -la $OUT
