#!/usr/bin/env bash
# Device call 6 of 2026-12-05 (eleventh session): Nsight Compute's per-SASS-instruction warp-state samples (the source
# page) of one launch each of ubench_tma_ring (slot 0: mode 0, one stage, 8 KiB), ubench_mbar_lanes (slot 0: form 0,
# 32 waiting lanes) and ubench_mbarrier (mbar_self), to find which instructions a TMA ring's ~1,800-cycle round waits on.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
mkdir -p /tmp/src
ncu --version > /tmp/src/ncu_version.txt 2>&1
for c in ubench_tma_ring ubench_mbar_lanes ubench_mbarrier; do
  timeout 120 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
    --launch-count 1 --page source --print-source sass --csv "$BIN" traces/$c/$c.json --once --out /tmp/src/$c.once.json \
    > /tmp/src/$c.source.csv 2>/tmp/src/$c.err; echo "$c ncu rc=$? $(wc -l < /tmp/src/$c.source.csv) lines"
  timeout 120 ncu --clock-control none --section WarpStateStats --section SourceCounters --warp-sampling-interval 0 \
    --launch-count 1 --page raw --csv "$BIN" traces/$c/$c.json --once --out /tmp/src/$c.once2.json \
    > /tmp/src/$c.raw.csv 2>/tmp/src/$c.raw.err; echo "$c raw rc=$?"
done
tar cJf $OUT/src.txz -C /tmp src; ls -la $OUT
