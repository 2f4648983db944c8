#!/usr/bin/env bash
# Device call 3 of the eighteenth session (2026-12-06): tools/measure/dram_pair.cu (two cold lines per warp, D bytes
# apart, one warp alone and 132 CTAs x 16 warps at once), its SASS, and the GPU's name. Asks for an H200.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
nvcc -O3 -arch=native -o /tmp/dram_pair tools/measure/dram_pair.cu || exit 1
cuobjdump --dump-sass /tmp/dram_pair | grep -A40 "Function : _Z10pair_probe" | grep -E "LDG|CS2R|IADD|VIADD|STG|CLOCK" > $OUT/dram_pair.sass
time timeout 120 /tmp/dram_pair > $OUT/dram_pair.json 2> $OUT/dram_pair.log; echo "rc $?"
cat $OUT/dram_pair.sass; tail -3 $OUT/dram_pair.log
