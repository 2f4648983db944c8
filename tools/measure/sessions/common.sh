# Sourced by a device call's session script (2026-12-07-s27-call*.sh and later): the GPU's name and the tag of its
# measurement files (h100 or h200), warpsim-measure from .measure/ (carried to the device machine), a work folder
# /tmp/$PACK with the GPU's provenance (gpu.csv), and:
#   left                       seconds left of $LIMIT (default 540) since the script started
#   pack                       writes /tmp/$PACK as $OUT/$PACK.tgz (call it after each step: a timed-out call keeps it)
#   sass NAME                  traces/NAME's sm_90a PTX through ptxas -O3 and cuobjdump into $W/NAME/NAME.sm_90a.sass
#   measure NAME T ONCE        tools/measure/run_all.sh on traces/NAME (at most T s and what is left), ONCE --once runs
#                              with the clock stamps inline, the SASS, then pack
#   h200_pending               the H200 runs still wanted on 2026-12-07 (none came): ubench_warp_lat,
#                              tools/measure/cta_placement.cu, ubench_l2_merge, ubench_l2_shared, ubench_ldg_trips
# The caller sets PACK (the folder's and archive's name) before sourcing.
set -u
GPUNAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); echo "GPU: $GPUNAME"
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
BIN=.measure/bin/warpsim-measure
TAG=h200; case "$GPUNAME" in *H100*) TAG=h100;; esac
FINAL=$OUT
W=/tmp/$PACK; rm -rf $W; mkdir -p $W
START=$(date +%s)
LIMIT=${LIMIT:-540}
left() { echo $((LIMIT - ($(date +%s) - START))); }
pack() { (cd /tmp && tar czf $FINAL/$PACK.tgz $PACK); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,ecc.mode.current --format=csv > $W/gpu.csv
nvcc --version | tail -2 >> $W/gpu.csv; ncu --version | tail -1 >> $W/gpu.csv; date -u >> $W/gpu.csv
sass() {
  ptxas -arch=sm_90a -O3 traces/$1/$1.sm_90a.ptx -o /tmp/$1.cubin && cuobjdump --dump-sass /tmp/$1.cubin > $W/$1/$1.sm_90a.sass
}
measure() {  # name, timeout for run_all, --once runs
  local name=$1 CFG=traces/$1/$1.json
  mkdir -p $W/$name
  local t=$(left); [ $t -lt 30 ] && { echo "$name: no time left"; return; }
  [ $t -gt $2 ] && t=$2
  SECONDS=0
  OUT=$W/$name/run MEASURE_TAG=$TAG REPEAT=5 WARMUP=1 NCU_BUDGET_S=$((t - 40)) timeout $t bash tools/measure/run_all.sh $CFG > $W/$name/run_all.log 2>&1
  echo "$name run_all rc=$? after ${SECONDS}s"; tail -2 $W/$name/run_all.log
  for i in $(seq 1 $3); do
    timeout 60 "$BIN" $CFG --once --inline-limit 10000000 --out $W/$name/once_$i.json > $W/$name/once_$i.log 2>&1
    echo "$name once $i rc=$?"
  done
  sass $name
  pack
}
h200_pending() {
  measure ubench_warp_lat 150 1
  SECONDS=0
  nvcc -O2 -arch=native -o /tmp/cta_placement tools/measure/cta_placement.cu && timeout 60 /tmp/cta_placement > $W/cta_placement.$TAG.json
  echo "cta_placement rc=$? after ${SECONDS}s"; pack
  measure ubench_l2_merge 200 1
  measure ubench_l2_shared 120 1
  measure ubench_ldg_trips 150 1
}
