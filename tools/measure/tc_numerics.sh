#!/usr/bin/env bash
# tools/measure/tc_numerics.sh: the H200 run of traces/ubench_tc_numerics (issue 12's targeted-input probe of the tensor cores'
# f32-accumulator sum), for the lead to run in one device call from the repository root with `.measure` carried (see
# tools/measure/README.md):
#   OUT=<output folder> bash tools/measure/tc_numerics.sh
# It writes 4 files under $OUT (the device tool returns at most 8):
#   measure.tgz    run_all.sh with REPEAT=2 WARMUP=1 REPEAT_RUNS=1 (timing, ncu's base metrics, which buffers vary
#                  between runs; tools/measure/install_results.py -> traces/ubench_tc_numerics/h200.json)
#   tcnum.json     warpsim-measure --once --inline-limit 1000000: every buffer in hex (`out` is 40 KiB), for
#                  `python3 tools/numerics/probe_expect.py tcnum.json` (each candidate rule's share per category)
#   ubench_tc_numerics.sm_90a.sass  ptxas -arch=sm_90a -O3 of the committed PTX, cuobjdump --dump-sass (which SASS
#                  each form became: HMMA, the fp8 emulation, HGMMA/QGMMA)
#   tcnum.log      this script's output
# GPU time: five launches of 4-16 CTAs, one instruction each, a few microseconds; ncu's passes dominate (under a
# minute).
# Leaves out: installing the results (done off the device).
set -u
OUT=${OUT:-/tmp/tcnum-out}
export OUT
mkdir -p "$OUT"
exec > >(tee "$OUT/tcnum.log") 2>&1
C=traces/ubench_tc_numerics/ubench_tc_numerics.json
BIN=${MEASURE_BIN:-.measure/bin/warpsim-measure}
[ -d .measure/lib ] && export LD_LIBRARY_PATH=".measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d .measure/configs ] && export WARPSIM_CONFIGS=".measure/configs"
echo "== start $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv || true

echo "== run_all.sh (timed + ncu)"
time REPEAT=2 WARMUP=1 REPEAT_RUNS=1 tools/measure/run_all.sh "$C"

echo "== warpsim-measure --once (full buffers)"
time "$BIN" "$C" --once --inline-limit 1000000 --out "$OUT/tcnum.json"

echo "== SASS"
PTXAS=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
CUOBJDUMP=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
if "$PTXAS" -arch=sm_90a -O3 traces/ubench_tc_numerics/ubench_tc_numerics.sm_90a.ptx -o /tmp/tcnum.cubin; then
  { echo "# SASS of ubench_tc_numerics ($("$PTXAS" --version | tail -1); $(date -u))"
    "$CUOBJDUMP" --dump-sass /tmp/tcnum.cubin; } > "$OUT/ubench_tc_numerics.sm_90a.sass"
fi
echo "== files"
ls -la "$OUT"
echo "== end $(date -u)"
