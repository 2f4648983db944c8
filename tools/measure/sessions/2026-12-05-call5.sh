#!/usr/bin/env bash
# Device call 5 of 2026-12-05 (eleventh session): traces/ubench_mbar_lanes (an mbarrier wait's cost by the lanes that
# run it and the form of its address), ncu's per-SASS-instruction stall samples of ubench_tma_ring's first launch and
# of ubench_mbar_lanes, the SASS of every workload's sm_90a PTX (ptxas -O3, cuobjdump), and the tensor-core numerics
# probe of call 4 (traces/ubench_tc_numerics, never measured: the device refused every call after 10:47 that day).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
# 1. ubench_mbar_lanes, timed and under ncu's base metrics
OUT=/tmp/o_mbar REPEAT=20 WARMUP=2 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh traces/ubench_mbar_lanes/ubench_mbar_lanes.json 2>&1 | tail -4
cp /tmp/o_mbar/measure.tgz $OUT/mbar.tgz
# 2. per-instruction stall samples (source page, SASS) of one launch each
mkdir -p /tmp/src
for c in ubench_tma_ring ubench_mbar_lanes; do
  timeout 150 ncu --clock-control none --section SourceCounters --section WarpStateStats --sampling-interval 0 \
    --launch-count 1 --page source --print-source sass --csv "$BIN" traces/$c/$c.json --once --out /tmp/src/$c.once.json \
    > /tmp/src/$c.source.csv 2>/tmp/src/$c.err; echo "$c ncu rc=$? $(wc -l < /tmp/src/$c.source.csv) lines"
done
# 3. SASS of every workload
mkdir -p /tmp/sass
ls traces/*/*.sm_90a.ptx | xargs -P 16 -I{} sh -c 'b=$(basename {} .ptx); ptxas -arch=sm_90a -O3 {} -o /tmp/sass/$b.cubin 2>/dev/null && cuobjdump --dump-sass /tmp/sass/$b.cubin > /tmp/sass/$b.sass; rm -f /tmp/sass/$b.cubin'
{ ptxas --version | tail -1; date -u; } > /tmp/sass/VERSION
tar cJf $OUT/src_sass.txz -C /tmp src sass; ls /tmp/sass | wc -l
# 4. the tensor-core numerics probe
mkdir -p /tmp/j_tcnum
OUT=/tmp/j_tcnum timeout 200 bash tools/measure/tc_numerics.sh > /dev/null 2>&1; echo "tcnum rc=$?"
tar czf $OUT/tcnum.tgz -C /tmp j_tcnum
ls -la $OUT
