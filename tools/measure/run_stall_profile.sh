#!/usr/bin/env bash
# run_stall_profile.sh: where a kernel's cycles go on the GPU. For every run config given, on the GPU machine
# (carry .measure; see README.md here): the SASS of its PTX (ptxas -O3 + cuobjdump, as the GPU runs it) and one
# Nsight Compute pass per launch with the warp-state section (issue stall reasons: long_scoreboard, drain,
# lg_throttle, ...), the scheduler, launch, occupancy, speed-of-light and memory-workload sections, raw CSV.
# Results: $OUT/stalls.tgz (sass/<w>.sass, ncu/<w>.csv, env.txt). Leaves out: timing repetitions and buffer
# hashes (run_all.sh does those), source-level sampling (--section SourceCounters is slow).
# Usage (repository root): tools/measure/run_stall_profile.sh CONFIG.json [...]
# Environment: MEASURE_BIN (default .measure/bin/warpsim-measure), MEASURE_ARGS (extra tool arguments, e.g.
# "--gpu b200 --ptx-arch sm_100a"), PTX_ARCH (sm_90a), OUT.
set -u
BIN=${MEASURE_BIN:-.measure/bin/warpsim-measure}
ARCH=${PTX_ARCH:-sm_90a}
OUT=${OUT:-/tmp/measure-out}
W=${MEASURE_WORK:-/tmp/measure-stalls}
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
rm -rf "$W"; mkdir -p "$W/sass" "$W/ncu" "$OUT"
{ date -u; nvidia-smi; ncu --version; } >"$W/env.txt" 2>&1
for c in "$@"; do
  w=$(basename "$c" .json)
  d=$(dirname "$c")
  echo "=== $w"
  ptxas -arch="$ARCH" -O3 "$d/$w.$ARCH.ptx" -o "$W/$w.cubin" && cuobjdump --dump-sass "$W/$w.cubin" >"$W/sass/$w.sass"
  echo "ncu --clock-control none --section WarpStateStats --section SchedulerStats --section LaunchStats" \
    "--section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis --page raw --csv" \
    "$BIN $c ${MEASURE_ARGS:-} --once" >>"$W/env.txt"
  timeout 240 ncu --clock-control none --section WarpStateStats --section SchedulerStats --section LaunchStats \
    --section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis --page raw --csv \
    --log-file "$W/ncu/$w.csv" "$BIN" "$c" ${MEASURE_ARGS:-} --once --out "$W/$w.once.json" >"$W/$w.log" 2>&1 ||
    { echo "ncu FAILED ($?) $w"; tail -5 "$W/$w.log"; }
done
rm -f "$W"/*.cubin
tar czf "$OUT/stalls.tgz" -C "$W" .
