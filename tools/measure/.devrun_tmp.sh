set -u
export OUT
tools/measure/run_all.sh traces/ubench_dram_stream/ubench_dram_stream.json > $OUT/run_all.log 2>&1
tail -4 $OUT/run_all.log
