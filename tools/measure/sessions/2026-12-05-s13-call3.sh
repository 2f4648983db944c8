#!/usr/bin/env bash
# Device call 3 of the thirteenth session (2026-12-05, evening): the new calibration microbenchmark
# traces/ubench_branch_lat (ptxas's control-flow costs: a branch on a just-computed predicate, convergence regions
# taken uniformly or divergently, a parameter compared inside a loop, a divergent region holding an mbarrier wait
# loop), timed (run_all.sh: cycles, Nsight counters, buffer hashes), its SASS, and Nsight's per-SASS-instruction
# execution counts and stall samples (source page) of five of its launches. Call 1's data-exit loops (launches 1, 3,
# 8, 9) exited at once: ptxas deleted them (after `do x = f(x) while (x != stop)`, x is stop); call 2 tests x >> 8.
# This call: x starts at 7 + lane * sel (lane-dependent to ptxas), the version committed.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
mkdir -p /tmp/o_bl
OUT=/tmp/o_bl REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 240 tools/measure/run_all.sh traces/ubench_branch_lat/ubench_branch_lat.json 2>&1 | tail -3
cp /tmp/o_bl/measure.tgz $OUT/branch_lat.tgz
BIN=.measure/bin/warpsim-measure
mkdir -p /tmp/src6
ptxas -arch=sm_90a -O3 traces/ubench_branch_lat/ubench_branch_lat.sm_90a.ptx -o /tmp/bl.cubin && cuobjdump --dump-sass /tmp/bl.cubin > /tmp/src6/ubench_branch_lat.sm_90a.sass
src() {  # name config skip
  timeout 100 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
    --launch-skip "$3" --launch-count 1 --page source --print-source sass --csv "$BIN" "$2" --once --out /tmp/src6/$1.once.json \
    > /tmp/src6/$1.source.csv 2>/tmp/src6/$1.err; echo "$1 rc=$? $(wc -l < /tmp/src6/$1.source.csv) lines"
}
for k in 1 4 5 6 12; do src branch_lat_$k traces/ubench_branch_lat/ubench_branch_lat.json $k; done
{ echo "$GPUNAME"; ncu --version | tail -1; ptxas --version | tail -1; date -u; } > /tmp/src6/VERSION
tar cJf $OUT/src6.txz -C /tmp src6; ls -la $OUT
