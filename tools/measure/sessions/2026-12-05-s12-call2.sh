#!/usr/bin/env bash
# Device call 2 of the twelfth session (2026-12-05, evening): Nsight's per-SASS-instruction stall samples (source page)
# of the kernels furthest off after this session's model changes, for the next session to find their mechanisms:
# j_colsum's colmax_u32 (launch 1, +32.8 %), j_gather's two launches (+27 %, -31 %), lane_loop (-34 %) and ubench_cp_async's
# launch 10 (cpa_tput, -41.8 %); and the SASS of ubench_l1_assoc (warpsim counts 25 % more instructions than Nsight).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
mkdir -p /tmp/src3
src() {  # name config skip
  timeout 100 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
    --launch-skip "$3" --launch-count 1 --page source --print-source sass --csv "$BIN" "$2" --once --out /tmp/src3/$1.once.json \
    > /tmp/src3/$1.source.csv 2>/tmp/src3/$1.err; echo "$1 rc=$? $(wc -l < /tmp/src3/$1.source.csv) lines"
}
src j_colsum_colmax traces/j_colsum/j_colsum.json 1
src j_gather_0 traces/j_gather/j_gather.json 0
src j_gather_1 traces/j_gather/j_gather.json 1
src lane_loop traces/lane_loop/lane_loop.json 0
src ubench_cp_async_10 traces/ubench_cp_async/ubench_cp_async.json 10
ptxas -arch=sm_90a -O3 traces/ubench_l1_assoc/ubench_l1_assoc.sm_90a.ptx -o /tmp/l1a.cubin && cuobjdump --dump-sass /tmp/l1a.cubin > /tmp/src3/ubench_l1_assoc.sm_90a.sass
{ echo "$GPUNAME"; ncu --version | tail -1; ptxas --version | tail -1; date -u; } > /tmp/src3/VERSION
tar cJf $OUT/src3.txz -C /tmp src3; ls -la $OUT
