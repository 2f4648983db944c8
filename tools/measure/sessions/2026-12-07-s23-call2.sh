#!/usr/bin/env bash
# Device call 2 of the twenty-third session (2026-12-07 UTC): on an H200 only (an H100 exits at once: call 1 measured
# these on one). Writes everything under $OUT/all.tgz.
# 1. call 1's two workloads (2026-12-07-s23-call1.sh: traces/ubench_tma_dram, traces/ws_gemm_probe) on the H200.
# 2. the twenty-first session's traces/ubench_dram_random (2026-12-06-s21-call1.sh), measured on an H100 only.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) ;; *) echo "not an H200: nothing run"; exit 0;; esac
FINAL=$OUT
OUT=$FINAL bash tools/measure/sessions/2026-12-07-s23-call1.sh
mkdir -p /tmp/s23/dram_random
OUT=/tmp/s23/dram_random timeout 300 bash tools/measure/sessions/2026-12-06-s21-call1.sh > /tmp/s23/dram_random.log 2>&1
echo "dram_random rc=$?"
cd /tmp && tar czf $FINAL/all.tgz s23 && ls -la $FINAL
