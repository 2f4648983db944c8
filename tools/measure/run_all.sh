#!/usr/bin/env bash
# run_all.sh: the device-side driver of the cross-validation measurements. For every run config that
# terminates on hardware (traces/<w>/<w>.json except barrier_deadlock, plus the tools/bench/*.json
# configs), it times the config with warpsim-measure, then, if ncu works, reads one launch of each kernel's
# hardware counters with Nsight Compute, runs the config REPEAT_RUNS more times to see which buffers vary
# between runs, and merges it all into one JSON (merge_ncu.py). Everything lands in $OUT/measure.tgz.
# Leaves out: building the tool (pass a built binary: see README.md), B200-only configs on an H200 (sm_100a
# PTX does not load there), and per-CTA timelines.
#
# Usage (repository root): tools/measure/run_all.sh [CONFIG.json ...]
# Environment: MEASURE_BIN (default .measure/bin/warpsim-measure), MEASURE_ARGS (extra tool arguments, e.g.
# "--gpu b200 --ptx-arch sm_100a"), MEASURE_TAG (file suffix, default h200), REPEAT (50), WARMUP (5),
# REPEAT_RUNS (3 extra --once runs to find buffers that vary between runs), NCU=0 to skip ncu, NCU_BUDGET_S (420: no new ncu run after this many seconds),
# OUT (default /tmp/measure-out: gets measure.tgz), MEASURE_WORK (scratch, default /tmp/measure-work).
set -u
ROOT=$(pwd)
BIN=${MEASURE_BIN:-.measure/bin/warpsim-measure}
TAG=${MEASURE_TAG:-h200}
REPEAT=${REPEAT:-50}
WARMUP=${WARMUP:-5}
OUT=${OUT:-/tmp/measure-out}
[ -d "$ROOT/.measure/lib" ] && export LD_LIBRARY_PATH="$ROOT/.measure/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The GPU-model files the binary was built against (the tree's own may be newer than the carried binary).
[ -d "$ROOT/.measure/configs" ] && export WARPSIM_CONFIGS="$ROOT/.measure/configs"
# The SM (= GPC) and L2 clocks of each launch (2026-12-05: the SM clock drops under tensor load, the L2's does not;
# traces/README.md, "Clocks under load").
METRICS=gpc__cycles_elapsed.max,gpc__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,sm__cycles_active.avg,smsp__inst_executed.sum,smsp__thread_inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,launch__occupancy_limit_blocks,launch__registers_per_thread,launch__shared_mem_config_size
W=${MEASURE_WORK:-/tmp/measure-work}  # outside $OUT: only the tarball comes back
rm -rf "$W"; mkdir -p "$W" "$OUT"

if [ $# -gt 0 ]; then CONFIGS=("$@"); else
  CONFIGS=()
  for d in traces/*/; do  # the run config is traces/<w>/<w>.json; traces/<w>/<tag>.json are results
    w=$(basename "$d")
    case $w in barrier_deadlock) continue ;; esac  # deadlocks by design (the simulator reports it)
    [ -f "$d$w.json" ] && CONFIGS+=("$d$w.json")
  done
  for c in tools/bench/*.json; do
    case $c in *.h200.json | *.b200.json | *.timeline.json) continue ;; esac
    CONFIGS+=("$c")
  done
fi

{
  echo "== date"; date -u; echo "== uname"; uname -a; echo "== nvidia-smi"; nvidia-smi
  echo "== nvidia-smi clocks"; nvidia-smi -q -d CLOCK
  echo "== ldd"; ldd "$BIN"; echo "== ncu"; ncu --version
} >"$W/env.txt" 2>&1

HAVE_NCU=0
if [ "${NCU:-1}" != 0 ] && command -v ncu >/dev/null; then HAVE_NCU=1; fi

printf '%-22s %-14s %10s %10s %10s\n' config entry min_us med_us max_us >"$W/summary.txt"
for c in "${CONFIGS[@]}"; do
  name=$(basename "$c" .json)
  echo "=== $name"
  timeout 120 "$BIN" "$c" ${MEASURE_ARGS:-} --repeat "$REPEAT" --warmup "$WARMUP" --out "$W/$name.time.json" \
    >"$W/$name.log" 2>&1 || { echo "FAILED ($?) $name"; tail -5 "$W/$name.log"; continue; }
  if [ $HAVE_NCU = 1 ] && [ $SECONDS -lt ${NCU_BUDGET_S:-420} ]; then
    timeout 90 ncu --clock-control none --metrics "$METRICS" --csv --log-file "$W/$name.ncu.csv" \
      "$BIN" "$c" ${MEASURE_ARGS:-} --once --out "$W/$name.once.json" >"$W/$name.ncu.log" 2>&1 ||
      echo "ncu FAILED ($?) $name"
  fi
  for i in $(seq 1 "${REPEAT_RUNS:-3}"); do  # fresh processes: which buffers vary from run to run
    timeout 60 "$BIN" "$c" ${MEASURE_ARGS:-} --once --out "$W/$name.again$i.json" >/dev/null 2>&1 || break
  done
  python3 "$ROOT/tools/measure/merge_ncu.py" "$W/$name.time.json" "$W/$name.ncu.csv" "$W/$name.$TAG.json" \
    "$c" "$TAG" >>"$W/summary.txt" || echo "merge FAILED $name"
done
{ echo "== nvidia-smi clocks after"; nvidia-smi -q -d CLOCK; } >>"$W/env.txt" 2>&1
cat "$W/summary.txt"
tar czf "$OUT/measure.tgz" -C "$W" .
