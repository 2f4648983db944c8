#!/usr/bin/env bash
# Device call 7 of 2026-12-05 (eleventh session): Nsight's per-SASS-instruction stall samples (source page) of
# ubench_tma's .cta-scope one-stage tma_ring (launch 32), wgmma_gemm's first sw128 launch (2 x 2 CTAs, 256^3) and its
# sw64 launch (launch 4), and flash_fwd's first launch: where their cycles go on the GPU, for the ptxas-scaffolding model
# and wgmma_gemm's 128B-swizzle error.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
mkdir -p /tmp/src2
src() {  # name config skip
  timeout 100 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
    --launch-skip "$3" --launch-count 1 --page source --print-source sass --csv "$BIN" "$2" --once --out /tmp/src2/$1.once.json \
    > /tmp/src2/$1.source.csv 2>/tmp/src2/$1.err; echo "$1 rc=$? $(wc -l < /tmp/src2/$1.source.csv) lines"
}
src tma_ring_cta_s1 traces/ubench_tma/ubench_tma.json 32
src wgmma_gemm_sw128 traces/wgmma_gemm/wgmma_gemm.json 0
src wgmma_gemm_sw64 traces/wgmma_gemm/wgmma_gemm.json 4
src flash_fwd traces/flash_fwd/flash_fwd.json 0
tar cJf $OUT/src2.txz -C /tmp src2; ls -la $OUT
