#!/usr/bin/env bash
# Device call 1 of the seventeenth session (2026-12-06). Asks for an H200; every part but the first is useful on an
# H100 too (the SM side of Hopper is the same chip), and the GPU's name is recorded.
# 1. tools/measure/atomic_unit_map.cu over 4 MiB and 1 MiB (which 256-byte pieces share an L2 atomic unit), as
#    2026-12-06-s16-call1.sh; on an H200 this is the H200's own map (the config's 96 units are inferred).
# 2. Nsight Compute's full raw page (--set full) of ubench_atomic_line's launches 5-11, among them the three 132-line
#    launches warpsim runs 25-48 % fast: what limits an SM that adds into a line of its own (LSU throttling, the
#    L1's atomic requests and sectors, the L2's red requests per unit).
# 3. The per-SASS-instruction stall samples (source page) and full raw page of j_transpose_2048's transpose_tile
#    (-14.3 % in warpsim) and j_sgemm16_256's sgemm_tiled16 (+14.2 %), issue 9's two streaming/tiled kernels outside 10 %.
# 4. run_all.sh on the new traces/ubench_smem_wide (shared-memory wavefronts of 64- and 128-bit loads by lane pattern;
#    sgemm_tiled16's LDS.128 of two half-warp broadcasts counts about 2 wavefronts on the H200 and 4 in warpsim).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
nvcc -O3 -arch=native -o /tmp/aum tools/measure/atomic_unit_map.cu || exit 1
cuobjdump --dump-sass /tmp/aum | grep -E "ATOM|RED|CS2R|S2UR|FADD|STG|LDG|BRA" | head -80 > $OUT/aum_sass.txt
time timeout 250 /tmp/aum 4 > $OUT/atomic_unit_map.json 2> $OUT/aum_log1.txt; echo "rc $?"
tail -5 $OUT/aum_log1.txt
time timeout 200 /tmp/aum 1 > $OUT/atomic_unit_map_repeat.json 2> $OUT/aum_log2.txt; echo "rc $?"
tail -3 $OUT/aum_log2.txt
case "$GPUNAME" in *H200*) export MEASURE_TAG=h200;; *) export MEASURE_TAG=h100;; esac
mkdir -p /tmp/o_sw
OUT=/tmp/o_sw REPEAT=5 WARMUP=1 REPEAT_RUNS=1 timeout 200 tools/measure/run_all.sh traces/ubench_smem_wide/ubench_smem_wide.json 2>&1 | tail -3
cp /tmp/o_sw/measure.tgz $OUT/smem_wide.tgz
W=/tmp/s17; mkdir -p $W
raw() {  # name config skip count
  timeout 150 ncu --clock-control none --set full --launch-skip "$3" --launch-count "$4" --page raw --csv \
    "$BIN" "$2" --once --out $W/$1.once.json > $W/$1.raw.csv 2>$W/$1.raw.err; echo "$1 raw rc=$? $(wc -l < $W/$1.raw.csv) lines"
}
src() {  # name config skip
  timeout 100 ncu --clock-control none --section SourceCounters --section WarpStateStats --warp-sampling-interval 0 \
    --launch-skip "$3" --launch-count 1 --page source --print-source sass --csv "$BIN" "$2" --once --out $W/$1.once.json \
    > $W/$1.source.csv 2>$W/$1.src.err; echo "$1 source rc=$? $(wc -l < $W/$1.source.csv) lines"
}
time raw atomic_line traces/ubench_atomic_line/ubench_atomic_line.json 5 7
time raw transpose_tile traces/j_transpose_2048/j_transpose_2048.json 0 1
time raw sgemm_tiled16 traces/j_sgemm16_256/j_sgemm16_256.json 0 1
time src transpose_tile traces/j_transpose_2048/j_transpose_2048.json 0
time src sgemm_tiled16 traces/j_sgemm16_256/j_sgemm16_256.json 0
time src atomic_line_10 traces/ubench_atomic_line/ubench_atomic_line.json 10
{ echo "$GPUNAME"; ncu --version | tail -1; ptxas --version | tail -1; date -u; } > $W/VERSION
tar cJf $OUT/s17.txz -C /tmp s17; ls -la $OUT
