#!/usr/bin/env bash
# Device call 2 of the nineteenth session (2026-12-06). Any one-GPU machine; the GPU is recorded.
# ubench_smem_wide (issue 9): with the register limit warpsim has smem_wide_v4 within 2-8 % of the H100, but
# smem_wide_v2 (eight independent LDS.64 back to back in its SASS, 16 registers of results) stays 11-19 % fast.
# Nsight's per-SASS stall samples (source page) of launch 16 (v2, 8 warps, conflict-free), 29 (v2, 1 warp) and
# 0 (v4, 8 warps), to see where v2's extra cycles go.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
CFG=traces/ubench_smem_wide/ubench_smem_wide.json
mkdir -p $OUT/src
for skip in 16 29 0; do
  timeout 120 ncu --clock-control none --section SourceCounters --section WarpStateStats \
    --warp-sampling-interval 0 --launch-skip $skip --launch-count 1 --page source --print-source sass --csv \
    "$BIN" $CFG --once > $OUT/src/smem_wide_launch$skip.source.csv 2> $OUT/src/smem_wide_launch$skip.err
  echo "source $skip rc=$?"
done
cd $OUT && tar cJf smem_wide_src.tar.xz src gpu.csv && rm -rf src
