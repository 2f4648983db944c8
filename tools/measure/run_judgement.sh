#!/usr/bin/env bash
# Runs on the GPU machine (carry .measure; see README.md here): the SASS of every judgement workload and of
# ubench_l1_throughput under $OUT/sass, then tools/measure/run_all.sh over those configs (timed runs, one ncu pass
# each, two more runs to find buffers that vary). Leaves out: the calibration workloads (run_all.sh with no
# arguments measures every config).
export OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
mkdir -p $OUT/sass
for d in traces/j_*/ traces/ubench_l1_throughput/; do w=$(basename $d); ptxas -arch=sm_90a -O3 $d/$w.sm_90a.ptx -o /tmp/$w.cubin && cuobjdump --dump-sass /tmp/$w.cubin > $OUT/sass/$w.sass; done
CONFIGS=""
for d in traces/j_*/ traces/ubench_l1_throughput/; do w=$(basename $d); CONFIGS="$CONFIGS $d$w.json"; done
MEASURE_ARGS="--inline-limit 65536" REPEAT=10 WARMUP=2 REPEAT_RUNS=2 NCU_BUDGET_S=500 tools/measure/run_all.sh $CONFIGS 2>&1 | tail -5
