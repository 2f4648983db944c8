#!/usr/bin/env bash
# run_ncu_extra.sh: reads more Nsight Compute counters for configs that run_all.sh has already measured, one
# launch of each kernel, without timing them again: by default the asynchronous-data-movement families (TMA
# instructions and bytes, multicast, LDGSTS, distributed shared memory, clusters launched) that warpsim reports
# under the same names. Each config's CSV lands in $OUT/ncu_extra/<name>.csv next to env.txt (GPU, driver, ncu
# version, clocks, date); tools/measure/merge_ncu_extra.py adds the values to traces/<w>/<tag>.json.
# Leaves out: timing (run_all.sh does that), buffers, and counters that need more than one replay pass per kernel
# beyond what ncu chooses itself.
#
# Usage (repository root, on the GPU machine): tools/measure/run_ncu_extra.sh CONFIG.json...
# Environment: MEASURE_BIN (default .measure/bin/warpsim-measure), MEASURE_ARGS (extra tool arguments),
# NCU_EXTRA_METRICS (comma-separated list; default below), OUT (default /tmp/measure-out).
set -u
ROOT=$(pwd)
BIN=${MEASURE_BIN:-.measure/bin/warpsim-measure}
OUT=${OUT:-/tmp/measure-out}
BINDIR=$(dirname "$(dirname "$BIN")")
[ -d "$BINDIR/lib" ] && export LD_LIBRARY_PATH="$BINDIR/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
[ -d "$BINDIR/configs" ] && export WARPSIM_CONFIGS="$BINDIR/configs"
DEFAULT=sm__sass_inst_executed_op_tma_ld.sum,sm__sass_inst_executed_op_tma_st.sum,sm__sass_inst_executed_op_tma_red.sum
DEFAULT=$DEFAULT,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld.sum
DEFAULT=$DEFAULT,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_multicast.sum
DEFAULT=$DEFAULT,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_self.sum
DEFAULT=$DEFAULT,l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_st.sum
DEFAULT=$DEFAULT,l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_red.sum
DEFAULT=$DEFAULT,l1tex__m_l1tex2xbar_write_bytes_pipe_tma.sum
DEFAULT=$DEFAULT,sm__sass_inst_executed_op_ldgsts.sum,sm__sass_inst_executed_op_ldgsts_cache_access.sum
DEFAULT=$DEFAULT,sm__sass_inst_executed_op_ldgsts_cache_bypass.sum
DEFAULT=$DEFAULT,l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_access.sum
DEFAULT=$DEFAULT,sm__sass_inst_executed_op_dshared_ld.sum,sm__sass_inst_executed_op_dshared_st.sum
DEFAULT=$DEFAULT,sm__sass_inst_executed_op_dshared_atom.sum,sm__sass_inst_executed_op_dshared_redas.sum
DEFAULT=$DEFAULT,l1tex__m_xbar2l1tex_read_bytes_mem_dshared.sum,l1tex__m_l1tex2xbar_write_bytes_mem_dshared.sum
DEFAULT=$DEFAULT,l1tex__m_l1tex2xbar_write_bytes_mem_dshared_op_st.sum,l1tex__m_xbar2l1tex_read_bytes_mem_dshared_op_ld.sum
DEFAULT=$DEFAULT,gpc__cgas_launched.sum,smsp__inst_executed_op_tma_ld.sum,sm__sass_inst_executed_op_shared_ld.sum
DEFAULT=$DEFAULT,sm__sass_inst_executed_op_shared_st.sum
METRICS=${NCU_EXTRA_METRICS:-$DEFAULT}
mkdir -p "$OUT/ncu_extra"
{
  echo "== date"; date -u; echo "== uname"; uname -a; echo "== nvidia-smi"; nvidia-smi
  echo "== nvidia-smi clocks"; nvidia-smi -q -d CLOCK; echo "== ncu"; ncu --version
  echo "== metrics"; echo "$METRICS"; echo "== args"; echo "${MEASURE_ARGS:-}"
} >"$OUT/ncu_extra/env.txt" 2>&1
for c in "$@"; do
  name=$(basename "$c" .json)
  echo "=== $name"
  timeout 240 ncu --clock-control none --metrics "$METRICS" --csv --log-file "$OUT/ncu_extra/$name.csv" \
    "$BIN" "$c" ${MEASURE_ARGS:-} --once --out "/tmp/$name.extra.json" >"$OUT/ncu_extra/$name.log" 2>&1 ||
    { echo "ncu FAILED ($?) $name"; tail -5 "$OUT/ncu_extra/$name.log"; }
done
