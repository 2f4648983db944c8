#!/usr/bin/env bash
# Device call 4 of the eighteenth session (2026-12-06): tools/measure/dram_pair.cu with its second part (the pair
# D = 16 KiB asked for by S = 1-32 warps on different SMs at once, 1 and 16 warps per SM). Asks for an H200.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
nvcc -O3 -arch=native -o /tmp/dram_pair tools/measure/dram_pair.cu || exit 1
time timeout 120 /tmp/dram_pair > $OUT/dram_pair.json 2> $OUT/dram_pair.log; echo "rc $?"
tail -3 $OUT/dram_pair.log
