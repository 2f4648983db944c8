#!/usr/bin/env bash
# Device call 1 of the twenty-first session (2026-12-06). Any one-GPU machine; the GPU is recorded (asked for an H200).
# traces/ubench_dram_random (issue 9, new calibration microbenchmark): random accesses to cold lines. The judgement
# kernels that read cold lines at random (j_chase32's DRAM launch: 1,153 cycles per step against ubench_dram_chase's
# 690; j_gather's 128 MiB table; j_bfs_step) are 22-31 % slower on the H200 than in warpsim, whose DRAM gives every
# cold request the same latency and serves random sectors at the streaming rate.
# 1. run_all.sh on the config: times, buffer hashes (lat and cyc after the last repetition), the standard Nsight
#    counters per launch (DRAM bytes per random access).
# 2. One --once run that keeps every buffer in full (--inline-limit): the per-step latencies of lat_walk (lat, 32 KB)
#    for launches that ran once on cold lines.
# 3. The SASS of its PTX (ptxas -O3 + cuobjdump).
# Ran twice (both calls got an H100). In the first (20:15 UTC) ptxas had removed lat_walk's loads (nothing stored
# their values); the second (20:55 UTC) measured the committed version (traces/ubench_dram_random/h100.json; its
# per-step lat records are still not usable: ptxas moves the add that consumes each load after the second clock read).
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.csv
nvcc --version | tail -2 >> $OUT/gpu.csv; ncu --version | tail -1 >> $OUT/gpu.csv; date -u >> $OUT/gpu.csv
CFG=traces/ubench_dram_random/ubench_dram_random.json
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
OUT0=$OUT
OUT=$OUT0/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 bash tools/measure/run_all.sh $CFG > $OUT0/run_all.log 2>&1
echo "run_all rc=$?"; tail -3 $OUT0/run_all.log
for i in 1 2; do
  "$BIN" $CFG --once --inline-limit 100000000 --out $OUT0/once_full_$i.json > $OUT0/once_full_$i.log 2>&1
  echo "once $i rc=$?"
done
ptxas -arch=sm_90a -O3 traces/ubench_dram_random/ubench_dram_random.sm_90a.ptx -o /tmp/dr.cubin && \
  cuobjdump --dump-sass /tmp/dr.cubin > $OUT0/ubench_dram_random.sass
ls -la $OUT0 $OUT0/run
