#!/usr/bin/env bash
# Device call 4 of the seventeenth session (2026-12-06): tools/measure/smem_lockstep.cu, whether the shared-memory
# banks serve the sub-partitions' conflicting accesses wavefront by wavefront (their step gaps line up: cycles per
# step rise with the gap from the start) or an access at a time (gaps under about 96 cycles hidden), and its SASS.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
nvcc -O3 -arch=native -o /tmp/ls tools/measure/smem_lockstep.cu || exit 1
cuobjdump --dump-sass /tmp/ls > $OUT/smem_lockstep.sass
/tmp/ls > $OUT/smem_lockstep.json 2> $OUT/smem_lockstep.log; echo "rc $?"
cat $OUT/smem_lockstep.log; cat $OUT/smem_lockstep.json
