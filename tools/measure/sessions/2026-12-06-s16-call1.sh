#!/usr/bin/env bash
# Device call 1 of the sixteenth session (2026-12-06): tools/measure/atomic_unit_map.cu, which 256-byte pieces share
# an L2 atomic unit (16 hammering CTAs; every piece of the first 4 MiB plus the pieces at 2^k and 2^i + 2^j up to 2^29), run twice
# (the second run checks that the classes repeat), and its SASS (the probe's clock reads must follow the atomic's use).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv
nvcc -O3 -arch=native -o /tmp/aum tools/measure/atomic_unit_map.cu || exit 1
cuobjdump --dump-sass /tmp/aum | grep -E "ATOM|RED|CS2R|S2UR|FADD|STG|LDG|BRA" | head -80 > $OUT/aum_sass.txt
time timeout 250 /tmp/aum 4 > $OUT/atomic_unit_map.json 2> $OUT/aum_log1.txt; echo "rc $?"
tail -5 $OUT/aum_log1.txt
time timeout 200 /tmp/aum 1 > $OUT/atomic_unit_map_repeat.json 2> $OUT/aum_log2.txt; echo "rc $?"
tail -3 $OUT/aum_log2.txt
ls -la $OUT
