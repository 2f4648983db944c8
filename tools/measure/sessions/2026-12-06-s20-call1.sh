#!/usr/bin/env bash
# Device call 1 of the twentieth session (2026-12-06). Any one-GPU machine; the GPU is recorded (asked for an H200).
# traces/ubench_tile_phases (issue 9, new calibration microbenchmark): j_sgemm16_256's k loop taken apart without its
# global loads (compute only / + barriers / + STS, on 1, 2 and 4 CTAs per SM) and the WAR probes (a store's source
# register overwritten by the next instruction). j_sgemm16_256 (judgement) is -24.6 % in warpsim; this says which
# phase the GPU spends its extra cycles in. (The workload was rewritten after this call, which showed ptxas removing
# what its probes measured; call 2 measured the committed version.)
# 1. run_all.sh on the config: times, buffer hashes, the standard Nsight counters per launch.
# 2. The SASS of its PTX (ptxas -O3 + cuobjdump), to see which registers the STS/STG and IMAD use.
# 3. Nsight's per-SASS stall samples (source page) of launches 2 (tp_sb, 1 CTA), 5 (tp_sb, 264 CTAs), 3 (tp_c,
#    264 CTAs), 7 (war_sts) and 8 (war_sts_ctl).
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
ptxas -arch=sm_90a -O3 traces/ubench_tile_phases/ubench_tile_phases.sm_90a.ptx -o /tmp/tp.cubin && \
  cuobjdump --dump-sass /tmp/tp.cubin > $OUT0/src/ubench_tile_phases.sass
for skip in 2 5 3 7 8; do
  timeout 90 ncu --clock-control none --section SourceCounters --section WarpStateStats \
    --warp-sampling-interval 0 --launch-skip $skip --launch-count 1 --page source --print-source sass --csv \
    "$BIN" $CFG --once > $OUT0/src/tp_launch$skip.source.csv 2> $OUT0/src/tp_launch$skip.err
  echo "source $skip rc=$?"
done
cp $OUT0/gpu.csv $OUT0/src/
cd $OUT0 && tar cJf tp_src.tar.xz src && rm -rf src && ls -la $OUT0 $OUT0/run
