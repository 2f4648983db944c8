#!/usr/bin/env bash
# Device call 2 of the twentieth session (2026-12-06). Any one-GPU machine; the GPU is recorded (asked for an H200).
# Call 1 (same session) found that ptxas removed what the first version of ubench_tile_phases' probes measured
# (shared loads of unchanged words loaded once, stores overwritten before a barrier dropped) and that the GPU takes
# 3,400-4,000 cycles more than warpsim outside its SMs' active time on the 264-CTA launches while CTA 0's loop is
# within 3-9 %. Now the probes use volatile accesses and loop-carried registers, tp_c a __syncwarp per tile, and each
# CTA records its SM and clocks (buffer ctas).
# 1. run_all.sh on traces/ubench_tile_phases (times, hashes, Nsight counters), and one more --once run that keeps
#    every buffer in full (--inline-limit), for the ctas records (118 KB).
# 2. Its SASS.
# 3. Per-warp timelines of j_sgemm16_256 (warpsim instrument + run_instrumented.sh: %globaltimer and %smid per warp).
# 4. Source pages of launches 5 (tp_sb, 264 CTAs), 4 (tp_b, 264), 7 (war_sts), 8 (war_sts_ctl), 11 (war_lds).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
CFG=traces/ubench_tile_phases/ubench_tile_phases.json
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
OUT0=$OUT
OUT=$OUT0/run MEASURE_TAG=$TAG REPEAT=20 WARMUP=3 bash tools/measure/run_all.sh $CFG > $OUT0/run_all.log 2>&1
echo "run_all rc=$?"; tail -3 $OUT0/run_all.log
mkdir -p $OUT0/src
"$BIN" $CFG --once --inline-limit 100000000 --out $OUT0/src/tp_once_full.json > $OUT0/src/tp_once_full.log 2>&1
echo "once rc=$?"
ptxas -arch=sm_90a -O3 traces/ubench_tile_phases/ubench_tile_phases.sm_90a.ptx -o /tmp/tp.cubin && \
  cuobjdump --dump-sass /tmp/tp.cubin > $OUT0/src/ubench_tile_phases.sass
OUT=$OUT0/inst bash tools/measure/run_instrumented.sh .measure/inst > $OUT0/inst.log 2>&1; echo "inst rc=$?"
for skip in 5 4 7 8 11; do
  timeout 90 ncu --clock-control none --section SourceCounters --section WarpStateStats \
    --warp-sampling-interval 0 --launch-skip $skip --launch-count 1 --page source --print-source sass --csv \
    "$BIN" $CFG --once > $OUT0/src/tp_launch$skip.source.csv 2> $OUT0/src/tp_launch$skip.err
  echo "source $skip rc=$?"
done
cp $OUT0/gpu.csv $OUT0/src/
cd $OUT0 && tar cJf tp_src.tar.xz src && rm -rf src && ls -la $OUT0 $OUT0/run $OUT0/inst
